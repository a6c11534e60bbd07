"""Moves of one item, counted and judged: what the Practice exercises on reordering ask.

A move takes one item out of the list and puts it back at another rank (the items between shift by
one). Every number here comes from :mod:`ndcg_core.metric.metrics`; the orders of a short list come from
:func:`ndcg_core.metric.what_if.all_orders`.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ndcg_core.metric.discounts import discount_values, ranks
from ndcg_core.metric.gains import Gain, gain_values
from ndcg_core.metric.metrics import idcg, ndcg
from ndcg_core.metric.orders import moved
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.metric.what_if import all_orders
from ndcg_core.practice.slips import DECIMALS


def better_at(grades_a, grades_b, k: int | None, gain: Gain, discount: str = "log2") -> str:
    """``"A"``, ``"B"`` or ``"tie"``: which list has the higher NDCG@k (ties within 1e-9).

    >>> better_at([3, 0, 1], [0, 3, 1], 2, "linear")
    'A'
    """
    a = ndcg(grades_a, k, gain=gain, discount=discount)
    b = ndcg(grades_b, k, gain=gain, discount=discount)
    return "tie" if abs(a - b) <= 1e-9 else ("A" if a > b else "B")


def fewest_moves(order) -> int:
    """Single-item moves (take one out, put it back elsewhere) that turn 1…n into ``order``.

    That is n − the length of the longest increasing run-in-order (subsequence) of ``order``.

    >>> fewest_moves([1, 2, 3]), fewest_moves([3, 1, 2]), fewest_moves([3, 2, 1])
    (0, 1, 2)
    """
    longest: list[int] = []
    for value in order:
        where = int(np.searchsorted(longest, value))
        longest[where : where + 1] = [value]
    return len(order) - len(longest)


def orders_and_moves(grades, k: int, gain: Gain) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every order of the list (as 1-based positions), its NDCG@k and its fewest moves (≤ 7 items).

    A reorder keeps the ideal, so NDCG@k = (gains of the order's top k · discounts) / IDCG@k.
    """
    n = len(grades)
    if n > 7:
        raise NDCGInputError("Every order is listed for at most 7 items.")
    orders = all_orders(n).astype(int)
    gains = gain_values(np.asarray(grades, dtype=float), gain)
    top = min(k, n)
    best = idcg(grades, k, gain=gain)
    values = (
        gains[orders[:, :top]] @ discount_values(ranks(top)) / best if best > 0 else np.zeros(len(orders))
    )
    return orders + 1, values, _moves_of_every_order(n)


@lru_cache(maxsize=8)
def _moves_of_every_order(n: int) -> np.ndarray:
    """The fewest moves of each order of :func:`all_orders` (n), counted once per n (read-only)."""
    moves = np.array([fewest_moves(order) for order in all_orders(n).astype(int)], dtype=int)
    moves.setflags(write=False)
    return moves


def reorder_target(grades, k: int, gain: Gain, moves: int) -> float | None:
    """A target (2 decimals) that ``moves`` moves can reach and ``moves − 1`` cannot, if there is one."""
    _, values, needed = orders_and_moves(grades, k, gain)
    reach = values[needed <= moves].max()
    short = values[needed <= moves - 1].max()
    target = np.floor(reach * 10**DECIMALS + 1e-9) / 10**DECIMALS
    return float(target) if target > short + 1e-9 else None


def fewest_moves_to(grades, k: int, gain: Gain, target: float) -> int:
    """The fewest single-item moves after which NDCG@k ≥ ``target`` (brute force over every order)."""
    _, values, needed = orders_and_moves(grades, k, gain)
    return int(needed[values >= target - 1e-12].min())


def move_effect(grades, k: int, gain: Gain, source: int, target: int) -> str:
    """Whether moving the item at rank ``source`` to rank ``target`` raises, lowers or keeps NDCG@k.

    >>> move_effect([0, 3, 1], 2, "linear", 2, 1), move_effect([0, 3, 1, 0], 2, "linear", 4, 3)
    ('raises', 'leaves unchanged')
    """
    before = ndcg(grades, k, gain=gain)
    after = ndcg(moved(grades, source, target), k, gain=gain)
    return "leaves unchanged" if abs(after - before) <= 1e-9 else ("raises" if after > before else "lowers")
