"""The stakeholder summary and the best single move, checked on seed 000 and against brute force."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import ndcg_core
from ndcg_core.scenarios import BLUETOOTH_HEADPHONES
from ndcg_core.summary import best_move, moved, stakeholder_summary

GRADES = list(BLUETOOTH_HEADPHONES.grades)
LABELS = list(BLUETOOTH_HEADPHONES.labels)


def test_seed000_summary_names_the_share_the_costs_and_the_best_move():
    text = stakeholder_summary(GRADES, LABELS, 5)
    numbers = ndcg_core.headline(GRADES, 5)
    table = ndcg_core.breakdown(GRADES, 5, labels=LABELS)
    gap = (table["ideal_contribution"] - table["contribution"])[table["in_cutoff"]]
    worst = int(gap.idxmax())  # rank 1: grade 0 where the ideal puts a grade 3
    after = ndcg_core.ndcg(moved(GRADES, 7, 1), 5)

    assert "NDCG@5" in text and "\n" not in text
    assert f"The top 5 captures {round(100 * numbers.ndcg)}% of the best possible value" in text
    assert f"DCG@5 {numbers.dcg:.2f} out of IDCG@5 {numbers.idcg:.2f}" in text
    assert f"at rank 1, where “{LABELS[worst]}” (grade 0) adds 0.00 against 7.00" in text
    assert (
        f"moving “{LABELS[6]}” from rank 7 to rank 1 raises NDCG@5 from {numbers.ndcg:.2f} to {after:.2f}"
        in text
    )
    assert f"{numbers.ndcg:.2f}" == "0.43" and f"{after:.2f}" == "0.79"


def test_the_ideal_order_has_no_improving_move():
    best = sorted(GRADES, reverse=True)
    assert best_move(best, 5) is None
    assert "No single move of one item raises NDCG@5." in stakeholder_summary(best, LABELS, 5)


def test_nothing_relevant_and_empty_lists_are_said_plainly():
    assert "IDCG@3 = 0" in stakeholder_summary([0, 0, 0], ["a", "b", "c"], 3)
    assert "empty" in stakeholder_summary([], [], 5)


def test_judged_pool_and_linear_gain_are_passed_through():
    pool = [*GRADES, 3, 3]
    text = stakeholder_summary(GRADES, LABELS, 5, gain="linear", ideal=pool)
    numbers = ndcg_core.headline(GRADES, 5, gain="linear", ideal=pool)
    assert f"NDCG@5 = {numbers.ndcg:.2f}" in text and "judged pool" in text and "worth rel" in text


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=1, max_size=8),
    st.one_of(st.none(), st.integers(1, 10)),
)
def test_best_move_is_the_best_of_every_move_tried_one_by_one(grades: list[int], k: int | None):
    now = ndcg_core.ndcg(grades, k)
    every = [
        ndcg_core.ndcg(moved(grades, i, j), k)
        for i in range(1, len(grades) + 1)
        for j in range(1, len(grades) + 1)
    ]
    move = best_move(grades, k)
    if move is None:
        assert max(every) <= now + 1e-9
    else:
        assert abs(move.ndcg_after - max(every)) < 1e-9 and move.ndcg_after > now
        assert abs(ndcg_core.ndcg(moved(grades, move.source, move.target), k) - move.ndcg_after) < 1e-12
