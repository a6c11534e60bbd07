"""NDCG's neighbours (P@k, R@k, RR, AP, ERR) against values derived by hand.

Sources: seed 001's table "same binary relevance, different grades" ([5, 4, 0, 0, 3] against
[1, 1, 0, 0, 1]: P@5 and AP equal, NDCG not) and seed 001's corpus for recall over a pool.
"""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import (
    NDCGInputError,
    average_precision,
    err,
    metric_table,
    precision_at_k,
    recall_at_k,
    reciprocal_rank,
)
from ndcg_core.metric.neighbours import (
    G_MAX_CHOICES,
    GDEVAL_G_MAX,
    SEED001_SAME_PATTERN,
    err_convention,
    metric_values,
)

HIGH, LOW = SEED001_SAME_PATTERN  # [5, 4, 0, 0, 3] and [1, 1, 0, 0, 1]
CORPUS = [5, 5, 4, 3, 3, 2, 2, 1, 1, 0]
RETURNED = [1, 4, 0, 2, 3]  # seed 001's items 7, 2, 9, 5, 4
LOG2_3, LOG2_6 = math.log2(3), math.log2(6)


def test_seed001_same_binary_pattern_same_precision_and_ap():
    for grades in (HIGH, LOW):
        assert precision_at_k(grades, 5) == pytest.approx(3 / 5)
        # AP = (P@1 + P@2 + P@5) / 3 = (1/1 + 2/2 + 3/5) / 3 = 0.8667
        assert average_precision(grades, 5) == pytest.approx((1 + 1 + 3 / 5) / 3)
        assert reciprocal_rank(grades, 5) == 1.0
        assert recall_at_k(grades, 5) == 1.0


def test_seed001_same_binary_pattern_different_ndcg():
    table = metric_table(HIGH, LOW, 5).set_index("metric")
    # NDCG A = (31 + 15/log2 3 + 7/log2 6) / (31 + 15/log2 3 + 7/2) = 0.9820
    # NDCG B = (1 + 1/log2 3 + 1/log2 6) / (1 + 1/log2 3 + 1/2)    = 0.9469
    high = (31 + 15 / LOG2_3 + 7 / LOG2_6) / (31 + 15 / LOG2_3 + 7 / 2)
    low = (1 + 1 / LOG2_3 + 1 / LOG2_6) / (1 + 1 / LOG2_3 + 1 / 2)
    assert table.loc["NDCG@k", "a"] == pytest.approx(high)
    assert table.loc["NDCG@k", "b"] == pytest.approx(low)
    assert (round(high, 4), round(low, 4)) == (0.982, 0.9469)
    for blind in ("P@k", "R@k", "RR", "AP@k"):
        assert table.loc[blind, "difference"] == 0.0


def test_err_by_hand():
    # [3, 0], g_max 3: R_1 = 7/8, so ERR = 7/8
    assert err([3, 0], g_max=3) == 0.875
    # [2, 3], g_max 3: R = 3/8, 7/8: ERR = 3/8 + (1/2)(1 − 3/8)(7/8) = 0.6484375
    assert err([2, 3], g_max=3) == pytest.approx(3 / 8 + 0.5 * (5 / 8) * (7 / 8))


def test_err_sees_grades_with_a_shared_g_max():
    # g_max = 5 for both (the largest grade): high R = 31/32, 15/32, 0, 0, 7/32
    high = 31 / 32 + (1 / 2) * (1 / 32) * (15 / 32) + (1 / 5) * (1 / 32) * (17 / 32) * (7 / 32)
    low = 1 / 32 + (1 / 2) * (31 / 32) * (1 / 32) + (1 / 5) * (31 / 32) ** 2 * (1 / 32)
    table = metric_table(HIGH, LOW, 5).set_index("metric")
    assert table.loc["ERR@k", "a"] == pytest.approx(high)
    assert table.loc["ERR@k", "b"] == pytest.approx(low)
    # alone, with its own g_max = 1, the low list looks much better: R = 1/2, 1/2, 0, 0, 1/2
    assert err(LOW) == pytest.approx(1 / 2 + (1 / 2) * (1 / 2) * (1 / 2) + (1 / 5) * (1 / 4) * (1 / 2))


