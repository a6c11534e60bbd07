"""NDCG from scores with ties: trec_eval's order versus scikit-learn's averaging.

Sources: the issue's example; scikit-learn's ndcg_score docstring (its values 0.695694, 0.75
and 0.5 for true_relevance [10, 0, 0, 1, 5]); trec_eval's sort (score, then docno descending)
and trec_eval's own test outputs in data/trec_eval (graded qrels, cutoffs, custom gains).
"""

import math
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ndcg_core
from ndcg_core import NDCGInputError, dcg_from_scores, ndcg, ndcg_from_scores, trec_eval_order
from ndcg_core.metric.ties import default_doc_ids, has_ties, ranked_grades

LABELS, SCORES = [1, 0, 0, 0, 0], [1, 1, 0, 0, 0]
SKLEARN_TRUE = [10, 0, 0, 1, 5]
LOG2_3, LOG2_6 = math.log2(3), math.log2(6)


def test_the_issue_example_averaged_is_one_half():
    # the top group {1, 0} shares gain 0.5 over rank 1 (discount 1); IDCG@1 = 1 → 0.5
    assert ndcg_from_scores(LABELS, SCORES, 1, ties="average") == 0.5


def test_the_issue_example_by_order_is_1_or_0():
    # trec_eval: score descending, then id descending: "b" > "a", so the item called "b" goes first
    assert ndcg_from_scores(LABELS, SCORES, 1, doc_ids=["b", "a", "c", "d", "e"]) == 1.0
    assert ndcg_from_scores(LABELS, SCORES, 1, doc_ids=["a", "b", "c", "d", "e"]) == 0.0
    assert ndcg_from_scores(LABELS, SCORES, 1, ties="optimistic") == 1.0
    assert ndcg_from_scores(LABELS, SCORES, 1, ties="pessimistic") == 0.0


def test_sklearn_docstring_without_ties():
    # order by score: 5 (70), 1 (4), 0, 0, 10 (0.1)
    # DCG = 5 + 1/log2 3 + 10/log2 6 = 9.4995 ; IDCG = 10 + 5/log2 3 + 1/2 = 13.6546 → 0.695694
    expected = (5 + 1 / LOG2_3 + 10 / LOG2_6) / (10 + 5 / LOG2_3 + 1 / 2)
    for rule in ("average", "trec_eval"):
        value = ndcg_from_scores(SKLEARN_TRUE, [0.1, 0.2, 0.3, 4, 70], ties=rule)
        assert value == pytest.approx(expected)
    assert round(expected, 6) == 0.695694


def test_sklearn_docstring_with_ties():
    # scores [1, 0, 0, 0, 1]: items 10 and 5 tie at the top; at k = 1 the average is
    # (10/10 + 5/10) / 2 = 0.75 ; scikit-learn's ignore_ties=True gives 0.5 (item 5 first)
    scores = [1, 0, 0, 0, 1]
    assert ndcg_from_scores(SKLEARN_TRUE, scores, 1, ties="average") == pytest.approx(0.75)
    # trec_eval with ids d1 … d5: d5 > d1, so the item graded 5 goes first: 5/10
    assert ndcg_from_scores(SKLEARN_TRUE, scores, 1, ties="trec_eval") == pytest.approx(0.5)


def test_tie_average_over_a_group_that_crosses_k():
    # scores tie for ranks 2–3 (grades 2 and 0): mean gain 1 over discounts 1/log2 3 (rank 2)
    # and, at k = 2, nothing more: DCG@2 = 3 + 1/log2 3 ; at k = 3: 3 + 1/log2 3 + 1/2
    grades, scores = [3, 2, 0], [9, 5, 5]
    assert dcg_from_scores(grades, scores, 2, ties="average") == pytest.approx(3 + 1 / LOG2_3)
    assert dcg_from_scores(grades, scores, 3, ties="average") == pytest.approx(3 + 1 / LOG2_3 + 1 / 2)


def test_trec_eval_order_compares_ids_as_text():
    # "d10" < "d9" as text, so with equal scores d9 comes before d10
    assert trec_eval_order([1, 1], ["d10", "d9"]).tolist() == [1, 0]
    assert default_doc_ids(10)[:2] == ["d01", "d02"]


