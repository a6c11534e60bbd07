"""Two runs compared: per-query values as pytrec_eval computes them, the paired t-test as scipy computes
it, the randomization test from its definition, and the command line's table and JSON."""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core.__main__ import main
from ndcg_core.trec.comparison import compare_evaluations, compare_files
from ndcg_core.trec.evaluation import Evaluation, evaluate_files
from ndcg_core.trec.significance import (
    TIE_TOLERANCE,
    Tally,
    paired_t_test,
    randomization_test,
    tally,
)

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data" / "trec_eval"

values = st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=30)


def random_files(folder: Path, seed: int, queries: int = 25, per_query: int = 60) -> tuple[Path, Path, Path]:
    """Seeded qrels and two runs of the realistic shape: ids distinct across queries, lines shuffled,
    score ties, a query missing from each run, a run-only query."""
    rng = np.random.default_rng(seed)
    qrels, runs = [], [[], []]
    for q in range(queries):
        docs = rng.choice(10**6, per_query + 10, replace=False)
        judged = rng.choice(len(docs), 30, replace=False)
        qrels += [f"{q} 0 {docs[i]} {rng.choice([0, 0, 1, 2, 3, -1])}\n" for i in judged]
        for which, lines in enumerate(runs):
            if q == 3 + which:  # query 3 missing from run A, query 4 from run B
                continue
            picked = rng.choice(docs, per_query, replace=False)
            lines += [f"{q} Q0 {d} 0 {rng.choice(20) / 4} t\n" for d in picked]  # ties: 20 score values
    runs[1].append("999 Q0 x 1 1 t\n")  # a query only in a run
    paths = folder / "qrels", folder / "a.run", folder / "b.run"
    paths[0].write_text("".join(qrels))
    for path, lines in zip(paths[1:], runs, strict=True):
        rng.shuffle(lines)
        path.write_text("".join(lines))
    return paths


def pytrec_values(qrels: Path, run: Path, measures: set[str]) -> dict[str, dict[str, float]]:
    pytrec_eval = pytest.importorskip("pytrec_eval")
    with qrels.open() as f:
        judged = pytrec_eval.parse_qrel(f)
    with run.open() as f:
        ranked = pytrec_eval.parse_run(f)
    return pytrec_eval.RelevanceEvaluator(judged, measures).evaluate(ranked)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_per_query_values_agree_with_pytrec_eval(tmp_path, seed):
    qrels, run_a, _ = random_files(tmp_path, seed)
    theirs = pytrec_values(qrels, run_a, {"ndcg", "ndcg_cut.5,10,1000"})
    ours = evaluate_files(qrels, run_a, (5, 10, 1000))
    assert sorted(theirs) == sorted(ours.columns["qid"].tolist())
    for i, qid in enumerate(ours.columns["qid"]):
        for measure in ("ndcg", "ndcg_cut_5", "ndcg_cut_10", "ndcg_cut_1000"):
            assert ours.columns[measure][i] == pytest.approx(theirs[qid][measure], abs=1e-12)


