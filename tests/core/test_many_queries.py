"""Many queries: the same numbers trec_eval prints, from its own test files; and bad files refused."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import ndcg_core
from ndcg_core.__main__ import main
from ndcg_core.trec.evaluation import evaluate, trec_eval_lines
from ndcg_core.trec.files import TrecFileError, read_qrels, read_run

DATA = Path(__file__).resolve().parents[2] / "data" / "trec_eval"
NDCG_LINE = re.compile(r"^(ndcg|ndcg_cut_\d+)\s")


def reference_lines(name: str) -> list[str]:
    """trec_eval's own ndcg and ndcg_cut_* lines, in its order."""
    lines = (DATA / name).read_text().splitlines()
    return [line for line in lines if NDCG_LINE.match(line)]


@pytest.mark.parametrize(
    ("qrels", "run", "flags", "expected"),
    [
        ("qrels.test", "results.test", ["-q"], "out.test.aq"),
        ("qrels.test", "results.trunc", ["-q", "-c"], "out.test.aqc"),
        ("qrels.rel_level", "results.test", ["-q"], "out.test.aql"),
    ],
)
def test_command_line_reproduces_trec_eval(capsys, qrels, run, flags, expected):
    assert main([str(DATA / qrels), str(DATA / run), *flags]) == 0
    assert capsys.readouterr().out.splitlines() == reference_lines(expected)


def test_custom_cutoffs_match_trec_eval_meas_params(capsys):
    main([str(DATA / "qrels.test"), str(DATA / "results.test"), "-q", "-k", "10,20,23"])
    ours = [line for line in capsys.readouterr().out.splitlines() if line.startswith("ndcg_cut")]
    theirs = [
        line
        for line in (DATA / "out.test.meas_params").read_text().splitlines()
        if line.startswith("ndcg_cut")
    ]
    assert ours == theirs


def small(qrels_text: str, run_text: str, **options):
    return evaluate(read_qrels(qrels_text.encode()), read_run(run_text.encode()), **options)


def test_one_query_equals_the_single_list_core():
    # Scores put d3 (grade 2) first, then d1 (0), then d2 (3); d9 is unjudged; d4 (grade 1) never retrieved.
    qrels = "q 0 d1 0\nq 0 d2 3\nq 0 d3 2\nq 0 d4 1\n"
    run = "q Q0 d1 1 0.5 t\nq Q0 d2 2 0.2 t\nq Q0 d3 3 0.9 t\nq Q0 d9 4 0.1 t\n"
    result = small(qrels, run, cutoffs=[2], gain="exponential")
    listed, pool = [2, 0, 3, 0], [0, 3, 2, 1]
    row = result.per_query.iloc[0]
    assert row["ndcg"] == pytest.approx(ndcg_core.ndcg(listed, gain="exponential", ideal=pool))
    assert row["ndcg_cut_2"] == pytest.approx(ndcg_core.ndcg(listed, 2, gain="exponential", ideal=pool))
    assert (row["judged"], row["relevant"], row["retrieved"]) == (4, 3, 4)


def test_ties_break_by_document_id_descending_and_the_rank_column_is_ignored():
    qrels = "q 0 a 1\nq 0 b 0\n"
    run = "q Q0 a 1 1.0 t\nq Q0 b 2 1.0 t\n"  # tie: "b" > "a", so b comes first
    result = small(qrels, run, cutoffs=[1])
    assert result.per_query["ndcg_cut_1"].iloc[0] == 0.0
    # 1 / log2(3) over an ideal of 1 / log2(2):
    assert result.per_query["ndcg"].iloc[0] == pytest.approx(1 / np.log2(3))


def test_negative_grades_are_judged_non_relevant():
    result = small("q 0 a -1\nq 0 b 1\n", "q Q0 a 1 2 t\nq Q0 b 2 1 t\n", cutoffs=[1])
    row = result.per_query.iloc[0]
    assert row["ndcg_cut_1"] == 0.0 and (row["judged"], row["relevant"]) == (2, 1)  # judged, not relevant


