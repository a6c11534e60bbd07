"""Practice, issue 15 and issue 17: every slip tells itself apart, feedback names the likely slip.

* every classic slip of every numeric exercise gives a number more than 2 × TOLERANCE from the
  right one, over many seeds (before: 22 of 200 NDCG sets had the other-gain slip within it);
* "1" typed for NDCG of an all-zero list names the IDCG = 0 convention, not 2^rel;
* "did you round along the way?" only where rounding intermediate values reproduces the answer;
* the exercises' item names carry no grade from a scenario.
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from ndcg_core.practice.answer_check import check_answer
from ndcg_core.practice.exercises import FLAVOURS, exercise_set
from ndcg_core.practice.rounding import along_the_way
from ndcg_core.practice.slips import TOLERANCE, close, slips, value_of
from ndcg_core.practice.table_check import cell_key, check_table
from ndcg_core.teaching.scenarios import SCENARIOS

SEEDS = range(200)
NUMERIC = ("gain", "discount", "contribution", "dcg", "idcg", "ndcg")


def by_kind(seed: int, kind: str):
    return next(e for e in exercise_set(seed) if e.kind == kind)


def test_every_slip_of_every_numeric_exercise_gives_its_own_number():
    for seed in SEEDS:
        for e in exercise_set(seed):
            if not e.numeric:
                continue
            right = value_of(e.kind, e.grades, e.k, e.gain, e.rank)
            for slip in slips(e.kind, e.grades, e.k, e.gain, e.rank):
                assert abs(slip.value - right) > 2 * TOLERANCE, (seed, e.kind, slip)
                if seed < 60:  # typed as the slip gives it, rounded to two decimals: never accepted as right
                    assert check_answer(e, f"{slip.value:.2f}").status == "wrong", (seed, e.kind, slip)


def test_the_item_names_carry_no_grade_from_a_scenario():
    named_elsewhere = {label for scenario in SCENARIOS for label in scenario.labels}
    ours = {name for _, names in FLAVOURS for name in names}
    assert not ours & named_elsewhere
    for seed in range(40):
        for e in exercise_set(seed):
            assert set(e.labels) | set(e.labels_b) <= ours
            assert "Bose" not in " ".join(e.labels)


def _ndcg_exercise_on(grades, k, gain):
    """The NDCG exercise of set 1, on another list (its question and conventions stay)."""
    e = by_kind(1, "ndcg")
    return dataclasses.replace(
        e, grades=tuple(grades), k=k, gain=gain, answer=value_of("ndcg", grades, k, gain)
    )


@pytest.mark.parametrize("gain", ["exponential", "linear"])
def test_1_for_an_all_zero_list_names_the_idcg_0_convention_not_2_to_the_rel(gain):
    e = _ndcg_exercise_on([0, 0, 0, 0], 3, gain)
    assert e.answer == 0.0
    feedback = check_answer(e, "1")
    assert feedback.status == "wrong" and feedback.mistake == "empty_ideal_one"
    assert "IDCG = 0 gives 1" in feedback.message and "LightGBM" in feedback.message
    assert "already perfect" in feedback.message and "trec_eval" in feedback.message
    assert "2^rel" not in feedback.message


def test_1_for_an_all_zero_list_in_check_my_table():
    typed = {cell_key(c, r): "0" for r in (1, 2) for c in ("gain", "contribution")}
    typed |= {
        cell_key("discount", 1): "1",
        cell_key("discount", 2): "0.63",
        "dcg": "0",
        "idcg": "0",
        "ndcg": "1",
    }
    typed |= {
        cell_key(c, r): "0" for r in (1, 2) for c in ("ideal_grade", "ideal_gain", "ideal_contribution")
    }
    result = check_table([0, 0, 0], 2, "exponential", typed)
    assert result.first_wrong.key == "ndcg"
    assert "IDCG = 0 gives 1" in result.explanation and "2^rel" not in result.explanation


def test_0_9725_answered_as_1_is_not_put_down_to_rounding():
    # seed 004's chunks, linear gain: NDCG@5 = 6.149 / 6.3235 = 0.9724
    e = _ndcg_exercise_on([3, 2, 3, 0, 1], 5, "linear")
    assert round(e.answer, 4) == 0.9724
    assert not any(close(1.0, r.value) for r in along_the_way("ndcg", e.grades, 5, "linear"))
    feedback = check_answer(e, "1")
    assert "round" not in feedback.message
    assert feedback.mistake == "thought_ideal" and "ideal order" in feedback.message


def test_rounding_is_said_where_rounding_the_discounts_reproduces_the_answer():
    named = 0
    for seed in SEEDS:
        e = by_kind(seed, "dcg")
        discounts = [round(1 / math.log2(i + 1), 1) for i in range(1, e.k + 1)]
        gain = (lambda rel: 2**rel - 1) if e.gain == "exponential" else float
        typed = sum(gain(rel) * d for rel, d in zip(e.grades, discounts, strict=False))
        others = [s.value for s in slips("dcg", e.grades, e.k, e.gain)]
        if close(typed, e.answer, 2 * TOLERANCE) or any(close(typed, v, 2 * TOLERANCE) for v in others):
            continue
        feedback = check_answer(e, f"{typed:.2f}")
        assert feedback.mistake == "rounding", (seed, feedback)
        assert "discounts rounded to 1 decimal" in feedback.message
        named += 1
    assert named >= 10


def test_a_far_answer_is_not_put_down_to_rounding():
    e = by_kind(3, "dcg")
    feedback = check_answer(e, f"{e.answer + 0.02:.4f}")
    assert feedback.mistake != "rounding" and "round along the way" not in feedback.message