@pytest.mark.parametrize("seed", [4, 5])
def test_compare_json_agrees_with_pytrec_eval_and_scipy(tmp_path, capsys, seed):
    stats = pytest.importorskip("scipy.stats")
    qrels, run_a, run_b = random_files(tmp_path, seed)
    assert (
        main(["compare", str(qrels), str(run_a), str(run_b), "-m", "ndcg_cut.10", "-m", "ndcg", "--json"])
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    a = pytrec_values(qrels, run_a, {"ndcg", "ndcg_cut.10"})
    b = pytrec_values(qrels, run_b, {"ndcg", "ndcg_cut.10"})
    qids = sorted(set(a) | set(b))  # qrels queries either run answers; 999 is in no qrels
    assert report["queries"] == len(qids) and report["missing_in_a"] == 1 and report["missing_in_b"] == 1
    assert report["queries_missing_in_a"] == ["3"] and report["queries_missing_in_b"] == ["4"]
    for measure in ("ndcg", "ndcg_cut_10"):
        va = np.array([a.get(q, {measure: 0.0})[measure] for q in qids])  # a missed query scores 0
        vb = np.array([b.get(q, {measure: 0.0})[measure] for q in qids])
        numbers = report["measures"][measure]
        assert numbers["mean_a"] == pytest.approx(va.mean(), abs=1e-12)
        assert numbers["mean_b"] == pytest.approx(vb.mean(), abs=1e-12)
        assert numbers["difference"] == pytest.approx(vb.mean() - va.mean(), abs=1e-12)
        assert numbers["wins"] == int(np.sum(vb - va > 1e-9)) and numbers["losses"] == int(
            np.sum(vb - va < -1e-9)
        )
        assert numbers["wins"] + numbers["ties"] + numbers["losses"] == report["queries"]
        expected = stats.ttest_rel(vb, va)
        assert numbers["t_statistic"] == pytest.approx(float(expected.statistic), rel=1e-9)
        assert numbers["t_test_p"] == pytest.approx(float(expected.pvalue), rel=1e-9)
        assert 0 < numbers["randomization_p"] <= 1
        assert (numbers["randomization_samples"], numbers["randomization_seed"]) == (10_000, 0)
    assert list(report["measures"]) == ["ndcg", "ndcg_cut_10"]  # trec_eval's order, whatever the flags'


def test_compare_table_names_the_runs_counts_and_conventions(capsys):
    assert (
        main(["compare", str(DATA / "qrels.test"), str(DATA / "results.test"), str(DATA / "results.trunc")])
        == 0
    )
    out = capsys.readouterr().out
    assert "A = results.test, B = results.trunc" in out
    assert "3 queries compared" in out and "A misses 0, B misses 1" in out
    assert (
        "10,000 samples, seed 0" in out and "ndcg_cut_10" in out and "ndcg " not in out
    )  # default: ndcg_cut.10


def test_compare_of_a_run_with_itself_is_all_ties_and_p_one(tmp_path):
    qrels, run_a, _ = random_files(tmp_path, 6)
    comparison = compare_files(qrels, run_a, run_a, ["ndcg_cut_10"])
    measure = comparison.measures["ndcg_cut_10"]
    assert (measure.tally.wins, measure.tally.losses) == (0, 0) and measure.tally.ties == len(comparison.qids)
    assert measure.randomization.p_value == 1.0
    assert measure.t_test.p_value is None  # every difference 0: t = 0/0, undefined (scipy gives nan)
    assert measure.biggest_win is None and measure.biggest_loss is None


def test_differences_are_sorted_from_the_biggest_win_to_the_biggest_loss(tmp_path):
    qrels, run_a, run_b = random_files(tmp_path, 7)
    measure = compare_files(qrels, run_a, run_b, ["ndcg_cut_10"]).measures["ndcg_cut_10"]
    d = measure.difference
    assert np.all(d[:-1] >= d[1:])
    assert (
        measure.biggest_win == measure.qids[int(np.argmax(d))]
        and measure.biggest_loss == measure.qids[int(np.argmin(d))]
    )


def test_compare_evaluations_scores_a_missing_query_zero():
    a = evaluate_files(DATA / "qrels.test", DATA / "results.test", (10,))
    b = evaluate_files(
        DATA / "qrels.test", DATA / "results.trunc", (10,), complete=True
    )  # 302 counted 0 here
    comparison = compare_evaluations(a, b, ["ndcg_cut_10"])
    assert comparison.qids == ["301", "302", "303"] and comparison.missing_in_b == ["302"]
    measure = comparison.measures["ndcg_cut_10"]
    row = list(measure.qids).index("302")
    assert measure.b[row] == 0.0 and measure.a[row] == a.columns["ndcg_cut_10"][1]


@settings(max_examples=60)
@given(
    st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=1, max_size=40), st.integers(0, 2**32 - 1)
)
def test_randomization_p_is_a_probability_symmetric_in_a_and_b_and_repeatable(pairs, seed):
    a, b = [x for x, _ in pairs], [y for _, y in pairs]
    forward = randomization_test(a, b, samples=500, seed=seed)
    assert 0 < forward.p_value <= 1 and forward.p_value >= 1 / 501
    assert randomization_test(b, a, samples=500, seed=seed).p_value == forward.p_value
    assert randomization_test(a, b, samples=500, seed=seed) == forward


@settings(max_examples=60)
@given(st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=1, max_size=40))
def test_wins_ties_and_losses_add_up_and_swap(pairs):
    a, b = [x for x, _ in pairs], [y for _, y in pairs]
    forward, backward = tally(a, b), tally(b, a)
    assert forward.wins + forward.ties + forward.losses == len(pairs)
    assert (forward.wins, forward.ties, forward.losses) == (backward.losses, backward.ties, backward.wins)


def test_a_difference_within_the_tolerance_is_a_tie():
    b = [0.5 + TIE_TOLERANCE / 2, 0.5 + 2 * TIE_TOLERANCE, 0.5 - 2 * TIE_TOLERANCE]
    assert tally([0.5, 0.5, 0.5], b) == Tally(wins=1, ties=1, losses=1)


