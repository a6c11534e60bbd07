"""The stakeholder summary, checked on seed 000 (the best change itself: tests/core/test_what_if.py)."""

from __future__ import annotations

import ndcg_core
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.what_if import best_change
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from ndcg_core.teaching.summary import stakeholder_summary

GRADES = list(BLUETOOTH_HEADPHONES.grades)
LABELS = list(BLUETOOTH_HEADPHONES.labels)


def test_seed000_summary_names_the_share_the_costs_and_the_best_move():
    text = stakeholder_summary(GRADES, LABELS, 5)
    numbers = ndcg_core.headline(GRADES, 5)
    table = ndcg_core.breakdown(GRADES, 5, labels=LABELS)
    gap = (table["ideal_contribution"] - table["contribution"])[table["in_cutoff"]]
    worst = int(gap.idxmax())  # rank 1: grade 0 where the ideal puts a grade 3
    swapped = [GRADES[6], *GRADES[1:6], GRADES[0]]  # Bose (rank 7, grade 3) and rank 1 (grade 0) swap
    after = ndcg_core.ndcg(swapped, 5)

    assert "NDCG@5" in text and "\n" not in text
    assert f"The top 5 captures {round(100 * numbers.ndcg)}% of the best possible value" in text
    assert f"DCG@5 {numbers.dcg:.2f} out of IDCG@5 {numbers.idcg:.2f}" in text
    assert f"at rank 1, where “{LABELS[worst]}” (grade 0) adds 0.00 against 7.00" in text
    assert (
        f"The single change that helps most: swapping “{LABELS[0]}” (rank 1) with “{LABELS[6]}” (rank 7) "
        f"raises NDCG@5 from {numbers.ndcg:.2f} to {after:.2f}." in text
    )
    assert f"{numbers.ndcg:.2f}" == "0.43" and f"{after:.2f}" == "0.91"


def test_the_ideal_order_has_no_improving_move():
    best = sorted(GRADES, reverse=True)
    assert best_change(Ranking.of(best, 5)) is None
    text = stakeholder_summary(best, LABELS, 5)
    assert (
        "No single swap or move raises NDCG@5: the top 5 is already in the ideal order (NDCG@5 = 1)." in text
    )
    assert "captures 100% of the best possible value" in text


def test_nothing_relevant_and_empty_lists_are_said_plainly():
    assert "IDCG@3 = 0" in stakeholder_summary([0, 0, 0], ["a", "b", "c"], 3)
    assert "empty" in stakeholder_summary([], [], 5)


def test_judged_pool_and_linear_gain_are_passed_through():
    pool = [*GRADES, 3, 3]
    text = stakeholder_summary(GRADES, LABELS, 5, gain="linear", ideal=pool)
    numbers = ndcg_core.headline(GRADES, 5, gain="linear", ideal=pool)
    assert f"NDCG@5 = {numbers.ndcg:.2f}" in text and "judged pool" in text and "worth rel" in text
