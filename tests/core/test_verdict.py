"""Issue 27's core: the verdict's numbers (against scipy), Judged@k (against ir_measures' definition,
on hand-derived cases), the "mostly unjudged" rule on constructed queries, and the command line's
verdict, relative change, interval and ``-m judged.10``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ndcg_core.__main__ import main
from ndcg_core.export import to_latex, to_markdown
from ndcg_core.trec.comparison import Coverage, compare_files, compare_values
from ndcg_core.trec.comparison_tables import measures_caption, measures_table
from ndcg_core.trec.comparison_verdict import Verdict, stakeholder_summary
from ndcg_core.trec.evaluation import evaluate
from ndcg_core.trec.files import read_qrels, read_run
from ndcg_core.trec.judged import judged_share, mostly_unjudged, unjudged_in_top
from ndcg_core.trec.significance import TIE_TOLERANCE

REPO = Path(__file__).resolve().parents[2]
TWO = REPO / "data" / "two_systems"


# -- the verdict's numbers ----------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@example([(0.0, 1.0), (0.0, 1e-09)])  # a difference within the tie tolerance counts as 0 (CI found it)
@given(
    st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=2, max_size=40).filter(
        lambda pairs: len({round(b - a, 6) for a, b in pairs}) > 1  # not every difference equal
    )
)
def test_the_verdicts_numbers_are_scipys(pairs):
    stats = pytest.importorskip("scipy.stats")
    a = np.array([x for x, _ in pairs])
    b = np.array([y for _, y in pairs])
    measure = compare_values("ndcg_cut_10", [f"q{i}" for i in range(len(a))], a, b, samples=200)
    verdict = Verdict(measure)
    assert measure.mean_a == pytest.approx(a.mean()) and measure.mean_b == pytest.approx(b.mean())
    assert measure.mean_difference == pytest.approx(b.mean() - a.mean(), abs=1e-12)
    if a.mean() > 1e-12:
        assert measure.relative_change == pytest.approx((b.mean() - a.mean()) / a.mean())
    d = b - a
    ties_as_zero = np.where(np.abs(d) <= TIE_TOLERANCE, 0.0, d)  # the core's documented tie rule
    expected = stats.ttest_1samp(ties_as_zero, 0.0)  # = ttest_rel(b, a) on those differences
    low, high = expected.confidence_interval(0.95)
    assert measure.ci95 == pytest.approx((low, high), abs=1e-9)
    assert verdict.p == pytest.approx(expected.pvalue, rel=1e-6, abs=1e-12)
    assert verdict.significant == (expected.pvalue < 0.05)
    assert measure.tally.wins == int(np.sum(b - a > 1e-9)) and measure.tally.losses == int(
        np.sum(b - a < -1e-9)
    )
    assert verdict.clear_losses == int(np.sum(b - a < -0.1))


def test_several_measures_move_the_threshold_and_name_the_correction():
    rng = np.random.default_rng(3)
    a = rng.uniform(0.3, 0.6, 30)
    b = a + rng.normal(0.03, 0.07, 30)
    measure = compare_values("ndcg_cut_10", [str(i) for i in range(30)], a, b)
    p = measure.t_test.p_value
    alone, four = Verdict(measure, 1), Verdict(measure, 4)
    assert alone.threshold == 0.05 and four.threshold == 0.0125 and four.correction == "Bonferroni"
    assert alone.significant == (p < 0.05) and four.significant == (p < 0.0125)
    assert "Bonferroni" in four.text() and "Bonferroni" not in alone.text()


def test_equal_differences_have_no_t_test_and_the_randomization_test_decides():
    a = np.linspace(0.2, 0.6, 12)
    measure = compare_values("ndcg_cut_10", [str(i) for i in range(12)], a, a + 0.1)
    verdict = Verdict(measure)
    assert measure.t_test.p_value is None and measure.t_test.undefined == "equal differences"
    assert verdict.test == "randomization test" and verdict.p == measure.randomization.p_value
    assert verdict.better is True  # 12 equal gains: only 2 of 4,096 sign patterns are as extreme
    assert "no t-test applies" in verdict.text() and "p = 0 " not in verdict.text()


def test_ties_within_the_tolerance_are_no_difference_for_the_t_test_too():
    """Issue 28: "higher on none … level on 2" and still "p = 0.03"."""
    measure = compare_values("ndcg_cut_10", ["1", "2"], [0.5, 0.5], [0.5 + 3e-10, 0.5 + 9e-10])
    assert measure.tally.ties == 2 and measure.t_test.p_value is None
    assert "nothing to test" in Verdict(measure).text()


# -- Judged@k ---------------------------------------------------------------------------------


def judged_at(qrels: str, run: str, cutoffs: list[int], **options) -> dict[str, dict[str, float]]:
    result = evaluate(
        read_qrels(qrels.encode()), read_run(run.encode()), [10], judged_cutoffs=cutoffs, **options
    )
    frame = result.per_query.set_index("qid")
    return {
        qid: {f"judged_{k}": float(frame.loc[qid, f"judged_{k}"]) for k in cutoffs} for qid in frame.index
    }


def test_judged_at_k_by_hand():
    # Order by score: d1 (grade 2), d4 (not judged), d2 (grade 0), d5 (not judged), d3 (grade −1).
    qrels = "q 0 d1 2\nq 0 d2 0\nq 0 d3 -1\n"
    run = "q Q0 d4 1 0.8 t\nq Q0 d1 2 0.9 t\nq Q0 d5 3 0.6 t\nq Q0 d3 4 0.5 t\nq Q0 d2 5 0.7 t\n"
    got = judged_at(qrels, run, [1, 2, 3, 5, 10])["q"]
    # Any judgment counts (grade 0 and −1 too): 1/1, 1/2, 2/3, 3/5; 5 returned, so Judged@10 = 3/5.
    assert got == {"judged_1": 1.0, "judged_2": 0.5, "judged_3": 2 / 3, "judged_5": 0.6, "judged_10": 0.6}


def test_judged_at_k_breaks_score_ties_as_every_other_number_here():
    # Tied scores: trec_eval's order puts "b" before "a" (ids descending); only "a" is judged.
    got = judged_at("q 0 a 1\n", "q Q0 a 1 1.0 t\nq Q0 b 2 1.0 t\n", [1, 2])["q"]
    assert got == {"judged_1": 0.0, "judged_2": 0.5}


def test_a_query_the_run_misses_has_judged_at_k_zero_under_complete():
    got = judged_at("q1 0 a 1\nq2 0 b 1\n", "q1 Q0 a 1 1 t\n", [5], complete=True)
    assert got == {"q1": {"judged_5": 1.0}, "q2": {"judged_5": 0.0}}


def ir_measures_judged(qrels: dict[str, set[str]], run: dict[str, list[tuple[str, float]]], k: int) -> dict:
    """ir_measures' Judged@k as its judged provider defines it: the run sorted by score (here with
    trec_eval's tie order), the documents of the top k found in the qrels, over min(k, returned)."""
    out = {}
    for qid, scored in run.items():
        if not qrels.get(qid):
            continue
        top = sorted(scored, key=lambda pair: (pair[1], pair[0]), reverse=True)[:k]
        out[qid] = sum(doc in qrels[qid] for doc, _ in top) / len(top)
    return out


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 3, 10]))
def test_judged_at_k_follows_ir_measures_definition(seed, k):
    rng = np.random.default_rng(seed)
    qrels_lines, run_lines = [], []
    judged: dict[str, set[str]] = {}
    run: dict[str, list[tuple[str, float]]] = {}
    for q in range(5):
        docs = [f"d{q}-{i}" for i in rng.choice(40, 15, replace=False)]
        for doc in rng.choice(docs, int(rng.integers(1, 10)), replace=False):
            qrels_lines.append(f"{q} 0 {doc} {rng.integers(-1, 3)}")
            judged.setdefault(str(q), set()).add(str(doc))
        returned = docs[: int(rng.integers(1, 15))]
        scores = rng.integers(0, 6, len(returned)) / 2  # ties
        run[str(q)] = list(zip(returned, scores.tolist(), strict=True))
        run_lines += [f"{q} Q0 {d} 0 {s} t" for d, s in run[str(q)]]
    ours = judged_at("\n".join(qrels_lines) + "\n", "\n".join(run_lines) + "\n", [k])
    theirs = ir_measures_judged(judged, run, k)
    assert {q: v[f"judged_{k}"] for q, v in ours.items()} == pytest.approx(theirs)


