"""Rounding along the way: the values a learner gets by rounding intermediate numbers too early.

An answer is put down to "rounding along the way" only when some plausible rounding of the
intermediate values reproduces it, within ±:data:`~ndcg_core.practice.slips.TOLERANCE`:

* a logarithm log2(i + 1), a discount 1/log2(i + 1) or a term gain × discount rounded to
  1 or 2 decimals (:data:`PLACES`) before it is used;
* for NDCG@k, DCG@k and IDCG@k computed either way, and possibly rounded themselves to 1 or 2
  decimals, before the division.

A gain needs no intermediate value (2^rel − 1 and rel are whole numbers for whole grades), so
nothing rounds along the way to it. Where no such rounding reproduces the answer, no rounding
explains the gap, and the feedback does not suggest one (0.9725 answered as 1: no rounding of
its terms to 1 or 2 decimals gives 1).

>>> [round(r.value, 4) for r in along_the_way("discount", [3, 2], 2, "linear", rank=2)]
[0.625, 0.6329]
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ndcg_core.metric.gains import Gain, gain_values
from ndcg_core.practice.slips import Quantity, value_of

#: The decimals a learner plausibly rounds intermediate values to.
PLACES: tuple[int, ...] = (1, 2)


@dataclass(frozen=True)
class Rounded:
    """A value reached by rounding intermediate numbers, and how."""

    value: float
    how: str


def _places(d: int) -> str:
    return f"{d} decimal" + ("" if d == 1 else "s")


def _sums(order: np.ndarray, k: int, gain: Gain) -> list[tuple[float, str]]:
    """DCG@k of ``order`` computed exactly, then with its logarithms, discounts or terms rounded."""
    top = np.asarray(order, dtype=float)[:k]
    gains = gain_values(top, gain)
    logs = np.log2(np.arange(1, len(top) + 1) + 1.0)
    found = [(float(np.sum(gains / logs)), "")]
    for d in PLACES:
        found.append(
            (float(np.sum(gains / np.round(logs, d))), f"the logarithms log2(i + 1) rounded to {_places(d)}")
        )
        found.append((float(np.sum(gains * np.round(1 / logs, d))), f"the discounts rounded to {_places(d)}"))
        found.append((float(np.sum(np.round(gains / logs, d))), f"each term rounded to {_places(d)}"))
    return found


def along_the_way(quantity: Quantity, grades, k: int, gain: Gain, rank: int | None = None) -> list[Rounded]:
    """Every value that rounding intermediate numbers to 1 or 2 decimals gives, other than the right one."""
    right = value_of(quantity, grades, k, gain, rank)
    found: list[Rounded] = []
    if quantity in ("discount", "contribution") and rank is not None:
        log = math.log2(rank + 1)
        g = float(gain_values(np.asarray(grades, dtype=float)[rank - 1 : rank], gain)[0])
        scale = 1.0 if quantity == "discount" else g
        for d in PLACES:
            found.append(Rounded(scale / round(log, d), f"log2({rank + 1}) rounded to {_places(d)}"))
            if quantity == "contribution":
                found.append(Rounded(g * round(1 / log, d), f"the discount rounded to {_places(d)}"))
    elif quantity in ("dcg", "idcg"):
        order = np.asarray(grades, dtype=float)
        if quantity == "idcg":
            order = np.sort(order)[::-1]
        found += [Rounded(value, how) for value, how in _sums(order, k, gain) if how]
    elif quantity == "ndcg":
        tops = _sums(np.asarray(grades, dtype=float), k, gain)
        bottoms = _sums(np.sort(np.asarray(grades, dtype=float))[::-1], k, gain)
        for (top, how), (bottom, _) in zip(tops, bottoms, strict=True):
            if how and bottom > 0:
                found.append(Rounded(top / bottom, f"{how} in DCG@{k} and IDCG@{k}"))
            for d in PLACES:
                if round(bottom, d) > 0:
                    both = f"DCG@{k} and IDCG@{k} rounded to {_places(d)} before dividing"
                    found.append(
                        Rounded(round(top, d) / round(bottom, d), f"{how}, then {both}" if how else both)
                    )
    return [r for r in found if math.isfinite(r.value) and abs(r.value - right) > 1e-9]
