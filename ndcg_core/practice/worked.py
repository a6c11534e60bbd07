"""Worked answers with every intermediate value: gain, discount and contribution of each rank, then the sum.

A learner who got an answer wrong needs to see where the number comes from, not only the symbols
(``3/log2(2) + 1/log2(3) + …``). :func:`working` lays a list out rank by rank, as the seeds' tables
do, and writes the sum with the numbers filled in:

* gain = 2^rel − 1 (exponential) or rel (linear), written out: ``2^3 − 1 = 7``;
* discount = 1/log2(i + 1), written out: ``1/log2(3) ≈ 0.6309`` (``=`` where 4 decimals are exact);
* contribution = gain × discount, to 4 decimals;
* DCG@k = the sum of the contributions of ranks 1 to k.

Values are shown to 4 decimals and computed in full. Where the rounded terms do not add up to the
rounded total (a last-digit difference), the sentence says so rather than print a wrong sum.

>>> shown = working("List", [3, 0, 1], 3, "exponential", "DCG")
>>> [row.gain for row in shown.ranks], [row.discount for row in shown.ranks]
(['2^3 − 1 = 7', '2^0 − 1 = 0', '2^1 − 1 = 1'], ['1/log2(2) = 1', '1/log2(3) ≈ 0.6309', '1/log2(4) = 0.5'])
>>> shown.total
'DCG@3 = 7.0000 + 0.0000 + 0.5000 = 7.5000'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ndcg_core.metric.gains import Gain, gain_formula
from ndcg_core.practice.slips import per_rank
from ndcg_core.teaching.wording import number, share

#: Decimals of the worked values (the answers are asked to 2; 4 keep the rounding visible).
PLACES = 4


@dataclass(frozen=True)
class WorkedRank:
    """One rank worked out: the grade, and the gain, discount and contribution with their numbers."""

    rank: int
    grade: float
    gain: str
    discount: str
    contribution: str


@dataclass(frozen=True)
class Working:
    """A list worked rank by rank (ranks 1 to k), and its sum written out."""

    caption: str
    ranks: tuple[WorkedRank, ...]
    total: str
    value: float


def gain_text(grade: float, gain: Gain) -> str:
    """The gain of ``grade`` written out: ``2^3 − 1 = 7`` or ``3``.

    >>> gain_text(3, "exponential"), gain_text(3, "linear")
    ('2^3 − 1 = 7', '3')
    """
    if gain == "exponential":
        return f"2^{grade:g} − 1 = {2**grade - 1:g}"
    return f"{grade:g}"


def discount_text(rank: int) -> str:
    """1/log2(i + 1) written out, ``=`` where 4 decimals give it exactly, else ``≈``."""
    value = 1 / math.log2(rank + 1)
    if abs(round(value, PLACES) - value) < 1e-12:
        return f"1/log2({rank + 1}) = {value:g}"
    return f"1/log2({rank + 1}) ≈ {value:.{PLACES}f}"


def sum_text(name: str, terms: list[float], total: float) -> str:
    """``DCG@3 = 7.0000 + 0.6309 = 7.6309``; where the rounded terms add up to another last digit, it says so.

    >>> sum_text("DCG@2", [0.33333, 0.33333], 0.66666)
    'DCG@2 = 0.3333 + 0.3333 = 0.6667 (the exact sum; the rounded terms add up to 0.6666)'
    """
    shown = [number(t, PLACES) for t in terms]
    added = number(sum(float(s) for s in shown), PLACES)
    text = f"{name} = {' + '.join(shown)} = {number(total, PLACES)}"
    if added != number(total, PLACES):
        text += f" (the exact sum; the rounded terms add up to {added})"
    return text


def quotient_text(k: int, top: float, bottom: float, value: float) -> str:
    """NDCG@k = DCG@k / IDCG@k with the numbers; where the rounded ones divide to another last digit, it says so.

    >>> quotient_text(4, 7.8472, 14.2085, 7.8472 / 14.2085)
    'NDCG@4 = DCG@4 / IDCG@4 = 7.8472 / 14.2085 = 0.5523.'
    >>> quotient_text(3, 0.0, 0.0, 0.0)
    'IDCG@3 = 0, so NDCG@3 = 0/0, taken as 0 (trec_eval).'
    """
    if bottom <= 0:
        return f"IDCG@{k} = 0, so NDCG@{k} = 0/0, taken as 0 (trec_eval)."
    a, b, c = number(top, PLACES), number(bottom, PLACES), share(value, PLACES)
    text = f"NDCG@{k} = DCG@{k} / IDCG@{k} = {a} / {b} = {c}"
    divided = share(float(a) / float(b), PLACES)
    if divided != c:
        text += f" (of the exact values; the rounded ones give {divided})"
    return text + "."


def working(caption: str, grades, k: int, gain: Gain, measure: str) -> Working:
    """``grades`` worked rank by rank to ``k``: each rank's numbers, and ``measure@k`` as their sum."""
    grades = [float(g) for g in grades]
    k = min(k, len(grades))
    columns = per_rank(grades, gain)
    rows = tuple(
        WorkedRank(
            rank,
            grades[rank - 1],
            gain_text(grades[rank - 1], gain),
            discount_text(rank),
            number(float(columns["contribution"][rank - 1]), PLACES),
        )
        for rank in range(1, k + 1)
    )
    terms = [float(c) for c in columns["contribution"][:k]]
    total = float(np.sum(terms))
    return Working(caption, rows, sum_text(f"{measure}@{k}", terms, total), total)


def working_frame(shown: Working, gain: Gain) -> pd.DataFrame:
    """A worked list as a table: rank, grade (rel), gain, discount, contribution (text, as shown)."""
    return pd.DataFrame(
        {
            "Rank i": [row.rank for row in shown.ranks],
            "Grade (rel)": [f"{row.grade:g}" for row in shown.ranks],
            f"Gain ({gain_formula(gain)})": [row.gain for row in shown.ranks],
            "Discount 1/log2(i + 1)": [row.discount for row in shown.ranks],
            "Contribution (gain × discount)": [row.contribution for row in shown.ranks],
        }
    )
