"""Check my table: a learner's worked table, cell by cell, with the first wrong cell explained.

The table has, for each rank i = 1 … k, the gain, the discount 1/log2(i + 1) and the contribution
gain × discount, then DCG@k, IDCG@k and NDCG@k (the ideal from the listed items). Every cell is
parsed with :func:`ndcg_core.practice.slips.parse_number` (never evaluated) and is right within
±:data:`~ndcg_core.practice.slips.TOLERANCE` of the exact value from :func:`ndcg_core.breakdown`.
A rounded table adds up the way the seeds' tables do: DCG@k is also right when it is the sum of the
learner's own (right, rounded) contributions, and NDCG@k when it is their DCG@k / IDCG@k.
Cells are read row by row, then the totals; the first wrong one is explained with the classic slip
it matches (:func:`ndcg_core.practice.slips.slips`), or with the step to recheck.

>>> result = check_table([3, 2, 0], 2, "linear", {"gain_1": "3", "discount_1": "1", "contribution_1": "3",
...     "gain_2": "2", "discount_2": "0.5", "contribution_2": "1.26", "dcg": "4.26", "idcg": "4.26", "ndcg": "1"})
>>> [cell.key for cell in result.cells if not cell.ok], result.first_wrong.key
(['discount_2'], 'discount_2')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ndcg_core.metric.breakdown import breakdown
from ndcg_core.metric.gains import Gain, gain_formula
from ndcg_core.metric.metrics import dcg, idcg, ndcg
from ndcg_core.metric.validation import NDCGInputError, check_k
from ndcg_core.practice.slips import Quantity, close, diagnose, parse_number, slip_text, slips
from ndcg_core.teaching.wording import number, share

PER_RANK_COLUMNS: tuple[Quantity, ...] = ("gain", "discount", "contribution")
TOTALS: tuple[Quantity, ...] = ("dcg", "idcg", "ndcg")


def cell_key(column: str, rank: int | None = None) -> str:
    """The key of a cell: ``"gain_2"`` for a per-rank cell, ``"dcg"`` for a total."""
    return column if rank is None else f"{column}_{rank}"


@dataclass(frozen=True)
class Cell:
    """One cell: what was read (``value``, or ``problem`` when it could not be), the exact value, the verdict."""

    key: str
    name: str
    column: str
    rank: int | None
    value: float | None
    problem: str | None
    expected: float
    ok: bool
    note: str = ""

    @property
    def mark(self) -> str:
        """The verdict in words, not only in colour: ✓ right, ✗ wrong, ✗ empty, ✗ not a number."""
        if self.ok:
            return "✓ right"
        if self.problem is None:
            return "✗ wrong"
        return "✗ empty" if self.problem == "empty" else "✗ not a number"


@dataclass(frozen=True)
class TableCheck:
    """Every cell checked, and the explanation of the first wrong one (``""`` if all are right)."""

    cells: tuple[Cell, ...]
    first_wrong: Cell | None
    explanation: str

    @property
    def right(self) -> int:
        """How many cells are right."""
        return sum(cell.ok for cell in self.cells)


def _name(column: str, rank: int | None, k: int) -> str:
    return f"{column} at rank {rank}" if rank else f"{column.upper()}@{k}"


def _read(text: object) -> tuple[float | None, str | None]:
    """(value, None) or (None, the problem): ``"empty"`` or the parser's message."""
    if text is None or not str(text).strip():
        return None, "empty"
    try:
        return parse_number(text), None
    except NDCGInputError as error:
        return None, str(error)


def check_table(grades, k: int, gain: Gain, typed: Mapping[str, object]) -> TableCheck:
    """Check every cell of a worked table for ranks 1 … k (keys from :func:`cell_key`)."""
    k = check_k(k) or len(grades)
    k = min(k, len(grades))
    table = breakdown(grades, k, gain=gain)
    cells: list[Cell] = []
    for rank in range(1, k + 1):
        for column in PER_RANK_COLUMNS:
            expected = float(table[column].iloc[rank - 1])
            cells.append(_cell(column, rank, k, typed, expected))
    own = {cell.key: cell for cell in cells}
    exact = {
        "dcg": dcg(grades, k, gain=gain),
        "idcg": idcg(grades, k, gain=gain),
        "ndcg": ndcg(grades, k, gain=gain),
    }
    for column in TOTALS:
        cells.append(_total(column, k, typed, exact[column], own))
        own[column] = cells[-1]
    first = next((cell for cell in cells if not cell.ok), None)
    return TableCheck(tuple(cells), first, _explain(first, grades, k, gain) if first else "")


def _cell(column: Quantity, rank: int | None, k: int, typed: Mapping[str, object], expected: float) -> Cell:
    key = cell_key(column, rank)
    value, problem = _read(typed.get(key))
    ok = value is not None and close(value, expected)
    return Cell(key, _name(column, rank, k), column, rank, value, problem, expected, ok)


def _total(
    column: Quantity, k: int, typed: Mapping[str, object], expected: float, own: Mapping[str, Cell]
) -> Cell:
    """A total: right near the exact value, or near what the learner's own right cells give."""
    cell = _cell(column, None, k, typed, expected)
    if cell.ok or cell.value is None:
        return cell
    from_own = _from_own(column, k, own)
    if from_own is not None and close(cell.value, from_own):
        note = f"follows from your rounded cells ({number(from_own, 4)})"
        return Cell(cell.key, cell.name, column, None, cell.value, None, expected, True, note)
    return cell


def _from_own(column: Quantity, k: int, own: Mapping[str, Cell]) -> float | None:
    """DCG@k as the sum of the learner's contributions, NDCG@k as their DCG / IDCG, when those are right."""
    if column == "dcg":
        parts = [own[cell_key("contribution", rank)] for rank in range(1, k + 1)]
        return sum(cell.value for cell in parts) if all(cell.ok for cell in parts) else None
    if column == "ndcg":
        top, bottom = own["dcg"], own["idcg"]
        if top.ok and bottom.ok and bottom.value:
            return top.value / bottom.value
    return None


_STEP = {
    "gain": "the gain depends on the grade only: {formula}",
    "discount": "the discount at rank i is 1/log2(i + 1)",
    "contribution": "the contribution is gain × discount of the same rank",
    "dcg": "DCG@k adds the contributions of ranks 1 to k",
    "idcg": "IDCG@k is DCG@k of every listed grade sorted from best to worst",
    "ndcg": "NDCG@k = DCG@k / IDCG@k",
}


def _expected_text(cell: Cell) -> tuple[str, str]:
    """The expected value to 2 and to 4 decimals; NDCG, a share, is never written as 1 or 0 unless it is."""
    if cell.column == "ndcg":
        return share(cell.expected, 2), share(cell.expected, 4)
    return number(cell.expected, 2), number(cell.expected, 4)


def _explain(cell: Cell, grades, k: int, gain: Gain) -> str:
    """Why the first wrong cell is wrong: the slip it matches, or the step to recheck."""
    if cell.problem == "empty":
        return f"The {cell.name} is empty: type a number, to 2 decimals or more."
    if cell.problem is not None:
        return f"The {cell.name} could not be read: {cell.problem}"
    step = _STEP[cell.column].format(formula=gain_formula(gain))
    rounded, exact = _expected_text(cell)
    start = f"The {cell.name} should be {rounded} (exactly {exact}); you typed {cell.value:g}."
    found = diagnose(cell.value, cell.expected, slips(cell.column, grades, k, gain, cell.rank))
    if found:
        return f"{start} {slip_text(found)} Remember: {step}."
    return f"{start} Recheck this step: {step}."
