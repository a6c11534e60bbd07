"""NDCG's neighbours: the ranking metrics a learner meets next, on the same graded list.

Rank i starts at 1; rel_i is the grade at rank i; an item is *relevant* when its grade is at
least ``threshold`` (default 1). R is the number of relevant items among the judged ones
(the ``pool``: every judged grade of the query; without one, the listed grades).

    P@k   = (relevant items in the top k) / k
    R@k   = (relevant items in the top k) / R                            (0 when R = 0)
    RR    = 1 / (rank of the first relevant item within the top k)       (0 when there is none)
    AP@k  = Σ_{i ≤ k, item i relevant} P@i / R                           (0 when R = 0)
    ERR@k = Σ_{r ≤ k} (1/r) · R_r · Π_{i<r} (1 − R_i),  R_i = (2^rel_i − 1) / 2^g_max

P@k divides by k even when the list is shorter (a missing item is not relevant), as trec_eval's
P_k does; AP divides by every relevant judged item, found or not, as trec_eval's map does.
ERR (Chapelle et al. 2009) reads each grade as the chance that the user is satisfied and stops;
g_max is the largest grade possible. Two conventions: here, by default, the largest judged grade
(so a list's best grade satisfies with probability 1 − 2^−g_max); gdeval (the TREC Web track's
script) and ir_measures fix g_max = 4, the top of the Web track's 0–4 scale. They differ:
ERR@3 of [3, 0, 1] is 0.880 with g_max = 3 and 0.449 with g_max = 4. :func:`err_convention`
names the one in force, to print beside the number.

The first four see only relevant / not relevant; NDCG and ERR see the grades.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from numbers import Real
from typing import TYPE_CHECKING

import numpy as np

from ndcg_core.metric.discounts import DEFAULT_LOG_BASE, Discount
from ndcg_core.metric.gains import MAX_EXPONENTIAL_GRADE, GainRule, gain_formula
from ndcg_core.metric.metrics import ndcg
from ndcg_core.metric.ranking import check_pool_holds
from ndcg_core.metric.validation import NDCGInputError, as_grades, check_k
from ndcg_core.tables import data_frame

if TYPE_CHECKING:
    import pandas as pd

#: Seed 001's table: the same binary pattern [1, 1, 0, 0, 1] with high and with low grades.
SEED001_SAME_PATTERN = ([5, 4, 0, 0, 3], [1, 1, 0, 0, 1])

#: Seed 001's "Comparing Two Recommendation Systems": the true rating of items 0–7, and the
#: items each system shows, in order.
SEED001_TWO_SYSTEMS = {
    "ratings": (5, 4, 3, 2, 1, 3, 0, 4),
    "a_order": (0, 7, 1, 3, 5, 2, 4, 6),
    "b_order": (2, 5, 4, 6, 0, 1, 7, 3),
}


def check_threshold(threshold: object) -> float:
    """The grade from which an item counts as relevant: a finite number > 0."""
    if isinstance(threshold, bool) or not isinstance(threshold, Real) or not math.isfinite(float(threshold)):
        raise NDCGInputError(f"The relevance threshold must be a number, not {threshold!r}.")
    if float(threshold) <= 0:
        raise NDCGInputError(
            f"The relevance threshold is {float(threshold):g}; it must be above 0 (grade 0 means not relevant)."
        )
    return float(threshold)


def _relevant(values: Iterable[float], threshold: float, what: str = "grade") -> np.ndarray:
    """1.0 where the grade is at least the threshold, else 0.0."""
    return (as_grades(values, what=what) >= check_threshold(threshold)).astype(float)


def _total_relevant(grades: np.ndarray, pool: Iterable[float] | None, threshold: float) -> float:
    """R: relevant items among the judged ones (the pool, or the listed grades).

    A pool must hold every listed relevant grade (R@k and AP@k would pass 1 otherwise).
    """
    source = grades if pool is None else as_grades(pool, what="judged pool grade")
    check_pool_holds(grades, None if pool is None else source, grades >= threshold)
    return float(np.sum(source >= threshold))


def precision_at_k(relevances: Iterable[float], k: int | None = None, *, threshold: float = 1) -> float:
    """``P@k`` = relevant items in the top k / k (k = None: the whole list).

    >>> precision_at_k([3, 0, 1, 0], 2)
    0.5
    """
    hits = _relevant(relevances, threshold)
    k = check_k(k) or len(hits)
    return float(np.sum(hits[:k]) / k) if k else 0.0


def recall_at_k(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    threshold: float = 1,
    pool: Iterable[float] | None = None,
) -> float:
    """``R@k`` = relevant items in the top k / relevant judged items (0 when there are none).

    >>> recall_at_k([3, 0, 1, 0], 1, pool=[3, 1, 2, 0])
    0.3333333333333333
    """
    grades = as_grades(relevances)
    hits = _relevant(grades, threshold)
    total = _total_relevant(grades, pool, check_threshold(threshold))
    return float(np.sum(hits[: check_k(k)]) / total) if total else 0.0


def reciprocal_rank(relevances: Iterable[float], k: int | None = None, *, threshold: float = 1) -> float:
    """``RR`` = 1 / rank of the first relevant item in the top k; 0 when there is none.

    >>> reciprocal_rank([0, 0, 2, 3])
    0.3333333333333333
    """
    hits = _relevant(relevances, threshold)[: check_k(k)]
    found = np.flatnonzero(hits)
    return 1.0 / float(found[0] + 1) if len(found) else 0.0


def average_precision(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    threshold: float = 1,
    pool: Iterable[float] | None = None,
) -> float:
    """``AP@k`` = Σ over relevant ranks i ≤ k of P@i, divided by every relevant judged item R.

    >>> round(average_precision([5, 4, 0, 0, 3]), 4)   # (1/1 + 2/2 + 3/5) / 3, seed 001
    0.8667
    """
    grades = as_grades(relevances)
    hits = _relevant(grades, threshold)[: check_k(k)]
    total = _total_relevant(grades, pool, check_threshold(threshold))
    if not total:
        return 0.0
    precision_at_i = np.cumsum(hits) / np.arange(1, len(hits) + 1)
    return float(np.sum(precision_at_i * hits) / total)


#: gdeval's ``$MAX_JUDGMENT`` (and so ir_measures' ERR): the largest grade of the TREC Web track.
GDEVAL_G_MAX = 4.0

#: The g_max choices a page offers: its label → the ``g_max`` argument (None: the largest judged grade).
G_MAX_CHOICES: dict[str, float | None] = {
    "the largest judged grade": None,
    "4, as gdeval and ir_measures": GDEVAL_G_MAX,
}


def err_convention(g_max_used: float, g_max_given: float | None = None) -> str:
    """ERR's g_max in words, to print beside the number.

    >>> err_convention(3)
    'g_max = 3, the largest judged grade (gdeval and ir_measures fix g_max = 4)'
    >>> err_convention(4, 4)
    'g_max = 4, fixed as in gdeval and ir_measures'
    """
    if g_max_given is None:
        return f"g_max = {g_max_used:g}, the largest judged grade (gdeval and ir_measures fix g_max = {GDEVAL_G_MAX:g})"
    if float(g_max_given) == GDEVAL_G_MAX:
        return f"g_max = {GDEVAL_G_MAX:g}, fixed as in gdeval and ir_measures"
    return (
        f"g_max = {g_max_used:g}, as chosen (gdeval and ir_measures fix {GDEVAL_G_MAX:g}; "
        "the default here is the largest judged grade)"
    )


def satisfaction(grades: np.ndarray, g_max: float) -> np.ndarray:
    """ERR's chance that an item satisfies the user: ``(2^g − 1) / 2^g_max``."""
    return (np.exp2(grades) - 1.0) / np.exp2(g_max)


