"""Intent-aware NDCG (seed 001, §4): one ranked list, several things a user may mean by the query.

An ambiguous query ("jaguar": the car or the animal) has intents j = 1 … m, each with a
probability P(j) and its own grades for the *same* listed items (rank i holds the same item
under every intent). Each intent scores the list with its own ideal:

    NDCG_j@k  = DCG_j@k / IDCG_j@k      (the ideal from intent j's grades, or from its judged pool)
    IA-NDCG@k = Σ_j P(j) · NDCG_j@k

An intent with IDCG_j@k = 0 (nothing relevant to it) has NDCG_j@k = 0, as trec_eval takes it.
Because IA-NDCG is a weighted mean of the NDCG_j, it lies between the smallest and the largest of
them, and it is 1 only when one order is ideal for every intent that has a probability above 0.

``intents`` is a sequence of ``(probability, grades)`` pairs, or ``(probability, grades, pool)``
triples where ``pool`` is that intent's judged pool (every grade judged under it, listed or not;
``None``: its listed grades), as ``ideal=`` is elsewhere in :mod:`ndcg_core`.

>>> round(intent_aware_ndcg([(0.6, [3, 0, 1]), (0.4, [0, 3, 1])], k=3), 4)   # 0.6 · 0.9828 + 0.4 · 0.6443
0.8474
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ndcg_core.metric.discounts import discount_values, ranks
from ndcg_core.metric.gains import GainRule, check_gain, gain_values
from ndcg_core.metric.ranking import Ranking, check_pool_holds
from ndcg_core.metric.validation import NDCGInputError, as_grades, check_k, is_number

#: How far the probabilities' sum may be from 1 (float noise, as 0.1 + 0.2 shows).
SUM_TOLERANCE = 1e-9


@dataclass(frozen=True)
class IntentAware:
    """IA-NDCG@k with what it is made of: each intent's probability, NDCG_j@k and checked ranking."""

    value: float
    probabilities: tuple[float, ...]
    per_intent: tuple[float, ...]
    rankings: tuple[Ranking, ...]

    @property
    def k(self) -> int | None:
        """The cutoff every intent was scored at."""
        return self.rankings[0].k


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _probability(value: object, number: int) -> float:
    """One intent's probability as a float ≥ 0, or :class:`NDCGInputError` naming the intent.

    Any real number will do (``0.6``, ``Fraction(3, 5)``, ``Decimal("0.6")``, a numpy float).

    >>> _probability(__import__("decimal").Decimal("0.6"), 1)
    0.6
    """
    if not is_number(value):
        raise NDCGInputError(f"The probability of intent {number} is {_short(value)}, which is not a number.")
    if not math.isfinite(float(value)):  # type: ignore[arg-type]
        raise NDCGInputError(
            f"The probability of intent {number} is {_short(value)}; a probability is a finite number from 0 to 1."
        )
    if float(value) < 0:
        raise NDCGInputError(
            f"The probability of intent {number} is {float(value):g}; probabilities must be 0 or more."
        )
    return float(value)


def _entry(entry: object, number: int) -> tuple[float, np.ndarray, np.ndarray | None]:
    """(probability, grades, pool) of one intent, checked."""
    if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or len(entry) not in (2, 3):
        raise NDCGInputError(
            f"Intent {number} must be a (probability, grades) pair or a (probability, grades, judged pool) "
            f"triple, not {_short(entry)}."
        )
    probability = _probability(entry[0], number)
    grades = as_grades(entry[1], what=f"grade of intent {number}")
    pool = entry[2] if len(entry) == 3 else None
    checked_pool = None if pool is None else as_grades(pool, what=f"judged pool grade of intent {number}")
    return probability, grades, checked_pool


def check_intents(
    intents: Iterable[object],
) -> tuple[tuple[float, ...], tuple[np.ndarray, ...], tuple[np.ndarray | None, ...]]:
    """The intents' probabilities (divided by their sum, which is 1 within 1e-9), grades and pools.

    Refused with :class:`NDCGInputError`: no intent; an entry that is not a pair or triple; a
    probability that is not a number ≥ 0; probabilities that do not sum to 1 within 1e-9; a bad
    grade; intents that grade different numbers of items.
    """
    if isinstance(intents, (str, bytes)) or not isinstance(intents, Iterable):
        raise NDCGInputError("The intents must be a list of (probability, grades) pairs.")
    entries = [_entry(entry, number) for number, entry in enumerate(intents, start=1)]
    if not entries:
        raise NDCGInputError("Give at least one intent: a (probability, grades) pair.")
    total = math.fsum(probability for probability, _, _ in entries)
    if abs(total - 1.0) > SUM_TOLERANCE:
        raise NDCGInputError(
            f"The intents' probabilities add up to {total:.10g}, not 1: they must sum to 1 (within {SUM_TOLERANCE:g})."
        )
    listed = len(entries[0][1])
    for number, (_, grades, _) in enumerate(entries, start=1):
        if len(grades) != listed:
            raise NDCGInputError(
                f"Every intent must grade the same listed items: intent 1 grades {listed}, "
                f"intent {number} grades {len(grades)}."
            )
    return (
        tuple(probability / total for probability, _, _ in entries),
        tuple(grades for _, grades, _ in entries),
        tuple(pool for _, _, pool in entries),
    )


