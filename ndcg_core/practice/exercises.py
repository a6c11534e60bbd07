"""Exercises generated from a seed, so that a whole class gets the same set.

``exercise_set(seed)`` draws every list, cutoff, gain and question from
``numpy.random.default_rng(seed)``, one exercise of each kind in :data:`KINDS`: the gain, the
discount and the contribution at a rank; DCG@k; IDCG@k; NDCG@k; which of two orders is better at k;
a reorder that reaches a target NDCG@k with the fewest moves; whether a move raises or lowers NDCG@k.
The same seed always gives the same set. Item names come from made-up lists of their own
(:data:`FLAVOURS`), never from a seed's scenario, where the same name has a grade of its own; the
grades are random (0–3). Every numeric exercise is drawn again until each classic slip
(:func:`ndcg_core.practice.slips.slips`) gives a number more than 2 × TOLERANCE from the right
one, so that no slip, rounded to two decimals, passes as right.

Every right answer comes from the core (:mod:`ndcg_core.practice.slips` for the numbers,
:mod:`ndcg_core.metric.metrics` for NDCG before and after a move). Conventions, stated with every question: rank i from 1,
discount 1/log2(i + 1), the ideal from the listed items (every listed grade, sorted, cut at k).

>>> first = exercise_set(1)
>>> [e.kind for e in first] == list(KINDS)
True
>>> exercise_set(1) == first, exercise_set(2) == first
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

import numpy as np

from ndcg_core.metric.discounts import discount_values
from ndcg_core.metric.gains import Gain, gain_formula, gain_values
from ndcg_core.metric.metrics import dcg, idcg, ndcg
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.practice.moves import (
    better_at,
    fewest_moves_to,
    move_effect,
    moved,
    orders_and_moves,
    reorder_target,
)
from ndcg_core.practice.slips import DECIMALS, OTHER_GAIN, TOLERANCE, Quantity, close, slips, value_of
from ndcg_core.practice.worked import Working, discount_text, quotient_text, working
from ndcg_core.teaching.wording import number, pair, same, share

Kind = Literal["gain", "discount", "contribution", "dcg", "idcg", "ndcg", "better", "reorder", "move"]
KINDS: tuple[Kind, ...] = (
    "gain",
    "discount",
    "contribution",
    "dcg",
    "idcg",
    "ndcg",
    "better",
    "reorder",
    "move",
)
MAX_SEED = 999_999
#: Draws tried per exercise to find a list on which each classic slip gives its own number.
ATTEMPTS = 400

#: Made-up item names (no scenario uses them, so none carries a grade from elsewhere).
FLAVOURS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("made-up web pages (the names carry no grade)", tuple(f"page {letter}" for letter in "PQRSTUV")),
    (
        "made-up products (the names carry no grade)",
        ("Amber Mug", "Birch Tray", "Cedar Box", "Denim Bag", "Ebony Pen", "Flax Towel", "Garnet Vase"),
    ),
    ("made-up passages (the names carry no grade)", tuple(f"passage {n}" for n in range(1, 8))),
)
MOVE_EFFECTS = ("raises", "lowers", "leaves unchanged")
BETTER_CHOICES = ("A", "B", "tie")


@dataclass(frozen=True)
class Exercise:
    """One question, its list and conventions, and its answer.

    ``answer`` is a number for the numeric kinds, one of ``choices`` for "better" and "move", and
    the fewest moves for "reorder" (whose ``solution`` is one order that reaches ``target`` with them).
    ``grades_b`` is list B of "better"; ``move`` is (from rank, to rank) of "move". ``worked`` is the
    answer worked out in words and numbers; ``working`` the lists behind it, rank by rank
    (:mod:`ndcg_core.practice.worked`).
    """

    number: int
    kind: Kind
    title: str
    question: str
    conventions: str
    source: str
    labels: tuple[str, ...]
    grades: tuple[float, ...]
    k: int
    gain: Gain
    answer: float | str
    hint: str
    step: str
    worked: str
    rank: int | None = None
    choices: tuple[str, ...] = ()
    labels_b: tuple[str, ...] = ()
    grades_b: tuple[float, ...] = ()
    move: tuple[int, int] | None = None
    target: float | None = None
    solution: tuple[int, ...] = field(default=())
    working: tuple[Working, ...] = ()

    @property
    def numeric(self) -> bool:
        """True when the answer is a number typed to :data:`DECIMALS` decimals."""
        return self.kind in ("gain", "discount", "contribution", "dcg", "idcg", "ndcg")


def check_seed(seed: object) -> int:
    """The seed as an int from 0 to :data:`MAX_SEED`, or :class:`NDCGInputError`."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or not 0 <= int(seed) <= MAX_SEED:
        raise NDCGInputError(f"The seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}.")
    return int(seed)


