"""Practice's sentences built from numbers, over many generated exercises and tables: none contradicts its numbers.

* a worked answer's sums and quotients add up on the numbers it shows, or say why not (rounding);
  each rank's gain and discount written out are right; "Rounded to 2 decimals: x" is the answer;
* "That would be right for NDCG@j" (or with the other gain, or for the whole list) only where the
  learner's choice is indeed the answer there;
* Check my table: a learner who makes one slip and works on from it correctly sees the slip marked
  wrong and everything that follows from it right, or right given the earlier cell, never plain wrong;
  each note's arithmetic ("3 × 0.63 = 1.8900") holds on the numbers it shows.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from ndcg_core.metric.metrics import dcg, idcg
from ndcg_core.practice.answer_check import check_answer
from ndcg_core.practice.exercises import exercise_set
from ndcg_core.practice.moves import better_at, move_effect
from ndcg_core.practice.table_check import check_table
from ndcg_core.teaching.wording import share

SEEDS = range(150)
NUMBER = r"-?\d+(?:\.\d+)?"


def _reads(text: str, value: float, places: int = 4) -> bool:
    """``text`` is ``value`` rounded to its decimals (``places`` when it has as many)."""
    decimals = len(text.partition(".")[2])
    return abs(float(text) - value) <= 0.5 * 10**-decimals + 1e-12


# --- worked answers ---------------------------------------------------------------------------------


def _check_sum(total: str, value: float, contributions: list[str]) -> None:
    """``NAME@k = t1 + … + tk = T``: the terms are the rows', T is the value; the terms add up to T or it says so."""
    found = re.fullmatch(
        rf"\w+@\d+ = ((?:{NUMBER} \+ )*{NUMBER}) = ({NUMBER})(?: \(the exact sum; .* ({NUMBER})\))?", total
    )
    assert found, total
    terms, shown, said = found.group(1).split(" + "), found.group(2), found.group(3)
    assert terms == contributions, total
    assert _reads(shown, value), total
    added = f"{sum(float(t) for t in terms):.4f}"
    assert (added == shown) == (said is None), total
    if said is not None:
        assert said == added, total


def _check_working(exercise) -> None:
    for shown in exercise.working:
        for row in shown.ranks:
            if exercise.gain == "exponential":
                assert row.gain == f"2^{row.grade:g} − 1 = {2**row.grade - 1:g}", row
            else:
                assert row.gain == f"{row.grade:g}", row
            sign, value = re.fullmatch(rf"1/log2\({row.rank + 1}\) ([=≈]) ({NUMBER})", row.discount).groups()
            exact = 1 / math.log2(row.rank + 1)
            assert _reads(value, exact) and (sign == "=") == (float(value) == exact), row
        contributions = [row.contribution for row in shown.ranks]
        for row in shown.ranks:
            gain = 2**row.grade - 1 if exercise.gain == "exponential" else row.grade
            assert _reads(row.contribution, gain / math.log2(row.rank + 1)), row
        _check_sum(shown.total, shown.value, contributions)


@pytest.mark.parametrize("seed", SEEDS)
def test_worked_answers_add_up_on_the_numbers_they_show(seed):
    for exercise in exercise_set(seed):
        _check_working(exercise)
        if exercise.numeric and exercise.kind not in ("gain", "discount"):
            assert f"Rounded to 2 decimals: {float(exercise.answer):.2f}." in exercise.worked
        if exercise.kind in ("dcg", "idcg", "ndcg"):
            assert exercise.working and all(w.total in exercise.worked for w in exercise.working)
        if exercise.kind == "ndcg":
            top, bottom = (w.value for w in exercise.working)
            a, b, c = re.search(rf"= ({NUMBER}) / ({NUMBER}) = ({NUMBER})", exercise.worked).groups()
            assert _reads(a, top) and _reads(b, bottom) and c == share(float(exercise.answer), 4)
            divided = share(float(a) / float(b), 4)
            assert (divided == c) == ("the rounded ones give" not in exercise.worked), exercise.worked
        if exercise.kind == "contribution":
            gain, n, value = re.search(
                rf"= ({NUMBER}) × 1/log2\((\d+)\) = ({NUMBER})\.", exercise.worked
            ).groups()
            assert _reads(value, float(gain) / math.log2(int(n))) and int(n) == exercise.rank + 1
        if exercise.kind == "better":
            shown = re.search(
                rf"share IDCG@\d+ = ({NUMBER})\. DCG@\d+: A = ({NUMBER}), B = ({NUMBER})", exercise.worked
            )
            k, gain = exercise.k, exercise.gain
            assert _reads(shown.group(1), idcg(exercise.grades, k, gain=gain))
            assert _reads(shown.group(2), dcg(exercise.grades, k, gain=gain))
            assert _reads(shown.group(3), dcg(exercise.grades_b, k, gain=gain))
        if exercise.kind == "move":
            changed = re.search(rf"DCG@\d+ goes from ({NUMBER}) to ({NUMBER})", exercise.worked)
            before = dcg(exercise.grades, exercise.k, gain=exercise.gain)
            stays = exercise.worked.startswith(f"DCG@{exercise.k} stays at")
            assert (changed is None) == stays, exercise.worked
            if changed:
                assert changed.group(1) != changed.group(2) and _reads(changed.group(1), before)
                assert _reads(changed.group(2), exercise.working[1].value)


