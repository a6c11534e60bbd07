"""Gain: how much a grade is worth to the user, before any discount for its rank.

Three kinds of gain are in use, and the same list gives a different NDCG under each:

* ``"exponential"``: gain = 2^rel − 1 (Burges et al. 2005; seed 000, most web-search work,
  LightGBM's default ``label_gain``). It rewards the best items much more than the middling ones.
* ``"linear"``: gain = rel (Järvelin & Kekäläinen 2002; trec_eval's default; scikit-learn;
  seeds 002, 004).
* a **custom gain**: a gain typed for each grade, e.g. ``{0: 0, 1: 3, 2: 9}``, as trec_eval's
  ``ndcg`` measure allows (``-m ndcg.1=3,2=9``). Give it as a mapping or as a
  :class:`CustomGain`; :func:`parse_custom_gain` reads it from text such as ``"0:0, 1:3, 2:9"``.

Every function that takes ``gain=`` accepts any of the three.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from numbers import Real
from typing import Literal, TypeAlias

import numpy as np

from ndcg_core.metric.validation import NDCGInputError

Gain = Literal["exponential", "linear"]

GAINS: tuple[Gain, ...] = ("exponential", "linear")

GAIN_FORMULAS: dict[Gain, str] = {
    "exponential": "2^rel − 1",
    "linear": "rel",
}

#: When each gain is used, and by whom (one sentence each, shown next to the numbers).
GAIN_USED_BY: dict[str, str] = {
    "exponential": (
        "Burges et al. (2005) and most web-search and learning-to-rank work (LightGBM's default "
        "label_gain); a grade 3 is worth 7 times a grade 1."
    ),
    "linear": (
        "Järvelin & Kekäläinen (2002), trec_eval, scikit-learn's ndcg_score; a grade 3 is worth "
        "3 times a grade 1."
    ),
    "custom": (
        "trec_eval's ndcg measure with rel_level=gain parameters (-m ndcg.1=3,2=9), or any team "
        "that decides what each grade is worth."
    ),
}

#: The largest grade whose exponential gain 2^rel − 1 is a finite float.
MAX_EXPONENTIAL_GRADE = 1023.0


@dataclass(frozen=True)
class CustomGain:
    """A gain typed for each grade: ``gain(rel)`` is read from a table, not computed.

    ``pairs`` holds ``(grade, gain)`` sorted by grade; build one with :meth:`from_mapping`
    (which checks it) or :func:`parse_custom_gain`.

    >>> CustomGain.from_mapping({2: 9, 1: 3, 0: 0}).label
    '0→0, 1→3, 2→9'
    """

    pairs: tuple[tuple[float, float], ...]

    @classmethod
    def from_mapping(cls, mapping: Mapping[object, object]) -> CustomGain:
        """Check a ``{grade: gain}`` mapping: grades and gains finite and ≥ 0, at least one pair."""
        if not mapping:
            raise NDCGInputError("A custom gain needs at least one grade and its gain, e.g. 1:3.")
        pairs = []
        for grade, gain in mapping.items():
            pairs.append((_number(grade, "grade"), _number(gain, f"gain of grade {grade}")))
        return cls(tuple(sorted(pairs)))

    def as_dict(self) -> dict[float, float]:
        """The table as ``{grade: gain}``."""
        return dict(self.pairs)

    @property
    def label(self) -> str:
        """The table in one line: ``0→0, 1→3, 2→9``."""
        return ", ".join(f"{grade:g}→{gain:g}" for grade, gain in self.pairs)

    @property
    def text(self) -> str:
        """The table as :func:`parse_custom_gain` reads it: ``0:0, 1:3, 2:9``."""
        return ", ".join(f"{grade:g}:{gain:g}" for grade, gain in self.pairs)


GainRule: TypeAlias = Gain | CustomGain | Mapping[float, float]


def _number(value: object, what: str) -> float:
    """A finite number ≥ 0, or :class:`NDCGInputError` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise NDCGInputError(f"The custom {what} is {value!r}, which is not a number.")
    number = float(value)
    if not math.isfinite(number):
        raise NDCGInputError(f"The custom {what} is {number}; it must be a finite number.")
    if number < 0:
        raise NDCGInputError(f"The custom {what} is {number:g}; it must be 0 or more.")
    return number


def check_gain(gain: object) -> Gain | CustomGain:
    """Return ``gain`` as a gain name or a :class:`CustomGain`, else raise :class:`NDCGInputError`."""
    if isinstance(gain, CustomGain):
        return gain
    if isinstance(gain, Mapping):
        return CustomGain.from_mapping(gain)
    if gain not in GAINS:
        known = ", ".join(repr(name) for name in GAINS)
        raise NDCGInputError(f"Unknown gain {gain!r}; choose one of {known}, or a custom gain per grade.")
    return gain  # type: ignore[return-value]


