"""Check a learner's answer to an exercise, and say what went wrong.

A numeric answer is right within :data:`~ndcg_core.practice.slips.TOLERANCE` (±0.005: the exact value
rounded to two decimals always passes). A wrong one is compared with the value of every classic
slip (:func:`ndcg_core.practice.slips.slips`); a match is named ("That uses linear gain …"). Failing
that, it is put down to rounding along the way only when rounding intermediate values reproduces it
(:func:`ndcg_core.practice.rounding.along_the_way` states the rule); otherwise the feedback names the
step to recheck. A choice ("A", "B", "tie"; "raises", …) is checked the same
way against the choice each slip would lead to. A reorder is right when it reaches the target with
the fewest moves. Nothing typed is ever evaluated: numbers go through ``float()`` only.

>>> from ndcg_core.practice.exercises import exercise_set
>>> exercise = exercise_set(1)[3]    # DCG@k
>>> check_answer(exercise, f"{exercise.answer:.2f}").status
'right'
>>> check_answer(exercise, "x").status
'unreadable'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ndcg_core.metric.gains import gain_formula
from ndcg_core.metric.metrics import ndcg
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.practice.exercises import Exercise
from ndcg_core.practice.moves import better_at, fewest_moves, move_effect
from ndcg_core.practice.rounding import along_the_way
from ndcg_core.practice.slips import (
    DECIMALS,
    OTHER_GAIN,
    TOLERANCE,
    close,
    diagnose,
    parse_number,
    slip_text,
    slips,
)
from ndcg_core.teaching.wording import number, pair, share

Status = Literal["right", "wrong", "unreadable"]


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: ``message`` says what was right or wrong, ``mistake`` names a slip."""

    status: Status
    message: str
    mistakes: tuple[str, ...] = ()

    @property
    def mistake(self) -> str | None:
        """The slip the answer matches best (the nearest), if any."""
        return self.mistakes[0] if self.mistakes else None

    @property
    def counts(self) -> bool:
        """An answer that could be read counts toward the score; unreadable text does not."""
        return self.status != "unreadable"


def check_answer(exercise: Exercise, text: object) -> Feedback:
    """Check what the learner typed (or chose) for ``exercise``."""
    try:
        if exercise.numeric:
            return _check_number(exercise, parse_number(text))
        if exercise.kind == "reorder":
            return _check_order(exercise, parse_order(text, len(exercise.grades)))
    except NDCGInputError as error:
        return Feedback("unreadable", str(error))
    return _check_choice(exercise, str(text).strip())


def _exact(exercise: Exercise, value: float) -> str:
    """The exact value to 4 decimals; NDCG, a share, is never written as 1 or 0 unless it is."""
    return share(value, 4) if exercise.kind == "ndcg" else number(value, 4)


def _check_number(exercise: Exercise, typed: float) -> Feedback:
    right = float(exercise.answer)
    if close(typed, right):
        return Feedback(
            "right",
            f"Right: {typed:g} (exactly {_exact(exercise, right)}; accepted within ±{TOLERANCE} of the exact value).",
        )
    found = diagnose(
        typed, right, slips(exercise.kind, exercise.grades, exercise.k, exercise.gain, exercise.rank)
    )
    if found:
        keys = tuple(dict.fromkeys(slip.key for slip in found))
        return Feedback("wrong", f"Not right: {typed:g}. {slip_text(found)} Recheck {exercise.step}.", keys)
    rounded = [
        r
        for r in along_the_way(exercise.kind, exercise.grades, exercise.k, exercise.gain, exercise.rank)
        if close(typed, r.value)
    ]
    if rounded:
        nearest = min(rounded, key=lambda r: abs(r.value - typed))
        exact, reached = pair(right, nearest.value, 4, shares=exercise.kind == "ndcg")
        return Feedback(
            "wrong",
            f"Close, but {typed:g} is more than ±{TOLERANCE} from the exact value {exact}: it is what "
            f"{nearest.how} gives ({reached}). Keep four decimals until the end, then round to {DECIMALS}.",
            ("rounding",),
        )
    return Feedback("wrong", f"Not right: {typed:g}. Recheck {exercise.step}. Hint: {exercise.hint}")


def parse_order(text: object, n: int) -> list[int]:
    """A new order typed as current rank numbers, e.g. ``"3, 1, 2, 4"``: each of 1…n exactly once.

    >>> parse_order(" 3,1 2;4 ", 4)
    [3, 1, 2, 4]
    """
    pieces = [piece for piece in re.split(r"[\s,;]+", str(text).strip()) if piece]
    example = ", ".join(str(r) for r in range(n, 0, -1))
    if len(pieces) != n or not all(
        piece.isascii() and piece.isdigit() and len(piece) <= 3 for piece in pieces
    ):
        raise NDCGInputError(
            f"Type the new order as the {n} current rank numbers, each once, separated by commas, e.g. {example}."
        )
    order = [int(piece) for piece in pieces]
    if sorted(order) != list(range(1, n + 1)):
        raise NDCGInputError(f"Use each rank number from 1 to {n} exactly once, e.g. {example}.")
    return order


