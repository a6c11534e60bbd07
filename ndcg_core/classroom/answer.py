"""A student's answer, read and checked before anything is stored.

* an **order** is the question's items, each exactly once, named by their ids ``i0 … i{n−1}`` (the
  items' places in the question's list); for "one move" it must be one move from the question's
  order (take one item out, put it back elsewhere);
* a **number** is what Practice reads (:func:`~ndcg_core.practice.slips.parse_number`): finite,
  ``0,43`` and ``.43`` accepted, nothing evaluated;
* a **choice** is one of the offered ones.

Anything else raises :class:`~ndcg_core.metric.validation.NDCGInputError` with a message for the
student. An answer is stored as plain JSON (:func:`stored`) and read back checked again
(:func:`answer_from`), so a record that does not fit the question is never counted.

>>> from ndcg_core.classroom.question import make_question
>>> q = make_question("highest", ["a", "b", "c"], [0, 3, 1], 2, "linear")
>>> read_order(q, ["i1", "i2", "i0"])
(1, 2, 0)
>>> read_order(q, ["i1", "i1", "i0"])
Traceback (most recent call last):
...
ndcg_core.metric.validation.NDCGInputError: Your order must hold each of the 3 items of the question once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ndcg_core.classroom.question import CHOICE_WORDS, Question
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.practice.moves import fewest_moves
from ndcg_core.practice.slips import parse_number

Answer = tuple[int, ...] | float | str


def item_id(index: int) -> str:
    """The id of the question's item at ``index`` (0-based), as the student's list names it."""
    return f"i{index}"


def read_order(question: Question, ids: object) -> tuple[int, ...]:
    """The order as indices into the question's items, or a message: each item exactly once; for a
    one-move question, exactly one move away from the question's order."""
    wanted = {item_id(i): i for i in range(question.n)}
    if (
        not isinstance(ids, Sequence)
        or isinstance(ids, str)
        or len(ids) != question.n
        or not all(isinstance(i, str) and i in wanted for i in ids)
        or len(set(ids)) != question.n
    ):
        raise NDCGInputError(f"Your order must hold each of the {question.n} items of the question once.")
    order = tuple(wanted[i] for i in ids)
    if question.asks == "one_move":
        moves = fewest_moves([i + 1 for i in order])
        if moves == 0:
            raise NDCGInputError("Move one item first, then send.")
        if moves > 1:
            raise NDCGInputError(
                f"That takes {moves} moves; the question allows one. Press “Start over” and move one item."
            )
    return order


def read_number(text: object) -> float:
    """A typed number (Practice's reader: finite, one decimal mark, nothing evaluated)."""
    return parse_number(text)


def read_choice(question: Question, choice: object) -> str:
    """One of the question's choices."""
    if not isinstance(choice, str) or choice not in question.choices:
        offered = ", ".join(CHOICE_WORDS[c] for c in question.choices)
        raise NDCGInputError(f"Choose one of: {offered}.")
    return choice


def read_answer(question: Question, given: object) -> Answer:
    """A student's answer to ``question``, checked for its kind (ids, typed text or a choice)."""
    if question.kind == "order":
        return read_order(question, given)
    if question.kind == "number":
        return read_number(given)
    return read_choice(question, given)


def stored(answer: Answer) -> Any:
    """The answer as JSON-able data: a list of indices, a float, or the choice."""
    return list(answer) if isinstance(answer, tuple) else answer


def answer_from(question: Question, data: object) -> Answer | None:
    """A stored answer read back and checked against the question; None when it does not fit."""
    try:
        if question.kind == "order":
            if not isinstance(data, list):
                return None
            return read_order(question, [item_id(i) for i in data if isinstance(i, int)])
        if question.kind == "number":
            if isinstance(data, bool) or not isinstance(data, int | float) or not math.isfinite(data):
                return None
            return float(data)
        return read_choice(question, data)
    except NDCGInputError:
        return None
