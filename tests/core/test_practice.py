"""Practice core: exercises from a seed, the answer checker, its diagnosis of each classic slip.

Every wrong value below is derived from its definition (a sum over ranks with math.log2, or the
core under another convention), never typed in.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import dcg, idcg, ndcg
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.practice.answer_check import check_answer, parse_order
from ndcg_core.practice.exercises import KINDS, MAX_SEED, Exercise, exercise_set
from ndcg_core.practice.moves import fewest_moves, fewest_moves_to, moved
from ndcg_core.practice.slips import TOLERANCE, parse_number

REPO = Path(__file__).resolve().parents[2]

SEEDS = range(0, 30)


def by_kind(seed: int, kind: str) -> Exercise:
    return next(e for e in exercise_set(seed) if e.kind == kind)


def exp_gain(rel: float) -> float:
    return 2**rel - 1


def dcg_by_hand(grades, k, gain, discount=lambda i: 1 / math.log2(i + 1)) -> float:
    """Σ_{i=1..k} gain(rel_i) · discount(i), written out from the definition."""
    return sum(gain(rel) * discount(i) for i, rel in enumerate(grades[:k], start=1))


def log2_i(i: int) -> float:
    """The slip 1/log2(i), with rank 1 kept whole (log2(1) = 0 would divide by zero)."""
    return 1.0 if i == 1 else 1 / math.log2(i)


# --- generation ---------------------------------------------------------------------------


def test_same_seed_same_set_and_different_seeds_differ():
    """A class shares a seed across sessions, processes and replicas: the set is drawn again in a
    fresh interpreter (no cache there) and must equal this one. (``exercise_set(42) ==
    exercise_set(42)`` compared a cached object with itself: issue 28.)"""
    code = "from ndcg_core.practice.exercises import exercise_set; print(repr(exercise_set(42)))"
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert fresh.stdout.strip() == repr(exercise_set(42))
    assert "Exercise(" in fresh.stdout  # the repr holds the exercises themselves
    sets = {exercise_set(seed) for seed in SEEDS}
    assert len(sets) == len(SEEDS)


def test_one_exercise_of_each_kind_numbered_from_1():
    exercises = exercise_set(3)
    assert [e.kind for e in exercises] == list(KINDS)
    assert [e.number for e in exercises] == list(range(1, len(KINDS) + 1))


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 1.5, "7", True])
def test_a_bad_seed_is_refused(seed):
    with pytest.raises(NDCGInputError):
        exercise_set(seed)


@given(st.integers(0, MAX_SEED))
def test_any_seed_gives_well_formed_exercises_whose_own_answer_is_accepted(seed):
    for exercise in exercise_set(seed):
        assert 1 <= exercise.k <= len(exercise.grades)
        assert f"k = {exercise.k}" in exercise.conventions and exercise.gain in exercise.conventions
        assert exercise.hint and exercise.worked and exercise.question
        if exercise.numeric:
            answer = f"{exercise.answer:.2f}"
        elif exercise.kind == "reorder":
            answer = ", ".join(map(str, exercise.solution))
            assert fewest_moves(exercise.solution) == exercise.answer
            assert (
                fewest_moves_to(exercise.grades, exercise.k, exercise.gain, exercise.target)
                == exercise.answer
            )
        else:
            assert exercise.answer in exercise.choices
            answer = exercise.answer
        assert check_answer(exercise, answer).status == "right", exercise


def test_numeric_answers_are_the_cores_values():
    for seed in SEEDS:
        e = by_kind(seed, "ndcg")
        assert e.answer == ndcg(e.grades, e.k, gain=e.gain)
        e = by_kind(seed, "idcg")
        assert e.answer == pytest.approx(dcg_by_hand(sorted(e.grades, reverse=True), e.k, _gain(e.gain)))
        e = by_kind(seed, "discount")
        assert e.answer == pytest.approx(1 / math.log2(e.rank + 1))


def _gain(name: str):
    return exp_gain if name == "exponential" else float


# --- tolerance ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["gain", "discount", "contribution", "dcg", "idcg", "ndcg"])
def test_accepted_within_the_tolerance_and_refused_outside(kind):
    e = by_kind(5, kind)
    right = float(e.answer)
    for inside in (right, right + TOLERANCE * 0.99, right - TOLERANCE * 0.99, round(right, 2)):
        assert check_answer(e, repr(inside)).status == "right"
    for outside in (right + 2.2 * TOLERANCE, right - 2.2 * TOLERANCE, right + 1):
        assert check_answer(e, repr(outside)).status == "wrong"


def test_decimal_comma_and_spaces_are_read_text_is_refused_not_evaluated():
    e = by_kind(5, "ndcg")
    text = f"{float(e.answer):.2f}"
    assert check_answer(e, f"  {text.replace('.', ',')} ").status == "right"
    assert check_answer(e, text.lstrip("0")).status == "right"  # ".43"
    for bad in ("", "abc", "1/3", "__import__('os')", "nan", "inf", "1,2.3", "２"):
        feedback = check_answer(e, bad)
        assert feedback.status == "unreadable" and not feedback.counts
    with pytest.raises(NDCGInputError, match="not a number"):
        parse_number("2**3")


# --- diagnosis of the classic slips ------------------------------------------------------


def _seed_where(kind: str, gain: str) -> Exercise:
    return next(e for seed in range(200) if (e := by_kind(seed, kind)).gain == gain)


@pytest.mark.parametrize(("gain", "slip"), [("exponential", "linear_gain"), ("linear", "exponential_gain")])
@pytest.mark.parametrize("kind", ["dcg", "idcg", "gain", "contribution"])
def test_the_other_gain_is_named(kind, gain, slip):
    e = _seed_where(kind, gain)
    other = float if gain == "exponential" else exp_gain
    if kind == "gain":
        wrong = other(e.grades[e.rank - 1])
    elif kind == "contribution":
        wrong = other(e.grades[e.rank - 1]) / math.log2(e.rank + 1)
    else:
        order = list(e.grades) if kind == "dcg" else sorted(e.grades, reverse=True)
        wrong = dcg_by_hand(order, e.k, other)
    feedback = check_answer(e, f"{wrong:.2f}")
    assert (feedback.status, feedback.mistake) == ("wrong", slip)
    assert "gain" in feedback.message


@pytest.mark.parametrize("kind", ["discount", "contribution", "dcg", "idcg", "ndcg"])
def test_log2_i_instead_of_log2_i_plus_1_is_named(kind):
    for seed in SEEDS:
        e = by_kind(seed, kind)
        gain = _gain(e.gain)
        if kind == "discount":
            wrong = 1 / math.log2(e.rank)
        elif kind == "contribution":
            wrong = gain(e.grades[e.rank - 1]) / math.log2(e.rank)
        else:
            ideal = sorted(e.grades, reverse=True)
            top = dcg_by_hand(e.grades, e.k, gain, log2_i)
            bottom = dcg_by_hand(ideal, e.k, gain, log2_i)
            wrong = {"dcg": top, "idcg": bottom, "ndcg": top / bottom if bottom else 0}[kind]
        right = float(e.answer)
        if abs(wrong - right) <= 2 * TOLERANCE:
            continue  # this list cannot tell the two apart
        feedback = check_answer(e, f"{wrong:.4f}")
        assert feedback.mistake == "log2_i", (seed, feedback)
        assert "log2(i)" in feedback.message or f"log2({e.rank})" in feedback.message
        return
    pytest.fail("no seed tells log2(i) apart")


@pytest.mark.parametrize("kind", ["idcg", "ndcg"])
def test_the_ideal_from_the_top_k_only_is_named(kind):
    e = by_kind(11, kind)
    gain = _gain(e.gain)
    truncated_ideal = sorted(e.grades[: e.k], reverse=True)
    bottom = dcg_by_hand(truncated_ideal, e.k, gain)
    wrong = bottom if kind == "idcg" else dcg_by_hand(e.grades, e.k, gain) / bottom
    assert abs(wrong - e.answer) > 2 * TOLERANCE  # the generator picks lists where it shows
    feedback = check_answer(e, f"{wrong:.3f}")
    assert (feedback.status, feedback.mistake) == ("wrong", "top_k_ideal")
    assert f"first {e.k} items" in feedback.message


@pytest.mark.parametrize("kind", ["dcg", "idcg", "ndcg"])
def test_the_wrong_k_is_named(kind):
    e = by_kind(4, kind)
    measure = {"dcg": dcg, "idcg": idcg, "ndcg": ndcg}[kind]
    seen = 0
    for wrong_k in (e.k - 1, e.k + 1, None):
        wrong = measure(e.grades, wrong_k, gain=e.gain)
        if abs(wrong - e.answer) <= 2 * TOLERANCE:
            continue
        feedback = check_answer(e, f"{wrong:.3f}")
        assert "wrong_k" in feedback.mistakes, (wrong_k, feedback)
        seen += 1
    assert seen >= 1


@pytest.mark.parametrize("seed", range(6))
def test_the_wrong_k_by_hand_on_a_dcg_exercise(seed):
    e = by_kind(seed, "dcg")
    named = 0
    for wrong_k in (e.k - 1, e.k + 1, len(e.grades)):
        wrong = dcg_by_hand(e.grades, wrong_k, _gain(e.gain))
        if abs(wrong - e.answer) > 2 * TOLERANCE:
            feedback = check_answer(e, f"{wrong:.2f}")
            assert "wrong_k" in feedback.mistakes
            named += 1
    assert named >= 1  # the generator picks lists where a wrong k shows


def test_a_wrong_number_that_matches_no_slip_names_the_step_and_gives_the_hint():
    e = by_kind(2, "ndcg")
    feedback = check_answer(e, "1.7")
    assert feedback.status == "wrong" and feedback.mistake is None
    assert "Recheck NDCG@k" in feedback.message and e.hint in feedback.message


def test_better_move_and_reorder():
    e = by_kind(0, "better")
    wrong = next(choice for choice in e.choices if choice != e.answer)
    assert check_answer(e, wrong).status == "wrong"
    assert check_answer(e, "C").status == "unreadable"
    m = by_kind(0, "move")
    after = ndcg(moved(m.grades, *m.move), m.k, gain=m.gain)
    before = ndcg(m.grades, m.k, gain=m.gain)
    assert m.answer == (
        "raises" if after > before + 1e-9 else "lowers" if after < before - 1e-9 else "leaves unchanged"
    )
    r = by_kind(0, "reorder")
    n = len(r.grades)
    assert check_answer(r, ", ".join(map(str, range(1, n + 1)))).mistake == "below_target"
    assert check_answer(r, "1, 1").status == "unreadable"


def test_fewest_moves_is_n_minus_the_longest_increasing_subsequence():
    assert fewest_moves([1, 2, 3, 4]) == 0
    assert fewest_moves([2, 3, 4, 1]) == 1  # the last item moved to the top
    assert fewest_moves([4, 3, 2, 1]) == 3
    assert parse_order("4 3,2;1", 4) == [4, 3, 2, 1]
