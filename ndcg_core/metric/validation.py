"""Checks on what a learner types, with messages a learner understands.

Every public function of :mod:`ndcg_core` sends its input through here, so a bad grade or
a bad cutoff gets the same message wherever it comes from.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from decimal import Decimal
from numbers import Integral, Real

import numpy as np


class NDCGInputError(ValueError):
    """A grade, a cutoff or a setting that NDCG cannot be computed from.

    It is a :class:`ValueError`, so ``except ValueError`` catches it; its message is meant
    to be shown to the learner as it is.
    """


def as_grades(values: Iterable[object], *, what: str = "grade") -> np.ndarray:
    """Return ``values`` as a float array of relevance grades, or raise :class:`NDCGInputError`.

    A grade must be a finite number ≥ 0 (an ``int``, ``float``, ``Fraction``, ``Decimal`` or numpy
    number). Text, ``None``, NaN, ±inf and negative numbers are refused with a message that names the
    rank of the first bad grade.

    >>> as_grades("3,2", what="grade of intent 1")
    Traceback (most recent call last):
    ...
    ndcg_core.metric.validation.NDCGInputError: The grades of intent 1 must be a list of numbers, not the text '3,2'.
    """
    if isinstance(values, (str, bytes)):
        raise NDCGInputError(f"The {plural(what)} must be a list of numbers, not the text {values!r}.")
    grades = []
    for position, value in enumerate(values, start=1):
        grades.append(_one_grade(value, position, what))
    return np.asarray(grades, dtype=float)


def plural(what: str) -> str:
    """The plural of a name for a grade: "grade" → "grades", "grade of intent 1" → "grades of intent 1".

    >>> plural("judged pool grade of intent 2")
    'judged pool grades of intent 2'
    """
    head, of, tail = what.partition(" of ")
    return f"{head}s{of}{tail}"


def is_number(value: object) -> bool:
    """True for a real number (``bool`` is not one; a ``Decimal`` is, though it is not a ``Real``)."""
    return not isinstance(value, bool) and isinstance(value, (Real, Decimal))


def _one_grade(value: object, position: int, what: str) -> float:
    """Check one grade; ``position`` (from 1) names it in the message."""
    if not is_number(value):
        raise NDCGInputError(f"The {what} at rank {position} is {value!r}, which is not a number.")
    number = float(value)  # type: ignore[arg-type]
    if math.isnan(number):
        raise NDCGInputError(f"The {what} at rank {position} is not a number (NaN).")
    if math.isinf(number):
        raise NDCGInputError(f"The {what} at rank {position} is infinite; grades must be finite.")
    if number < 0:
        raise NDCGInputError(
            f"The {what} at rank {position} is {number:g}; grades must be 0 or more (0 means not relevant)."
        )
    return number


def check_k(k: object) -> int | None:
    """Return the cutoff k as an ``int`` (``None`` means no cutoff), or raise :class:`NDCGInputError`.

    k counts ranks, so it must be a whole number ≥ 1. A k larger than the list is allowed:
    DCG@k then uses the whole list, and IDCG@k still takes up to k items of the ideal.
    """
    if k is None:
        return None
    if isinstance(k, bool):
        raise NDCGInputError(f"k must be a whole number of ranks (1 or more), not {k!r}.")
    if isinstance(k, Integral) or (isinstance(k, Real) and float(k).is_integer()):
        number = int(k)
    else:
        raise NDCGInputError(f"k must be a whole number of ranks (1 or more), not {k!r}.")
    if number < 1:
        raise NDCGInputError(f"k must be at least 1 (the top rank), not {number}.")
    return number
