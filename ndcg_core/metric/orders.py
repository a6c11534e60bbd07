"""One-click orders of a list, as permutations: ``order[r]`` is the index of the item at rank r+1.

Equal grades keep their current relative order (a stable sort), so pressing "ideal" twice
changes nothing the second time, and swapping equal grades is never needed to reach the ideal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ndcg_core.metric.validation import as_grades


def ideal_order(relevances: Iterable[float]) -> np.ndarray:
    """Best grade first; ties keep their current order. NDCG of this order is 1 (listed ideal)."""
    grades = as_grades(relevances)
    return np.argsort(-grades, kind="stable")


def worst_order(relevances: Iterable[float]) -> np.ndarray:
    """Worst grade first; ties keep their current order. The lowest DCG the items can have."""
    grades = as_grades(relevances)
    return np.argsort(grades, kind="stable")


def reversed_order(n: int) -> np.ndarray:
    """The current list upside down."""
    return np.arange(n)[::-1].copy()


def shuffled_order(n: int, seed: int | None = None) -> np.ndarray:
    """A random order; the same ``seed`` gives the same order."""
    return np.random.default_rng(seed).permutation(n)


def moved(items: Sequence, source: int, target: int) -> list:
    """``items`` with the one at rank ``source`` taken out and put back at rank ``target``.

    >>> moved(["a", "b", "c", "d"], 4, 2)
    ['a', 'd', 'b', 'c']
    """
    order = list(items)
    order.insert(target - 1, order.pop(source - 1))
    return order
