"""NDCG of items ranked by a system's scores, when some scores tie.

A system returns scores, not ranks; equal scores leave the order of the tied items open, and
tools close it in different ways (``ties=``):

* ``"trec_eval"``: score descending, then document id descending (trec_eval compares the ids
  as text, as ``strcmp`` does). The number then depends on the ids, not on the system.
* ``"average"``: scikit-learn's ``ndcg_score`` (``_tie_averaged_dcg``): each tied group shares
  the average gain of its items, spread over the group's ranks:

      DCG@k = Σ_groups  mean(gain in group) × Σ_{ranks i of the group, i ≤ k} d(i)

  This is the expected DCG over every order of the tied items, each equally likely
  (McSherry & Najork 2008).
* ``"optimistic"`` / ``"pessimistic"``: tied items best gain first / worst gain first, the
  highest and lowest value any tie-breaking can give.

Example (the issue's): grades [1, 0, 0, 0, 0], scores [1, 1, 0, 0, 0], k = 1. The relevant item
ties with a non-relevant one at the top: NDCG@1 = 0.5 averaged, 1.0 or 0.0 by order.

The gain defaults to linear (rel), as both trec_eval and scikit-learn use it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from numbers import Real
from typing import Literal

import numpy as np

from ndcg_core.metric.discounts import DEFAULT_LOG_BASE, Discount, discount_values, ranks
from ndcg_core.metric.gains import GainRule, gain_values
from ndcg_core.metric.ranking import EmptyIdeal, Ranking, ratio
from ndcg_core.metric.validation import NDCGInputError, as_grades, check_k

TieRule = Literal["trec_eval", "average", "optimistic", "pessimistic"]

TIE_RULES: dict[TieRule, str] = {
    "trec_eval": "score descending, then document id descending (trec_eval)",
    "average": "tied items share their average gain (scikit-learn's ndcg_score)",
    "optimistic": "tied items best first (the highest value a tie-break can give)",
    "pessimistic": "tied items worst first (the lowest value a tie-break can give)",
}


def check_ties(ties: object) -> TieRule:
    """Return ``ties`` if it names a known tie rule, else raise :class:`NDCGInputError`."""
    if ties not in TIE_RULES:
        known = ", ".join(repr(name) for name in TIE_RULES)
        raise NDCGInputError(f"Unknown tie rule {ties!r}; choose one of {known}.")
    return ties  # type: ignore[return-value]


def as_scores(values: Iterable[object], n: int) -> np.ndarray:
    """A system's scores as floats: finite numbers (negative allowed), one per grade."""
    scores = []
    for position, value in enumerate(values, start=1):
        if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(float(value)):
            raise NDCGInputError(f"The score of item {position} is {value!r}; scores must be finite numbers.")
        scores.append(float(value))
    if len(scores) != n:
        raise NDCGInputError(f"There are {len(scores)} scores for {n} grades; give one score per item.")
    return np.asarray(scores, dtype=float)


def default_doc_ids(n: int) -> list[str]:
    """``d1, d2, …`` padded to one width (``d01 … d10``), so that text order is number order."""
    width = len(str(n))
    return [f"d{i:0{width}d}" for i in range(1, n + 1)]


def _check_doc_ids(doc_ids: Sequence[object] | None, n: int) -> list[str]:
    """The document ids as text, one per item and all different."""
    ids = default_doc_ids(n) if doc_ids is None else [str(doc_id) for doc_id in doc_ids]
    if len(ids) != n:
        raise NDCGInputError(f"There are {len(ids)} document ids for {n} grades; give one id per item.")
    if len(set(ids)) != n:
        raise NDCGInputError("Two documents share an id; trec_eval needs a different id for each.")
    return ids


def trec_eval_order(scores: Iterable[float], doc_ids: Sequence[object] | None = None) -> np.ndarray:
    """The ranking trec_eval evaluates: score descending, then document id descending (as text).

    Returns a permutation: ``order[r]`` is the index of the item at rank r + 1. Without ids,
    the items are called d1, d2, … in input order, so among equal scores the later item wins.

    >>> trec_eval_order([1, 1, 0], ["apple", "zebra", "mango"]).tolist()
    [1, 0, 2]
    """
    score_list = list(scores)
    score_array = as_scores(score_list, len(score_list))
    ids = _check_doc_ids(doc_ids, len(score_array))
    id_rank = np.argsort(np.argsort(np.array(ids, dtype=object), kind="stable"), kind="stable")
    return np.lexsort((-id_rank, -score_array))


