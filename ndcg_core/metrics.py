"""DCG, IDCG and NDCG of one ranked list.

With rank i starting at 1, grade rel_i at rank i, gain g(rel), discount d(i) and cutoff k:

    DCG@k  = Σ_{i=1..k} g(rel_i) · d(i)          d(i) = 1 / log2(i + 1) by default
    IDCG@k = DCG@k of the ideal order (the judged gains sorted from best to worst)
    NDCG@k = DCG@k / IDCG@k

Each convention is a parameter, not another function (ir_measures' idea):

* ``gain=``: ``"exponential"`` 2^rel − 1 (default), ``"linear"`` rel, or a gain per grade
  (see :mod:`ndcg_core.gains`).
* ``discount=``: ``"log2"`` (default), ``"jk"`` with ``log_base`` b, ``"reciprocal"``, ``"ln"``,
  ``"none"`` (see :mod:`ndcg_core.discounts`).
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
from typing import Literal

import numpy as np

from ndcg_core.discounts import DEFAULT_LOG_BASE, Discount, discount_values, ranks
from ndcg_core.gains import GainRule, check_gain, gain_values
from ndcg_core.validation import NDCGInputError, as_grades, check_k

EmptyIdeal = Literal["zero", "one", "skip"]

#: What each empty-ideal rule gives, and who uses it.
EMPTY_IDEAL_RULES: dict[EmptyIdeal, str] = {
    "zero": "NDCG = 0 when IDCG = 0 (trec_eval, scikit-learn)",
    "one": "NDCG = 1 when IDCG = 0 (LightGBM; XGBoost's ndcg without the trailing “-”)",
    "skip": "NDCG is left out (NaN) when IDCG = 0, so the query drops out of the average",
}


def check_empty_ideal(rule: object) -> EmptyIdeal:
    """Return ``rule`` if it names a known empty-ideal rule, else raise :class:`NDCGInputError`."""
    if rule not in EMPTY_IDEAL_RULES:
        known = ", ".join(repr(name) for name in EMPTY_IDEAL_RULES)
        raise NDCGInputError(f"Unknown empty_ideal rule {rule!r}; choose one of {known}.")
    return rule  # type: ignore[return-value]


def contributions(
    grades: np.ndarray,
    gain: GainRule = "exponential",
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
) -> np.ndarray:
    """Discounted gain at each rank i: ``g(rel_i) · d(i)``."""
    return gain_values(grades, gain) * discount_values(ranks(len(grades)), discount, log_base)


def ideal_grades(
    grades: np.ndarray, pool: np.ndarray | None = None, gain: GainRule | None = None
) -> np.ndarray:
    """The ideal order's grades: the pool (or, without one, the listed grades) from best to worst.

    "Best" is the largest gain; without ``gain`` (or for exponential and linear gain, which grow
    with the grade) that is simply the largest grade.
    """
    source = np.asarray(grades if pool is None else pool, dtype=float)
    if gain is None or not len(source):
        return np.sort(source)[::-1]
    by_gain = gain_values(source, gain)
    return source[np.lexsort((-source, -by_gain))]


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
    grades = as_grades(relevances)
    return _dcg_of(grades, check_k(k), gain, discount, log_base)


def _dcg_of(
    grades: np.ndarray,
    k: int | None,
    gain: GainRule,
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
) -> float:
    """DCG@k of already validated grades."""
    return float(np.sum(contributions(grades[:k], gain, discount, log_base)))


def _idcg_of(
    grades: np.ndarray,
    pool: np.ndarray | None,
    k: int | None,
    gain: GainRule,
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
) -> float:
    """IDCG@k of already validated grades and pool."""
    return _dcg_of(ideal_grades(grades, pool, gain), k, gain, discount, log_base)


def _pool_of(ideal: Iterable[float] | None) -> np.ndarray | None:
    """The judged pool's grades, validated, or ``None``."""
    return None if ideal is None else as_grades(ideal, what="judged pool grade")


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
    grades = as_grades(relevances)
    return _idcg_of(grades, _pool_of(ideal), check_k(k), gain, discount, log_base)


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
    grades = as_grades(relevances)
    pool = _pool_of(ideal)
    k = check_k(k)
    rule = check_empty_ideal(empty_ideal)
    return _ratio(
        _dcg_of(grades, k, gain, discount, log_base),
        _idcg_of(grades, pool, k, gain, discount, log_base),
        rule,
    )


def _ratio(dcg_value: float, idcg_value: float, empty_ideal: EmptyIdeal = "zero") -> float:
    """DCG / IDCG; for IDCG = 0, 0 (trec_eval), 1 or NaN by the ``empty_ideal`` rule."""
    if idcg_value > 0:
        return dcg_value / idcg_value
    return _EMPTY_VALUE[empty_ideal]


_EMPTY_VALUE: dict[str, float] = {"zero": 0.0, "one": 1.0, "skip": float("nan")}


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
    grades = as_grades(relevances)
    pool = _pool_of(ideal)
    rule = check_empty_ideal(empty_ideal)
    check_gain(gain)
    n = len(grades)
    running_dcg = np.cumsum(contributions(grades, gain, discount, log_base))
    best = ideal_grades(grades, pool, gain)[:n]
    running_idcg = np.cumsum(contributions(best, gain, discount, log_base))
    running_idcg = np.pad(running_idcg, (0, n - len(best)), mode="edge") if len(best) else 0 * running_dcg
    return _ratios(running_dcg, running_idcg, rule)


def _ratios(dcg_values: np.ndarray, idcg_values: np.ndarray, empty_ideal: EmptyIdeal = "zero") -> np.ndarray:
    """Element-wise DCG / IDCG with the ``empty_ideal`` rule where IDCG = 0."""
    safe = np.where(idcg_values > 0, idcg_values, 1.0)
    return np.where(idcg_values > 0, dcg_values / safe, _EMPTY_VALUE[empty_ideal])


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