def exercise_set(seed: int) -> tuple[Exercise, ...]:
    """One exercise of each kind in :data:`KINDS`, all drawn from ``default_rng(seed)``."""
    return _exercise_set(check_seed(seed))


@lru_cache(maxsize=64)
def _exercise_set(seed: int) -> tuple[Exercise, ...]:
    """The set for a checked seed, made once: drawing it costs 20–60 ms (brute force over orders).

    Keyed on the seed alone, and every exercise is frozen, so sessions can share what it holds.
    """
    rng = np.random.default_rng(seed)
    return tuple(_MAKERS[kind](rng, number) for number, kind in enumerate(KINDS, start=1))


def conventions(gain: Gain, k: int) -> str:
    """The conventions in force, in one line, shown next to every question."""
    return (
        f"Gain {gain} ({gain_formula(gain)}); discount 1/log2(i + 1), rank i from 1; k = {k}; "
        "the ideal from the listed items (every listed grade, sorted, cut at k); "
        "NDCG = 0 when IDCG = 0 (trec_eval)."
    )


def _draw(
    rng: np.random.Generator, low: int, high: int
) -> tuple[str, tuple[str, ...], tuple[float, ...], Gain]:
    """A list of low…high items: names from a seed's list (shuffled), random grades 0–3, a gain."""
    source, names = FLAVOURS[int(rng.integers(len(FLAVOURS)))]
    n = int(rng.integers(low, high + 1))
    labels = tuple(str(names[i]) for i in rng.permutation(len(names))[:n])
    grades = tuple(float(g) for g in rng.integers(0, 4, size=n))
    gain: Gain = "exponential" if rng.random() < 0.5 else "linear"
    return source, labels, grades, gain


def _distinct(quantity: Quantity, grades, k: int, gain: Gain, rank: int | None, required: set[str]) -> bool:
    """True when every slip gives a number more than 2 × TOLERANCE from the right one, the required among them.

    A slip within 2 × TOLERANCE could, rounded to two decimals, be accepted as right.
    """
    right = value_of(quantity, grades, k, gain, rank)
    found = slips(quantity, grades, k, gain, rank)
    if any(close(slip.value, right, 2 * TOLERANCE) for slip in found):
        return False
    return required <= {slip.key for slip in found}


_REQUIRED: dict[Quantity, set[str]] = {
    "gain": set(),
    "discount": {"log2_i"},
    "contribution": {"log2_i"},
    "dcg": {"log2_i", "wrong_k"},
    "idcg": {"log2_i", "top_k_ideal", "wrong_k"},
    "ndcg": {"top_k_ideal", "wrong_k", "log2_i"},
}


def _numeric(rng: np.random.Generator, number: int, quantity: Quantity) -> Exercise:
    """A numeric exercise on a list where the classic slips are told apart."""
    for _ in range(ATTEMPTS):
        source, labels, grades, gain = _draw(rng, 4, 7)
        k = int(rng.integers(2, len(grades)))
        rank = (
            int(rng.integers(2, len(grades) + 1))
            if quantity in ("gain", "discount", "contribution")
            else None
        )
        required = set(_REQUIRED[quantity])
        if quantity in ("gain", "contribution"):
            required.add(f"{OTHER_GAIN[gain]}_gain")
        if rank is not None and quantity != "discount" and grades[rank - 1] < 2:
            continue  # grade 0 or 1: the same gain under either rule
        if _distinct(quantity, grades, k, gain, rank, required):
            break
    else:  # pragma: no cover - tests/core/test_exercise_slips.py checks that many seeds never get here
        raise RuntimeError(f"No {quantity} exercise with distinct slips in {ATTEMPTS} draws.")
    return _numeric_exercise(number, quantity, source, labels, grades, k, gain, rank)


_TITLES = {
    "gain": "Gain at a rank",
    "discount": "Discount at a rank",
    "contribution": "Contribution at a rank",
    "dcg": "DCG@k",
    "idcg": "IDCG@k",
    "ndcg": "NDCG@k",
}