def ranked_grades(
    grades: Iterable[float],
    scores: Iterable[float],
    ties: TieRule = "trec_eval",
    doc_ids: Sequence[object] | None = None,
    gain: GainRule = "linear",
) -> np.ndarray:
    """The grades in the order a tie rule that picks one order ranks them (not ``"average"``)."""
    grades = as_grades(grades, what="grade")
    score_array = as_scores(scores, len(grades))
    rule = check_ties(ties)
    if rule == "average":
        raise NDCGInputError("The tie rule 'average' does not pick one order; it averages over all of them.")
    if rule == "trec_eval":
        return grades[trec_eval_order(score_array, doc_ids)]
    sign = -1.0 if rule == "optimistic" else 1.0
    return grades[np.lexsort((sign * gain_values(grades, gain), -score_array))]


def _tie_averaged_dcg(
    grades: np.ndarray, scores: np.ndarray, k: int | None, gain: GainRule, discount: Discount, log_base: float
) -> float:
    """scikit-learn's DCG with ties: each tied group's mean gain times its ranks' discounts (≤ k)."""
    n = len(grades)
    if n == 0:
        return 0.0
    order = np.argsort(-scores, kind="stable")
    sorted_scores, sorted_gains = scores[order], gain_values(grades, gain)[order]
    d = discount_values(ranks(n), discount, log_base)
    d[(k if k is not None else n) :] = 0.0
    starts = np.flatnonzero(np.r_[True, sorted_scores[1:] != sorted_scores[:-1]])
    sizes = np.diff(np.r_[starts, n])
    mean_gain = np.add.reduceat(sorted_gains, starts) / sizes
    return float(np.sum(mean_gain * np.add.reduceat(d, starts)))


def dcg_from_scores(
    grades: Iterable[float],
    scores: Iterable[float],
    k: int | None = None,
    *,
    ties: TieRule = "trec_eval",
    doc_ids: Sequence[object] | None = None,
    gain: GainRule = "linear",
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
) -> float:
    """DCG@k of items ranked by ``scores``, with equal scores resolved by the ``ties`` rule."""
    grades = as_grades(grades, what="grade")
    score_array = as_scores(scores, len(grades))
    k = check_k(k)
    if check_ties(ties) == "average":
        return _tie_averaged_dcg(grades, score_array, k, gain, discount, log_base)
    ordered = ranked_grades(grades, score_array, ties, doc_ids, gain)[:k]
    return float(
        np.sum(gain_values(ordered, gain) * discount_values(ranks(len(ordered)), discount, log_base))
    )


def ndcg_from_scores(
    grades: Iterable[float],
    scores: Iterable[float],
    k: int | None = None,
    *,
    ties: TieRule = "trec_eval",
    doc_ids: Sequence[object] | None = None,
    gain: GainRule = "linear",
    discount: Discount = "log2",
    log_base: float = DEFAULT_LOG_BASE,
    ideal: Iterable[float] | None = None,
    empty_ideal: EmptyIdeal = "zero",
) -> float:
    """NDCG@k of items ranked by ``scores``: ``DCG@k`` (by the ``ties`` rule) / ``IDCG@k``.

    ``grades`` are the items' grades in any order, ``scores`` the system's score for each.
    The ideal sorts the grades (or the judged pool ``ideal``), so ties never touch it.

    >>> grades, scores = [1, 0, 0, 0, 0], [1, 1, 0, 0, 0]
    >>> ndcg_from_scores(grades, scores, 1, ties="average")
    0.5
    >>> ndcg_from_scores(grades, scores, 1, ties="trec_eval", doc_ids=["b", "a", "c", "d", "e"])
    1.0
    >>> ndcg_from_scores(grades, scores, 1, ties="trec_eval", doc_ids=["a", "b", "c", "d", "e"])
    0.0
    """
    settings = {"gain": gain, "discount": discount, "log_base": log_base}
    ranking = Ranking.of(grades, k, ideal=ideal, empty_ideal=empty_ideal, **settings)
    dcg_value = dcg_from_scores(ranking.grades, scores, ranking.k, ties=ties, doc_ids=doc_ids, **settings)
    return ratio(dcg_value, ranking.idcg, ranking.empty_ideal)


def has_ties(scores: Iterable[float]) -> bool:
    """True when at least two scores are equal."""
    values = np.asarray([float(s) for s in scores])
    return len(np.unique(values)) < len(values)
