"""What a random order scores, and why an average of NDCG over queries mixes easy and hard queries.

NDCG@k is a share of the best possible value, so it can be averaged over queries; but what a
*random* order of the same items scores differs from query to query: a list where most items
are relevant scores high whatever its order. The lesson's step on NDCG says so with two lists,
their random-order means computed by :func:`ndcg_core.metric.what_if.random_order_mean`
(``E[NDCG@k] = mean(gain) · Σ_{i ≤ k} d(i) / IDCG@k``).

>>> random_baseline_sentence()[:104]
'A random order does not score the same on every query: at k = 5 it scores 0.92 on average on [1, 1, 1, 1'
"""

from __future__ import annotations

from collections.abc import Sequence

from ndcg_core.metric.gains import GainRule
from ndcg_core.metric.ranking import Ranking
from ndcg_core.metric.what_if import random_order_mean
from ndcg_core.teaching.wording import share

#: Two lists whose random orders score far apart at k = 5: 0.92 and 0.37.
BASELINE_EXAMPLES: tuple[tuple[float, ...], ...] = ((1, 1, 1, 1, 0), (1, 0, 0, 0, 0, 0, 0, 0))
BASELINE_K = 5


def random_baselines(
    lists: Sequence[Sequence[float]] = BASELINE_EXAMPLES,
    k: int | None = BASELINE_K,
    gain: GainRule = "exponential",
) -> list[float]:
    """NDCG@k of a random order, on average, for each list (the ideal from its listed items)."""
    return [random_order_mean(Ranking.of(grades, k, gain=gain)) for grades in lists]


def _grades(grades: Sequence[float]) -> str:
    return "[" + ", ".join(f"{g:g}" for g in grades) + "]"


def random_baseline_sentence(
    lists: Sequence[Sequence[float]] = BASELINE_EXAMPLES,
    k: int | None = BASELINE_K,
    gain: GainRule = "exponential",
    *,
    current: Ranking | None = None,
) -> str:
    """The sentence for the lesson: a random order's NDCG@k differs by query, with the numbers.

    With ``current`` (the lesson's list, as a checked ranking) a last sentence gives its own
    random-order mean too.
    """
    values = random_baselines(lists, k, gain)
    at = "" if k is None else f"at k = {k} "
    phrases = [f"{share(value)} on {_grades(grades)}" for grades, value in zip(lists, values, strict=True)]
    if phrases:
        phrases[0] = phrases[0].replace(" on ", " on average on ", 1)
    text = (
        f"A random order does not score the same on every query: {at}it scores {' and '.join(phrases)}. "
        "An average of NDCG over queries mixes easy queries with hard ones, so compare systems on the same queries."
    )
    if current is not None and current.listed:
        mean = random_order_mean(current)
        cut = "" if current.k is None else f"@{current.k}"
        text += f" On this list a random order scores NDCG{cut} = {share(mean)} on average."
    return text