def _numeric_exercise(number, quantity, source, labels, grades, k, gain, rank) -> Exercise:
    right = value_of(quantity, grades, k, gain, rank)
    at = f"at rank {rank}" if rank else f"@{k}"
    what = {"gain": "gain", "discount": "discount", "contribution": "contribution (gain × discount)"}
    question = (
        f"What is the {what[quantity]} {at}?" if rank else f"What is {quantity.upper()}{at} of this list?"
    )
    return Exercise(
        number=number,
        kind=quantity,
        title=_TITLES[quantity],
        question=f"{question} Give it to {DECIMALS} decimals.",
        conventions=conventions(gain, k),
        source=source,
        labels=labels,
        grades=grades,
        k=k,
        gain=gain,
        answer=right,
        hint=_hint(quantity, gain, k, rank),
        step=_STEPS[quantity],
        worked=_worked(quantity, grades, k, gain, rank, right),
        rank=rank,
        working=_working(quantity, grades, k, gain),
    )


_STEPS = {
    "gain": "the gain (from the grade)",
    "discount": "the discount (from the rank)",
    "contribution": "the contribution (gain × discount)",
    "dcg": "DCG@k (the sum of the contributions of ranks 1 to k)",
    "idcg": "IDCG@k (DCG@k of the ideal order)",
    "ndcg": "NDCG@k (DCG@k / IDCG@k)",
}


def _hint(quantity: Quantity, gain: Gain, k: int, rank: int | None) -> str:
    formula = gain_formula(gain)
    return {
        "gain": f"The gain depends on the grade only: {formula}, with rel the grade at rank {rank}.",
        "discount": f"The discount at rank i is 1/log2(i + 1): at rank {rank}, 1/log2({(rank or 0) + 1}).",
        "contribution": f"Contribution = gain × discount at the same rank: ({formula}) × 1/log2({(rank or 0) + 1}).",
        "dcg": f"Add gain × 1/log2(i + 1) for ranks 1 to {k}, and no further. Gain = {formula}.",
        "idcg": f"Sort every listed grade from best to worst (not only the first {k}), then take DCG@{k} of that order.",
        "ndcg": f"NDCG@{k} = DCG@{k} / IDCG@{k}; the ideal sorts every listed grade, then cuts at {k}.",
    }[quantity]


def _ideal_caption(k: int) -> str:
    return f"The ideal order: every listed grade sorted from best to worst, cut at k = {k}"


def _working(quantity: Quantity, grades, k: int, gain: Gain) -> tuple[Working, ...]:
    """The lists behind a total, rank by rank: the list for DCG@k, the ideal for IDCG@k, both for NDCG@k."""
    ideal = sorted(grades, reverse=True)
    return {
        "dcg": (working("The list, rank by rank", grades, k, gain, "DCG"),),
        "idcg": (working(_ideal_caption(k), ideal, k, gain, "IDCG"),),
        "ndcg": (
            working("The list, rank by rank", grades, k, gain, "DCG"),
            working(_ideal_caption(k), ideal, k, gain, "IDCG"),
        ),
    }.get(quantity, ())


def _rounded(right: float) -> str:
    return f"Rounded to {DECIMALS} decimals: {right:.{DECIMALS}f}."


def _worked(quantity: Quantity, grades, k: int, gain: Gain, rank: int | None, right: float) -> str:
    """The answer worked out with every intermediate value filled in."""
    g = np.asarray(grades, dtype=float)
    if rank is not None:
        rel = g[rank - 1]
        gain_i = float(gain_values(g[rank - 1 : rank], gain)[0])
        d = float(discount_values(np.array([rank]))[0])
        return {
            "gain": f"Grade {rel:g} at rank {rank}: gain = {_filled(gain, rel, gain_i)}.",
            "discount": f"1/log2({rank} + 1) = 1/{np.log2(rank + 1):.4f} = {d:.4f} ≈ {right:.2f}.",
            "contribution": (
                f"Grade {rel:g} at rank {rank}: gain = {_filled(gain, rel, gain_i)}; discount = "
                f"{discount_text(rank)}; contribution = gain × discount = {gain_i:g} × 1/log2({rank + 1}) = "
                f"{right:.4f}. {_rounded(right)}"
            ),
        }[quantity]
    if quantity == "dcg":
        return f"Add the contributions of ranks 1 to {k}: {_working(quantity, grades, k, gain)[0].total}. {_rounded(right)}"
    if quantity == "idcg":
        ideal = _working(quantity, grades, k, gain)[0]
        return (
            f"Sort every listed grade from best to worst ({_grades(sorted(g, reverse=True))}), cut at {k}, and add "
            f"the contributions: {ideal.total}. {_rounded(right)}"
        )
    top, bottom = _working(quantity, grades, k, gain)
    return (
        f"The list: {top.total}. The ideal order ({_grades(sorted(g, reverse=True)[:k])}): {bottom.total}. "
        f"{quotient_text(k, top.value, bottom.value, right)} {_rounded(right)}"
    )


