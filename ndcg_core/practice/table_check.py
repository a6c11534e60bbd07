"""Check my table: a learner's worked table, each cell marked right, wrong, or right given an earlier cell.

The table has, for each rank i = 1 … k, the gain, the discount 1/log2(i + 1) and the contribution
gain × discount, then DCG@k; then the ideal order rank by rank (every listed grade sorted from best
to worst, cut at k: the ideal grade, its gain, its contribution with the same discount), then IDCG@k
and NDCG@k. Every cell is parsed with :func:`ndcg_core.practice.slips.parse_number` (never
evaluated) and is **right** within ±:data:`~ndcg_core.practice.slips.TOLERANCE` of the exact value
from :func:`ndcg_core.breakdown`.

A cell computed from earlier cells (a contribution from its gain and discount, DCG@k from the
contributions, an ideal gain from its ideal grade, IDCG@k, NDCG@k = DCG@k / IDCG@k) is also read
against what the learner's own earlier cells give:

* when those cells are all right, the value they give is **right** too ("from your rounded
  cells": 7 × 0.63 = 4.41 where the exact contribution is 4.4165), as the seeds' rounded tables add up;
* when one of them is wrong, a value that follows from it is **right given your earlier cell**: the
  error is carried forward, not made again (a wrong gain 3 at rank 4, then 3 × 0.43 = 1.29).

Every wrong cell is explained with the classic slip it matches (:func:`ndcg_core.practice.slips.slips`),
or with the step to recheck; the first one leads (it is often the cause of the rest).

>>> result = check_table([3, 2, 0], 2, "linear", {"gain_1": "3", "discount_1": "1", "contribution_1": "3",
...     "gain_2": "2", "discount_2": "0.5", "contribution_2": "1", "dcg": "4"})
>>> [(cell.key, cell.status) for cell in result.cells if not cell.ok][:3]
[('discount_2', 'wrong'), ('contribution_2', 'carried'), ('dcg', 'carried')]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from ndcg_core.metric.breakdown import breakdown
from ndcg_core.metric.gains import MAX_EXPONENTIAL_GRADE, Gain, gain_formula, gain_values
from ndcg_core.metric.validation import NDCGInputError, check_k
from ndcg_core.practice.slips import Slip, close, diagnose, parse_number, slip_text, slips
from ndcg_core.teaching.wording import number, share

Status = Literal["right", "carried", "wrong", "empty", "unreadable"]

PER_RANK_COLUMNS: tuple[str, ...] = ("gain", "discount", "contribution")
IDEAL_COLUMNS: tuple[str, ...] = ("ideal_grade", "ideal_gain", "ideal_contribution")
TOTALS: tuple[str, ...] = ("dcg", "idcg", "ndcg")

#: The mark of each status, in words (never in colour alone).
MARKS: dict[Status, str] = {
    "right": "✓ right",
    "carried": "✓ right given your earlier cell",
    "wrong": "✗ wrong",
    "empty": "✗ empty",
    "unreadable": "✗ not a number",
}


@dataclass(frozen=True)
class TableList:
    """A list to work out by hand: what it is, its items and grades, its cutoff and gain."""

    title: str
    labels: tuple[str, ...]
    grades: tuple[float, ...]
    k: int
    gain: Gain


#: Check my table's default list: one of its own, which neither the lesson nor any scenario shows,
#: so no worked answer to copy exists in the app. A grade-3 item sits below k (the ideal must sort
#: every listed grade, not only the top k), two grades tie, a 0 sits inside the top k.
PRACTICE_LIST = TableList(
    title="“trail running shoes”: a list of its own, not in the lesson",
    labels=("Ridge Runner", "Mesa Glide", "Canyon Flat", "Summit Lite", "Tundra Grip", "Delta Trail"),
    grades=(2.0, 3.0, 0.0, 1.0, 3.0, 2.0),
    k=4,
    gain="exponential",
)


def cell_key(column: str, rank: int | None = None) -> str:
    """The key of a cell: ``"gain_2"`` or ``"ideal_grade_2"`` for a per-rank cell, ``"dcg"`` for a total."""
    return column if rank is None else f"{column}_{rank}"


def cell_keys(k: int) -> tuple[str, ...]:
    """Every cell of a table cut at ``k``, in the order a learner fills it in."""
    ranks = range(1, k + 1)
    return (
        *(cell_key(column, rank) for rank in ranks for column in PER_RANK_COLUMNS),
        "dcg",
        *(cell_key(column, rank) for rank in ranks for column in IDEAL_COLUMNS),
        "idcg",
        "ndcg",
    )


@dataclass(frozen=True)
class Cell:
    """One cell: what was read (``value``, or ``problem`` when it could not be), the exact value, the verdict.

    ``note`` says what a right-by-rounding or carried-forward value follows from, with its numbers.
    ``full`` is the value behind a wrong or carried cell in full precision, where it is known: the
    classic slip a wrong cell matches (1/log2(6) = 0.3869… behind a typed 0.39), or what a carried
    cell follows from; a later cell may have been computed from it rather than from the typed digits.
    """

    key: str
    name: str
    column: str
    rank: int | None
    value: float | None
    problem: str | None
    expected: float
    status: Status
    note: str = ""
    full: float | None = None

    @property
    def ok(self) -> bool:
        """True when the cell is right (not merely right given an earlier wrong cell)."""
        return self.status == "right"

    @property
    def wrong(self) -> bool:
        """True when the cell is wrong, empty or unreadable."""
        return self.status in ("wrong", "empty", "unreadable")

    @property
    def mark(self) -> str:
        """The verdict in words: ✓ right, ✓ right given your earlier cell, ✗ wrong, ✗ empty, ✗ not a number."""
        return MARKS[self.status]


@dataclass(frozen=True)
class TableCheck:
    """Every cell checked; each wrong cell with its explanation, the first one's also on its own."""

    cells: tuple[Cell, ...]
    explanations: tuple[tuple[Cell, str], ...]

    @property
    def first_wrong(self) -> Cell | None:
        """The first wrong cell in the order the table is filled in, if any."""
        return self.explanations[0][0] if self.explanations else None

    @property
    def explanation(self) -> str:
        """Why the first wrong cell is wrong (``""`` when none is)."""
        return self.explanations[0][1] if self.explanations else ""

    @property
    def right(self) -> int:
        """How many cells are right."""
        return sum(cell.ok for cell in self.cells)

    @property
    def carried(self) -> int:
        """How many cells are right given an earlier wrong cell."""
        return sum(cell.status == "carried" for cell in self.cells)

    def cell(self, key: str) -> Cell:
        """The cell with this key."""
        return next(cell for cell in self.cells if cell.key == key)


