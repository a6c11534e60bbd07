"""What if: NDCG@k after every swap and every move, and over every possible order of a list.

Reordering a list never changes its ideal (the ideal sorts the judged grades, whatever their
order), so every question here is a question about DCG@k, divided by the same IDCG@k.
With ``w_i`` the discount at rank i inside the cutoff (``1/log2(i+1)`` for i ≤ k, 0 below k)
and ``g_i`` the gain of the item at rank i:

- **swap** ranks i and j: ``DCG' = DCG + (g_j − g_i)·(w_i − w_j)``;
- **move** the item at rank s to rank t (the items between shift by one):
  ``DCG' = DCG + g_s·(w_t − w_s) + Σ_{p between} g_p·(w_{p±1} − w_p)``;
- **a random order** (every order equally likely): each item lands at each rank with
  probability 1/n, so ``E[DCG@k] = mean(g) · Σ_{i ≤ k} w_i``.

Each is computed for all pairs at once with numpy, so a 50-item list's maps take well under
a millisecond. The distribution over all orders is exact up to :data:`EXACT_LIMIT` items
(8! = 40,320 orders) and a seeded sample of :data:`SAMPLE_SIZE` orders beyond.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np

from ndcg_core.metric.discounts import discount_values, ranks
from ndcg_core.metric.gains import gain_values
from ndcg_core.metric.orders import moved
from ndcg_core.metric.ranking import EmptyIdeal, Ranking, ideal_grades, ratios

#: Lists of at most this many items get the exact distribution over all their orders.
EXACT_LIMIT = 8
#: How many random orders the distribution samples for longer lists.
SAMPLE_SIZE = 20_000
#: Two NDCG values closer than this are the same value (float rounding, not a difference).
SAME = 1e-9


@dataclass(frozen=True)
class _Setup:
    """The numbers every what-if question starts from."""

    gains: np.ndarray  # gain of the item at each rank
    weights: np.ndarray  # discount at each rank inside the cutoff, 0 below it
    dcg: float
    idcg: float
    empty_ideal: EmptyIdeal = "zero"

    def ndcg(self, dcg: np.ndarray | float) -> np.ndarray:
        """DCG / IDCG; where IDCG = 0, the ranking's ``empty_ideal`` rule (trec_eval's: 0)."""
        dcg = np.asarray(dcg, dtype=float)
        return ratios(dcg, np.full_like(dcg, self.idcg), self.empty_ideal)


def _setup(ranking: Ranking) -> _Setup:
    """Gains, the discounts inside the cutoff, DCG@k and IDCG@k of a checked ranking."""
    n = ranking.listed
    depth = min(n, ranking.k or n)
    weights = np.zeros(n)
    weights[:depth] = discount_values(ranks(depth), ranking.discount, ranking.log_base)
    gains = gain_values(ranking.grades, ranking.gain)
    return _Setup(
        gains=gains,
        weights=weights,
        dcg=float(gains @ weights),
        idcg=ranking.idcg,
        empty_ideal=ranking.empty_ideal,
    )


def swap_map(ranking: Ranking) -> np.ndarray:
    """``M[i-1, j-1]`` = NDCG@k after swapping the items at ranks i and j (the diagonal: no swap).

    ``DCG' = DCG + (g_j − g_i)·(w_i − w_j)`` for every pair at once. The map is symmetric.

    >>> m = swap_map(Ranking.of([0, 1, 2, 3, 2, 0, 3], 5))   # seed 000
    >>> m[0, 0].round(2).item(), m[0, 3].round(2).item()   # as it is; rank 1 ↔ rank 4
    (0.43, 0.71)
    """
    s = _setup(ranking)
    g, w = s.gains, s.weights
    return s.ndcg(s.dcg + np.subtract.outer(g, g).T * np.subtract.outer(w, w))


def dcg_move_map(ranking: Ranking) -> np.ndarray:
    """``M[s-1, t-1]`` = DCG@k after taking the item at rank s out and putting it back at rank t.

    Moving up (t < s) pushes the items at ranks t … s−1 down by one; moving down (t > s) pulls
    the items at ranks s+1 … t up by one. With prefix sums of what each such shift adds,
    ``down_p = g_p·(w_{p+1} − w_p)`` and ``up_p = g_p·(w_{p−1} − w_p)``, every move costs O(1):
    ``DCG' = DCG + g_s·(w_t − w_s) + Σ_{p between} (down_p or up_p)``.

    >>> m = dcg_move_map(Ranking.of([0, 1, 2, 3, 2, 0, 3], 5))   # seed 000: Bose (rank 7) to the top
    >>> float(m[6, 0].round(2))   # 7/1 + 0 + 1/log2(4) + 3/log2(5) + 7/log2(6)
    11.5
    """
    s = _setup(ranking)
    g, w = s.gains, s.weights
    n = len(g)
    padded = np.append(w, 0.0)
    down = np.concatenate(([0.0], np.cumsum(g * (padded[1:] - w))))  # down[p] = Σ_{q<p} down_q
    up = np.concatenate(([0.0], np.cumsum(g * (np.insert(w[:-1], 0, 0.0) - w)))) if n else np.zeros(1)
    source, target = np.indices((n, n))
    shifted = np.where(
        target < source,
        down[source] - down[target],  # ranks t … s−1 go down one
        up[target + 1] - up[np.minimum(source + 1, n)],  # ranks s+1 … t go up one
    )
    return s.dcg + g[source] * (w[target] - w[source]) + shifted


def move_map(ranking: Ranking) -> np.ndarray:
    """``M[s-1, t-1]`` = NDCG@k after moving the item at rank s to rank t: :func:`dcg_move_map`
    divided by IDCG@k, which no reordering changes.

    >>> m = move_map(Ranking.of([0, 1, 2, 3, 2, 0, 3], 5))   # seed 000: Bose (rank 7) to the top
    >>> float(m[6, 0].round(2))
    0.79
    """
    return _setup(ranking).ndcg(dcg_move_map(ranking))


@dataclass(frozen=True)
class Change:
    """One change of the order: swap ranks ``first`` and ``second``, or move ``first`` to ``second``."""

    kind: Literal["swap", "move"]
    first: int
    second: int
    ndcg_before: float
    ndcg_after: float

    def apply(self, items: Sequence) -> list:
        """``items`` (in ranked order) after this change."""
        if self.kind == "move":
            return moved(items, self.first, self.second)
        order = list(items)
        i, j = self.first - 1, self.second - 1
        order[i], order[j] = order[j], order[i]
        return order

    @property
    def disturbed(self) -> int:
        """How many items change rank: 2 for a swap, every item between for a move."""
        return 2 if self.kind == "swap" else abs(self.first - self.second) + 1


def best_change(ranking: Ranking) -> Change | None:
    """The single swap or move that raises NDCG@k the most; ``None`` when none raises it.

    Among equally good changes: the one that disturbs fewest items (a swap disturbs two, a
    move every item it passes), then the shorter distance, then the one nearer the top, then a
    move up (the same order as moving its neighbour down). A swap of neighbours is the same
    change as a move by one; it is reported as a move.

    >>> change = best_change(Ranking.of([0, 1, 2, 3, 2, 0, 3], 5))   # seed 000
    >>> change.kind, change.first, change.second, round(change.ndcg_after, 2)
    ('swap', 1, 7, 0.91)
    """
    if ranking.listed < 2:
        return None
    before = ranking.ndcg if ranking.idcg > 0 else 0.0
    candidates = _raising("move", move_map(ranking), before) + [
        swap
        for swap in _raising("swap", swap_map(ranking), before)
        if swap.second - swap.first > 1  # each pair once; neighbours are already a move
    ]
    if not candidates:
        return None
    top = max(change.ndcg_after for change in candidates)
    return min(
        (change for change in candidates if change.ndcg_after >= top - SAME),
        key=lambda c: (c.disturbed, abs(c.first - c.second), min(c.first, c.second), c.second > c.first),
    )


def _raising(kind: Literal["swap", "move"], table: np.ndarray, before: float) -> list[Change]:
    """Every change in ``table`` (a swap or move map) that scores above ``before``."""
    return [
        Change(kind, int(i) + 1, int(j) + 1, before, float(table[i, j]))
        for i, j in zip(*np.nonzero(table > before + SAME), strict=True)
    ]


def missing_judged(ranking: Ranking) -> dict[float, int]:
    """The relevant judged grades the list lacks: the pool minus the listed grades, best first.

    Counted as multisets (two 3s judged, one listed: one 3 missing); only grades with a gain
    above 0. Without a judged pool nothing can be missing.

    >>> missing_judged(Ranking.of([3, 2, 1], 3, ideal=[3, 2, 1, 3, 3]))
    {3.0: 2}
    """
    if ranking.pool is None:
        return {}
    missing = Counter(ranking.pool.tolist()) - Counter(ranking.grades.tolist())
    grades = sorted(missing, reverse=True)
    gains = gain_values(np.asarray(grades, dtype=float), ranking.gain) if grades else []
    return {float(g): missing[g] for g, gain in zip(grades, gains, strict=True) if gain > 0}


def random_order_mean(ranking: Ranking) -> float:
    """NDCG@k of a random order on average: ``E[DCG@k] / IDCG@k = mean(g) · Σ_{i ≤ min(k, n)} d(i) / IDCG@k``.

    Every item is equally likely at every rank. It depends on the grades, so it differs from
    query to query: with k = 5, 0.92 on [1, 1, 1, 1, 0] and 0.37 on [1, 0, 0, 0, 0, 0, 0, 0].

    >>> round(random_order_mean(Ranking.of([1, 1, 1, 1, 0], 5)), 2), round(random_order_mean(Ranking.of([1] + [0] * 7, 5)), 2)
    (0.92, 0.37)
    """
    if ranking.listed == 0:
        return 0.0
    s = _setup(ranking)
    return float(s.ndcg(s.gains.mean() * s.weights.sum()))


@lru_cache(maxsize=EXACT_LIMIT)
def all_orders(n: int) -> np.ndarray:
    """Every order of n items as rows of item indices (n! rows; read-only, cached per n).

    Built without a Python loop over orders: the orders of n − 1 items, with item n − 1 inserted
    at each of the n places.

    >>> all_orders(3).tolist()
    [[2, 1, 0], [2, 0, 1], [1, 2, 0], [0, 2, 1], [1, 0, 2], [0, 1, 2]]
    """
    orders = np.zeros((1, 0), dtype=np.int8)
    for size in range(1, n + 1):
        orders = np.concatenate([np.insert(orders, place, size - 1, axis=1) for place in range(size)])
    orders.setflags(write=False)
    return orders


def sampled_orders(n: int, count: int, seed: int) -> np.ndarray:
    """``count`` random orders of n items (each order equally likely), the same for the same seed."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, n)), axis=1)


