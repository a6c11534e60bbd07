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
from typing import TYPE_CHECKING, Any

import numpy as np

from ndcg_core.metric.discounts import DEFAULT_LOG_BASE, Discount, discount_values, ranks
from ndcg_core.metric.gains import GainRule, gain_values
from ndcg_core.metric.ranking import EmptyIdeal, Ranking
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.tables import data_frame

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
    settings = {"discount": discount, "log_base": log_base, "empty_ideal": empty_ideal}
    return breakdown_of(Ranking.of(relevances, k, gain=gain, ideal=ideal, **settings), labels)


def breakdown_of(ranking: Ranking, labels: Sequence[str] | None = None) -> pd.DataFrame:
    """:func:`breakdown` of an already checked ranking (one per page run; the ideal sorted once)."""
    return data_frame(breakdown_columns(ranking, labels), COLUMNS)


def breakdown_columns(ranking: Ranking, labels: Sequence[str] | None = None) -> dict[str, Any]:
    """The columns of :func:`breakdown_of` as arrays, by name, without building a DataFrame.

    For a caller that only reads columns (the Playground redraws its table and charts on every
    drop): a DataFrame with a text column costs milliseconds to build and to read back.
    """
    n = ranking.listed
    rank = ranks(n)
    discount_i = discount_values(rank, ranking.discount, ranking.log_base)
    gain_i = gain_values(ranking.grades, ranking.gain)
    ideal_gain = ranking.ideal_at_ranks(gain_values(ranking.ideal, ranking.gain))
    table = {
        "rank": rank,
        "label": _labels(labels, n),
        "relevance": ranking.grades,
        "gain": gain_i,
        "discount": discount_i,
        "contribution": ranking.contributions,
        "cg": np.cumsum(gain_i),
        "dcg": ranking.running_dcg,
        "ideal_relevance": ranking.ideal_at_ranks(ranking.ideal),
        "ideal_gain": ideal_gain,
        "ideal_contribution": ideal_gain * discount_i,
        "idcg": ranking.running_idcg,
        "ndcg": ranking.ndcg_at_every_k,
        "in_cutoff": rank <= (ranking.k if ranking.k is not None else n),
    }
    return table


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
    a, b = Ranking.of(a_relevances, k, **settings), Ranking.of(b_relevances, k, **settings)
    return side_by_side_of(a, b, a_labels, b_labels)


def side_by_side_of(
    a: Ranking,
    b: Ranking,
    a_labels: Sequence[str] | None = None,
    b_labels: Sequence[str] | None = None,
    *,
    pad_shorter: bool = False,
) -> pd.DataFrame:
    """:func:`side_by_side` of two already checked rankings under the same conventions.

    Two lists of different lengths (say two runs' top documents for one query, when one run
    returned fewer) are refused, unless ``pad_shorter``: then the table runs to the longer list,
    and a rank beyond the shorter list's end holds no item (label "", grade NaN) and adds 0, as a
    missing document adds nothing to DCG in trec_eval. Its DCG@rank stays at the list's DCG and its
    NDCG@rank keeps falling, since IDCG@rank still grows:

    >>> a, b = Ranking.of([3, 2], 3, gain="linear"), Ranking.of([0, 3, 2], 3, gain="linear")
    >>> table = side_by_side_of(a, b, pad_shorter=True)
    >>> table["a_label"].tolist(), table["a_dcg"].round(3).tolist(), table["difference"].round(3).tolist()
    (['item 1', 'item 2', ''], [3.0, 4.262, 4.262], [3.0, -0.631, -1.0])
    """
    if a.listed != b.listed and not pad_shorter:
        raise NDCGInputError(
            f"List A has {a.listed} items and list B {b.listed}; compare two rankings of the same items."
        )
    n = max(a.listed, b.listed)
    a_table, b_table = _padded_breakdown(a, a_labels, n), _padded_breakdown(b, b_labels, n)
    table = {"rank": a_table["rank"], "in_cutoff": a_table["in_cutoff"]}
    for prefix, side in (("a_", a_table), ("b_", b_table)):
        for column in ("label", "relevance", "contribution", "dcg", "ndcg"):
            table[prefix + column] = side[column]
    table["difference"] = a_table["contribution"] - b_table["contribution"]
    return data_frame(table, PAIRED_COLUMNS)


def _padded_breakdown(ranking: Ranking, labels: Sequence[str] | None, n: int) -> pd.DataFrame:
    """:func:`breakdown_of` run to rank n: the ranks past the list's end hold no item and add 0."""
    listed = ranking.listed
    if listed == n:
        return breakdown_of(ranking, labels)
    padded = ranking.with_grades(np.pad(ranking.grades, (0, n - listed)))
    table = breakdown_of(padded, [*_labels(labels, listed), *([""] * (n - listed))])
    table.loc[listed:, "relevance"] = np.nan
    return table