def intent_aware(
    intents: Iterable[object], k: int | None = None, *, gain: GainRule = "exponential"
) -> IntentAware:
    """IA-NDCG@k = Σ_j P(j) · NDCG_j@k, with each intent's NDCG_j@k (see the module doc for ``intents``).

    >>> result = intent_aware([(0.5, [3, 0]), (0.5, [0, 3])], k=1)
    >>> result.per_intent, result.value
    ((1.0, 0.0), 0.5)
    """
    k, gain = check_k(k), check_gain(gain)
    probabilities, grades, pools = check_intents(intents)
    for number, (listed, pool) in enumerate(zip(grades, pools, strict=True), start=1):
        check_pool_holds(listed, pool, gain_values(listed, gain) > 0, what=f"judged pool of intent {number}")
    rankings = tuple(
        Ranking.of(listed, k, gain=gain, ideal=pool) for listed, pool in zip(grades, pools, strict=True)
    )
    per_intent = tuple(ranking.ndcg for ranking in rankings)
    value = math.fsum(p * v for p, v in zip(probabilities, per_intent, strict=True))
    return IntentAware(value, probabilities, per_intent, rankings)


def intent_aware_ndcg(
    intents: Iterable[object], k: int | None = None, *, gain: GainRule = "exponential"
) -> float:
    """IA-NDCG@k = Σ_j P(j) · NDCG_j@k of one list under several intents (seed 001, §4).

    ``intents``: ``(probability, grades)`` pairs, or ``(probability, grades, judged pool)``
    triples; the grades are those of the same listed items, in ranked order, under each intent.
    The probabilities are ≥ 0 and sum to 1 (within 1e-9). Each NDCG_j takes its ideal from that
    intent's grades (or its pool); NDCG_j = 0 when IDCG_j = 0. :func:`intent_aware` also returns
    each intent's NDCG_j.

    >>> intent_aware_ndcg([(1.0, [0, 1, 2, 3, 2, 0, 3])], k=5) == Ranking.of([0, 1, 2, 3, 2, 0, 3], 5).ndcg
    True
    """
    return intent_aware(intents, k, gain=gain).value


def combined_gains(result: IntentAware) -> np.ndarray:
    """Each listed item's worth to IA-NDCG: ``c_i = Σ_j P(j) · g_j(item i) / IDCG_j@k`` (IDCG_j > 0 only)."""
    worth = np.zeros(len(result.rankings[0].grades))
    for p, ranking in zip(result.probabilities, result.rankings, strict=True):
        if ranking.idcg > 0:
            worth += p * gain_values(ranking.grades, ranking.gain) / ranking.idcg
    return worth


def best_single_order(
    intents: Iterable[object], k: int | None = None, *, gain: GainRule = "exponential"
) -> tuple[tuple[int, ...], float]:
    """The order of the listed items with the highest IA-NDCG@k, and that IA-NDCG@k.

    IA-NDCG@k = Σ_j P(j) · Σ_{i ≤ k} g_j(item at i) · d(i) / IDCG_j@k = Σ_{i ≤ k} d(i) · c(item at i),
    with c from :func:`combined_gains`. Since d(i) does not grow with i, the best order puts the
    items in decreasing c (the rearrangement inequality). The order is given as positions in the
    list as it is (0 = its rank 1); ties keep the list's order.

    >>> best_single_order([(0.6, [3, 0, 1]), (0.4, [0, 3, 1])], k=3)[0]
    (0, 1, 2)
    """
    result = intent_aware(intents, k, gain=gain)
    worth = combined_gains(result)
    order = np.argsort(-worth, kind="stable")
    depth = len(order) if result.k is None else min(result.k, len(order))
    value = float(np.sum(worth[order][:depth] * discount_values(ranks(depth))))
    return tuple(int(i) for i in order), value
