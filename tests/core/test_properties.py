"""Properties NDCG must have for any list, checked on lists hypothesis makes up."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ndcg_core

grade = st.one_of(st.integers(0, 10).map(float), st.floats(0, 10, allow_nan=False))
grades_list = st.lists(grade, min_size=1, max_size=60)
gains = st.sampled_from(["exponential", "linear"])
cutoffs = st.one_of(st.none(), st.integers(1, 80))


@given(grades_list, cutoffs, gains)
def test_ndcg_lies_between_0_and_1(grades, k, gain):
    assert 0.0 <= ndcg_core.ndcg(grades, k, gain=gain) <= 1.0 + 1e-12


@given(grades_list, st.lists(grade, max_size=20), cutoffs, gains)
def test_ndcg_with_a_pool_lies_between_0_and_1(grades, unlisted, k, gain):
    assert 0.0 <= ndcg_core.ndcg(grades, k, gain=gain, ideal=grades + unlisted) <= 1.0 + 1e-12


@given(grades_list, cutoffs, gains)
def test_the_ideal_order_scores_1_when_anything_is_relevant(grades, k, gain):
    best = np.asarray(grades)[ndcg_core.ideal_order(grades)]
    expected = 1.0 if ndcg_core.idcg(grades, k, gain=gain) > 0 else 0.0
    assert ndcg_core.ndcg(best, k, gain=gain) == pytest.approx(expected)


@given(grades_list, st.data(), gains)
def test_moving_a_better_item_up_never_lowers_dcg(grades, data, gain):
    i = data.draw(st.integers(0, len(grades) - 1), label="upper rank index")
    j = data.draw(st.integers(i, len(grades) - 1), label="lower rank index")
    if grades[j] <= grades[i]:
        grades[i], grades[j] = grades[j], grades[i]  # make the lower item the better one
    swapped = list(grades)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    for k in (None, j + 1, len(grades)):
        assert ndcg_core.dcg(swapped, k, gain=gain) >= ndcg_core.dcg(grades, k, gain=gain) - 1e-9


@given(grades_list, st.data(), cutoffs, gains)
def test_swapping_equal_grades_changes_nothing(grades, data, k, gain):
    i = data.draw(st.integers(0, len(grades) - 1))
    j = data.draw(st.integers(0, len(grades) - 1))
    grades[j] = grades[i]
    swapped = list(grades)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    assert ndcg_core.ndcg(swapped, k, gain=gain) == ndcg_core.ndcg(grades, k, gain=gain)


@given(grades_list, st.integers(0, 40), gains)
def test_k_at_or_beyond_the_list_equals_the_full_list(grades, extra, gain):
    k = len(grades) + extra
    assert ndcg_core.ndcg(grades, k, gain=gain) == pytest.approx(ndcg_core.ndcg(grades, gain=gain))


@given(grades_list, gains)
def test_breakdown_rows_agree_with_ndcg_at_each_k(grades, gain):
    table = ndcg_core.breakdown(grades, gain=gain)
    every_k = ndcg_core.ndcg_at_every_k(grades, gain=gain)
    for k in {1, len(grades) // 2 + 1, len(grades)}:
        assert table["ndcg"].iloc[k - 1] == pytest.approx(ndcg_core.ndcg(grades, k, gain=gain))
        assert every_k[k - 1] == pytest.approx(ndcg_core.ndcg(grades, k, gain=gain))
        assert table["dcg"].iloc[k - 1] == pytest.approx(ndcg_core.dcg(grades, k, gain=gain))


@given(grades_list, st.lists(grade, max_size=20), gains)
def test_breakdown_idcg_column_follows_the_pool(grades, unlisted, gain):
    pool = grades + unlisted
    table = ndcg_core.breakdown(grades, gain=gain, ideal=pool)
    for k in (1, len(grades)):
        assert table["idcg"].iloc[k - 1] == pytest.approx(ndcg_core.idcg(grades, k, gain=gain, ideal=pool))


@given(grades_list)
def test_cg_is_blind_to_order(grades):
    reversed_grades = list(reversed(grades))
    last_cg = ndcg_core.breakdown(grades)["cg"].iloc[-1]
    assert ndcg_core.breakdown(reversed_grades)["cg"].iloc[-1] == pytest.approx(last_cg)


@given(grades_list, gains)
def test_worst_order_has_the_lowest_dcg_of_the_one_click_orders(grades, gain):
    values = np.asarray(grades)
    worst = ndcg_core.dcg(values[ndcg_core.worst_order(values)], gain=gain)
    for order in (ndcg_core.reversed_order(len(values)), ndcg_core.shuffled_order(len(values), 7)):
        assert worst <= ndcg_core.dcg(values[order], gain=gain) + 1e-9