def test_judged_at_k_helpers():
    assert judged_share(4, 10, 10) == 0.4 and judged_share(2, 3, 10) == pytest.approx(2 / 3)
    assert unjudged_in_top(0.4, 100, 10) == 6 and unjudged_in_top(1 / 3, 3, 10) == 2
    assert list(mostly_unjudged(np.array([0.4, 0.5, 0.0]), np.array([10, 10, 0]))) == [True, False, False]


# -- the mostly-unjudged rule -------------------------------------------------------------------


def constructed(a, b, share_a, share_b, retrieved_a=None, retrieved_b=None, k=10):
    n = len(a)
    cover = Coverage(
        k,
        np.array(share_a, dtype=float),
        np.array(share_b, dtype=float),
        np.array(retrieved_a or [100] * n),
        np.array(retrieved_b or [100] * n),
    )
    return compare_values("ndcg_cut_10", [f"q{i}" for i in range(n)], a, b, coverage=cover)


def test_the_mostly_unjudged_rule_on_constructed_queries():
    measure = constructed(
        a=[0.76, 0.60, 0.0, 0.30, 0.40, 0.50, 0.50, 0.70],
        b=[0.29, 0.50, 0.0, 0.70, 0.80, 0.20, 0.40, 0.60],
        share_a=[1.0, 1.0, 1.0, 0.3, 1.0, 1.0, 1.0, 1.0],
        share_b=[0.4, 0.5, 0.0, 1.0, 0.1, 1 / 3, 0.0, 0.0],
        retrieved_b=[100, 100, 100, 100, 100, 3, 0, 100],
    )
    found = {(u.qid, u.side): (u.unjudged, u.shown) for u in measure.unjudged()}
    assert found == {
        ("q0", "B"): (6, 10),  # B loses, 6 of its top 10 unjudged
        # q1: B loses with 5 of 10 unjudged: not more than half
        ("q2", "B"): (10, 10),  # B scores 0 (a tie at 0) with nothing judged
        ("q3", "A"): (7, 10),  # A loses, 7 of A's top 10 unjudged
        # q4: B wins: its unjudged top 10 cost it nothing here
        ("q5", "B"): (2, 3),  # B returned 3 documents, 2 unjudged
        # q6: B returned nothing: nothing unjudged to judge
        ("q7", "B"): (10, 10),
    }
    words = Verdict(measure).text()
    assert "On 5 queries, a loss or a score of 0 comes with a top 10 that is mostly unjudged" in words
    assert "(B's on 4 and A's on 1)" in words