def test_ranked_labels_and_has_ties():
    assert ranked_grades([1, 3, 2], [0.1, 0.9, 0.5]).tolist() == [3, 2, 1]
    assert has_ties([1, 2, 1]) and not has_ties([1, 2, 3])
    with pytest.raises(NDCGInputError, match="does not pick one order"):
        ranked_grades([1], [1], ties="average")


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"scores": [1]}, "1 scores for 5 grades"),
        ({"scores": [1, 1, math.nan, 0, 0]}, "finite"),
        ({"doc_ids": ["a", "a", "b", "c", "d"]}, "share an id"),
        ({"doc_ids": ["a"]}, "1 document ids"),
        ({"ties": "random"}, "Unknown tie rule"),
    ],
)
def test_bad_input_is_refused(kwargs, words):
    arguments = {"scores": SCORES, **kwargs}
    with pytest.raises(NDCGInputError, match=words):
        ndcg_from_scores(LABELS, arguments.pop("scores"), 1, **arguments)


grades = st.lists(st.integers(0, 4).map(float), min_size=1, max_size=20)


@given(grades, st.data(), st.one_of(st.none(), st.integers(1, 25)))
def test_average_lies_between_the_worst_and_best_tie_break(grades, data, k):
    scores = data.draw(st.lists(st.integers(0, 3), min_size=len(grades), max_size=len(grades)))
    values = {
        rule: ndcg_from_scores(grades, scores, k, ties=rule)
        for rule in ("pessimistic", "average", "optimistic")
    }
    assert values["pessimistic"] - 1e-12 <= values["average"] <= values["optimistic"] + 1e-12
    assert values["pessimistic"] >= 0 and values["optimistic"] <= 1 + 1e-12


@given(grades, st.one_of(st.none(), st.integers(1, 25)))
def test_without_ties_every_rule_is_plain_ndcg_of_the_score_order(grades, k):
    scores = list(range(len(grades), 0, -1))  # all different: the given order
    for rule in ("average", "trec_eval", "optimistic", "pessimistic"):
        assert ndcg_from_scores(grades, scores, k, ties=rule) == pytest.approx(ndcg(grades, k, gain="linear"))


@given(grades)
def test_average_is_the_mean_over_the_orders_of_a_fully_tied_list(grades):
    # all scores equal: every rank's expected gain is the mean gain
    expected = np.mean(grades) * np.sum(1 / np.log2(np.arange(2, len(grades) + 2)))
    assert dcg_from_scores(grades, [0] * len(grades), ties="average") == pytest.approx(expected)


# --------------------------------------------------------------------------
# trec_eval's own test files (data/trec_eval): its order, its judged pool, its gains
# --------------------------------------------------------------------------

DATA = Path(__file__).resolve().parents[2] / "data" / "trec_eval"


def _judged(name: str) -> dict[str, dict[str, float]]:
    """qid → docno → grade; a negative grade counts as 0, as trec_eval's ndcg does."""
    grades: dict[str, dict[str, float]] = defaultdict(dict)
    for line in (DATA / name).read_text().splitlines():
        qid, _, docno, grade = line.split()
        grades[qid][docno] = max(float(grade), 0.0)
    return grades


def _run(name: str) -> dict[str, list[tuple[str, float]]]:
    """qid → [(docno, score)] in file order."""
    run: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for line in (DATA / name).read_text().splitlines():
        qid, _, docno, _, score, _ = line.split()
        run[qid].append((docno, float(score)))
    return run


def _expected(name: str, measure: str) -> dict[str, float]:
    """qid → value of one measure in a trec_eval output file (the 'all' line left out)."""
    rows = (line.split() for line in (DATA / name).read_text().splitlines())
    return {qid: float(value) for got, qid, value in rows if got == measure and qid != "all"}


@pytest.mark.parametrize(
    ("qrels", "output", "measure", "k", "custom"),
    [
        ("qrels.rel_level", "out.test.aql", "ndcg", None, False),  # graded −1 … 4
        ("qrels.rel_level", "out.test.aql", "ndcg_cut_5", 5, False),
        ("qrels.rel_level", "out.test.aql", "ndcg_cut_20", 20, False),
        ("qrels.test", "out.test.meas_params", "ndcg_cut_23", 23, False),
        ("qrels.test", "out.test.meas_params", "ndcg_1=3,2=9,4=4.5", None, True),  # custom gains
    ],
)
def test_trec_evals_own_numbers(qrels, output, measure, k, custom):
    judged, run = _judged(qrels), _run("results.test")
    for qid, expected in _expected(output, measure).items():
        docs = [docno for docno, _ in run[qid]]
        grades = [judged[qid].get(docno, 0.0) for docno in docs]
        pool = list(judged[qid].values())
        # trec_eval's -m ndcg.1=3,2=9,4=4.5: those gains, and every other grade its own value
        gain = ndcg_core.default_custom_gain(pool) if custom else "linear"
        scores = [score for _, score in run[qid]]
        value = ndcg_from_scores(grades, scores, k, doc_ids=docs, ideal=pool, gain=gain)
        assert round(value, 4) == expected, (qid, measure)
