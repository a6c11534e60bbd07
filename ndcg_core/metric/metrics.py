"""DCG, IDCG and NDCG of one ranked list.

With rank i starting at 1, grade rel_i at rank i, gain g(rel), discount d(i) and cutoff k:

    DCG@k  = Σ_{i=1..k} g(rel_i) · d(i)          d(i) = 1 / log2(i + 1) by default
    IDCG@k = DCG@k of the ideal order (the judged gains sorted from best to worst)
    NDCG@k = DCG@k / IDCG@k

Each convention is a parameter, not another function (ir_measures' idea):

* ``gain=``: ``"exponential"`` 2^rel − 1 (default), ``"linear"`` rel, or a gain per grade
  (see :mod:`ndcg_core.metric.gains`).
* ``discount=``: ``"log2"`` (default), ``"jk"`` with ``log_base`` b, ``"reciprocal"``, ``"ln"``,
  ``"none"`` (see :mod:`ndcg_core.metric.discounts`).
* ``ideal=``: ``None`` re-sorts the listed grades ("listed items"; scikit-learn); a pool of every
  judged grade of the query, listed or not ("judged pool"; trec_eval, ir_measures, ranx). A list
  that misses judged relevant items then cannot reach 1.
* ``empty_ideal=``: what NDCG is when IDCG@k = 0 (nothing relevant to find):
  ``"zero"`` gives 0 (default; trec_eval, scikit-learn), ``"one"`` gives 1 (LightGBM, XGBoost's
  ``ndcg``), ``"skip"`` gives NaN, meaning "leave this query out of the average".

The ideal sorts the *gains*, as trec_eval does, so that a custom gain which is worth less for a
higher grade still gets its best possible order.

With ``k=None`` DCG runs over the whole list and IDCG over the whole ideal, however long,
as trec_eval's ``ndcg`` measure does. A k longer than the list changes nothing in DCG but
still lets IDCG take up to k items of the pool.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

import numpy as np

from ndcg_core.metric.discounts import DEFAULT_LOG_BASE, Discount
from ndcg_core.metric.gains import GainRule
from ndcg_core.metric.ranking import EmptyIdeal, Ranking
from ndcg_core.metric.validation import NDCGInputError


def dcg(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    gain: GainRule = "exponential",
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
) -> float:
    """Discounted cumulative gain: ``DCG@k = Σ_{i=1..k} g(rel_i) · d(i)``.

    ``relevances`` are the grades in ranked order (rank 1 first). ``k=None`` sums the whole list;
    a k beyond the list's end sums the whole list too.

    >>> round(dcg([0, 1, 2, 3, 2, 0, 3], k=5), 2)   # seed 000, Table 4
    6.31
    >>> round(dcg([3, 2, 3, 0, 1], k=5, gain="linear"), 3)   # seed 004
    6.149
    >>> dcg([3, 2, 3, 0, 1], k=5, gain="linear", discount="none")   # no discount: CG@5
    9.0
    """
    return Ranking.of(relevances, k, gain=gain, discount=discount, log_base=log_base).dcg


def idcg(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    gain: GainRule = "exponential",
    ideal: Iterable[float] | None = None,
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
) -> float:
    """Ideal DCG: ``IDCG@k`` = DCG@k of the judged gains sorted from best to worst.

    ``ideal`` is the judged pool's grades; ``None`` means the listed grades themselves.

    >>> round(idcg([0, 1, 2, 3, 2, 0, 3], k=5), 2)   # seed 000, Table 5
    14.6
    """
    return Ranking.of(relevances, k, gain=gain, ideal=ideal, discount=discount, log_base=log_base).idcg


def ndcg(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    gain: GainRule = "exponential",
    ideal: Iterable[float] | None = None,
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
    empty_ideal: EmptyIdeal = "zero",
) -> float:
    """Normalised DCG: ``NDCG@k = DCG@k / IDCG@k``; when ``IDCG@k = 0``, the ``empty_ideal`` rule.

    ``ideal`` is the judged pool's grades (every judged item of the query, listed or not);
    ``None`` builds the ideal from the listed grades. The result lies in [0, 1] whenever the
    pool holds every listed grade (``"skip"`` gives NaN for an empty ideal).

    >>> round(ndcg([0, 1, 2, 3, 2, 0, 3], k=5), 2)   # seed 000
    0.43
    >>> round(ndcg([1, 4, 0, 2, 3], k=5, ideal=[5, 5, 4, 3, 3, 2, 2, 1, 1, 0]), 4)  # seed 001
    0.2268
    >>> ndcg([0, 0], empty_ideal="one"), ndcg([0, 0], empty_ideal="skip")
    (1.0, nan)
    """
    settings = {"discount": discount, "log_base": log_base, "empty_ideal": empty_ideal}
    return Ranking.of(relevances, k, gain=gain, ideal=ideal, **settings).ndcg


def ndcg_at_every_k(
    relevances: Iterable[float],
    *,
    gain: GainRule = "exponential",
    ideal: Iterable[float] | None = None,
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
    empty_ideal: EmptyIdeal = "zero",
) -> np.ndarray:
    """``[NDCG@1, NDCG@2, …, NDCG@n]`` for a list of n items, in one vectorised pass."""
    settings = {"discount": discount, "log_base": log_base, "empty_ideal": empty_ideal}
    return Ranking.of(relevances, gain=gain, ideal=ideal, **settings).ndcg_at_every_k


def leaders(a_values: Iterable[float], b_values: Iterable[float], *, tolerance: float = 1e-12) -> list[str]:
    """Who is ahead at each position: ``"A"``, ``"B"`` or ``"tie"`` (within ``tolerance``).

    >>> leaders([0.5, 0.7, 0.9], [0.6, 0.7, 0.8])
    ['B', 'tie', 'A']
    """
    a = np.asarray(list(a_values), dtype=float)
    b = np.asarray(list(b_values), dtype=float)
    if a.shape != b.shape:
        raise NDCGInputError(f"Two series of different lengths ({len(a)} and {len(b)}) cannot be compared.")
    gap = a - b
    return np.where(gap > tolerance, "A", np.where(gap < -tolerance, "B", "tie")).tolist()


def overtakes(a_values: Iterable[float], b_values: Iterable[float]) -> list[tuple[int, str]]:
    """The k (from 1) at which the leader changes, with the new leader: ``[(4, "B"), …]``.

    Given NDCG@1 … NDCG@n of two lists, this says where one overtakes the other; a change to
    or from ``"tie"`` counts as a change.

    >>> overtakes([1.0, 0.8, 0.7], [0.5, 0.9, 0.95])
    [(2, 'B')]
    """
    ahead = leaders(a_values, b_values)
    return [(k, now) for k, (before, now) in enumerate(pairwise(ahead), start=2) if now != before]