def with_unjudged_loss(folder: Path) -> tuple[Path, Path, Path]:
    """Two runs over 6 queries; on q6, B's top 10 holds 6 documents nobody judged and B loses."""
    qrels, run_a, run_b = [], [], []
    for q in range(1, 7):
        judged = [f"q{q}-j{i}" for i in range(12)]
        qrels += [f"q{q} 0 {doc} {2 if i < 4 else 0}" for i, doc in enumerate(judged)]
        run_a += [f"q{q} Q0 {doc} 0 {20 - i} A" for i, doc in enumerate(judged)]
        order = judged[:]
        if q == 6:
            order = [f"q{q}-new{i}" for i in range(6)] + judged  # six unjudged documents first
        elif q % 2:
            order = [judged[4], *judged[:4], *judged[5:]]  # one non-relevant first: a small loss
        run_b += [f"q{q} Q0 {doc} 0 {30 - i} B" for i, doc in enumerate(order)]
    paths = folder / "qrels", folder / "a", folder / "b"
    for path, lines in zip(paths, (qrels, run_a, run_b), strict=True):
        path.write_text("\n".join(lines) + "\n")
    return paths


def test_an_unjudged_loss_is_named_from_the_files(tmp_path):
    qrels, a, b = with_unjudged_loss(tmp_path)
    measure = compare_files(qrels, a, b, ["ndcg_cut_10"]).measures["ndcg_cut_10"]
    assert measure.biggest_loss == "q6"
    assert [(u.qid, u.side, u.unjudged, u.shown) for u in measure.unjudged()] == [("q6", "B", 6, 10)]
    assert "6 of B's top 10 on query q6 are unjudged" in Verdict(measure).text()
    summary = stakeholder_summary(Verdict(measure), ("qrels", "a", "b"))
    assert summary.startswith("NDCG@10 scores each query's top 10 from 0 to 1")
    assert "q6, B's biggest loss" in summary and "6 of B's top 10 there are unjudged" in summary


# -- the tables a deck exports ---------------------------------------------------------------------

#: What LaTeX's default input (utf8, OT1/T1 fonts) reads outside ASCII: quotes and dashes only.
LATEX_SAFE = set("“”‘’–—")


