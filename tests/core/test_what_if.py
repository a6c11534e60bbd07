"""What if: every swap, every move and every order, each checked against brute force.

Brute force here means: build the reordered list, and ask ``ndcg_core.ndcg`` for its NDCG@k.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ndcg_core
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.what_if import (
    Change,
    all_orders,
    best_change,
    binned,
    dcg_move_map,
    missing_judged,
    move_map,
    order_distribution,
    random_order_mean,
    sampled_orders,
    swap_map,
)
from ndcg_core.teaching.baseline import random_baseline_sentence
from ndcg_core.teaching.changes import best_change_text, change_sentence, no_change_message
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES

SEED000 = list(BLUETOOTH_HEADPHONES.grades)
LABELS = list(BLUETOOTH_HEADPHONES.labels)

grade_lists = st.lists(st.integers(0, 4), min_size=1, max_size=7)
cutoffs = st.one_of(st.none(), st.integers(1, 9))
gains = st.sampled_from(["exponential", "linear"])
pools = st.one_of(st.none(), st.lists(st.integers(0, 4), max_size=4))


def swapped(grades: list, i: int, j: int) -> list:
    order = list(grades)
    order[i - 1], order[j - 1] = order[j - 1], order[i - 1]
    return order


def moved(grades: list, source: int, target: int) -> list:
    order = list(grades)
    order.insert(target - 1, order.pop(source - 1))
    return order


def every_change(grades: list) -> list[tuple[str, int, int, list]]:
    n = len(grades)
    pairs = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
    return [("swap", i, j, swapped(grades, i, j)) for i, j in pairs] + [
        ("move", i, j, moved(grades, i, j)) for i, j in pairs
    ]


@settings(max_examples=200)
@given(grade_lists, cutoffs, gains, pools)
def test_swap_and_move_maps_equal_ndcg_of_each_reordered_list(grades, k, gain, extra):
    pool = None if extra is None else [*grades, *extra]
    swaps, moves = (
        swap_map(Ranking.of(grades, k, gain=gain, ideal=pool)),
        move_map(Ranking.of(grades, k, gain=gain, ideal=pool)),
    )
    for kind, i, j, order in every_change(grades):
        table = swaps if kind == "swap" else moves
        assert table[i - 1, j - 1] == pytest.approx(
            ndcg_core.ndcg(order, k, gain=gain, ideal=pool), abs=1e-12
        )


@settings(max_examples=200)
@given(grade_lists, cutoffs, gains, pools)
def test_the_dcg_move_map_equals_dcg_of_each_moved_list(grades, k, gain, extra):
    pool = None if extra is None else [*grades, *extra]
    dcgs = dcg_move_map(Ranking.of(grades, k, gain=gain, ideal=pool))
    for kind, i, j, order in every_change(grades):
        if kind == "move":
            assert dcgs[i - 1, j - 1] == pytest.approx(ndcg_core.dcg(order, k, gain=gain), abs=1e-12)


@pytest.mark.parametrize("rule, expected", [("zero", 0.0), ("one", 1.0)])
def test_the_move_map_follows_the_rule_for_idcg_0(rule, expected):
    """Nothing relevant: every move leaves NDCG at what the ``empty_ideal`` rule gives (not always 0)."""
    ranking = Ranking.of([0, 0, 0], 3, empty_ideal=rule)
    assert ranking.ndcg == expected
    assert move_map(ranking).tolist() == [[expected] * 3] * 3


def test_seed000_swap_map_by_hand():
    """Swapping ranks 1 and 7 of seed 000 puts Bose (grade 3) first and the grade-0 item last.

    DCG@5 = (2^3−1)/log2(2) + (2^1−1)/log2(3) + (2^2−1)/log2(4) + (2^3−1)/log2(5) + (2^2−1)/log2(6),
    IDCG@5 = DCG@5 of 3, 3, 2, 2, 1.
    """
    terms = [(2**g - 1) / math.log2(i + 2) for i, g in enumerate([3, 1, 2, 3, 2])]
    ideal = [(2**g - 1) / math.log2(i + 2) for i, g in enumerate([3, 3, 2, 2, 1])]
    m = swap_map(Ranking.of(SEED000, 5))
    assert m[0, 6] == m[6, 0] == pytest.approx(sum(terms) / sum(ideal), abs=1e-12)
    assert np.diag(m) == pytest.approx([ndcg_core.ndcg(SEED000, 5)] * 7)
    assert f"{m[0, 6]:.2f}" == "0.91"


@settings(max_examples=200)
@given(grade_lists, cutoffs, gains, pools)
def test_the_best_change_is_the_best_of_every_swap_and_move(grades, k, gain, extra):
    pool = None if extra is None else [*grades, *extra]
    now = ndcg_core.ndcg(grades, k, gain=gain, ideal=pool)
    scores = [ndcg_core.ndcg(order, k, gain=gain, ideal=pool) for *_, order in every_change(grades)]
    change = best_change(Ranking.of(grades, k, gain=gain, ideal=pool))
    if change is None:
        assert max(scores) <= now + 1e-9
        return
    assert change.ndcg_before == pytest.approx(now)
    assert change.ndcg_after == pytest.approx(max(scores), abs=1e-9) and change.ndcg_after > now
    after = change.apply(grades)
    assert ndcg_core.ndcg(after, k, gain=gain, ideal=pool) == pytest.approx(change.ndcg_after, abs=1e-12)


def test_seed000_best_change_in_words():
    change = best_change(Ranking.of(SEED000, 5))
    assert change == Change("swap", 1, 7, change.ndcg_before, change.ndcg_after)
    assert change_sentence(change, LABELS, "@5") == (
        f"swapping “{LABELS[0]}” (rank 1) with “{LABELS[6]}” (rank 7) raises NDCG@5 from 0.43 to 0.91"
    )
    assert change.apply(LABELS)[0] == LABELS[6]


def test_ties_prefer_the_change_that_disturbs_fewest_items():
    # [0, 3]: swapping neighbours = moving rank 2 up = moving rank 1 down; it is called a move up.
    assert best_change(Ranking.of([0, 3], None)) == Change("move", 2, 1, *_before_after([0, 3], [3, 0]))
    # [0, 0, 3]: moving 3 to the top (3 items change rank) and swapping ranks 1 and 3 (2 items)
    # give the same NDCG; the swap disturbs fewer.
    assert best_change(Ranking.of([0, 0, 3], None)).kind == "swap"


def _before_after(before: list, after: list) -> tuple[float, float]:
    return ndcg_core.ndcg(before), ndcg_core.ndcg(after)


def test_no_change_helps_the_ideal_order_or_a_one_item_list():
    assert best_change(Ranking.of(sorted(SEED000, reverse=True), 5)) is None
    assert best_change(Ranking.of([3], 1)) is None
    assert best_change(Ranking.of([0, 0, 0], 2)) is None  # IDCG = 0: every order scores 0


def test_all_orders_are_every_permutation_once():
    for n in range(0, 7):
        rows = {tuple(row) for row in all_orders(n).tolist()}
        assert rows == set(itertools.permutations(range(n)))
        assert len(all_orders(n)) == math.factorial(n)
    assert not all_orders(5).flags.writeable  # cached and shared: nobody may change it


@settings(max_examples=100)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=6), cutoffs, gains, pools)
def test_exact_distribution_equals_brute_force(grades, k, gain, extra):
    pool = None if extra is None else [*grades, *extra]
    d = order_distribution(Ranking.of(grades, k, gain=gain, ideal=pool))
    brute = sorted(
        ndcg_core.ndcg(list(order), k, gain=gain, ideal=pool) for order in itertools.permutations(grades)
    )
    assert d.exact and d.orders == math.factorial(len(grades))
    assert sorted(d.values) == pytest.approx(brute, abs=1e-12)
    assert d.worst == pytest.approx(brute[0], abs=1e-12) and d.best == pytest.approx(brute[-1], abs=1e-12)
    assert d.random_mean == pytest.approx(sum(brute) / len(brute), abs=1e-12)
    now = ndcg_core.ndcg(grades, k, gain=gain, ideal=pool)
    below = sum(v < now - 1e-9 for v in brute) / len(brute)
    equal = sum(abs(v - now) <= 1e-9 for v in brute) / len(brute)
    assert d.percentile(now) == pytest.approx(100 * (below + equal / 2))


def test_seed000_distribution_shows_a_random_order_does_not_score_near_zero():
    d = order_distribution(Ranking.of(SEED000, 5))
    assert d.exact and len(d.values) == 5040
    worst = ndcg_core.ndcg(sorted(SEED000), 5)
    assert (
        d.worst == pytest.approx(worst) and d.worst > 0
    )  # 7 items, only 2 with grade 0: the top 5 holds value
    assert d.best == 1.0
    assert d.worst < ndcg_core.ndcg(SEED000, 5) < d.random_mean < d.best


def test_long_lists_are_sampled_with_a_seed():
    grades = list(np.random.default_rng(1).integers(0, 4, 30))
    first, again = (
        order_distribution(Ranking.of(grades, 10), seed=7),
        order_distribution(Ranking.of(grades, 10), seed=7),
    )
    other = order_distribution(Ranking.of(grades, 10), seed=8)
    reordered = order_distribution(Ranking.of(sorted(grades), 10), seed=7)
    assert np.array_equal(first.values, reordered.values)  # the grades decide, not their order
    assert not first.exact and len(first.values) >= 20_000 and first.seed == 7
    assert np.array_equal(first.values, again.values) and not np.array_equal(first.values, other.values)
    assert first.worst <= first.values.min() and first.values.max() <= first.best
    # The sample's mean estimates the exact random-order mean (20,000 orders: well within 0.01).
    assert first.values.mean() == pytest.approx(first.random_mean, abs=0.01)


def test_sampled_orders_are_permutations():
    orders = sampled_orders(9, 500, seed=3)
    assert (np.sort(orders, axis=1) == np.arange(9)).all()


def test_binned_counts_every_value_once():
    values = order_distribution(Ranking.of(SEED000, 5)).values
    bins = binned(values, 20)
    assert sum(count for *_, count in bins) == len(values)
    assert bins[0][0] == 0.0 and bins[-1][1] == 1.0
    low, _, count = bins[-1]
    assert count == int(np.sum(values >= low))


# --- what What if says when no change helps -----------------------------------------------


def test_no_change_helps_but_the_list_lacks_judged_items():
    # issue 15: [3, 2, 1] with unlisted 3 and 3, judged pool, k = 3: NDCG@3 = 0.63
    ranking = Ranking.of([3, 2, 1], 3, ideal=[3, 2, 1, 3, 3])
    dcg = 7 + 3 / math.log2(3) + 1 / 2
    idcg = 7 + 7 / math.log2(3) + 7 / 2
    assert ranking.ndcg == pytest.approx(dcg / idcg) and round(dcg / idcg, 2) == 0.63
    assert best_change(ranking) is None
    text = no_change_message(ranking)
    assert "already as good as it gets" not in text and "already in the ideal order" not in text
    assert "reordering cannot help" in text and f"NDCG@3 = {dcg / idcg:.2f}" in text
    assert "2 judged items of grade 3" in text and missing_judged(ranking) == {3.0: 2}


def test_no_change_helps_the_ideal_order():
    text = no_change_message(Ranking.of([3, 2, 1, 0], 3))
    assert (
        text == "No single swap or move raises NDCG@3: the top 3 is already in the ideal order (NDCG@3 = 1)."
    )
    assert "whole list" in no_change_message(Ranking.of([3, 2], None))


@pytest.mark.parametrize(("pool", "word"), [(None, "listed"), ([0, 0, 0, 0], "judged")])
def test_nothing_relevant_is_listed_or_judged(pool, word):
    text = no_change_message(Ranking.of([0, 0, 0], 2, ideal=pool))
    assert text.startswith(f"Nothing relevant is {word}, so IDCG@2 = 0")


def test_missing_grades_are_named_best_first_and_grade_0_is_not_missing():
    ranking = Ranking.of([2, 1], 2, ideal=[2, 1, 3, 1, 0, 0])
    assert missing_judged(ranking) == {3.0: 1, 1.0: 1}
    text = no_change_message(ranking)
    assert "1 judged item of grade 3 and 1 of grade 1 from the judged pool are not listed" in text


def test_no_change_message_refuses_when_a_change_helps():
    with pytest.raises(ValueError, match="best_change"):
        no_change_message(Ranking.of([0, 3], 2))
    assert best_change_text(Ranking.of([0, 3], 2), ["a", "b"]).startswith(
        "Moving “b” from rank 2 to rank 1 raises"
    )


def test_a_change_near_1_shows_the_digits_that_differ():
    # issue 15: [3,3,3,3,3,3,3,2,3,0] at k = 10 has NDCG 0.998; the best move raises it to 1
    ranking = Ranking.of([3, 3, 3, 3, 3, 3, 3, 2, 3, 0], 10)
    change = best_change(ranking)
    sentence = change_sentence(change, [f"item {i}" for i in range(1, 11)], "@10")
    assert "from 1.00 to 1.00" not in sentence
    assert sentence.endswith(f"raises NDCG@10 from {ranking.ndcg:.3f} to 1.000")


@pytest.mark.parametrize(("grades", "expected"), [([1, 1, 1, 1, 0], 0.92), ([1, 0, 0, 0, 0, 0, 0, 0], 0.37)])
def test_the_random_order_mean_differs_by_query(grades, expected):
    # brute force over every order: the mean NDCG@5. Every distinct arrangement of the grades
    # comes up equally often among the n! orders, so the mean over the distinct ones is the same
    # number (8 arrangements of [1, 0, 0, 0, 0, 0, 0, 0] instead of 40,320 orders).
    brute = [ndcg_core.ndcg(list(order), 5) for order in set(itertools.permutations(grades))]
    mean = random_order_mean(Ranking.of(grades, 5))
    assert mean == pytest.approx(sum(brute) / len(brute), abs=1e-12)
    assert round(mean, 2) == expected
    sentence = random_baseline_sentence()
    assert f"{mean:.2f} " in sentence and "[1, 1, 1, 1, 0]" in sentence and "k = 5" in sentence


def test_only_the_missing_grades_that_beat_the_listed_top_k_are_said_to_help():
    # [3, 2, 1] at k = 3, judged pool adds 3, 3 and 1: a missing 1 cannot beat the listed 1 at rank 3
    ranking = Ranking.of([3, 2, 1], 3, ideal=[3, 2, 1, 3, 3, 1])
    with_one = Ranking.of([3, 2, 1, 1], 3, ideal=[3, 2, 1, 3, 3, 1])
    with_three = Ranking.of([3, 2, 1, 3], 3, ideal=[3, 2, 1, 3, 3, 1])
    assert best_change(with_one) is None and with_one.ndcg == pytest.approx(ranking.ndcg)
    assert ndcg_core.ndcg([3, 3, 2], 3, ideal=[3, 2, 1, 3, 3, 1]) > ranking.ndcg  # a retrieved 3, moved up
    assert best_change(with_three) is not None
    text = no_change_message(ranking)
    assert "2 judged items of grade 3 and 1 of grade 1" in text
    assert text.endswith("Only retrieving the items of grade 3 could raise NDCG@3.")
