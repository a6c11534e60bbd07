"""Gain: how much a grade is worth to the user, before any discount for its rank.

Two gains are in common use, and the same list gives different NDCG under each:

* ``"exponential"``: gain = 2^rel − 1 (Burges et al. 2005; seed 000, most web-search work).
  It rewards the best items much more than the middling ones.
* ``"linear"``: gain = rel (Järvelin & Kekäläinen 2002; trec_eval's default; seeds 002, 004).
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from ndcg_core.validation import NDCGInputError

Gain = Literal["exponential", "linear"]

GAINS: tuple[Gain, ...] = ("exponential", "linear")

GAIN_FORMULAS: dict[Gain, str] = {
    "exponential": "2^rel − 1",
    "linear": "rel",
}

#: The largest grade whose exponential gain 2^rel − 1 is a finite float.
MAX_EXPONENTIAL_GRADE = 1023.0


def check_gain(gain: object) -> Gain:
    """Return ``gain`` if it names a known gain, else raise :class:`NDCGInputError`."""
    if gain not in GAINS:
        known = ", ".join(repr(name) for name in GAINS)
        raise NDCGInputError(f"Unknown gain {gain!r}; choose one of {known}.")
    return gain  # type: ignore[return-value]


def gain_values(grades: np.ndarray, gain: Gain) -> np.ndarray:
    """Gain of each grade: ``2**rel - 1`` (exponential) or ``rel`` (linear)."""
    gain = check_gain(gain)
    if gain == "linear":
        return grades.astype(float, copy=True)
    too_large = grades > MAX_EXPONENTIAL_GRADE
    if too_large.any():
        grade = grades[too_large][0]
        raise NDCGInputError(
            f"A grade of {grade:g} is too large for exponential gain: 2^{grade:g} − 1 "
            "does not fit in a number. Use smaller grades or linear gain."
        )
    return np.exp2(grades) - 1.0