def _filled(gain: Gain, rel: float, value: float) -> str:
    """The gain formula with the grade filled in: ``2^3 − 1 = 7`` or ``rel = 3``."""
    return f"2^{rel:g} − 1 = {value:g}" if gain == "exponential" else f"rel = {rel:g}"


def _grades(grades) -> str:
    return ", ".join(f"{g:g}" for g in grades)


def _better(rng: np.random.Generator, number: int) -> Exercise:
    """Two orders of the same items; which has the higher NDCG@k (they share one ideal)?"""
    for _ in range(ATTEMPTS):
        source, labels, grades, gain = _draw(rng, 5, 7)
        k = int(rng.integers(2, len(grades)))
        order = rng.permutation(len(grades))
        grades_b = tuple(grades[i] for i in order)
        a, b = ndcg(grades, k, gain=gain), ndcg(grades_b, k, gain=gain)
        if abs(a - b) > 0.02 and better_at(
            grades, grades_b, k, "linear" if gain == "exponential" else "exponential"
        ) in ("A", "B"):
            break
    labels_b = tuple(labels[i] for i in order)
    answer = better_at(grades, grades_b, k, gain)
    return Exercise(
        number=number,
        kind="better",
        title="Which list is better at k?",
        question=f"Lists A and B rank the same items. Which has the higher NDCG@{k}?",
        conventions=conventions(gain, k),
        source=source,
        labels=labels,
        grades=grades,
        k=k,
        gain=gain,
        answer=answer,
        hint=f"Both lists hold the same items, so they share IDCG@{k}: compare DCG@{k} over ranks 1 to {k} only.",
        step=f"DCG@{k} of each list",
        worked=_better_worked(grades, grades_b, k, gain, answer),
        choices=BETTER_CHOICES,
        labels_b=labels_b,
        grades_b=grades_b,
        working=(
            working("List A, rank by rank", grades, k, gain, "DCG"),
            working("List B, rank by rank", grades_b, k, gain, "DCG"),
            working(
                _ideal_caption(k) + " (the same for A and B)", sorted(grades, reverse=True), k, gain, "IDCG"
            ),
        ),
    )


def _better_worked(grades, grades_b, k: int, gain: Gain, answer: str) -> str:
    """Why A or B wins at k: the same IDCG@k, so the higher DCG@k; with the numbers."""
    top_a, top_b = dcg(grades, k, gain=gain), dcg(grades_b, k, gain=gain)
    bottom = idcg(grades, k, gain=gain)
    verdict = "a tie" if answer == "tie" else answer + " is better"
    return (
        "Both lists hold the same items, so they share IDCG@{} = {}. DCG@{}: A = {}, B = {}; "
        "NDCG@{}: A = {}, B = {}, so {}.".format(
            k,
            number(bottom, 4),
            k,
            *pair(top_a, top_b, 4, shares=False),
            k,
            *pair(ndcg(grades, k, gain=gain), ndcg(grades_b, k, gain=gain), 4),
            verdict,
        )
    )


def _reorder(rng: np.random.Generator, number: int) -> Exercise:
    for _ in range(ATTEMPTS):
        source, labels, grades, gain = _draw(rng, 4, 6)
        k = int(rng.integers(2, len(grades)))
        moves = int(rng.integers(1, 3))
        target = reorder_target(grades, k, gain, moves)
        if target is not None:
            break
    else:  # pragma: no cover - a list of 4-6 random grades nearly always has one
        target, moves = 1.0, fewest_moves_to(grades, k, gain, 1.0)
    orders, values, needed = orders_and_moves(grades, k, gain)
    reaching = (values >= target - 1e-12) & (needed == moves)
    solution = tuple(int(p) for p in orders[np.argmax(np.where(reaching, values, -np.inf))])
    return Exercise(
        number=number,
        kind="reorder",
        title="Reach a target with the fewest moves",
        question=(
            f"A move takes one item out and puts it back at another rank. Reorder the list so that "
            f"NDCG@{k} is at least {target:.{DECIMALS}f}, with as few moves as possible. Type the new order "
            "as the current rank numbers, e.g. 3, 1, 2, … (the item now at rank 3 goes first)."
        ),
        conventions=conventions(gain, k),
        source=source,
        labels=labels,
        grades=grades,
        k=k,
        gain=gain,
        answer=moves,
        hint=f"Which highly graded item sits low, or below rank {k}? Moving it up shifts the others down by one.",
        step=f"NDCG@{k} of the new order, and the count of moves",
        worked=_reorder_worked(grades, k, gain, moves, target, solution),
        target=target,
        solution=solution,
        working=(
            working(
                f"The order {_grades(solution)}, rank by rank",
                [grades[p - 1] for p in solution],
                k,
                gain,
                "DCG",
            ),
            working(_ideal_caption(k), sorted(grades, reverse=True), k, gain, "IDCG"),
        ),
    )


