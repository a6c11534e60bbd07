"""Small formulas of the lesson, written out as LaTeX with the current numbers.

Only numbers go into these strings (never an item's name), so they are safe for ``st.latex``.
The numbers are the core's; this module only writes them down.
"""

from __future__ import annotations

from collections.abc import Sequence

from ndcg_core.teaching.formula import number

#: Longer sums are shown with their first three and last two terms and ⋯ between.
MAX_TERMS = 6


def _grade(value: float) -> str:
    """A grade as typed: 3, 2.5."""
    return f"{value:g}"


def _shorten(parts: Sequence[str]) -> list[str]:
    """Keep the first three and the last two parts of a long sum, with ⋯ between."""
    if len(parts) <= MAX_TERMS:
        return list(parts)
    return [*parts[:3], r"\cdots", *parts[-2:]]


def gain_latex(grade: float, gain_value: float, gain: str) -> str:
    """``g(rel) = 2^rel − 1``, then with the grade in it: ``g(3) = 2^{3} − 1 = 7`` (or ``g(3) = 3``)."""
    if gain == "exponential":
        return (
            rf"g(\mathrm{{rel}}) = 2^{{\mathrm{{rel}}}} - 1:\qquad "
            rf"g({_grade(grade)}) = 2^{{{_grade(grade)}}} - 1 = {number(gain_value, 3)}"
        )
    return rf"g(\mathrm{{rel}}) = \mathrm{{rel}}:\qquad g({_grade(grade)}) = {number(gain_value, 3)}"


def discount_latex(discounts: Sequence[float], decimals: int) -> str:
    """``d(i) = 1 / log2(i + 1)``, then the first ranks: ``d(1) = 1/log2 2 = 1, d(2) = …``."""
    shown = [
        rf"d({rank}) = \frac{{1}}{{\log_2 {rank + 1}}} = {number(value, decimals)}"
        for rank, value in enumerate(discounts[:3], start=1)
    ]
    more = r",\ \ldots" if len(discounts) > 3 else ""
    return r"d(i) = \frac{1}{\log_2(i+1)}:\qquad " + r",\ \ ".join(shown) + more


def cg_latex(name: str, gains: Sequence[float], total: float, decimals: int) -> str:
    """``CG@k = g_1 + g_2 + … = total`` with the gains of ranks 1 … k."""
    if len(gains) == 0:
        return rf"\mathrm{{{name}}} = 0 \quad \text{{(no items)}}"
    terms = _shorten([number(value, decimals) for value in gains])
    return rf"\mathrm{{{name}}} = \sum_{{i=1}}^{{k}} g(\mathrm{{rel}}_i) = {' + '.join(terms)} = {number(total, decimals)}"