def exact_sign_flip_p(d: list[float]) -> float:
    """The randomization test's exact p-value: the share of all 2^n sign patterns as extreme as observed."""
    observed = abs(sum(d)) / len(d)
    patterns = list(itertools.product([1, -1], repeat=len(d)))
    extreme = sum(
        abs(sum(s * x for s, x in zip(signs, d, strict=True))) / len(d) >= observed - 1e-12
        for signs in patterns
    )
    return extreme / len(patterns)


@pytest.mark.parametrize(
    "d", [[0.3, -0.1, 0.2, 0.25, 0.05], [0.1, 0.1, 0.1, -0.4], [0.0, 0.2, -0.05, 0.3, 0.1, 0.12]]
)
def test_randomization_p_approaches_the_exact_permutation_p(d):
    exact = exact_sign_flip_p(d)
    sampled = randomization_test(np.zeros(len(d)), np.array(d), samples=40_000, seed=11).p_value
    assert sampled == pytest.approx(exact, abs=0.01)  # 40,000 samples: standard error below 0.0025


def test_a_consistent_difference_gets_the_smallest_p_the_samples_allow():
    # 20 queries all +0.1: only the all-plus and all-minus patterns (2 in 2^20) are as extreme.
    result = randomization_test(np.zeros(20), np.full(20, 0.1), samples=10_000, seed=0)
    assert result.p_value <= 3 / 10_001 and result.as_extreme <= 2


def test_the_t_test_follows_its_formula():
    stats = pytest.importorskip("scipy.stats")
    a, b = np.array([0.1, 0.4, 0.3, 0.8]), np.array([0.2, 0.6, 0.35, 0.9])
    d = b - a
    t = d.mean() / (d.std(ddof=1) / math.sqrt(len(d)))
    result = paired_t_test(a, b)
    assert result.statistic == pytest.approx(t) and result.df == 3
    assert result.p_value == pytest.approx(2 * stats.t.sf(abs(t), 3))
    half = stats.t.ppf(0.975, 3) * d.std(ddof=1) / math.sqrt(4)
    assert result.ci95 == pytest.approx((d.mean() - half, d.mean() + half))


def test_the_t_test_is_undefined_for_one_query():
    assert paired_t_test([0.1], [0.3]).p_value is None


def test_plain_evaluation_does_not_load_scipy():
    code = (
        "import sys; from ndcg_core.__main__ import main; "
        f"main([{str(DATA / 'qrels.test')!r}, {str(DATA / 'results.test')!r}]); "
        "print('scipy' in sys.modules, 'pandas' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert done.stdout.splitlines()[-1] == "False False"


def evaluation_of(values: list[float]) -> Evaluation:
    """An evaluation with these ndcg values for queries q0, q1, … (each query answered)."""
    n = len(values)
    columns = {
        "qid": np.array([f"q{i}" for i in range(n)], dtype=object),
        "ndcg": np.array(values),
        "judged": np.ones(n, dtype=int),
        "relevant": np.ones(n, dtype=int),
        "retrieved": np.ones(n, dtype=int),
    }
    return Evaluation(columns, (), "linear", False, [], [], [])


def test_json_stays_json_when_every_difference_is_the_same():
    comparison = compare_evaluations(
        evaluation_of([0.5, 0.25, 0.0]), evaluation_of([0.75, 0.5, 0.25]), ["ndcg"]
    )
    numbers = json.loads(json.dumps(comparison.as_dict(), allow_nan=False))["measures"]["ndcg"]
    # sd = 0: no t-test applies (a p of 0 would claim a certainty three equal numbers cannot give)
    assert (
        numbers["t_statistic"] is None and numbers["t_test_p"] is None and "sd = 0" in numbers["t_test_note"]
    )
    assert numbers["difference_ci95"] is None and numbers["randomization_p"] > 0
    assert numbers["difference"] == 0.25 and numbers["wins"] == 3


# ---- the mutants the seeded mutation run of 2026-11-27 left (scripts/mutation_test.py) --


def test_no_queries_no_randomization_p_and_no_sample_as_extreme():
    from ndcg_core.trec.significance import randomization_test

    empty = randomization_test([], [], samples=100, seed=3)
    assert (empty.p_value, empty.samples, empty.seed, empty.as_extreme) == (None, 100, 3, 0)


def test_a_t_test_result_cannot_be_changed_after_the_fact():
    import dataclasses

    from ndcg_core.trec.significance import paired_t_test

    result = paired_t_test([0.1, 0.2, 0.4], [0.3, 0.2, 0.5])
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.p_value = 0.0  # type: ignore[misc]