@dataclass(frozen=True)
class OrderDistribution:
    """NDCG@k over every order of a list (or a seeded sample of orders).

    It depends on the list's grades, not on their order: every order of the same grades has the
    same distribution, so a page can compute it once and place each new order in it.
    """

    values: np.ndarray  # NDCG@k of each order considered
    items: int  # n, the list's length
    exact: bool  # every order (True) or a sample
    orders: int  # how many orders the list has: n!
    seed: int | None  # the sample's seed (None when exact)
    worst: float  # exact: the worst order (lowest gain first)
    best: float  # exact: the ideal order of the listed items
    random_mean: float  # exact: mean(g) · Σ w / IDCG

    def share_below(self, current: float) -> float:
        """Share of the orders that score lower than ``current``."""
        return float(np.mean(self.values < current - SAME))

    def share_equal(self, current: float) -> float:
        """Share of the orders that score the same as ``current`` (equal grades swapped, …)."""
        return float(np.mean(np.abs(self.values - current) <= SAME))

    def percentile(self, current: float) -> float:
        """The percentile of an order scoring ``current``: orders below it, plus half of those that tie."""
        return 100 * (self.share_below(current) + self.share_equal(current) / 2)


def order_distribution(
    ranking: Ranking,
    *,
    exact_limit: int = EXACT_LIMIT,
    samples: int = SAMPLE_SIZE,
    seed: int = 0,
) -> OrderDistribution:
    """NDCG@k of every order of the list: exact for ≤ ``exact_limit`` items, else ``samples`` random orders.

    The worst, best and random-order mean are exact in both cases: the worst order puts the
    lowest gains first, the best is the listed items' ideal order (1 unless a judged pool holds
    more than the list), and ``E[NDCG@k] = mean(g) · Σ_{i ≤ k} w_i / IDCG@k``. The sample
    reorders the grades sorted from best to worst, so it is the same whatever their order now.

    >>> d = order_distribution(Ranking.of([3, 2, 1], 3, gain="linear"))
    >>> len(d.values), round(d.worst, 3), d.best, round(d.random_mean, 3), round(d.percentile(1.0), 1)
    (6, 0.79, 1.0, 0.895, 91.7)
    """
    s = _setup(ranking.with_grades(ideal_grades(ranking.grades, None, ranking.gain)))
    n = ranking.listed
    exact = n <= exact_limit
    orders = all_orders(n) if exact else sampled_orders(n, samples, seed)
    depth = int(np.count_nonzero(s.weights))
    return OrderDistribution(
        values=s.ndcg(s.gains[orders[:, :depth]] @ s.weights[:depth]),
        items=n,
        exact=exact,
        orders=math.factorial(n),
        seed=None if exact else seed,
        worst=float(s.ndcg(s.gains[::-1] @ s.weights)),
        best=float(s.ndcg(s.dcg)),
        random_mean=random_order_mean(ranking),
    )


def binned(values: np.ndarray, bins: int = 20) -> list[tuple[float, float, int]]:
    """The values counted in ``bins`` equal bins over [0, 1]: ``(low, high, count)``; 1.0 falls in the last.

    >>> binned(np.array([0.0, 0.1, 0.96, 1.0]), bins=2)
    [(0.0, 0.5, 2), (0.5, 1.0, 2)]
    """
    counts, edges = np.histogram(np.clip(values, 0, 1), bins=bins, range=(0.0, 1.0))
    return [
        (float(low), float(high), int(c)) for low, high, c in zip(edges[:-1], edges[1:], counts, strict=True)
    ]
