"""Discount: how much of an item's gain survives at its rank.

The standard discount is 1 / log2(i + 1) for rank i = 1, 2, 3, …:
1.000, 0.631, 0.500, 0.431, 0.387, 0.356, 0.333, … Rank 1 keeps its whole gain; each
later rank keeps a slowly shrinking share, a model of users' attention fading down a list.
"""

from __future__ import annotations

import numpy as np

DISCOUNT_FORMULA = "1 / log2(i + 1)"


def ranks(n: int) -> np.ndarray:
    """The ranks 1, 2, …, n (rank starts at 1, as in the papers)."""
    return np.arange(1, n + 1)


def discount_values(rank: np.ndarray) -> np.ndarray:
    """Discount at each rank: ``1 / log2(rank + 1)``."""
    return 1.0 / np.log2(np.asarray(rank, dtype=float) + 1.0)