def test_queries_left_out_and_complete_mode():
    qrels = "q1 0 a 1\nq2 0 b 1\nq3 0 c 0\n"
    run = "q1 Q0 a 1 1 t\nq3 Q0 c 1 1 t\nq4 Q0 d 1 1 t\n"
    default = small(qrels, run, cutoffs=[5])
    assert default.per_query["qid"].tolist() == ["q1", "q3"]
    assert (default.only_in_qrels, default.only_in_run, default.nothing_relevant) == (["q2"], ["q4"], ["q3"])
    assert default.means()["ndcg"] == pytest.approx(0.5)  # (1 + 0) / 2
    complete = small(qrels, run, cutoffs=[5], complete=True)
    assert complete.per_query["qid"].tolist() == ["q1", "q2", "q3"]
    assert complete.means()["ndcg"] == pytest.approx(1 / 3)


def test_csv_and_tsv_with_named_columns():
    qrels = read_qrels(b"query,document,relevance\nq,a,2\nq,b,0\n")
    run = read_run(b"qid\tdocno\tscore\nq\tb\t0.9\nq\ta\t0.1\n")
    result = evaluate(qrels, run, [1])
    assert result.per_query["ndcg_cut_1"].iloc[0] == 0.0
    assert result.per_query["ndcg"].iloc[0] == pytest.approx((2 / np.log2(3)) / 2)


def test_output_lines_are_formatted_as_trec_eval():
    result = small("q 0 a 1\n", "q Q0 a 1 1 t\n", cutoffs=[5])
    assert trec_eval_lines(result, per_query=True) == [
        "ndcg                  \tq\t1.0000",
        "ndcg_cut_5            \tq\t1.0000",
        "ndcg                  \tall\t1.0000",
        "ndcg_cut_5            \tall\t1.0000",
    ]


@pytest.mark.parametrize(
    ("content", "reader", "words"),
    [
        (b"", read_qrels, "empty"),
        (b"   \n\n", read_run, "empty"),
        (b"\x00\x01\x02binary", read_qrels, "binary"),
        (b"q 0 a 1\nq 0 b\n", read_qrels, "line 2: 3 fields"),
        (b"q 0 a one\n", read_qrels, "line 1: the grade “one” is not a finite number"),
        (b"q Q0 a 1 nan t\n", read_run, "line 1: the score “nan” is not a finite number"),
        (b"\n\nq Q0 a 1 1 t\nq Q0 b 2 x t\n", read_run, "line 4: the score “x”"),
        (b"q 0 caf\xe9 1\n", read_qrels, "line 1: the text is not UTF-8"),
        (b"query,document\nq,a\n", read_qrels, "no “relevance” column"),
    ],
)
def test_bad_files_name_the_line_and_the_problem(content, reader, words):
    with pytest.raises(TrecFileError, match=re.escape(words)):
        reader(content, "f")


def test_extra_trailing_fields_are_ignored():
    run = read_run(b"q Q0 a 1 2.5 tag extra\nq Q0 b 2 1.5 tag\n")
    assert run.num_rows == 2 and run["score"].to_pylist() == [2.5, 1.5]


def test_duplicate_pairs_are_refused_as_trec_eval_does():
    with pytest.raises(TrecFileError, match="document a appears more than once for query q"):
        small("q 0 a 1\n", "q Q0 a 1 2 t\nq Q0 a 2 1 t\n")


