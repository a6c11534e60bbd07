"""The per-rank table: every number behind NDCG, one row per listed rank.

For rank i of a list with grades rel_1 … rel_n and gain g:

    gain_i          = g(rel_i)
    discount_i      = 1 / log2(i + 1)
    contribution_i  = gain_i × discount_i
    cg_i            = Σ_{j≤i} gain_j              (cumulative gain: blind to order)
    dcg_i           = Σ_{j≤i} contribution_j      (DCG@i)
    idcg_i          = DCG@i of the ideal order     (IDCG@i)
    ndcg_i          = dcg_i / idcg_i, 0 when idcg_i = 0   (NDCG@i)

``ideal_relevance``, ``ideal_gain`` and ``ideal_contribution`` are the grade, the gain and the
discounted gain that the ideal order has at rank i. ``in_cutoff`` is True for ranks 1 … k.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import pandas as pd

from ndcg_core.discounts import discount_values, ranks
from ndcg_core.gains import Gain, gain_values
from ndcg_core.metrics import _ratios, ideal_grades
from ndcg_core.validation import NDCGInputError, as_grades, check_k

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
    gain: Gain = "exponential",
    ideal: Iterable[float] | None = None,
) -> pd.DataFrame:
    """One row per listed rank with the columns in :data:`COLUMNS` (formulas in the module doc).

    ``labels`` names the items (default: ``"item 1"``, ``"item 2"``, …). ``ideal`` is the judged
    pool's grades; ``None`` builds the ideal from the listed grades. Where the pool is shorter
    than the list, the ideal has nothing more to place and its later ranks gain 0.

    >>> table = breakdown([0, 1, 2, 3, 2, 0, 3], k=5)
    >>> table["contribution"].round(2).tolist()
    [0.0, 0.63, 1.5, 3.01, 1.16, 0.0, 2.33]
    """
    grades = as_grades(relevances)
    pool = None if ideal is None else as_grades(ideal, what="judged pool grade")
    k = check_k(k)
    rank = ranks(len(grades))
    discount = discount_values(rank)
    gain_i = gain_values(grades, gain)
    best = _ideal_at_ranks(ideal_grades(grades, pool), len(grades))
    ideal_gain = gain_values(best, gain)
    ideal_contribution = ideal_gain * discount
    dcg_i = np.cumsum(gain_i * discount)
    idcg_i = np.cumsum(ideal_contribution)
    table = {
        "rank": rank,
        "label": _labels(labels, len(grades)),
        "relevance": grades,
        "gain": gain_i,
        "discount": discount,
        "contribution": gain_i * discount,
        "cg": np.cumsum(gain_i),
        "dcg": dcg_i,
        "ideal_relevance": best,
        "ideal_gain": ideal_gain,
        "ideal_contribution": ideal_contribution,
        "idcg": idcg_i,
        "ndcg": _ratios(dcg_i, idcg_i),
        "in_cutoff": rank <= (k if k is not None else len(grades)),
    }
    return pd.DataFrame(table, columns=list(COLUMNS))


def _ideal_at_ranks(best: np.ndarray, n: int) -> np.ndarray:
    """The ideal's grades at ranks 1 … n: cut to n, or padded with 0 where the pool runs out."""
    return np.pad(best[:n], (0, max(0, n - len(best))))


def _labels(labels: Sequence[str] | None, n: int) -> list[str]:
    """The given labels as text, or "item 1", "item 2", … when none are given."""
    if labels is None:
        return [f"item {i}" for i in range(1, n + 1)]
    labels = [str(label) for label in labels]
    if len(labels) != n:
        raise NDCGInputError(f"There are {len(labels)} labels for {n} grades; give one label per grade.")
    return labels