def _reorder_worked(grades, k: int, gain: Gain, moves: int, target: float, solution: tuple[int, ...]) -> str:
    """The fewest moves, one order that takes them, and why fewer do not reach the target."""
    reached = ndcg([grades[p - 1] for p in solution], k, gain=gain)
    goal = f"{target:.{DECIMALS}f}"
    fewer = (
        f"the list as it is gives NDCG@{k} = {share(ndcg(grades, k, gain=gain), 4)}, below {goal}"
        if moves == 1
        else f"no order {moves - 1} move{'' if moves - 1 == 1 else 's'} away reaches {goal}"
    )
    suffice = "1 move suffices" if moves == 1 else f"{moves} moves suffice"
    return f"{suffice}, e.g. the order {_grades(solution)} gives NDCG@{k} = {share(reached, 4)}; {fewer}."


def _move_worked(k: int, before: float, after: float, effect: str) -> str:
    """NDCG@k before and after, with the digits that differ: "goes from 0.9975 to 0.9982: the move raises it"."""
    if effect == "leaves unchanged":
        return f"NDCG@{k} stays at {pair(before, after, 4)[0]}: the move leaves it unchanged."
    first, second = pair(before, after, 4)
    return f"NDCG@{k} goes from {first} to {second}: the move {effect} it."


def _move_dcg(grades, after, k: int, gain: Gain) -> str:
    """DCG@k before and after a move, and the IDCG@k they share (the same items)."""
    top, new_top = dcg(grades, k, gain=gain), dcg(after, k, gain=gain)
    shared = f"the same items keep IDCG@{k} = {number(idcg(grades, k, gain=gain), 4)}"
    if same(top, new_top):
        return f"DCG@{k} stays at {pair(top, new_top, 4, shares=False)[0]} and {shared}."
    first, second = pair(top, new_top, 4, shares=False)
    return f"DCG@{k} goes from {first} to {second} and {shared}."


def _move(rng: np.random.Generator, number: int) -> Exercise:
    source, labels, grades, gain = _draw(rng, 5, 7)
    k = int(rng.integers(2, len(grades)))
    start, end = (int(r) for r in rng.choice(np.arange(1, len(grades) + 1), size=2, replace=False))
    effect = move_effect(grades, k, gain, start, end)
    after = ndcg(moved(grades, start, end), k, gain=gain)
    return Exercise(
        number=number,
        kind="move",
        title="Does the move raise or lower NDCG?",
        question=f"Move “{labels[start - 1]}” from rank {start} to rank {end}. What does that do to NDCG@{k}?",
        conventions=conventions(gain, k),
        source=source,
        labels=labels,
        grades=grades,
        k=k,
        gain=gain,
        answer=effect,
        hint=(
            f"The item moves from rank {start} to rank {end}; the items in between shift by one. "
            f"Only ranks 1 to {k} count, and the ideal does not change."
        ),
        step=f"DCG@{k} before and after the move",
        worked=_move_dcg(grades, moved(grades, start, end), k, gain)
        + " "
        + _move_worked(k, ndcg(grades, k, gain=gain), after, effect),
        choices=MOVE_EFFECTS,
        move=(start, end),
        working=(
            working("Before the move, rank by rank", grades, k, gain, "DCG"),
            working("After the move, rank by rank", moved(grades, start, end), k, gain, "DCG"),
        ),
    )


_MAKERS = {
    **{quantity: (lambda q: lambda rng, number: _numeric(rng, number, q))(quantity) for quantity in _TITLES},
    "better": _better,
    "reorder": _reorder,
    "move": _move,
}