def _check_order(exercise: Exercise, order: list[int]) -> Feedback:
    k, target, fewest = exercise.k, float(exercise.target or 0), int(exercise.answer)
    value = ndcg([exercise.grades[p - 1] for p in order], k, gain=exercise.gain)
    moves = fewest_moves(order)
    reached = value >= target - 1e-12
    shown, goal = pair(value, target, DECIMALS)
    shown = share(value, 4) if shown == goal else shown  # equal to the target: 4 decimals, as it is
    if reached and moves == fewest:
        return Feedback("right", f"Right: NDCG@{k} = {shown} ≥ {goal} in {_moves(moves)}, the fewest.")
    if not reached:
        return Feedback(
            "wrong",
            f"Your order gives NDCG@{k} = {shown}, below the target {goal}. "
            f"Recheck {exercise.step}. Hint: {exercise.hint}",
            ("below_target",),
        )
    return Feedback(
        "wrong",
        f"Your order reaches NDCG@{k} = {shown} ≥ {goal}, but takes {_moves(moves)}; "
        "fewer will do. A move takes one item out and puts it back elsewhere: the others keep their order.",
        ("too_many_moves",),
    )


def _moves(count: int) -> str:
    return f"{count} move" + ("" if count == 1 else "s")


def _check_choice(exercise: Exercise, choice: str) -> Feedback:
    if choice not in exercise.choices:
        return Feedback("unreadable", "Choose one of: " + ", ".join(exercise.choices) + ".")
    if choice == exercise.answer:
        return Feedback("right", f"Right: {exercise.worked}")
    for key, leads_to, says in choice_slips(exercise):
        if choice == leads_to:
            return Feedback("wrong", f"Not right. {says} Recheck {exercise.step}.", (key,))
    if exercise.kind == "move" and exercise.answer == "leaves unchanged":
        return Feedback("wrong", f"Not right. {_why_unchanged(exercise)}", ("unchanged",))
    return Feedback("wrong", f"Not right. Recheck {exercise.step}. Hint: {exercise.hint}")


def choice_slips(exercise: Exercise) -> list[tuple[str, str, str]]:
    """(slip, the choice it leads to, what it says), for the slips that change the choice."""
    k, gain, other = exercise.k, exercise.gain, OTHER_GAIN[exercise.gain]
    asked = f"this exercise asks about NDCG@{k}"
    settings = [
        (
            "wrong_k",
            None,
            gain,
            "log2",
            f"That would be right for NDCG of the whole list, but only ranks 1 to {k} count here.",
        ),
        (
            "wrong_k",
            k - 1,
            gain,
            "log2",
            f"That would be right for NDCG@{k - 1}, but {asked}: rank {k} counts too.",
        ),
        (
            "wrong_k",
            k + 1,
            gain,
            "log2",
            f"That would be right for NDCG@{k + 1}, but {asked}: rank {k + 1} does not count.",
        ),
        (
            f"{other}_gain",
            k,
            other,
            "log2",
            f"That would be right with {other} gain ({gain_formula(other)}), but this exercise uses {gain} gain "
            f"({gain_formula(gain)}).",
        ),
        (
            "no_discount",
            k,
            gain,
            "none",
            f"That would be right if the gains of the top {k} were added without their discount, but each "
            "gain is multiplied by its discount 1/log2(i + 1).",
        ),
    ]
    found = []
    for key, at, rule, discount, says in settings:
        if at is not None and at < 1:
            continue
        if exercise.kind == "better":
            leads_to = better_at(exercise.grades, exercise.grades_b, at, rule, discount)
        elif discount == "none":
            continue  # without a discount a move inside the top k changes nothing: no classic slip
        else:
            start, end = exercise.move or (1, 1)
            leads_to = move_effect(exercise.grades, at, rule, start, end)
        found.append((key, leads_to, says))
    return found


def _why_unchanged(exercise: Exercise) -> str:
    """Why a move leaves NDCG@k as it is: it happens below k, or it only swaps equal grades."""
    start, end = exercise.move or (1, 1)
    if min(start, end) > exercise.k:
        return f"Ranks {start} and {end} both lie below k = {exercise.k}, so NDCG@{exercise.k} does not see the move."
    return (
        f"Every rank from 1 to {exercise.k} keeps a grade equal to the one it had, so DCG@{exercise.k} stays."
    )