def test_recall_and_ap_over_seed001s_judged_pool():
    # threshold 1: 9 relevant judged items, 4 of them returned → R@5 = 4/9
    assert recall_at_k(RETURNED, 5, pool=CORPUS) == pytest.approx(4 / 9)
    # threshold 3: relevant = {5, 5, 4, 3, 3}; returned 4 (rank 2) and 3 (rank 5)
    assert recall_at_k(RETURNED, 5, threshold=3, pool=CORPUS) == pytest.approx(2 / 5)
    assert precision_at_k(RETURNED, 5, threshold=3) == pytest.approx(2 / 5)
    assert reciprocal_rank(RETURNED, threshold=3) == 0.5
    # AP = (P@2 + P@5) / 5 = (1/2 + 2/5) / 5 = 0.18
    assert average_precision(RETURNED, 5, threshold=3, pool=CORPUS) == pytest.approx(0.18)


def test_cutoffs_and_edges():
    assert precision_at_k([1, 1], 5) == pytest.approx(2 / 5)  # a missing item is not relevant
    assert reciprocal_rank([0, 0, 3], 2) == 0.0  # the first relevant item is below k
    assert recall_at_k([0, 0]) == 0.0 and average_precision([0, 0]) == 0.0
    assert err([]) == 0.0 and err([0, 0]) == 0.0


@pytest.mark.parametrize("bad", [0, -1, math.nan, "1", True])
def test_bad_threshold_is_refused(bad):
    with pytest.raises(NDCGInputError, match="threshold"):
        precision_at_k([1], 1, threshold=bad)


def test_g_max_below_a_grade_is_refused():
    with pytest.raises(NDCGInputError, match="g_max is 2 but a grade of 3"):
        err([3, 1], g_max=2)


grades_list = st.lists(st.integers(0, 5).map(float), min_size=1, max_size=25)
cutoffs = st.one_of(st.none(), st.integers(1, 30))


@given(grades_list, cutoffs, st.integers(1, 5))
def test_every_neighbour_lies_between_0_and_1(grades, k, threshold):
    values = metric_values(grades, k, threshold=threshold)
    assert all(0.0 <= value <= 1.0 + 1e-12 for value in values.values())


@given(grades_list, cutoffs)
def test_binary_metrics_see_only_the_binary_pattern(grades, k):
    binary = [1.0 if g >= 1 else 0.0 for g in grades]
    for metric in (precision_at_k, recall_at_k, reciprocal_rank, average_precision):
        assert metric(grades, k) == pytest.approx(metric(binary, k))


@given(grades_list)
def test_whole_list_recall_is_1_when_anything_is_relevant(grades):
    expected = 1.0 if np.any(np.asarray(grades) >= 1) else 0.0
    assert recall_at_k(grades) == expected


def test_err_g_max_the_largest_judged_grade_or_4_as_gdeval_and_ir_measures():
    # ERR@3 of [3, 0, 1]: R = (2^g − 1)/2^g_max; ERR = R_1 + (1/3)(1 − R_1)(1 − R_2) R_3
    def by_hand(g_max):
        r1, r3 = 7 / 2**g_max, 1 / 2**g_max
        return r1 + (1 / 3) * (1 - r1) * r3

    assert err([3, 0, 1], 3) == pytest.approx(by_hand(3))  # g_max = 3, the largest grade
    assert err([3, 0, 1], 3, g_max=GDEVAL_G_MAX) == pytest.approx(by_hand(4))
    assert (round(by_hand(3), 3), round(by_hand(4), 3)) == (0.88, 0.449)  # issue 15's figures


def test_the_metric_table_names_its_g_max_convention_and_computes_with_4():
    table = metric_table([3, 0, 1], [0, 1, 3], 3).set_index("metric")
    assert table.loc["ERR@k", "a"] == pytest.approx(err([3, 0, 1], 3))
    assert (
        "g_max = 3, the largest judged grade (gdeval and ir_measures fix g_max = 4)"
        in (table.loc["ERR@k", "convention"])
    )
    fixed = metric_table([3, 0, 1], [0, 1, 3], 3, g_max=G_MAX_CHOICES["4, as gdeval and ir_measures"])
    fixed = fixed.set_index("metric")
    assert fixed.loc["ERR@k", "a"] == pytest.approx(err([3, 0, 1], 3, g_max=4))
    assert "2^4" in fixed.loc["ERR@k", "convention"] and "gdeval" in fixed.loc["ERR@k", "convention"]
    assert G_MAX_CHOICES["the largest judged grade"] is None
    assert "as chosen" in err_convention(5, 5)