def test_command_line_errors_print_nothing_to_stdout(tmp_path, capsys):
    bad = tmp_path / "run.txt"
    bad.write_text("q Q0 a 1 high t\n")
    assert main([str(DATA / "qrels.test"), str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "run.txt, line 1" in captured.err


def test_stray_blanks_far_into_the_file_are_still_read():
    filler = b"".join(b"q Q0 d%d 1 %d t\n" % (i, 1000 - i) for i in range(5000))  # past the 64 KB sample
    run = read_run(filler + b"q  Q0 late 2 0.5 t \nq\tQ0\ttabbed 3 0.25 t\n")
    assert run.num_rows == 5002 and run["docno"].to_pylist()[-2:] == ["late", "tabbed"]


def test_bad_utf8_far_into_the_file_names_its_line():
    filler = b"q 0 d 1\n" * 20000
    with pytest.raises(TrecFileError, match="line 20001: the text is not UTF-8"):
        read_qrels(filler + b"q 0 caf\xe9 1\n")


def test_a_line_longer_than_a_parser_block_is_read():
    qrels = read_qrels(b"q 0 " + b"x" * (5 << 20) + b" 1\nq 0 y 0\n")
    assert qrels.num_rows == 2 and len(qrels["docno"][0].as_py()) == 5 << 20


def test_a_query_opened_as_a_list_keeps_trec_evals_ndcg():
    from ndcg_core.trec.evaluation import query_as_list

    qrels = read_qrels((DATA / "qrels.rel_level").read_bytes())
    run = read_run((DATA / "results.test").read_bytes())
    result = evaluate(qrels, run, [10])
    for qid in ("301", "302", "303"):
        top = query_as_list(qrels, run, qid, depth=10)
        pool = top.grades + top.unlisted_grades
        expected = result.per_query.set_index("qid").loc[qid, "ndcg_cut_10"]
        assert ndcg_core.ndcg(top.grades, 10, gain="linear", ideal=pool) == pytest.approx(expected)


def trec_eval_lines_of(name: str, measures: set[str], per_query: bool = True) -> list[str]:
    """trec_eval's own lines for some measures, in its order (qid by qid, then ``all``)."""
    lines = [line for line in reference_lines(name) if line.split()[0] in measures]
    return lines if per_query else [line for line in lines if line.split("\t")[1] == "all"]


CUTS = {f"ndcg_cut_{k}" for k in (5, 10, 15, 20, 30, 100, 200, 500, 1000)}


@pytest.mark.parametrize(
    ("flags", "expected", "measures"),
    [
        (["-m", "ndcg", "-q"], "out.test.aq", {"ndcg"}),
        (["-m", "ndcg_cut.5,10", "-q"], "out.test.aq", {"ndcg_cut_5", "ndcg_cut_10"}),
        (["-m", "ndcg_cut.10,5", "-q"], "out.test.aq", {"ndcg_cut_5", "ndcg_cut_10"}),  # sorted, as trec_eval
        (["-m", "ndcg_cut", "-q"], "out.test.aq", CUTS),
        (
            ["-m", "ndcg_cut.1000,30", "-m", "ndcg", "-q"],
            "out.test.aq",
            {"ndcg", "ndcg_cut_30", "ndcg_cut_1000"},
        ),
        (["-m", "ndcg_cut.200"], "out.test.aq", {"ndcg_cut_200"}),  # no -q: the all line only
    ],
)
def test_measure_flags_print_trec_evals_own_lines(capsys, flags, expected, measures):
    assert main([str(DATA / "qrels.test"), str(DATA / "results.test"), *flags]) == 0
    per_query = "-q" in flags
    assert capsys.readouterr().out.splitlines() == trec_eval_lines_of(expected, measures, per_query)


def test_measure_flags_with_c_and_graded_qrels_match_trec_eval(capsys):
    main(
        [str(DATA / "qrels.test"), str(DATA / "results.trunc"), "-m", "ndcg_cut.10", "-m", "ndcg", "-q", "-c"]
    )
    assert capsys.readouterr().out.splitlines() == trec_eval_lines_of("out.test.aqc", {"ndcg", "ndcg_cut_10"})
    main([str(DATA / "qrels.rel_level"), str(DATA / "results.test"), "-m", "ndcg_cut.5", "-q"])
    assert capsys.readouterr().out.splitlines() == trec_eval_lines_of("out.test.aql", {"ndcg_cut_5"})


def test_meas_params_cutoffs_through_m(capsys):
    main([str(DATA / "qrels.test"), str(DATA / "results.test"), "-q", "-m", "ndcg_cut.10,20,23"])
    theirs = [
        line
        for line in (DATA / "out.test.meas_params").read_text().splitlines()
        if line.startswith("ndcg_cut")
    ]
    assert capsys.readouterr().out.splitlines() == theirs


def test_ndcg_cut_given_twice_uses_the_first_cutoffs_as_trec_eval_and_says_so(capsys):
    main([str(DATA / "qrels.test"), str(DATA / "results.test"), "-m", "ndcg_cut.5", "-m", "ndcg_cut.10"])
    captured = capsys.readouterr()
    assert captured.out.splitlines() == trec_eval_lines_of("out.test.aq", {"ndcg_cut_5"}, per_query=False)
    assert "ndcg_cut.10 ignored" in captured.err


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["-m", "map"], "unknown measure “map”"),
        (["-m", "ndcg_rel"], "unknown measure “ndcg_rel”"),
        (["-m", "all_trec"], "unknown measure “all_trec”"),
        (["-m", "ndcg_cut.5,5"], "a cutoff is repeated"),
        (["-m", "ndcg_cut.0"], "cutoffs must be 1 or more"),
        (["-m", "ndcg_cut.ten"], "cutoffs are whole numbers"),
        (["-m", "ndcg_cut."], "nothing after the dot"),
        (["-m", "ndcg.1=3,2=9"], "ndcg takes no parameters here"),
        (["-m", "ndcg", "-k", "5"], "Give -m or -k, not both"),
    ],
)
def test_bad_measure_flags_get_a_clear_error_and_no_output(capsys, flags, words):
    assert main([str(DATA / "qrels.test"), str(DATA / "results.test"), *flags]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and words in captured.err and "Traceback" not in captured.err
    if "unknown" in words:
        assert "ndcg" in captured.err and "ndcg_cut" in captured.err  # it names what is supported


def test_the_command_line_has_no_size_limit_but_the_page_reader_keeps_one(tmp_path, monkeypatch, capsys):
    from ndcg_core.trec import files

    monkeypatch.setattr(files, "MAX_FILE_BYTES", 100)  # as if the files were over the upload limit
    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_bytes((DATA / "qrels.test").read_bytes())
    run.write_bytes((DATA / "results.test").read_bytes())
    with pytest.raises(TrecFileError, match=r"the limit here is 100\b.*command line"):
        files.read_run(run.read_bytes(), "r.txt", max_bytes=files.MAX_FILE_BYTES)
    assert main([str(qrels), str(run), "-m", "ndcg"]) == 0
    assert capsys.readouterr().out.splitlines() == trec_eval_lines_of(
        "out.test.aq", {"ndcg"}, per_query=False
    )


@pytest.mark.parametrize("in_file_order", [True, False])
def test_ties_break_by_document_id_as_text_descending_9_before_10(in_file_order):
    # Same score: "9" > "10" as text (though 9 < 10 as numbers), so 9 is ranked first, then 10, then 1.
    qrels = "q 0 10 1\n"
    lines = ["q Q0 9 1 2.5 t", "q Q0 10 2 2.5 t", "q Q0 1 3 2.5 t"]
    if not in_file_order:  # the sorting path, not the already-in-order one
        lines = [lines[2], "q Q0 top 0 3.0 t", lines[0], lines[1]]
    result = small(qrels, "\n".join(lines) + "\n", cutoffs=[1, 2])
    rank = 2 if in_file_order else 3  # "top" scores 3.0 and comes first in the second run
    assert result.per_query["ndcg"].iloc[0] == pytest.approx(1 / np.log2(rank + 1))
    assert result.per_query["ndcg_cut_1"].iloc[0] == 0.0


def test_a_bad_second_run_gets_the_same_messages_as_the_first(tmp_path, capsys):
    bad = tmp_path / "run_b.txt"
    bad.write_text("301 Q0 a 1 1.0 t\n301 Q0 b 2 high t\n")
    good = str(DATA / "results.test")
    for argv in (
        ["compare", str(DATA / "qrels.test"), good, str(bad)],
        ["compare", str(DATA / "qrels.test"), str(bad), good],
        [str(DATA / "qrels.test"), str(bad)],
    ):
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert "run_b.txt, line 2: the score “high” is not a finite number" in captured.err


def test_a_second_run_listing_a_document_twice_is_refused_by_name(tmp_path, capsys):
    twice = tmp_path / "twice.run"
    twice.write_text("301 Q0 a 1 1.0 t\n301 Q0 a 2 0.5 t\n")
    assert main(["compare", str(DATA / "qrels.test"), str(DATA / "results.test"), str(twice)]) == 2
    assert "twice.run: document a appears more than once for query 301" in capsys.readouterr().err


def test_a_query_opened_from_the_files_equals_the_one_from_the_tables():
    from ndcg_core.trec.evaluation import query_as_list, query_as_list_from_files

    qrels_bytes, run_bytes = (DATA / "qrels.rel_level").read_bytes(), (DATA / "results.test").read_bytes()
    qrels, run = read_qrels(qrels_bytes), read_run(run_bytes)
    for qid in ("301", "303"):
        assert query_as_list_from_files(qrels_bytes, DATA / "results.test", qid, 10) == query_as_list(
            qrels, run, qid, 10
        )