def _name(column: str, rank: int | None, k: int) -> str:
    return f"{column.replace('_', ' ')} at rank {rank}" if rank else f"{column.upper()}@{k}"


def _read(text: object) -> tuple[float | None, str | None]:
    """(value, None) or (None, the problem): ``"empty"`` or the parser's message."""
    if text is None or not str(text).strip():
        return None, "empty"
    try:
        return parse_number(text), None
    except NDCGInputError as error:
        return None, str(error)


def _cell(column: str, rank: int | None, k: int, typed: Mapping[str, object], expected: float) -> Cell:
    key = cell_key(column, rank)
    value, problem = _read(typed.get(key))
    if problem is not None:
        status: Status = "empty" if problem == "empty" else "unreadable"
    else:
        status = "right" if close(value, expected) else "wrong"
    return Cell(key, _name(column, rank, k), column, rank, value, problem, expected, status)


# ------------------------------------------------------------------ what earlier cells give --


def _shown(cell: Cell, used: float) -> tuple[str, bool]:
    """A value a note uses, and whether the text is that value exactly: as typed, or the exact value
    of a right cell to 4 decimals (exact only where 4 decimals hold it all, as 0.5 or 7)."""
    if used == cell.value:
        return f"{used:g}", True
    return number(used, 4), abs(round(used, 4) - used) < 1e-12


def _candidates(inputs: Sequence[Cell]) -> list[tuple[float, ...]]:
    """The values the learner's own cells may have been used with: as typed, or in full.

    A learner who typed 0.63 for a right discount may have multiplied by 0.63 or by 0.6309… (the
    exact value), and one who typed 0.39 for 1/log2(6) by 0.3869… (the slip's value, ``full``); for
    sums of many cells only the typed values are tried (2^k mixtures would accept almost anything).
    """
    if len(inputs) > 2:
        return [tuple(cell.value for cell in inputs)]
    choices = []
    for cell in inputs:
        behind = cell.expected if cell.ok else cell.full
        choices.append([cell.value] + ([behind] if behind is not None and behind != cell.value else []))
    return list(itertools.product(*choices))


