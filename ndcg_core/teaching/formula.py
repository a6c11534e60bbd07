"""DCG@k, IDCG@k and NDCG@k written out with the current numbers, as LaTeX.

Seed 000 writes its equations (8)–(10) this way:

    DCG@5  = 0 + 0.63 + 1.50 + 3.02 + 1.16 = 6.31
    IDCG@5 = 7 + 4.42 + 1.50 + 1.29 + 0.39 = 14.60
    NDCG@5 = 6.31 / 14.60 ≈ 0.43

Only numbers go into these strings (never an item's name), so they are safe to typeset.
Each term is rounded for display; the total is the sum of the unrounded terms. Where the
rounded terms do not add up to the rounded total, :func:`rounding_note` says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ndcg_core.metric.gains import Gain
from ndcg_core.metric.headline import Headline
from ndcg_core.metric.ranking import contributions
from ndcg_core.teaching.wording import empty_ideal_reading, is_one, nothing_relevant, pair, same, share

#: Longer sums are shown with their first three and last two terms and ⋯ between.
MAX_TERMS = 6


@dataclass(frozen=True)
class WrittenOut:
    """One equation in three forms: symbolic terms, rounded terms, and the total."""

    latex: str
    rounding_note: str | None


def number(value: float, decimals: int) -> str:
    """``value`` rounded to ``decimals`` places; whole numbers such as a gain of 7 stay short."""
    if float(value).is_integer():
        return f"{int(value)}"
    return f"{value:.{decimals}f}"


def _grade(value: float) -> str:
    """A grade as typed: 3, 2.5."""
    return f"{value:g}"


def _term(grade: float, rank: int, gain: Gain) -> str:
    """One symbolic term, e.g. ``\\frac{2^{3}-1}{\\log_2 5}``."""
    numerator = f"2^{{{_grade(grade)}}}-1" if gain == "exponential" else _grade(grade)
    return rf"\frac{{{numerator}}}{{\log_2 {rank + 1}}}"


def _shorten(parts: Sequence[str]) -> list[str]:
    """Keep the first three and the last two parts of a long sum, with ⋯ between."""
    if len(parts) <= MAX_TERMS:
        return list(parts)
    return [*parts[:3], r"\cdots", *parts[-2:]]


def written_sum(name: str, grades: np.ndarray, k: int | None, gain: Gain, decimals: int) -> WrittenOut:
    """``name = Σ terms = rounded terms = total`` for the grades in ranked order, cut at k.

    The three steps stand on three aligned lines, so that a long sum still fits a page.
    """
    shown = np.asarray(grades, dtype=float)[:k]
    values = contributions(shown, gain)
    total = float(np.sum(values))
    if len(shown) == 0:
        return WrittenOut(rf"\mathrm{{{name}}} = 0 \quad \text{{(no items)}}", None)
    symbolic = _shorten([_term(g, i, gain) for i, g in enumerate(shown, start=1)])
    rounded = _shorten([number(v, decimals) for v in values])
    latex = (
        rf"\begin{{aligned}}\mathrm{{{name}}} &= {' + '.join(symbolic)} \\"
        rf" &= {' + '.join(rounded)} \\ &= {number(total, decimals)}\end{{aligned}}"
    )
    return WrittenOut(latex, rounding_note(values, total, decimals))


def rounding_note(values: np.ndarray, total: float, decimals: int) -> str | None:
    """A note when the rounded terms do not add up to the rounded total, else ``None``."""
    shown_terms = [float(number(v, decimals)) for v in values]
    shown_sum = round(sum(shown_terms), decimals)
    if f"{shown_sum:.{decimals}f}" == f"{total:.{decimals}f}":
        return None
    return (
        f"The rounded terms add up to {shown_sum:.{decimals}f}, not {total:.{decimals}f}: "
        "each term is rounded for display, and the total is the sum of the unrounded terms."
    )


def written_ndcg(numbers: Headline, decimals: int) -> str:
    """``NDCG@k = DCG@k / IDCG@k = a / b = c``, or the IDCG = 0 case spelled out.

    ``a`` and ``b`` get the digits that tell them apart, and ``c``, a share, is never written
    as 1 or 0 unless it is (:mod:`ndcg_core.teaching.wording`): 0.998 is not "1.00".
    """
    at = numbers.at
    head = rf"\mathrm{{NDCG{at}}} = \frac{{\mathrm{{DCG{at}}}}}{{\mathrm{{IDCG{at}}}}}"
    if numbers.idcg_is_zero:
        value = {"zero": "0", "one": "1", "skip": r"\text{left out}"}[numbers.empty_ideal]
        reading = empty_ideal_reading(numbers.empty_ideal)
        why = f"IDCG{at} = 0: {nothing_relevant(numbers.ideal_source)}, so NDCG{at} {reading}"
        return head + rf" = {value} \quad \text{{({why})}}"
    top, bottom = number(numbers.dcg, decimals), number(numbers.idcg, decimals)
    if top == bottom and not same(numbers.dcg, numbers.idcg):  # 28.581 / 28.584: show the digits that differ
        top, bottom = pair(numbers.dcg, numbers.idcg, decimals, shares=False)
    result = (
        "1" if is_one(numbers.ndcg) and float(numbers.ndcg).is_integer() else share(numbers.ndcg, decimals)
    )
    return head + rf" = \frac{{{top}}}{{{bottom}}} = {result}"
