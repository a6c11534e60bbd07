"""Edges of the metric core that a wrong core would get past the other tests (issue 28's mutants).

Each test derives its numbers from the definitions, by hand, not from the core: a DCG under every
discount, the judged count a page prints, an empty list under every tie rule, the largest grade
exponential gain can take, the rank a bad grade is named by.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import ndcg_core
from ndcg_core import NDCGInputError
from ndcg_core.metric.discounts import DISCOUNTS, discount_values, ranks
from ndcg_core.metric.gains import MAX_EXPONENTIAL_GRADE, gain_values
from ndcg_core.metric.ranking import JUDGED_POOL, LISTED_ITEMS, Ranking
from ndcg_core.metric.ties import TIE_RULES, dcg_from_scores, ndcg_from_scores

#: Each discount at rank i, from its formula (discounts.py's module docstring).
BY_HAND = {
    "log2": lambda i: 1 / math.log2(i + 1),
    "jk": lambda i: 1.0 if i < 2 else 1 / math.log(i, 2),
    "reciprocal": lambda i: 1 / i,
    "ln": lambda i: 1 / math.log(i + math.e),
    "none": lambda i: 1.0,
}


@pytest.mark.parametrize("discount", DISCOUNTS)
def test_dcg_and_idcg_under_every_discount_by_hand(discount):
    """Not only NDCG: a DCG and an IDCG both doubled would leave NDCG as it is."""
    grades = [1, 3, 0, 2]
    d = BY_HAND[discount]
    dcg = sum(g * d(i) for i, g in enumerate(grades, start=1))
    idcg = sum(g * d(i) for i, g in enumerate(sorted(grades, reverse=True)[:3], start=1))
    ranking = Ranking.of(grades, 3, gain="linear", discount=discount)
    assert ranking.dcg == pytest.approx(sum(g * d(i) for i, g in enumerate(grades[:3], start=1)), rel=1e-12)
    assert ranking.idcg == pytest.approx(idcg, rel=1e-12)
    assert ndcg_core.dcg(grades, gain="linear", discount=discount) == pytest.approx(dcg, rel=1e-12)
    assert discount_values(ranks(4), discount).tolist() == pytest.approx(
        [d(i) for i in range(1, 5)], rel=1e-12
    )


def test_the_jk_discount_with_a_patient_user():
    """b = 10: ranks 1-9 undiscounted, rank 10 divided by log_10(10) = 1, rank 100 by 2."""
    values = discount_values(np.array([1, 9, 10, 100]), "jk", 10)
    assert values.tolist() == pytest.approx([1, 1, 1, 0.5], rel=1e-12)


def test_judged_counts_what_the_ideal_is_built_from():
    """The page says "judged pool (N judged items)": N is the pool's size, or the list's."""
    with_pool = Ranking.of([3, 0, 1], 2, ideal=[3, 1, 2, 2, 0])
    assert (with_pool.judged, with_pool.listed, with_pool.ideal_source) == (5, 3, JUDGED_POOL)
    listed = Ranking.of([3, 0, 1], 2)
    assert (listed.judged, listed.listed, listed.ideal_source) == (3, 3, LISTED_ITEMS)
    assert ndcg_core.headline([3, 0, 1], 2, ideal=[3, 1, 2, 2, 0]).judged == 5


@pytest.mark.parametrize("ties", TIE_RULES)
def test_an_empty_list_scores_0_under_every_tie_rule(ties):
    assert dcg_from_scores([], [], ties=ties) == 0.0
    assert ndcg_from_scores([], [], ties=ties) == 0.0
    assert np.isnan(ndcg_from_scores([], [], ties=ties, empty_ideal="skip"))


def test_tie_averaging_by_hand():
    """Grades [2, 0, 1] with scores [1, 1, 0]: ranks 1-2 share (2 + 0) / 2 = 1; rank 3 gets 1."""
    expected = 1 * (1 + 1 / math.log2(3)) + 1 / math.log2(4)
    assert dcg_from_scores([2, 0, 1], [1, 1, 0], ties="average") == pytest.approx(expected, rel=1e-12)
    assert dcg_from_scores([2, 0, 1], [1, 1, 0], 1, ties="average") == pytest.approx(1.0, rel=1e-12)


def test_the_largest_grade_exponential_gain_can_take():
    assert MAX_EXPONENTIAL_GRADE == 1023
    assert gain_values(np.array([1023.0]), "exponential")[0] == 2.0**1023 - 1  # finite, accepted
    assert math.isfinite(ndcg_core.dcg([1023, 0]))
    with pytest.raises(NDCGInputError, match="A grade of 1024 is too large for exponential gain"):
        ndcg_core.dcg([0, 1024])
    with pytest.raises(NDCGInputError, match=r"1023\.5 is too large"):
        gain_values(np.array([3.0, 1023.5]), "exponential")
    assert ndcg_core.dcg([1024], gain="linear") == 1024


@pytest.mark.parametrize(
    ("grades", "rank"),
    [([-1], 1), ([1, 2, -1], 3), ([0, float("nan")], 2), ([1, 1, 1, float("inf")], 4), ([2, "x"], 2)],
)
def test_a_bad_grade_is_named_by_its_own_rank(grades, rank):
    with pytest.raises(NDCGInputError, match=rf"^The grade at rank {rank} is "):
        ndcg_core.ndcg(grades)


def test_a_bad_probability_or_pool_grade_names_its_own_intent():
    with pytest.raises(NDCGInputError, match=r"probability of intent 3 is -0\.5"):
        ndcg_core.intent_aware_ndcg([(1.0, [1]), (0.5, [1]), (-0.5, [1])])
    with pytest.raises(NDCGInputError, match="judged pool grade of intent 2 at rank 3 is -1"):
        ndcg_core.intent_aware_ndcg([(0.5, [1]), (0.5, [1], [1, 0, -1])])
    with pytest.raises(NDCGInputError, match="intent 1 grades 1, intent 3 grades 2"):
        ndcg_core.intent_aware_ndcg([(0.2, [1]), (0.3, [1]), (0.5, [1, 0])])


@pytest.mark.parametrize("bad", [{1: True}, {True: 3}, {"1": 3}, {1: "3"}, {1: None}])
def test_a_custom_gain_takes_numbers_only(bad):
    """True is not a gain of 1, nor "3" a gain of 3: the table is refused, naming what is wrong."""
    from ndcg_core.metric.gains import CustomGain

    with pytest.raises(NDCGInputError, match="which is not a number"):
        CustomGain.from_mapping(bad)
