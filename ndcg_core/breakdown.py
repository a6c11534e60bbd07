"""The per-rank table: every number behind NDCG, one row per listed rank.

For rank i of a list with grades rel_1 … rel_n, gain g and discount d:

    gain_i          = g(rel_i)
    discount_i      = d(i)                         (1 / log2(i + 1) by default)
    contribution_i  = gain_i × discount_i
    cg_i            = Σ_{j≤i} gain_j              (cumulative gain: blind to order)
    dcg_i           = Σ_{j≤i} contribution_j      (DCG@i)
    idcg_i          = DCG@i of the ideal order     (IDCG@i)
    ndcg_i          = dcg_i / idcg_i; when idcg_i = 0, the empty_ideal rule (0 by default)

``ideal_relevance``, ``ideal_gain`` and ``ideal_contribution`` are the grade, the gain and the
discounted gain that the ideal order has at rank i. ``in_cutoff`` is True for ranks 1 … k.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ndcg_core.discounts import DEFAULT_LOG_BASE, Discount, discount_values, ranks
from ndcg_core.gains import GainRule, gain_values
from ndcg_core.metrics import EmptyIdeal, _ratios, check_empty_ideal, ideal_grades
from ndcg_core.tables import data_frame
from ndcg_core.validation import NDCGInputError, as_grades, check_k

if TYPE_CHECKING:
    import pandas as pd

COLUMNS: tuple[str, ...] = (
    "rank",
    "label",
    "relevance",
    "gain",
    "discount",
    "contribution",
    "cg",
    "dcg",
    "ideal_relevance",
    "ideal_gain",
    "ideal_contribution",
    "idcg",
    "ndcg",
    "in_cutoff",
)


def breakdown(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    labels: Sequence[str] | None = None,
    gain: GainRule = "exponential",
    ideal: Iterable[float] | None = None,
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
    empty_ideal: EmptyIdeal = "zero",
) -> pd.DataFrame:
    """One row per listed rank with the columns in :data:`COLUMNS` (formulas in the module doc).

    ``labels`` names the items (default: ``"item 1"``, ``"item 2"``, …). ``ideal`` is the judged
    pool's grades; ``None`` builds the ideal from the listed grades. Where the pool is shorter
    than the list, the ideal has nothing more to place and its later ranks gain 0.
    ``gain``, ``discount``, ``log_base`` and ``empty_ideal`` are as in :func:`ndcg_core.ndcg`.

    >>> table = breakdown([0, 1, 2, 3, 2, 0, 3], k=5)
    >>> table["contribution"].round(2).tolist()
    [0.0, 0.63, 1.5, 3.01, 1.16, 0.0, 2.33]
    """
    grades = as_grades(relevances)
    pool = None if ideal is None else as_grades(ideal, what="judged pool grade")
    k = check_k(k)
    rule = check_empty_ideal(empty_ideal)
    rank = ranks(len(grades))
    discount_i = discount_values(rank, discount, log_base)
    gain_i = gain_values(grades, gain)
    best = ideal_grades(grades, pool, gain)[: len(grades)]
    ideal_gain = _ideal_at_ranks(gain_values(best, gain), len(grades))
    best = _ideal_at_ranks(best, len(grades))
    ideal_contribution = ideal_gain * discount_i
    dcg_i = np.cumsum(gain_i * discount_i)
    idcg_i = np.cumsum(ideal_contribution)
    table = {
        "rank": rank,
        "label": _labels(labels, len(grades)),
        "relevance": grades,
        "gain": gain_i,
        "discount": discount_i,
        "contribution": gain_i * discount_i,
        "cg": np.cumsum(gain_i),
        "dcg": dcg_i,
        "ideal_relevance": best,
        "ideal_gain": ideal_gain,
        "ideal_contribution": ideal_contribution,
        "idcg": idcg_i,
        "ndcg": _ratios(dcg_i, idcg_i, rule),
        "in_cutoff": rank <= (k if k is not None else len(grades)),
    }
    return data_frame(table, COLUMNS)


def _ideal_at_ranks(best: np.ndarray, n: int) -> np.ndarray:
    """The ideal's grades (or gains) at ranks 1 … n: padded with 0 where the pool runs out."""
    return np.pad(best[:n], (0, max(0, n - len(best))))


def _labels(labels: Sequence[str] | None, n: int) -> list[str]:
    """The given labels as text, or "item 1", "item 2", … when none are given."""
    if labels is None:
        return [f"item {i}" for i in range(1, n + 1)]
    labels = [str(label) for label in labels]
    if len(labels) != n:
        raise NDCGInputError(f"There are {len(labels)} labels for {n} grades; give one label per grade.")
    return labels


#: The columns of :func:`side_by_side`.
PAIRED_COLUMNS: tuple[str, ...] = (
    "rank",
    "a_label",
    "a_relevance",
    "a_contribution",
    "b_label",
    "b_relevance",
    "b_contribution",
    "difference",
    "a_dcg",
    "b_dcg",
    "a_ndcg",
    "b_ndcg",
    "in_cutoff",
)


def side_by_side(
    a_relevances: Iterable[float],
    b_relevances: Iterable[float],
    k: int | None = None,
    *,
    a_labels: Sequence[str] | None = None,
    b_labels: Sequence[str] | None = None,
    gain: GainRule = "exponential",
    ideal: Iterable[float] | None = None,
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
) -> pd.DataFrame:
    """Two rankings of the same length, rank by rank: columns in :data:`PAIRED_COLUMNS`.

    ``difference`` = A's contribution − B's contribution at that rank (positive: A gains more
    there). ``a_ndcg`` and ``b_ndcg`` are NDCG@rank. Both lists are normalised by the same ideal:
    ``ideal`` (the judged pool) if given, else each list's own grades (the same when both lists
    hold the same items).

    >>> table = side_by_side([3, 0], [0, 3], gain="linear")
    >>> table["difference"].round(3).tolist()
    [3.0, -1.893]
    """
    settings = {"gain": gain, "ideal": ideal, "discount": discount, "log_base": log_base}
    a = breakdown(a_relevances, k, labels=a_labels, **settings)
    b = breakdown(b_relevances, k, labels=b_labels, **settings)
    if len(a) != len(b):
        raise NDCGInputError(
            f"List A has {len(a)} items and list B {len(b)}; compare two rankings of the same items."
        )
    table = {"rank": a["rank"], "in_cutoff": a["in_cutoff"]}
    for prefix, side in (("a_", a), ("b_", b)):
        for column in ("label", "relevance", "contribution", "dcg", "ndcg"):
            table[prefix + column] = side[column]
    table["difference"] = a["contribution"] - b["contribution"]
    return data_frame(table, PAIRED_COLUMNS)