def _follows(
    cell: Cell,
    inputs: Sequence[Cell],
    combine: Callable[[tuple[float, ...]], float | None],
    how: Callable[[tuple[str, ...], str, str], str],
) -> Cell:
    """``cell`` re-marked when its value is what the learner's own earlier ``inputs`` give.

    ``combine`` computes the cell from the inputs' values (None where it cannot); ``how`` writes the
    computation from the values shown, "=" or "≈", and the result ("3 × 0.43 = 1.2900"): "≈" where a
    value is shown rounded (an exact discount 0.6309…), so that the note never states a false equation.
    """
    if cell.status != "wrong" or any(i.value is None for i in inputs):
        return cell
    for values in _candidates(inputs):
        result = combine(values)
        if result is None or not math.isfinite(result) or not close(cell.value, result):
            continue
        shown = [_shown(i, v) for i, v in zip(inputs, values, strict=True)]
        sign = "=" if all(exact for _, exact in shown) else "≈"
        worked = how(tuple(text for text, _ in shown), sign, number(result, 4))
        if all(i.ok for i in inputs):
            return replace(cell, status="right", note=f"from your rounded cells: {worked}")
        earlier = [i.name for i in inputs if not i.ok]
        given = earlier[0] if len(earlier) == 1 else f"{len(earlier)} of your earlier cells"
        return replace(cell, status="carried", note=f"from your {given}: {worked}", full=result)
    return cell


def _product(values: tuple[float, ...]) -> float:
    return values[0] * values[1]


def _times(shown: tuple[str, ...], sign: str, result: str) -> str:
    return f"{shown[0]} × {shown[1]} {sign} {result}"


def _total(values: tuple[float, ...]) -> float:
    return float(sum(values))


def _plus(shown: tuple[str, ...], sign: str, result: str) -> str:
    return f"{' + '.join(shown)} {sign} {result}"


def _quotient(values: tuple[float, ...]) -> float | None:
    return values[0] / values[1] if values[1] > 0 else None


def _over(shown: tuple[str, ...], sign: str, result: str) -> str:
    return f"{shown[0]} / {shown[1]} {sign} {result}"


def _gain_of(gain: Gain) -> Callable[[tuple[float, ...]], float | None]:
    """The gain of a typed grade (None for a grade the gain cannot take)."""

    def gain_of(values: tuple[float, ...]) -> float | None:
        grade = values[0]
        if grade < 0 or grade > MAX_EXPONENTIAL_GRADE:
            return None
        return float(gain_values(np.array([grade]), gain)[0])

    return gain_of


def _gain_how(gain: Gain) -> Callable[[tuple[str, ...], str, str], str]:
    def how(shown: tuple[str, ...], sign: str, result: str) -> str:
        if gain == "linear":
            return f"gain = rel = {shown[0]}"
        return f"2^{shown[0]} − 1 {sign} {result}"

    return how


# --------------------------------------------------------------------------------- checking --


def check_table(grades, k: int, gain: Gain, typed: Mapping[str, object]) -> TableCheck:
    """Check every cell of a worked table for ranks 1 … k (keys from :func:`cell_keys`)."""
    k = check_k(k) or len(grades)
    k = min(k, len(grades))
    table = breakdown(grades, k, gain=gain)
    exact = {
        (column, rank): float(table[source].iloc[rank - 1])
        for rank in range(1, k + 1)
        for column, source in zip(
            PER_RANK_COLUMNS + IDEAL_COLUMNS,
            ("gain", "discount", "contribution", "ideal_relevance", "ideal_gain", "ideal_contribution"),
            strict=True,
        )
    }
    totals = {
        "dcg": float(table["dcg"].iloc[k - 1]),
        "idcg": float(table["idcg"].iloc[k - 1]),
        "ndcg": float(table["ndcg"].iloc[k - 1]),
    }
    cells: dict[str, Cell] = {}

    def add(column: str, rank: int | None = None) -> Cell:
        expected = totals[column] if rank is None else exact[(column, rank)]
        made = _cell(column, rank, k, typed, expected)
        if made.status == "wrong":
            found = diagnose(made.value, expected, _cell_slips(made, grades, k, gain))
            made = replace(made, full=found[0].value) if found else made
        cells[made.key] = made
        return made

    def at(column: str, rank: int | None = None) -> Cell:
        return cells[cell_key(column, rank)]

    for rank in range(1, k + 1):
        add("gain", rank)
        add("discount", rank)
        cells[cell_key("contribution", rank)] = _follows(
            add("contribution", rank), [at("gain", rank), at("discount", rank)], _product, _times
        )
    cells["dcg"] = _follows(add("dcg"), [at("contribution", r) for r in range(1, k + 1)], _total, _plus)
    for rank in range(1, k + 1):
        add("ideal_grade", rank)
        cells[cell_key("ideal_gain", rank)] = _follows(
            add("ideal_gain", rank), [at("ideal_grade", rank)], _gain_of(gain), _gain_how(gain)
        )
        cells[cell_key("ideal_contribution", rank)] = _follows(
            add("ideal_contribution", rank), [at("ideal_gain", rank), at("discount", rank)], _product, _times
        )
    cells["idcg"] = _follows(
        add("idcg"), [at("ideal_contribution", r) for r in range(1, k + 1)], _total, _plus
    )
    cells["ndcg"] = _follows(add("ndcg"), [at("dcg"), at("idcg")], _quotient, _over)
    ordered = tuple(cells[key] for key in cell_keys(k))
    explained = tuple((cell, _explain(cell, grades, k, gain)) for cell in ordered if cell.wrong)
    return TableCheck(ordered, explained)


