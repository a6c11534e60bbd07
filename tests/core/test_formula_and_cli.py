"""The written-out formula and the command line show the same numbers as the core."""

import numpy as np

import ndcg_core
from ndcg_core.__main__ import main
from ndcg_core.teaching.formula import MAX_TERMS, written_ndcg, written_sum


def test_seed000_dcg_written_out_with_its_rounding_explained():
    written = written_sum("DCG@5", np.array([0, 1, 2, 3, 2, 0, 3.0]), 5, "exponential", 2)
    assert r"&= 0 + 0.63 + 1.50 + 3.01 + 1.16 \\ &= 6.31\end{aligned}" in written.latex
    assert r"\frac{2^{3}-1}{\log_2 5}" in written.latex
    assert "add up to 6.30, not 6.31" in written.rounding_note


def test_linear_terms_have_no_power_and_round_sums_need_no_note():
    written = written_sum("IDCG@2", np.array([3, 2.0]), 2, "linear", 3)
    assert r"\frac{3}{\log_2 2}" in written.latex
    assert r"&= 3 + 1.262 \\ &= 4.262" in written.latex
    assert written.rounding_note is None


def test_long_sums_are_shortened_but_keep_the_total():
    grades = np.ones(50)
    written = written_sum("DCG", grades, None, "linear", 2)
    assert written.latex.count(r"\cdots") == 2
    assert written.latex.count(r"\frac") == MAX_TERMS // 2 + 2
    assert written.latex.endswith(f"&= {ndcg_core.dcg(grades, gain='linear'):.2f}\\end{{aligned}}")


def test_ndcg_written_out_and_idcg_zero_spelled_out():
    assert written_ndcg(ndcg_core.headline([0, 1, 2, 3, 2, 0, 3], 5), 2).endswith(
        r"= \frac{6.31}{14.60} = 0.43"
    )
    assert "IDCG@2 = 0" in written_ndcg(ndcg_core.headline([0, 0], 2), 2)


def test_plain_reading_names_the_share_of_the_best():
    reading = ndcg_core.plain_reading(ndcg_core.headline([0, 1, 2, 3, 2, 0, 3], 5))
    assert reading.startswith("The top 5 captures 43% of the best possible value")


def test_command_line_prints_the_seed004_numbers(capsys):
    assert main(["--grades", "3,2,3,0,1", "-k", "5", "--gain", "linear", "--decimals", "3"]) == 0
    out = capsys.readouterr().out
    assert "DCG@5 = 6.149" in out and "NDCG@5 = 0.972" in out
    assert "ideal from the listed items" in out


def test_command_line_reports_bad_grades_without_a_traceback(capsys):
    assert main(["--grades", "3,-1"]) == 2
    assert "rank 2 is -1" in capsys.readouterr().err