def test_the_exported_tables_write_a_tiny_p_as_the_page_does_and_latex_reads_every_character():
    """p below 0.0001 is "< 0.0001" in the Markdown and LaTeX tables (never "0.0000"); the caption's
    α and the table's signs are written so that LaTeX typesets them (no bare Greek letter)."""
    rng = np.random.default_rng(7)
    a = rng.uniform(0.2, 0.5, 60)
    cut_10 = compare_values("ndcg_cut_10", [str(i) for i in range(60)], a, a + rng.normal(0.2, 0.05, 60))
    cut_5 = compare_values("ndcg_cut_5", [str(i) for i in range(60)], a, a - rng.normal(0.01, 0.05, 60))
    measures = {"ndcg_cut_10": cut_10, "ndcg_cut_5": cut_5}
    assert cut_10.t_test.p_value < 1e-4 and cut_10.randomization.p_value < 1e-3
    table = measures_table(measures)
    caption = measures_caption(measures, ("qrels.txt", "run_a", "run_b"), "linear", 10_000)
    markdown, latex = to_markdown(table, 4, caption=caption), to_latex(table, 4, caption)
    row = next(line for line in markdown.splitlines() if line.startswith("| NDCG@10 "))
    assert "| < 0.0001 |" in row and "0.0000" not in markdown
    assert r"\textless{} 0.0001" in latex and "0.0000" not in latex
    assert "(α = 0.05 / 2 measures: Bonferroni)" in caption
    assert r"(\ensuremath{\alpha} = 0.05 / 2 measures: Bonferroni)" in latex
    assert {c for c in latex if not c.isascii()} <= LATEX_SAFE, {c for c in latex if not c.isascii()}


# -- the command line ---------------------------------------------------------------------------


def test_compare_prints_the_verdict_and_json_holds_the_interval_and_relative_change(capsys):
    stats = pytest.importorskip("scipy.stats")
    args = ["compare", str(TWO / "qrels.txt"), str(TWO / "run_a.txt"), str(TWO / "run_b.txt")]
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    numbers = report["measures"]["ndcg_cut_10"]
    comparison = compare_files(TWO / "qrels.txt", TWO / "run_a.txt", TWO / "run_b.txt", ["ndcg_cut_10"])
    m = comparison.measures["ndcg_cut_10"]
    expected = stats.ttest_rel(m.b, m.a).confidence_interval(0.95)
    assert numbers["difference_ci95"] == pytest.approx([expected.low, expected.high])
    assert numbers["relative_change"] == pytest.approx((m.mean_b - m.mean_a) / m.mean_a)
    verdict = numbers["verdict"]
    assert verdict["threshold"] == 0.05 and verdict["correction"] is None and verdict["measures_tested"] == 1
    assert verdict["text"] == Verdict(m).text()
    assert main(args) == 0
    out = capsys.readouterr().out
    assert f"Verdict on NDCG@10 (ndcg_cut_10): {Verdict(m).headline()}." in out and Verdict(m).text() in out
    assert "Testing" not in out  # one measure: no caution
    assert main([*args, "-m", "ndcg_cut.5,10", "-m", "ndcg"]) == 0
    out = capsys.readouterr().out
    assert (
        "Testing 3 measures at once: at α = 0.05 with 3 measures, compare p with 0.0167 (Bonferroni)" in out
    )


def test_compare_never_prints_p_as_0_nor_one_query_as_queries(tmp_path, capsys):
    (tmp_path / "q").write_text("1 0 a 1\n1 0 b 0\n")
    (tmp_path / "a").write_text("1 Q0 b 1 2 x\n1 Q0 a 2 1 x\n")
    (tmp_path / "b").write_text("1 Q0 a 1 2 x\n1 Q0 b 2 1 x\n")
    assert main(["compare", *(str(tmp_path / n) for n in "qab")]) == 0
    out = capsys.readouterr().out
    assert "1 query compared" in out and "1 queries" not in out and "p = 0 " not in out
    assert "One query cannot tell" in out


def test_judged_on_the_command_line(capsys):
    assert main([str(TWO / "qrels.txt"), str(TWO / "run_b.txt"), "-m", "judged.10", "-q"]) == 0
    lines = capsys.readouterr().out.splitlines()
    result = evaluate(
        read_qrels((TWO / "qrels.txt").read_bytes()),
        read_run((TWO / "run_b.txt").read_bytes()),
        [10],
        judged_cutoffs=[10],
    )
    assert lines[-1] == f"judged_10             \tall\t{result.columns['judged_10'].mean():.4f}"
    assert len(lines) == len(result.columns["qid"]) + 1 and all(
        line.startswith("judged_10") for line in lines
    )
