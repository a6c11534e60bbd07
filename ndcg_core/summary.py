"""A plain-language paragraph about one ranked list, for people who do not read formulas.

It says what NDCG@k measures here, what share of the best possible value the top k captures,
where the list loses the most against the ideal order, and the one move of a single item that
would raise NDCG@k the most. Every number comes from this package; the text is plain (no
Markdown, no LaTeX), so the page shows it as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ndcg_core.breakdown import breakdown
from ndcg_core.discounts import discount_values, ranks
from ndcg_core.gains import GainRule, gain_formula, gain_values
from ndcg_core.headline import Headline, headline
from ndcg_core.metrics import ndcg
from ndcg_core.validation import as_grades, check_k

#: How many of the costliest ranks the summary names.
COSTLIEST = 2


@dataclass(frozen=True)
class Move:
    """Take the item at rank ``source`` and put it at rank ``target`` (ranks start at 1)."""

    source: int
    target: int
    ndcg_after: float


def moved(items: Sequence, source: int, target: int) -> list:
    """``items`` with the one at rank ``source`` taken out and put back at rank ``target``."""
    order = list(items)
    order.insert(target - 1, order.pop(source - 1))
    return order


def best_move(
    relevances: Iterable[float],
    k: int | None,
    *,
    gain: GainRule = "exponential",
    ideal: Iterable[float] | None = None,
) -> Move | None:
    """The single move (one item to another rank) that raises NDCG@k the most; ``None`` if none does.

    Every move is tried at once with numpy (n² moves, the first k ranks of each). A move leaves
    the ideal unchanged, so comparing DCG@k is comparing NDCG@k. Among equally good moves the
    shortest wins, then the one from the highest rank.

    >>> move = best_move([0, 1, 2, 3, 2, 0, 3], 5)
    >>> (move.source, move.target, round(move.ndcg_after, 2))
    (7, 1, 0.79)
    """
    grades = as_grades(relevances)
    n = len(grades)
    depth = min(n, check_k(k) or n)
    if n < 2:
        return None
    gains = gain_values(grades, gain)
    weights = discount_values(ranks(depth), "log2")
    source, target, position = np.ix_(np.arange(n), np.arange(n), np.arange(depth))
    # Where the item now at each position came from, for the move source → target.
    down = np.where(position < source, position, np.where(position <= target, position + 1, position))
    up = np.where(position < target, position, np.where(position <= source, position - 1, position))
    came_from = np.where(position == target, source, np.where(target > source, down, up))
    dcg_after = gains[came_from] @ weights
    dcg_now = gains[:depth] @ weights
    best = dcg_after.max()
    if best <= dcg_now + 1e-12:
        return None
    candidates = np.argwhere(np.isclose(dcg_after, best, rtol=0, atol=1e-12))
    i, j = min(candidates.tolist(), key=lambda pair: (abs(pair[0] - pair[1]), pair[0]))
    after = ndcg(moved(grades, i + 1, j + 1), k, gain=gain, ideal=ideal)
    return Move(source=i + 1, target=j + 1, ndcg_after=after)


def _name(labels: Sequence[str], rank: int) -> str:
    return f"“{labels[rank - 1]}”"


def _costliest(grades: np.ndarray, labels: Sequence[str], k: int | None, gain: GainRule, ideal) -> list[str]:
    """The ranks within k where the list earns least against the ideal order, in words."""
    table = breakdown(grades, k, labels=list(labels), gain=gain, ideal=ideal)
    inside = table[table["in_cutoff"]]
    gap = inside["ideal_contribution"] - inside["contribution"]
    worst = gap[gap > 1e-12].sort_values(ascending=False, kind="stable").head(COSTLIEST)
    return [
        f"at rank {int(row.rank)}, where {_name(labels, int(row.rank))} (grade {row.relevance:g}) adds "
        f"{row.contribution:.2f} against {row.ideal_contribution:.2f} in the best order"
        for row in inside.loc[worst.index].itertuples()
    ]


def _measures(numbers: Headline, gain: GainRule) -> str:
    top = "the whole list" if numbers.k is None else f"the top {numbers.k}"
    return (
        f"NDCG{numbers.at} measures how much of the value of the best possible order {top} of this "
        f"{numbers.listed}-item list delivers: each item is worth {gain_formula(gain)} (rel: its grade), "
        f"and the lower it is ranked the less it counts (divided by log2(rank + 1))."
    )


def stakeholder_summary(
    grades: Iterable[float],
    labels: Sequence[str],
    k: int | None,
    *,
    gain: GainRule = "exponential",
    ideal: Iterable[float] | None = None,
) -> str:
    """One paragraph: what NDCG@k is here, the share it captures, what costs most, the best move.

    ``ideal`` is the judged pool (``None``: the listed grades), as in :func:`ndcg_core.ndcg`.
    """
    grades = as_grades(grades)
    labels = [str(label) for label in labels]
    if len(grades) == 0:
        return "The list is empty: there is nothing to score."
    numbers = headline(grades, k, gain=gain, ideal=ideal)
    at = numbers.at
    sentences = [_measures(numbers, gain)]
    if numbers.idcg_is_zero:
        sentences.append(
            f"Nothing relevant is judged, so IDCG{at} = 0 and NDCG{at} = {numbers.ndcg:.2f} by convention; "
            "no order can do better or worse."
        )
        return " ".join(sentences)
    top = "The whole list" if numbers.k is None else f"The top {numbers.k}"
    sentences.append(
        f"{top} captures {round(100 * numbers.ndcg)}% of the best possible value: "
        f"NDCG{at} = {numbers.ndcg:.2f} (DCG{at} {numbers.dcg:.2f} out of IDCG{at} {numbers.idcg:.2f}, "
        f"the ideal from the {numbers.ideal_source})."
    )
    costs = _costliest(grades, labels, k, gain, ideal)
    if costs:
        sentences.append("It loses most " + ", and ".join(costs) + ".")
    move = best_move(grades, k, gain=gain, ideal=ideal)
    if move is None:
        sentences.append(f"No single move of one item raises NDCG{at}.")
    else:
        sentences.append(
            f"The single move that helps most: moving {_name(labels, move.source)} from rank {move.source} "
            f"to rank {move.target} raises NDCG{at} from {numbers.ndcg:.2f} to {move.ndcg_after:.2f}."
        )
    return " ".join(sentences)
