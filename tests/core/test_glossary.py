"""The glossary's entries say what the core computes: each claim with a number is checked against it.

The entries are words a learner trusts; a definition that says "0.33 at rank 3" or "reordering inside
the top k leaves CG@k unchanged" must hold for the core's own functions, derived here by hand.
"""

from __future__ import annotations

import math
import re

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import dcg, ndcg
from ndcg_core.metric.discounts import discount_values
from ndcg_core.metric.gains import gain_values
from ndcg_core.metric.neighbours import average_precision, err, precision_at_k, recall_at_k, reciprocal_rank
from ndcg_core.metric.ties import trec_eval_order
from ndcg_core.teaching.glossary import GLOSSARY, anchor, definition, mentions

#: The terms issue 24 adds, as the pages link them.
ISSUE_24_TERMS = ("rel", "CG", "contribution", "position bias", "qrels", "run")
NEIGHBOURS = ("P@k", "R@k", "RR", "AP", "ERR", "p-value")


def test_issue_24s_terms_are_defined_with_distinct_anchors():
    for term in ISSUE_24_TERMS + NEIGHBOURS:
        assert definition(term)
    anchors = [anchor(term) for term in GLOSSARY]
    assert len(set(anchors)) == len(anchors)
    assert [anchor(t) for t in ("P@k", "R@k", "p-value", "CG")] == ["p-k", "r-k", "p-value", "cg"]


def test_rel_is_tied_to_the_grade_column_and_its_example_gain_is_right():
    text = definition("rel")
    assert "Grade column" in text
    assert "2^3 − 1 = 7" in text and gain_values(np.array([3.0]), "exponential")[0] == 2**3 - 1 == 7


def test_the_discount_and_rr_examples_are_the_cores():
    assert "0.63 at rank 2" in definition("discount") and f"{discount_values(np.array([2]))[0]:.2f}" == "0.63"
    assert round(1 / math.log2(3), 2) == 0.63  # by hand: 1/log2(2 + 1)
    shown = re.findall(r"([\d.]+) at rank (\d)", definition("RR"))
    assert shown == [("1", "1"), ("0.5", "2"), ("0.33", "3")]
    for value, rank in shown:
        grades = [0] * (int(rank) - 1) + [1, 0]
        assert f"{reciprocal_rank(grades):.2f}".rstrip("0").rstrip(".") == value


@given(st.lists(st.integers(0, 3), min_size=3, max_size=7), st.randoms())
def test_cg_is_unchanged_by_a_reorder_inside_the_top_k(grades, rnd):
    """CG@k = DCG@k with no discount (definition: the sum of the gains at ranks 1 to k)."""
    k = len(grades) - 1
    top = grades[:k]
    rnd.shuffle(top)
    cg = dcg(grades, k, discount="none")
    assert cg == sum(2**g - 1 for g in grades[:k])  # by hand
    assert math.isclose(dcg(top + grades[k:], k, discount="none"), cg)


def test_the_neighbours_entries_hold_for_the_core():
    # P@k divides by k even when fewer items are listed: 1 relevant of 1 listed, at k = 3.
    assert "even when fewer items are listed" in definition("P@k")
    assert precision_at_k([2], 3) == 1 / 3
    # R@k is 0 when nothing is relevant; R counts the judged pool, listed or not.
    assert "R = 0, R@k is 0" in definition("R@k")
    assert recall_at_k([0, 0], 2) == 0.0
    assert recall_at_k([1, 0], 2, pool=[1, 1, 0]) == 1 / 2
    # AP divides by every relevant judged item: a missed one lowers it.
    assert "found or not" in definition("AP")
    assert average_precision([1, 0], 2) == 1.0
    assert average_precision([1, 0], 2, pool=[1, 1, 0]) == 1 / 2  # (P@1 = 1) / R = 2
    # ERR: satisfaction (2^g − 1) / 2^g_max; 0 if the user is not satisfied by k.
    assert "(2^g − 1) / 2^g_max" in definition("ERR")
    assert err([0, 0, 3], 2) == 0.0
    assert math.isclose(err([3], 1, g_max=3), (2**3 - 1) / 2**3)  # 7/8 at rank 1: 1/1 · 7/8
    # RR ignores every item after the first relevant one.
    assert reciprocal_rank([0, 1, 3, 3]) == reciprocal_rank([0, 1, 0, 0]) == 1 / 2


def test_a_run_is_ordered_by_score_then_docno_descending_not_by_its_rank_column():
    assert "ties by docno, descending" in definition("run") and "not by the rank column" in definition("run")
    order = trec_eval_order([0.5, 0.9, 0.5], ["d1", "d2", "d3"])
    assert list(order) == [1, 2, 0]  # 0.9 first; of the tied 0.5s, d3 before d1


def test_ndcg_entry_bounds_hold():
    """NDCG@k runs from 0 (nothing relevant in the top k) to 1 (the top k in the ideal order)."""
    assert ndcg([0, 0, 3], 2) == 0.0 and ndcg([3, 2, 0], 2) == 1.0


def test_every_term_is_found_by_its_own_name_and_only_as_a_whole_word():
    for term in GLOSSARY:
        assert [(m.term, m.text) for m in mentions(f"see {term} here")] == [(term, term)], term
    found = [
        (m.term, m.text)
        for m in mentions("NDCG@5, IDCG, ERR@3, MRR, AP@k, IA-NDCG, intent-aware, rel_i, relevant")
    ]
    assert found == [
        ("NDCG@k", "NDCG@5"),
        ("IDCG@k", "IDCG"),
        ("ERR", "ERR@3"),
        ("AP", "AP@k"),
        ("IA-NDCG", "IA-NDCG"),
        ("rel", "rel_i"),
    ]
    assert [m.term for m in mentions("Gains and Discounts; the cutoff k = 5")] == [
        "gain",
        "discount",
        "k (cutoff)",
        "k (cutoff)",
    ]
