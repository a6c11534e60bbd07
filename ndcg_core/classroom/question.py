"""A question to the class on one list: what it asks, its conventions, and its right answer.

Three kinds, each on the list, k and gain the instructor has on the screen:

* **order**: drag the list into the order with the ``highest`` NDCG@k, the ``lowest``, or raise
  NDCG@k as much as ``one_move`` can (take one item out, put it back elsewhere);
* **number**: what is ``dcg``, ``idcg`` or ``ndcg`` (at k) of this order?
* **choice**: lists A (this order) and B (another order of the same items): which scores ``better``
  at k, A, B, or do they tie?

Conventions (Practice's, stated with every question): rank i from 1, discount 1/log2(i + 1), the
ideal from the listed items (every listed grade, sorted, cut at k), NDCG = 0 when IDCG = 0. A k
beyond the list is cut to its length (NDCG@k is then NDCG@n).

>>> q = make_question("ndcg", ["a", "b", "c"], [0, 3, 1], 2, "linear")
>>> q.kind, q.prompt
('number', 'What is NDCG@2 of this order?')
>>> round(q.right_value, 4)                    # (0 + 3/log2 3) / (3 + 1/log2 3)
0.5213
>>> make_question("highest", ["a", "b"], [0, 0], 2, "linear")
Traceback (most recent call last):
...
ndcg_core.metric.validation.NDCGInputError: Every order of this list scores NDCG@2 = 0.00: nothing in it is relevant. Give an item a grade above 0 first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

import numpy as np

from ndcg_core.metric.gains import GAINS, Gain
from ndcg_core.metric.metrics import ndcg
from ndcg_core.metric.orders import worst_order
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.validation import NDCGInputError, as_grades
from ndcg_core.metric.what_if import move_map
from ndcg_core.practice.answer_check import choice_slips
from ndcg_core.practice.exercises import BETTER_CHOICES, Exercise, conventions
from ndcg_core.practice.moves import better_at
from ndcg_core.practice.slips import value_of
from ndcg_core.teaching.lesson import HINTS, STEPS
from ndcg_core.teaching.wording import SAME, share

Kind = Literal["order", "number", "choice"]
Asks = Literal["highest", "lowest", "one_move", "dcg", "idcg", "ndcg", "better"]
#: What each kind of question can ask, in the order the form offers them.
ASKS: dict[Kind, tuple[Asks, ...]] = {
    "order": ("highest", "lowest", "one_move"),
    "number": ("dcg", "idcg", "ndcg"),
    "choice": ("better",),
}
#: The longest list a question holds: a phone shows it whole, and an answer stays small.
MAX_ITEMS = 30
#: The choices of a choice question, and how each is written.
CHOICES: tuple[str, ...] = BETTER_CHOICES
CHOICE_WORDS: dict[str, str] = {"A": "A", "B": "B", "tie": "They tie"}
#: How many shuffles are tried to find a list B worth asking about.
B_ATTEMPTS = 300


def kind_of(asks: str) -> Kind:
    """The kind of question that asks ``asks``."""
    for kind, options in ASKS.items():
        if asks in options:
            return kind
    raise NDCGInputError(f"“{str(asks)[:20]}” is not a question this app asks.")


@dataclass(frozen=True)
class Question:
    """One question on one list. ``order_b`` (choice only) is list B as indices into the items."""

    asks: Asks
    names: tuple[str, ...]
    grades: tuple[float, ...]
    k: int
    gain: Gain
    order_b: tuple[int, ...] = ()

    @property
    def kind(self) -> Kind:
        return kind_of(self.asks)

    @property
    def n(self) -> int:
        return len(self.grades)

    @property
    def at(self) -> str:
        """ "@5": the cutoff as the measures write it."""
        return f"@{self.k}"

    @property
    def prompt(self) -> str:
        """The question in one sentence (it holds no item name, so it is safe as Markdown)."""
        at = self.at
        return {
            "highest": f"Drag the list into the order with the highest NDCG{at}.",
            "lowest": f"Drag the list into the order with the lowest NDCG{at}.",
            "one_move": f"Move one item to raise NDCG{at} as much as you can.",
            "dcg": f"What is DCG{at} of this order?",
            "idcg": f"What is IDCG{at} of this order?",
            "ndcg": f"What is NDCG{at} of this order?",
            "better": f"Lists A and B rank the same items. Which has the higher NDCG{at}?",
        }[self.asks]

    @property
    def conventions(self) -> str:
        """The conventions in force, in one line (Practice's)."""
        return conventions(self.gain, self.k)

    @property
    def choices(self) -> tuple[str, ...]:
        """The offered choices (a choice question only)."""
        return CHOICES if self.kind == "choice" else ()

    @property
    def grades_b(self) -> tuple[float, ...]:
        return tuple(self.grades[i] for i in self.order_b)

    @property
    def names_b(self) -> tuple[str, ...]:
        return tuple(self.names[i] for i in self.order_b)

    # ------------------------------------------------------------ right answers --

    def ndcg_of(self, order: Sequence[int]) -> float:
        """NDCG@k of the items in ``order`` (indices into the question's items)."""
        return ndcg([self.grades[i] for i in order], self.k, gain=self.gain)

    @cached_property
    def right_value(self) -> float:
        """A number question's right value (Practice's :func:`~ndcg_core.practice.slips.value_of`)."""
        if self.kind != "number":
            raise NDCGInputError("Only a number question has a right value.")
        return value_of(self.asks, self.grades, self.k, self.gain)  # type: ignore[arg-type]

    @cached_property
    def right_choice(self) -> str:
        """A choice question's right choice: "A", "B" or "tie" (ties within 1e-9)."""
        return better_at(self.grades, self.grades_b, self.k, self.gain)

    @cached_property
    def best_order(self) -> tuple[int, ...]:
        """An order question's answer, as indices: the ideal order, the worst, or the best single move
        (equal grades keep their order; the first best move in rank order)."""
        if self.asks == "lowest":
            return tuple(int(i) for i in worst_order(self.grades))
        if self.asks == "one_move":
            source, target = self.best_move
            order = list(range(self.n))
            order.insert(target, order.pop(source))
            return tuple(order)
        return tuple(int(i) for i in np.argsort(-np.asarray(self.grades), kind="stable"))

    @cached_property
    def best_move(self) -> tuple[int, int]:
        """(from, to), 0-based ranks, of the single move that raises NDCG@k the most (the first such
        move in rank order: the core's move map, :func:`~ndcg_core.metric.what_if.move_map`)."""
        table = move_map(Ranking.of(self.grades, self.k, gain=self.gain))
        source, target = np.unravel_index(int(np.argmax(table)), table.shape)
        return int(source), int(target)

    @cached_property
    def target(self) -> float:
        """The NDCG@k an order question's right answer reaches (any order reaching it is right)."""
        return self.ndcg_of(self.best_order)

    def reaches(self, value: float) -> bool:
        """True when an order's NDCG@k is the target (the same up to float rounding)."""
        return abs(value - self.target) <= SAME

    @cached_property
    def exercise(self) -> Exercise:
        """The question as one of Practice's exercises, for its checker and its slips (number, choice)."""
        kind = "better" if self.kind == "choice" else self.asks
        right: float | str = self.right_choice if self.kind == "choice" else self.right_value
        return Exercise(
            number=0,
            kind=kind,  # type: ignore[arg-type]
            title="",
            question=self.prompt,
            conventions=self.conventions,
            source="",
            labels=self.names,
            grades=self.grades,
            k=self.k,
            gain=self.gain,
            answer=right,
            hint=HINTS.get(self.asks, f"both lists share IDCG{self.at}: compare DCG{self.at}."),
            step=STEPS.get(self.asks, f"DCG{self.at} of each list"),
            worked="",
            choices=self.choices,
            labels_b=self.names_b,
            grades_b=self.grades_b,
        )

    # ------------------------------------------------------------------- storage --

    def as_dict(self) -> dict[str, Any]:
        """Plain data (JSON) for the store; :func:`question_from` reads it back, checked again."""
        return {
            "asks": self.asks,
            "names": list(self.names),
            "grades": list(self.grades),
            "k": self.k,
            "gain": self.gain,
            "order_b": list(self.order_b),
        }


def question_from(data: Mapping[str, Any]) -> Question:
    """A question from :meth:`Question.as_dict`'s data, checked as :func:`make_question` checks it."""
    try:
        return make_question(
            data["asks"],
            data["names"],
            data["grades"],
            data["k"],
            data["gain"],
            order_b=data.get("order_b") or None,
        )
    except (KeyError, TypeError) as error:
        raise NDCGInputError(f"The stored question cannot be read ({error}).") from error


def make_question(
    asks: str,
    names: Sequence[str],
    grades: Sequence[float],
    k: int,
    gain: str,
    *,
    order_b: Sequence[int] | None = None,
    seed: int = 0,
) -> Question:
    """A question on this list, checked: 2 to :data:`MAX_ITEMS` items (at least 1 for a number),
    grades ≥ 0, a gain the app knows, k ≥ 1 (cut to the list's length), and a question with an
    answer worth asking (not every order the same). A choice question without ``order_b`` draws
    list B from ``seed`` (:func:`draw_b`)."""
    kind = kind_of(asks)
    values = tuple(float(g) for g in as_grades(grades))
    labels = tuple(str(name) for name in names)
    if len(labels) != len(values):
        raise NDCGInputError(f"The question has {len(labels)} names for {len(values)} grades.")
    fewest = 1 if kind == "number" else 2
    if not fewest <= len(values) <= MAX_ITEMS:
        raise NDCGInputError(
            f"A question to the class holds {fewest} to {MAX_ITEMS} items; this list has {len(values)}."
        )
    if gain not in GAINS:
        raise NDCGInputError(f"The gain must be one of {', '.join(GAINS)}, not “{str(gain)[:20]}”.")
    if isinstance(k, bool) or not isinstance(k, int | np.integer) or k < 1:
        raise NDCGInputError(f"k must be a whole number of 1 or more, not {k!r}.")
    k = min(int(k), len(values))
    if kind == "choice" and order_b is None:
        order_b = draw_b(values, k, gain, seed)  # type: ignore[arg-type]
    b = tuple(int(i) for i in order_b or ())
    if kind == "choice" and sorted(b) != list(range(len(values))):
        raise NDCGInputError("List B must hold each of the question's items once.")
    question = Question(asks, labels, values, k, gain, b if kind == "choice" else ())  # type: ignore[arg-type]
    _check_worth_asking(question)
    return question


def _check_worth_asking(question: Question) -> None:
    """Refuse an order question that every order answers alike, or a move question no move helps."""
    if question.kind != "order":
        return
    at = question.at
    best = question.ndcg_of(np.argsort(-np.asarray(question.grades), kind="stable"))
    worst = question.ndcg_of(worst_order(question.grades))
    if best <= SAME:
        raise NDCGInputError(
            f"Every order of this list scores NDCG{at} = {share(0.0)}: nothing in it is relevant. "
            "Give an item a grade above 0 first."
        )
    if abs(best - worst) <= SAME:
        raise NDCGInputError(
            f"Every order of this list scores NDCG{at} = {share(best)}: no order is better than another. "
            "Give the items different grades first."
        )
    current = question.ndcg_of(range(question.n))
    if question.asks == "one_move" and question.target <= current + SAME:
        raise NDCGInputError(
            f"No single move raises NDCG{at} = {share(current)} of this order. Shuffle the list first, "
            "or ask for the highest or lowest NDCG."
        )


def draw_b(grades: Sequence[float], k: int, gain: Gain, seed: int = 0) -> tuple[int, ...]:
    """List B for a choice question: another order of the same items, drawn from ``seed``.

    The first shuffle whose NDCG@k differs from A's by more than 0.02 and for which one of Practice's
    classic slips (:func:`~ndcg_core.practice.answer_check.choice_slips`: the wrong k, the other gain,
    no discount) leads to the other list, so the question tells who makes it; failing that, the first
    that differs at all; failing that (every order alike), the list reversed.
    """
    rng = np.random.default_rng(seed)
    a = ndcg(grades, k, gain=gain)
    n = len(grades)
    differs: tuple[int, ...] | None = None
    for _ in range(B_ATTEMPTS):
        order = tuple(int(i) for i in rng.permutation(n))
        grades_b = [grades[i] for i in order]
        b = ndcg(grades_b, k, gain=gain)
        if abs(a - b) <= SAME or order == tuple(range(n)):
            continue
        differs = differs or order
        right = better_at(grades, grades_b, k, gain)
        if abs(a - b) > 0.02 and _a_slip_flips(grades, grades_b, k, gain, right):
            return order
    return differs or tuple(range(n))[::-1]


def _a_slip_flips(grades: Sequence[float], grades_b: Sequence[float], k: int, gain: Gain, right: str) -> bool:
    """True when one of Practice's choice slips leads away from the right choice on lists A and B."""
    probe = Exercise(
        number=0,
        kind="better",
        title="",
        question="",
        conventions="",
        source="",
        labels=(),
        grades=tuple(grades),
        k=k,
        gain=gain,
        answer=right,
        hint="",
        step="",
        worked="",
        choices=CHOICES,
        grades_b=tuple(grades_b),
    )
    return any(leads_to != right for _, leads_to, _ in choice_slips(probe))
