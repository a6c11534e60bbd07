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


def test_trec_evals_example_gains_are_those_of_its_own_test():
    """The page's default custom gain is trec_eval's test measure ndcg_1=3,2=9,4=4.5, read from its output."""
    from pathlib import Path

    from ndcg_core.metric.gains import TREC_EVAL_EXAMPLE_GAINS, default_custom_gain

    output = Path(__file__).resolve().parents[2] / "data" / "trec_eval" / "out.test.meas_params"
    name = next(line.split()[0] for line in output.read_text().splitlines() if line.startswith("ndcg_1="))
    pairs = dict(pair.split("=") for pair in name.removeprefix("ndcg_").split(","))
    assert {float(grade): float(gain) for grade, gain in pairs.items()} == TREC_EVAL_EXAMPLE_GAINS
    assert default_custom_gain([0, 1, 2, 3, 4]).as_dict() == {0: 0, 1: 3, 2: 9, 3: 3, 4: 4.5}


def test_the_cores_values_cannot_be_changed_in_place():
    """Every dataclass of the core is frozen: a page or a cache that holds one can trust it stays as it
    was computed (a frozen, comparable dataclass is also hashable, so it can key a cache)."""
    import dataclasses
    import importlib
    import pkgutil

    import ndcg_core.metric
    import ndcg_core.trec

    found = []
    for package in (ndcg_core.metric, ndcg_core.trec):
        for module in pkgutil.iter_modules(package.__path__):
            loaded = importlib.import_module(f"{package.__name__}.{module.name}")
            found += [
                value
                for value in vars(loaded).values()
                if isinstance(value, type)
                and dataclasses.is_dataclass(value)
                and value.__module__ == loaded.__name__
            ]
    assert len(found) >= 15
    assert [cls.__qualname__ for cls in found if not cls.__dataclass_params__.frozen] == []
    headline = ndcg_core.headline([3, 1], 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        headline.ndcg = 1.0  # type: ignore[misc]
    assert hash(headline) == hash(ndcg_core.headline([3, 1], 2))


def test_seed_001s_two_systems_as_its_code_has_them():
    """Seed 001's "Comparing Two Recommendation Systems": true_ratings and each system's order, as
    printed in the article's code, and the relevances they give."""
    from ndcg_core.metric.neighbours import SEED001_SAME_PATTERN, SEED001_TWO_SYSTEMS

    ratings = SEED001_TWO_SYSTEMS["ratings"]
    assert ratings == (5, 4, 3, 2, 1, 3, 0, 4)
    assert SEED001_TWO_SYSTEMS["a_order"] == (0, 7, 1, 3, 5, 2, 4, 6)
    assert SEED001_TWO_SYSTEMS["b_order"] == (2, 5, 4, 6, 0, 1, 7, 3)
    assert [ratings[i] for i in SEED001_TWO_SYSTEMS["a_order"]] == [5, 4, 4, 2, 3, 3, 1, 0]
    assert [ratings[i] for i in SEED001_TWO_SYSTEMS["b_order"]] == [3, 3, 1, 0, 5, 4, 4, 2]
    assert SEED001_SAME_PATTERN == ([5, 4, 0, 0, 3], [1, 1, 0, 0, 1])  # one binary pattern, two grade scales


def test_the_conventions_name_the_default_threshold_1():
    from ndcg_core.metric.neighbours import conventions

    said = conventions(5, g_max=3)
    assert said["precision"] == "relevant = grade ≥ 1; divided by k (k = 5)"
    assert said["recall"].startswith("relevant = grade ≥ 1; divided by the relevant items in the list")


def test_a_gap_equal_to_the_tolerance_is_a_tie():
    """leaders: "tie" within the tolerance, its edge included (0.5 − 0.25 is exactly 0.25)."""
    assert ndcg_core.leaders([0.5, 0.75, 0.25], [0.25, 0.5, 0.5], tolerance=0.25) == ["tie", "tie", "tie"]
    assert ndcg_core.leaders([0.5, 0.25], [0.0, 0.75], tolerance=0.25) == ["A", "B"]


def test_every_order_is_scored_up_to_8_items_and_a_sample_above():
    """What if: exact over all 8! = 40,320 orders of 8 items; 20,000 sampled orders of 9 (9! = 362,880)."""
    from ndcg_core.metric.what_if import SAMPLE_SIZE, order_distribution

    eight = order_distribution(Ranking.of([3, 2, 2, 1, 1, 0, 0, 3], 5))
    nine = order_distribution(Ranking.of([3, 2, 2, 1, 1, 0, 0, 3, 1], 5))
    assert (eight.exact, len(eight.values), eight.orders) == (True, 40_320, 40_320)
    assert (nine.exact, len(nine.values), nine.orders) == (False, SAMPLE_SIZE, 362_880)
    assert SAMPLE_SIZE == 20_000
