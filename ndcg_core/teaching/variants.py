"""One ranking, every convention: the variants of NDCG side by side, and what three tools compute.

A variant is a value for each parameter (ir_measures' idea): gain, discount, where the ideal
comes from, what IDCG = 0 gives. :func:`variant_table` computes DCG@k, IDCG@k and NDCG@k of one
ranking under each; :func:`spread` says how far they disagree.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ndcg_core.metric.discounts import (
    DEFAULT_LOG_BASE,
    DISCOUNT_USED_BY,
    DISCOUNTS,
    Discount,
    discount_formula,
)
from ndcg_core.metric.gains import GAIN_USED_BY, GAINS, CustomGain, GainRule, gain_formula, gain_name
from ndcg_core.metric.ranking import EmptyIdeal, Ranking, judged_pool
from ndcg_core.metric.validation import as_grades
from ndcg_core.tables import data_frame

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class Variant:
    """One way to compute NDCG: a value for each parameter (ir_measures' idea).

    ``aspect`` says which parameter this variant changes ("gain", "discount" or "ideal");
    ``name`` is that parameter's value as the app names it; ``used_by`` says when and by whom.
    """

    aspect: str
    name: str
    gain: GainRule = "exponential"
    discount: Discount = "log2"
    log_base: float = DEFAULT_LOG_BASE
    use_pool: bool = False
    used_by: str = ""
    empty_ideal: EmptyIdeal | None = None

    @property
    def formula(self) -> str:
        """The changed parameter written out: ``2^rel − 1``, ``1 / i``, ``judged pool``; for a tool, all of them."""
        if self.aspect == "gain":
            return gain_formula(self.gain)
        if self.aspect == "discount":
            return discount_formula(self.discount, self.log_base)
        ideal = "all judged grades, sorted" if self.use_pool else "the listed grades, re-sorted"
        if self.aspect != "tool":
            return ideal
        empty = _EMPTY_VALUE_TEXT[self.empty_ideal or "zero"]
        return (
            f"gain {gain_formula(self.gain)}; discount {discount_formula(self.discount, self.log_base)}; "
            f"ideal: {ideal}; IDCG = 0 → {empty}"
        )


_EMPTY_VALUE_TEXT = {"zero": "0", "one": "1", "skip": "left out"}


def tool_variants() -> list[Variant]:
    """How three tools compute NDCG@k by default, as variants (their documentation and source).

    trec_eval's ``ndcg_cut`` (m_ndcg.c: gain = grade, 1/log2(i+1), ideal from every judged
    document, 0 when IDCG = 0); scikit-learn's ``ndcg_score`` (gain = the given y_true,
    1/log2(i+1), ideal from the scored items, 0 when IDCG = 0); LightGBM's ``ndcg@k``
    (label_gain 2^grade − 1, 1/log2(i+1), ideal from the query's documents, 1 when IDCG = 0).
    """
    return [
        Variant(
            "tool",
            "trec_eval ndcg_cut",
            gain="linear",
            use_pool=True,
            empty_ideal="zero",
            used_by=TOOL_TIES["trec_eval"],
        ),
        Variant(
            "tool",
            "scikit-learn ndcg_score",
            gain="linear",
            empty_ideal="zero",
            used_by=TOOL_TIES["scikit-learn"],
        ),
        Variant(
            "tool", "LightGBM ndcg@k", gain="exponential", empty_ideal="one", used_by=TOOL_TIES["LightGBM"]
        ),
    ]


#: How each tool orders items with equal scores.
TOOL_TIES = {
    "trec_eval": "Equal scores: document id descending.",
    "scikit-learn": "Equal scores: the tied items share their average gain.",
    "LightGBM": "Equal scores: kept in input order (a stable sort by score).",
}


def standard_variants(
    *,
    gain: GainRule = "exponential",
    custom_gain: CustomGain | None = None,
    log_base: float = DEFAULT_LOG_BASE,
    use_pool: bool = False,
) -> list[Variant]:
    """Every variant the Variants page shows, each changing one parameter of a base convention.

    The base is ``gain`` with the 1/log2(i+1) discount and the ideal from the pool
    (``use_pool``) or the listed items. Gain variants keep that discount and ideal; discount
    variants keep ``gain``; ideal variants keep ``gain`` and the standard discount. The custom
    gain row appears when ``custom_gain`` is given.
    """
    base = {"gain": gain, "use_pool": use_pool}
    gains: list[GainRule] = [*GAINS, *([custom_gain] if custom_gain is not None else [])]
    rows = [
        Variant("gain", gain_name(g), gain=g, use_pool=use_pool, used_by=GAIN_USED_BY[gain_name(g)])
        for g in gains
    ]
    rows += [
        Variant("discount", d, discount=d, log_base=log_base, used_by=DISCOUNT_USED_BY[d], **base)
        for d in DISCOUNTS
    ]
    rows += [
        Variant("ideal", "listed items", gain=gain, use_pool=False, used_by=IDEAL_USED_BY["listed items"]),
        Variant("ideal", "judged pool", gain=gain, use_pool=True, used_by=IDEAL_USED_BY["judged pool"]),
    ]
    return rows


#: Where the ideal comes from, and who builds it that way.
IDEAL_USED_BY: dict[str, str] = {
    "listed items": (
        "scikit-learn's ndcg_score, LightGBM and most training code (the course notes' Approach 2): "
        "how well the returned items are ordered; missing a relevant item costs nothing."
    ),
    "judged pool": (
        "trec_eval, ir_measures, ranx (the course notes' Approach 1): every judged item counts, "
        "so a list that misses relevant items cannot reach 1."
    ),
}

#: The columns of :func:`variant_table`.
VARIANT_COLUMNS: tuple[str, ...] = ("aspect", "variant", "formula", "dcg", "idcg", "ndcg", "used_by")


def variant_table(
    relevances: Iterable[float],
    k: int | None,
    variants: Sequence[Variant],
    *,
    pool: Iterable[float] | None = None,
    empty_ideal: EmptyIdeal = "zero",
) -> pd.DataFrame:
    """DCG@k, IDCG@k and NDCG@k of one ranking under each variant: columns :data:`VARIANT_COLUMNS`.

    ``pool`` is the judged pool, used by the variants with ``use_pool``; without a pool those
    variants use the listed grades.

    >>> rows = variant_table([3, 2, 3, 0, 1], 5, standard_variants(gain="linear"))
    >>> float(rows.set_index("variant").loc["none", "ndcg"])   # no discount: CG@5 / ICG@5
    1.0
    """
    grades = as_grades(relevances)
    pool_grades = judged_pool(pool)
    rows = []
    for variant in variants:
        numbers = Ranking.of(
            grades,
            k,
            gain=variant.gain,
            ideal=pool_grades if variant.use_pool else None,
            discount=variant.discount,
            log_base=variant.log_base,
            empty_ideal=variant.empty_ideal or empty_ideal,
        )
        rows.append(
            (
                variant.aspect,
                variant.name,
                variant.formula,
                numbers.dcg,
                numbers.idcg,
                numbers.ndcg,
                variant.used_by,
            )
        )
    return data_frame(rows, VARIANT_COLUMNS)


def spread(values: Iterable[float]) -> float:
    """Largest minus smallest of the numbers that are not NaN (0 for none): how far variants disagree."""
    finite = [value for value in values if not math.isnan(value)]
    return max(finite) - min(finite) if finite else 0.0