# ------------------------------------------------------------------------------- explaining --

_STEP = {
    "gain": "the gain depends on the grade only: {formula}",
    "discount": "the discount at rank i is 1/log2(i + 1)",
    "contribution": "the contribution is gain × discount of the same rank",
    "dcg": "DCG@k adds the contributions of ranks 1 to k",
    "ideal_grade": "the ideal order sorts every listed grade from best to worst, then cuts at k",
    "ideal_gain": "the gain depends on the grade only: {formula}, here of the ideal grade",
    "ideal_contribution": "the ideal contribution is the ideal gain × the discount of the same rank",
    "idcg": "IDCG@k adds the ideal contributions of ranks 1 to k: DCG@k of the ideal order",
    "ndcg": "NDCG@k = DCG@k / IDCG@k",
}


def _ideal(grades) -> list[float]:
    return sorted((float(g) for g in grades), reverse=True)


def _ideal_grade_slips(grades, k: int, rank: int) -> list[Slip]:
    """The ideal grade a learner reads off by sorting only the top k, or by not sorting."""
    top_k = sorted((float(g) for g in grades[:k]), reverse=True)
    return [
        Slip(
            "top_k_ideal",
            top_k[rank - 1],
            f"That sorts only the first {k} items: the ideal sorts every listed grade, then cuts at {k}.",
        ),
        Slip(
            "unsorted_ideal",
            float(grades[rank - 1]),
            f"That is the grade at rank {rank} of the list as it is: the ideal sorts the grades from best to worst.",
        ),
    ]


def _cell_slips(cell: Cell, grades, k: int, gain: Gain) -> list[Slip]:
    column, rank = cell.column, cell.rank
    if column == "ideal_grade":
        return _ideal_grade_slips(grades, k, rank)
    if column in ("ideal_gain", "ideal_contribution"):
        return slips(column.removeprefix("ideal_"), _ideal(grades), k, gain, rank)
    return slips(column, grades, k, gain, rank)


def _expected_text(cell: Cell) -> tuple[str, str]:
    """The expected value to 2 and to 4 decimals; NDCG, a share, is never written as 1 or 0 unless it is."""
    if cell.column == "ndcg":
        return share(cell.expected, 2), share(cell.expected, 4)
    return number(cell.expected, 2), number(cell.expected, 4)


def _explain(cell: Cell, grades, k: int, gain: Gain) -> str:
    """Why a wrong cell is wrong: the slip it matches, or the step to recheck."""
    if cell.problem == "empty":
        return f"The {cell.name} is empty: type a number, to 2 decimals or more."
    if cell.problem is not None:
        return f"The {cell.name} could not be read: {cell.problem}"
    step = _STEP[cell.column].format(formula=gain_formula(gain))
    if cell.column == "ideal_grade":
        start = f"The {cell.name} should be {cell.expected:g}; you typed {cell.value:g}."
    else:
        rounded, exact = _expected_text(cell)
        start = f"The {cell.name} should be {rounded} (exactly {exact}); you typed {cell.value:g}."
    found = diagnose(cell.value, cell.expected, _cell_slips(cell, grades, k, gain))
    if found:
        return f"{start} {slip_text(found)} Remember: {step}."
    return f"{start} Recheck this step: {step}."