# --- the choices' slips -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_would_be_right_for_holds_where_it_is_said(seed):
    for exercise in exercise_set(seed):
        if exercise.kind not in ("better", "move"):
            continue
        for choice in exercise.choices:
            message = check_answer(exercise, choice).message
            assert "That holds" not in message
            at = re.search(r"would be right for NDCG@(\d+), but this exercise asks about NDCG@(\d+)", message)
            whole = "would be right for NDCG of the whole list" in message
            other = re.search(r"would be right with (\w+) gain", message)
            if not (at or whole or other):
                continue
            k = int(at.group(1)) if at else None if whole else exercise.k
            gain = other.group(1) if other else exercise.gain
            if at:
                assert int(at.group(2)) == exercise.k and abs(k - exercise.k) == 1
            if exercise.kind == "better":
                leads_to = better_at(exercise.grades, exercise.grades_b, k, gain)
            else:
                leads_to = move_effect(exercise.grades, k, gain, *exercise.move)
            assert leads_to == choice != exercise.answer, message


# --- Check my table -----------------------------------------------------------------------------------

#: Each slip, and the cells it makes wrong by itself (the rest follows from them).
SLIP_CELLS = {
    "none": set(),
    "other_gain": {"gain", "ideal_gain"},
    "no_minus_one": {"gain", "ideal_gain"},
    "log2_i": {"discount"},
    "top_k_ideal": {"ideal_grade"},
    "unsorted_ideal": {"ideal_grade"},
}
SLIPS = tuple(SLIP_CELLS)


def _learner(grades, k: int, gain: str, slip: str, precise: bool) -> dict[str, str]:
    """A learner who makes one slip, then works on from their own cells correctly, rounding to 2 decimals.

    ``precise``: the learner multiplies by the discount in full (a calculator's 0.6309…), not by the
    0.63 they typed.
    """

    def g(rel: float) -> float:
        rule = gain if slip != "other_gain" else {"exponential": "linear", "linear": "exponential"}[gain]
        if rule == "exponential":
            return 2**rel - (0 if slip == "no_minus_one" else 1)
        return rel

    def d(rank: int) -> float:
        return 1.0 if slip == "log2_i" and rank == 1 else 1 / math.log2(rank + (0 if slip == "log2_i" else 1))

    ideal = sorted(grades, reverse=True)[:k]
    if slip == "top_k_ideal":
        ideal = sorted(grades[:k], reverse=True)
    if slip == "unsorted_ideal":
        ideal = list(grades[:k])
    typed: dict[str, float] = {}
    for i in range(1, k + 1):
        typed[f"gain_{i}"] = round(g(grades[i - 1]), 2)
        typed[f"discount_{i}"] = round(d(i), 2)
        used = d(i) if precise else typed[f"discount_{i}"]
        typed[f"contribution_{i}"] = round(typed[f"gain_{i}"] * used, 2)
        typed[f"ideal_grade_{i}"] = ideal[i - 1]
        typed[f"ideal_gain_{i}"] = round(g(ideal[i - 1]), 2)
        typed[f"ideal_contribution_{i}"] = round(typed[f"ideal_gain_{i}"] * used, 2)
    typed["dcg"] = round(sum(typed[f"contribution_{i}"] for i in range(1, k + 1)), 2)
    typed["idcg"] = round(sum(typed[f"ideal_contribution_{i}"] for i in range(1, k + 1)), 2)
    typed["ndcg"] = round(typed["dcg"] / typed["idcg"], 2) if typed["idcg"] else 0.0
    return {key: f"{value:g}" for key, value in typed.items()}


def _check_note(note: str) -> None:
    """A note's arithmetic holds on the numbers it shows: exactly (to 4 decimals) with "=", nearly with "≈"."""
    expression, sign, result = re.fullmatch(rf".*?: (.+) ([=≈]) ({NUMBER})", note).groups()
    if expression.startswith("gain = rel"):
        return
    if expression.startswith("2^"):
        value = 2 ** float(re.match(rf"2\^({NUMBER})", expression).group(1)) - 1
    elif " × " in expression:
        a, b = expression.split(" × ")
        value = float(a) * float(b)
    elif " / " in expression:
        a, b = expression.split(" / ")
        value = float(a) / float(b)
    else:
        value = sum(float(term) for term in expression.split(" + "))
    assert abs(value - float(result)) <= (0.00005 + 1e-12 if sign == "=" else 0.001), note


def test_an_error_carried_forward_is_never_marked_plain_wrong():
    rng = np.random.default_rng(24)
    seen = {"carried": 0, "rounded": 0, "≈": 0}
    for _ in range(300):
        n = int(rng.integers(3, 8))
        grades = [float(x) for x in rng.integers(0, 4, size=n)]
        k = int(rng.integers(2, n + 1))
        gain = "exponential" if rng.random() < 0.5 else "linear"
        slip = SLIPS[int(rng.integers(len(SLIPS)))]
        result = check_table(grades, k, gain, _learner(grades, k, gain, slip, precise=rng.random() < 0.5))
        for cell in result.cells:
            if cell.note:
                _check_note(cell.note)
                seen["rounded" if cell.ok else "carried"] += 1
                seen["≈"] += " ≈ " in cell.note
        wrong = [cell for cell in result.cells if cell.wrong]
        for cell in wrong:  # only the slip's own cells are wrong: what follows from them is not
            assert cell.column in SLIP_CELLS[slip], (grades, k, gain, slip, cell, result.explanations)
        if slip == "none":
            assert not wrong and result.carried == 0
    assert seen["carried"] > 100 and seen["rounded"] > 50 and seen["≈"] > 5  # every kind of note was checked