def gain_name(gain: GainRule) -> str:
    """``"exponential"``, ``"linear"`` or ``"custom"``: the convention's one name."""
    checked = check_gain(gain)
    return "custom" if isinstance(checked, CustomGain) else checked


def gain_formula(gain: GainRule) -> str:
    """The gain written out: ``2^rel − 1``, ``rel`` or ``gain per grade: 0→0, 1→3``."""
    checked = check_gain(gain)
    if isinstance(checked, CustomGain):
        return f"gain per grade: {checked.label}"
    return GAIN_FORMULAS[checked]


def gain_values(grades: np.ndarray, gain: GainRule) -> np.ndarray:
    """Gain of each grade: ``2**rel - 1`` (exponential), ``rel`` (linear), or the custom table."""
    gain = check_gain(gain)
    if isinstance(gain, CustomGain):
        return _custom_gain_values(grades, gain)
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


def _custom_gain_values(grades: np.ndarray, gain: CustomGain) -> np.ndarray:
    """Look every grade up in the table (vectorised); a grade without a gain is refused."""
    table_grades = np.array([grade for grade, _ in gain.pairs])
    table_gains = np.array([value for _, value in gain.pairs])
    grades = np.asarray(grades, dtype=float)
    where = np.clip(np.searchsorted(table_grades, grades), 0, len(table_grades) - 1)
    missing = table_grades[where] != grades
    if missing.any():
        absent = ", ".join(f"{grade:g}" for grade in np.unique(grades[missing]))
        raise NDCGInputError(
            f"The custom gain has no gain for grade {absent} (it gives {gain.label}); "
            "type a gain for every grade in the list."
        )
    return table_gains[where].astype(float)


#: trec_eval's own test of custom gains (reference/trec_eval/out.test.meas_params: ndcg_1=3,2=9,4=4.5).
TREC_EVAL_EXAMPLE_GAINS: dict[float, float] = {1.0: 3.0, 2.0: 9.0, 4.0: 4.5}


def default_custom_gain(grades: Iterable[float]) -> CustomGain:
    """A custom gain for every grade in ``grades``: trec_eval's example 1→3, 2→9, 4→4.5, and for
    any other grade the grade itself, which is what trec_eval gives a grade it was not told about.

    >>> default_custom_gain([0, 1, 2, 3]).label
    '0→0, 1→3, 2→9, 3→3'
    """
    present = sorted({float(grade) for grade in grades}) or [0.0]
    return CustomGain.from_mapping({g: TREC_EVAL_EXAMPLE_GAINS.get(g, g) for g in present})


def parse_custom_gain(text: str) -> CustomGain:
    """Read a custom gain typed as ``"0:0, 1:3, 2:9"`` (``1=3`` as trec_eval writes it works too).

    Pairs are separated by commas, semicolons or new lines; decimals use a point. Every problem
    is named in one :class:`NDCGInputError`, one line per pair.

    >>> parse_custom_gain("1=3, 2=9, 0:0").as_dict()
    {0.0: 0.0, 1.0: 3.0, 2.0: 9.0}
    """
    pieces = [piece.strip() for piece in text.replace(";", ",").replace("\n", ",").split(",")]
    pieces = [piece for piece in pieces if piece]
    if not pieces:
        raise NDCGInputError("The custom gain is empty; type grade:gain pairs such as 0:0, 1:3, 2:9.")
    problems: list[str] = []
    table: dict[float, float] = {}
    for number, piece in enumerate(pieces, start=1):
        try:
            grade, value = _pair(piece, number)
        except NDCGInputError as error:
            problems.append(str(error))
            continue
        if grade in table and table[grade] != value:
            problems.append(
                f"Pair {number} (“{piece}”): grade {grade:g} already has the gain {table[grade]:g}."
            )
        table[grade] = value
    if problems:
        raise NDCGInputError("\n".join(problems))
    return CustomGain.from_mapping(table)


def _pair(piece: str, number: int) -> tuple[float, float]:
    """One ``grade:gain`` pair, checked."""
    for separator in (":", "=", "→"):
        if separator in piece:
            left, _, right = piece.partition(separator)
            break
    else:
        raise NDCGInputError(f"Pair {number} (“{piece[:40]}”): write it as grade:gain, e.g. 2:9.")
    values = []
    for part, what in ((left, "grade"), (right, "gain")):
        try:
            value = float(part.strip())
        except ValueError:
            raise NDCGInputError(
                f"Pair {number} (“{piece[:40]}”): the {what} “{part.strip()[:20]}” is not a number."
            ) from None
        if not math.isfinite(value) or value < 0:
            raise NDCGInputError(f"Pair {number} (“{piece[:40]}”): the {what} must be a finite number ≥ 0.")
        values.append(value)
    return values[0], values[1]