def _check_g_max(g_max: float | None, grades: np.ndarray, pool: Iterable[float] | None) -> float:
    """g_max: given, or the largest judged grade; never below a listed grade."""
    judged = grades if pool is None else np.concatenate([grades, as_grades(pool, what="judged pool grade")])
    largest = float(judged.max()) if len(judged) else 0.0
    if g_max is None:
        return largest
    if isinstance(g_max, bool) or not isinstance(g_max, Real) or not math.isfinite(float(g_max)):
        raise NDCGInputError(f"g_max must be a number, not {g_max!r}.")
    if float(g_max) < largest:
        raise NDCGInputError(
            f"g_max is {float(g_max):g} but a grade of {largest:g} is judged; g_max must be the largest grade or more."
        )
    if float(g_max) > MAX_EXPONENTIAL_GRADE:
        raise NDCGInputError(f"g_max = {float(g_max):g} is too large: 2^g_max does not fit in a number.")
    return float(g_max)


def err(
    relevances: Iterable[float],
    k: int | None = None,
    *,
    g_max: float | None = None,
    pool: Iterable[float] | None = None,
) -> float:
    """Expected reciprocal rank: ``Σ_{r ≤ k} (1/r) · R_r · Π_{i<r} (1 − R_i)``, R_i = (2^g_i − 1) / 2^g_max.

    ``g_max``: ``None`` (the default) takes the largest judged grade (of the list and the
    ``pool``); a number fixes it, e.g. :data:`GDEVAL_G_MAX` (4) as gdeval and ir_measures do.
    It may not be below a judged grade.

    >>> err([3, 0], g_max=3)   # R_1 = 7/8: the user stops at rank 1 with probability 7/8
    0.875
    >>> round(err([3, 0, 1], 3), 3), round(err([3, 0, 1], 3, g_max=GDEVAL_G_MAX), 3)
    (0.88, 0.449)
    """
    grades = as_grades(relevances)
    top = grades[: check_k(k)]
    stop = satisfaction(top, _check_g_max(g_max, grades, pool))
    still_looking = np.cumprod(np.r_[1.0, 1.0 - stop[:-1]])[: len(top)]
    return float(np.sum(stop * still_looking / np.arange(1, len(top) + 1)))


