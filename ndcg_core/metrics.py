"""DCG, IDCG and NDCG of one ranked list.

With rank i starting at 1, grade rel_i at rank i, gain g(rel) and cutoff k:

    DCG@k  = Σ_{i=1..k} g(rel_i) / log2(i + 1)
    IDCG@k = DCG@k of the ideal order (the judged grades sorted from best to worst)
    NDCG@k = DCG@k / IDCG@k,  and 0 when IDCG@k = 0 (trec_eval's convention)

Where the ideal comes from:

* ``ideal=None``: the listed grades themselves, re-sorted ("listed items"; scikit-learn).
* ``ideal=pool``: every judged grade of the query, listed or not ("judged pool"; trec_eval,
  ir_measures, ranx). A list that misses judged relevant items then cannot reach 1.

With ``k=None`` DCG runs over the whole list and IDCG over the whole ideal, however long,
as trec_eval's ``ndcg`` measure does. A k longer than the list changes nothing in DCG but
still lets IDCG take up to k items of the pool.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ndcg_core.discounts import discount_values, ranks
from ndcg_core.gains import Gain, gain_values
from ndcg_core.validation import as_grades, check_k


def contributions(grades: np.ndarray, gain: Gain = "exponential") -> np.ndarray:
    """Discounted gain at each rank i: ``g(rel_i) / log2(i + 1)``."""
    return gain_values(grades, gain) * discount_values(ranks(len(grades)))


def ideal_grades(grades: np.ndarray, pool: np.ndarray | None = None) -> np.ndarray:
    """The ideal order's grades: the pool (or, without one, the listed grades) from best to worst."""
    source = grades if pool is None else pool
    return np.sort(source)[::-1]


def dcg(relevances: Iterable[float], k: int | None = None, *, gain: Gain = "exponential") -> float:
    """Discounted cumulative gain: ``DCG@k = Σ_{i=1..k} g(rel_i) / log2(i + 1)``.

    ``relevances`` are the grades in ranked order (rank 1 first). ``k=None`` sums the whole list;
    a k beyond the list's end sums the whole list too.

    >>> round(dcg([0, 1, 2, 3, 2, 0, 3], k=5), 2)   # seed 000, Table 4
    6.31
    >>> round(dcg([3, 2, 3, 0, 1], k=5, gain="linear"), 3)   # seed 004
    6.149
    """
    grades = as_grades(relevances)
    return _dcg_of(grades, check_k(k), gain)


def _dcg_of(grades: np.ndarray, k: int | None, gain: Gain) -> float:
    """DCG@k of already validated grades."""
    return float(np.sum(contributions(grades[:k], gain)))


def idcg(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    gain: Gain = "exponential",
    ideal: Iterable[float] | None = None,
) -> float:
    """Ideal DCG: ``IDCG@k`` = DCG@k of the judged grades sorted from best to worst.

    ``ideal`` is the judged pool's grades; ``None`` means the listed grades themselves.

    >>> round(idcg([0, 1, 2, 3, 2, 0, 3], k=5), 2)   # seed 000, Table 5
    14.6
    """
    grades = as_grades(relevances)
    pool = None if ideal is None else as_grades(ideal, what="judged pool grade")
    return _dcg_of(ideal_grades(grades, pool), check_k(k), gain)


def ndcg(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    gain: Gain = "exponential",
    ideal: Iterable[float] | None = None,
) -> float:
    """Normalised DCG: ``NDCG@k = DCG@k / IDCG@k``, and 0 when ``IDCG@k = 0``.

    ``ideal`` is the judged pool's grades (every judged item of the query, listed or not);
    ``None`` builds the ideal from the listed grades. The result lies in [0, 1] whenever the
    pool holds every listed grade.

    >>> round(ndcg([0, 1, 2, 3, 2, 0, 3], k=5), 2)   # seed 000
    0.43
    >>> round(ndcg([1, 4, 0, 2, 3], k=5, ideal=[5, 5, 4, 3, 3, 2, 2, 1, 1, 0]), 4)  # seed 001
    0.2268
    """
    grades = as_grades(relevances)
    pool = None if ideal is None else as_grades(ideal, what="judged pool grade")
    k = check_k(k)
    return _ratio(_dcg_of(grades, k, gain), _dcg_of(ideal_grades(grades, pool), k, gain))


def _ratio(dcg_value: float, idcg_value: float) -> float:
    """DCG / IDCG, with 0 for IDCG = 0 (nothing relevant to find), as trec_eval does."""
    return dcg_value / idcg_value if idcg_value > 0 else 0.0


def ndcg_at_every_k(
    relevances: Iterable[float],
    *,
    gain: Gain = "exponential",
    ideal: Iterable[float] | None = None,
) -> np.ndarray:
    """``[NDCG@1, NDCG@2, …, NDCG@n]`` for a list of n items, in one vectorised pass."""
    grades = as_grades(relevances)
    pool = None if ideal is None else as_grades(ideal, what="judged pool grade")
    n = len(grades)
    running_dcg = np.cumsum(contributions(grades, gain))
    best = ideal_grades(grades, pool)[:n]
    running_idcg = np.cumsum(contributions(best, gain))
    running_idcg = np.pad(running_idcg, (0, n - len(best)), mode="edge") if len(best) else 0 * running_dcg
    return _ratios(running_dcg, running_idcg)


def _ratios(dcg_values: np.ndarray, idcg_values: np.ndarray) -> np.ndarray:
    """Element-wise DCG / IDCG with 0 where IDCG = 0."""
    safe = np.where(idcg_values > 0, idcg_values, 1.0)
    return np.where(idcg_values > 0, dcg_values / safe, 0.0)
