"""A judged pool holds every listed item's grade (issue 28, defect 1).

The listed items are judged items of the query, so the pool of every judged grade must hold each
listed grade that is worth a gain (an unjudged document counts 0, as trec_eval counts it, and adds
nothing, so grade 0 may be missing). A pool that lacks one would let DCG count an item the ideal
never had: ``intent_aware_ndcg([(1.0, [3, 0], [1])], k=2)`` gave 7.0 and the command line printed
"NDCG@2 = 11.4165 … 1142%". Every function that takes ``ideal=`` (or a pool) refuses it with an
:class:`NDCGInputError` that names the missing grades; anything accepted lies in [0, 1].
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ndcg_core
from ndcg_core import NDCGInputError
from ndcg_core.__main__ import main
from ndcg_core.metric.breakdown import side_by_side
from ndcg_core.metric.neighbours import average_precision, metric_values, recall_at_k
from ndcg_core.metric.ranking import Ranking, lacking
from ndcg_core.metric.ties import ndcg_from_scores
from ndcg_core.teaching.pitfalls import empty_ideal_rules, misread_discount, truncated_ideal
from ndcg_core.teaching.summary import stakeholder_summary
from ndcg_core.teaching.variants import standard_variants, variant_table

TOP = 1 + 1e-12
GAINS = ("exponential", "linear", {0: 0, 1: 3, 2: 9, 3: 3, 4: 4.5})


def holds(grades: list[float], pool: list[float]) -> bool:
    """By the definition: every listed grade above 0 has an item of its own in the pool."""
    return not Counter(g for g in grades if g > 0) - Counter(pool)


# --- the defects as the issue found them -------------------------------------------------------------


def test_the_intent_aware_case_of_the_issue_is_refused_naming_the_grade():
    with pytest.raises(NDCGInputError, match=r"judged pool of intent 1 lacks the grade 3 of a listed item"):
        ndcg_core.intent_aware_ndcg([(1.0, [3, 0], [1])], k=2)


def test_the_command_line_refuses_a_pool_without_the_listed_grades(capsys):
    assert main(["--grades", "3,3", "--pool", "1", "-k", "2"]) == 2
    captured = capsys.readouterr()
    assert "lacks the grades 3 and 3 of listed items" in captured.err
    assert "NDCG" not in captured.out and "%" not in captured.out


def test_the_summary_of_a_pool_without_the_listed_grades_is_refused():
    with pytest.raises(NDCGInputError, match="lacks the grade 3"):
        stakeholder_summary([3, 0], ["a", "b"], 2, ideal=[1])


@pytest.mark.parametrize(
    ("grades", "pool", "missing"),
    [
        ([3, 3], [1], [3, 3]),
        ([3, 3, 1], [3, 2, 1], [3]),  # two items of grade 3 need two 3s
        ([2, 0, 1], [2], [1]),
        ([0, 0, 2], [], [2]),
    ],
)
def test_lacking_counts_one_grade_per_listed_item(grades, pool, missing):
    assert lacking([g for g in grades if g > 0], pool) == missing
    with pytest.raises(NDCGInputError, match="lacks the grade"):
        ndcg_core.ndcg(grades, ideal=pool)


def test_grade_0_may_be_missing_from_the_pool_it_adds_nothing():
    """An unjudged document counts 0 (trec_eval): a list of unjudged documents and one relevant one."""
    assert ndcg_core.ndcg([0, 0, 3, 0], 3, ideal=[3]) == pytest.approx(
        (7 / 2) / 7
    )  # (2^3 − 1)/log2(4) over 2^3 − 1
    assert ndcg_core.ndcg([0, 0], ideal=[]) == 0.0


def test_a_custom_gain_needs_in_the_pool_only_the_grades_it_gives_a_gain():
    worth_nothing = {0: 0.0, 1: 0.0, 2: 5.0}
    assert ndcg_core.ndcg([1, 2], ideal=[2], gain=worth_nothing) == pytest.approx(
        ndcg_core.dcg([1, 2], gain=worth_nothing) / 5.0
    )
    with pytest.raises(NDCGInputError, match="lacks the grade 0"):  # 0 → 2: grade 0 is worth a gain here
        ndcg_core.ndcg([0, 2], ideal=[2], gain={0: 2.0, 2: 5.0})


def test_the_message_names_many_missing_grades_shortly():
    with pytest.raises(NDCGInputError, match=r"the grades 1, 1, 1, 1, 1, 1, 1, 1, … \(20 in all\)"):
        ndcg_core.ndcg([1] * 20, ideal=[])


def test_binary_measures_refuse_a_pool_without_a_listed_relevant_grade():
    with pytest.raises(NDCGInputError, match="lacks the grade 2"):
        recall_at_k([2, 0], 2, pool=[3])
    with pytest.raises(NDCGInputError, match="lacks the grade 2"):
        average_precision([2, 0], 2, pool=[3])
    assert recall_at_k([0.5, 2], 2, pool=[2], threshold=1) == 1.0  # 0.5 is below the threshold


# --- every function that takes ideal=: refused, or within [0, 1] ---------------------------------------

grade = st.integers(0, 4).map(float)
lists = st.lists(grade, min_size=1, max_size=8)
cutoffs = st.one_of(st.none(), st.integers(1, 10))


@st.composite
def list_and_pool(draw) -> tuple[list[float], list[float]]:
    """A list and a pool: half of them the list's grades with extra judged ones (accepted), half any
    grades at all (often refused)."""
    grades = draw(lists)
    extra = draw(st.lists(grade, max_size=6))
    pool = grades + extra if draw(st.booleans()) else extra
    return grades, draw(st.permutations(pool))


def ndcg_values(grades, pool, k, gain) -> list[float]:
    """NDCG as each function that takes a pool gives it, for one list."""
    values = [
        ndcg_core.ndcg(grades, k, gain=gain, ideal=pool),
        ndcg_core.headline(grades, k, gain=gain, ideal=pool).ndcg,
        Ranking.of(grades, k, gain=gain, ideal=pool).ndcg,
        ndcg_core.intent_aware_ndcg([(0.5, grades, pool), (0.5, grades)], k, gain=gain),
        ndcg_from_scores(grades, list(range(len(grades), 0, -1)), k, gain=gain, ideal=pool),
        *ndcg_core.ndcg_at_every_k(grades, gain=gain, ideal=pool),
        *ndcg_core.breakdown(grades, k, gain=gain, ideal=pool)["ndcg"],
        *side_by_side(grades, grades[::-1], k, gain=gain, ideal=pool)[["a_ndcg", "b_ndcg"]]
        .to_numpy()
        .ravel(),
    ]
    if not isinstance(gain, dict):
        values += list(variant_table(grades, k, standard_variants(gain=gain), pool=pool)["ndcg"].dropna())
        values += [
            r.value
            for pitfall in (
                misread_discount(grades, k, gain=gain, ideal=pool),
                empty_ideal_rules(grades, k, gain=gain, ideal=pool),
                *([truncated_ideal(grades, k, gain=gain, ideal=pool)] if k else []),
            )
            for r in pitfall.readings
            if r.value == r.value and r.verdict != "wrong"  # NaN: the query left out; a slip may pass 1
        ]
        numbers = metric_values(grades, k, pool=pool, gain=gain)
        values += [numbers["ndcg"], numbers["recall"], numbers["ap"]]
    return values


@settings(max_examples=300, deadline=None)
@given(list_and_pool(), cutoffs, st.sampled_from(GAINS))
def test_any_accepted_pool_gives_ndcg_between_0_and_1(case, k, gain):
    grades, pool = case
    try:
        values = ndcg_values(grades, pool, k, gain)
    except NDCGInputError as error:
        assert not holds(grades, pool), f"a pool that holds the list was refused: {error}"
        assert "lacks the grade" in str(error)
        return
    assert holds(grades, pool) or isinstance(gain, dict)
    assert all(-1e-12 <= v <= TOP for v in values), (grades, pool, k, values)


@settings(max_examples=200, deadline=None)
@given(list_and_pool(), cutoffs)
def test_a_pool_is_refused_exactly_when_it_lacks_a_listed_grade(case, k):
    grades, pool = case
    try:
        ndcg_core.ndcg(grades, k, gain="linear", ideal=pool)
    except NDCGInputError:
        assert not holds(grades, pool)
    else:
        assert holds(grades, pool)