#: The metrics of :func:`metric_table`: key, name, what it sees.
METRICS: tuple[tuple[str, str, str], ...] = (
    ("ndcg", "NDCG@k", "grades and position, against the ideal order"),
    ("precision", "P@k", "how many of the top k are relevant; blind to grades and to order within k"),
    ("recall", "R@k", "what share of the relevant judged items is in the top k; blind to grades and order"),
    ("rr", "RR", "only the first relevant item's rank; blind to everything after it"),
    ("ap", "AP@k", "the rank of every relevant item; blind to grades"),
    ("err", "ERR@k", "grades and position, as a user who stops once satisfied; later items count less"),
)


def metric_values(
    relevances: Iterable[float],
    k: int | None,
    *,
    threshold: float = 1,
    pool: Iterable[float] | None = None,
    g_max: float | None = None,
    gain: GainRule = "exponential",
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
) -> dict[str, float]:
    """NDCG@k and its neighbours for one list, keyed as in :data:`METRICS`."""
    grades = list(as_grades(relevances))
    pool_list = None if pool is None else list(as_grades(pool, what="judged pool grade"))
    return {
        "ndcg": ndcg(grades, k, gain=gain, ideal=pool_list, discount=discount, log_base=log_base),
        "precision": precision_at_k(grades, k, threshold=threshold),
        "recall": recall_at_k(grades, k, threshold=threshold, pool=pool_list),
        "rr": reciprocal_rank(grades, k, threshold=threshold),
        "ap": average_precision(grades, k, threshold=threshold, pool=pool_list),
        "err": err(grades, k, g_max=g_max, pool=pool_list),
    }


def conventions(
    k: int | None,
    *,
    threshold: float = 1,
    g_max: float,
    gain: GainRule = "exponential",
    judged: str = "the list",
    g_max_given: float | None = None,
) -> dict[str, str]:
    """The convention behind each metric, in words, to print next to its number.

    ``g_max`` is the value ERR used; ``g_max_given`` what was asked for (``None``: the largest
    judged grade), so that the text names the convention (:func:`err_convention`).
    """
    relevant = f"relevant = grade ≥ {threshold:g}"
    at = "" if k is None else f" (k = {k})"
    return {
        "ndcg": f"gain {gain_formula(gain)}, discount 1/log2(i+1), ideal from {judged}{at}",
        "precision": f"{relevant}; divided by k{at}",
        "recall": f"{relevant}; divided by the relevant items in {judged}",
        "rr": f"{relevant}; first relevant within the top k{at}",
        "ap": f"{relevant}; divided by the relevant items in {judged}",
        "err": f"satisfaction (2^g − 1)/2^{g_max:g}; {err_convention(g_max, g_max_given)}{at}",
    }


def metric_table(
    a_relevances: Iterable[float],
    b_relevances: Iterable[float],
    k: int | None,
    *,
    threshold: float = 1,
    pool: Iterable[float] | None = None,
    g_max: float | None = None,
    gain: GainRule = "exponential",
) -> pd.DataFrame:
    """Every metric of :data:`METRICS` for lists A and B: metric, a, b, difference, sees, convention.

    Both lists are judged against the same ``pool`` (every judged grade; without one, each
    list's own grades) and the same g_max (default: the largest grade in either list or the pool;
    ``g_max=4`` as gdeval and ir_measures). The ERR row's convention names which.

    >>> a, b = SEED001_SAME_PATTERN
    >>> table = metric_table(a, b, 5).set_index("metric")
    >>> float(table.loc["P@k", "difference"]), round(float(table.loc["NDCG@k", "difference"]), 3)
    (0.0, 0.035)
    """
    a_grades, b_grades = as_grades(a_relevances), as_grades(b_relevances)
    everything = np.concatenate(
        [a_grades, b_grades, [] if pool is None else as_grades(pool, what="judged pool grade")]
    )
    top = _check_g_max(g_max, everything, None)
    settings = {"threshold": threshold, "pool": pool, "g_max": top, "gain": gain}
    a = metric_values(a_grades, k, **settings)
    b = metric_values(b_grades, k, **settings)
    said = conventions(
        k,
        threshold=check_threshold(threshold),
        g_max=top,
        gain=gain,
        judged="the list" if pool is None else "the judged pool",
        g_max_given=g_max,
    )
    rows = [(name, a[key], b[key], a[key] - b[key], sees, said[key]) for key, name, sees in METRICS]
    return data_frame(rows, ["metric", "a", "b", "difference", "sees", "convention"])
