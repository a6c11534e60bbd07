"""Practice: the right value of each quantity a learner computes by hand, and what each classic slip gives.

A learner's number is compared with the right value and with the value of every classic slip,
each computed from its own definition with the core's functions (never typed in):

* **the other gain**: linear ``rel`` where exponential ``2^rel − 1`` is asked, and the reverse;
* **2^rel without the − 1**: exponential gain with the "− 1" forgotten;
* **log2(i) for log2(i + 1)**: 1/log2(i) divides by zero at rank 1, so a learner who makes this slip
  keeps rank 1 whole: that is Järvelin–Kekäläinen's discount with b = 2 (``discount="jk"``);
* **the natural log**: 1/ln(i + 1) = 1/(ln 2 · log2(i + 1)), so every term is divided by ln 2;
* **the next or previous row of the discount table** (seed 002 reads 0.387 at rank 4);
* **the ideal from the top k only** (seed 001's ``ndcg_at_k``), **an unsorted ideal**;
* **the wrong k**: k − 1, k + 1 or the whole list;
* **DCG not divided by IDCG**, or **IDCG / DCG**;
* **1 for NDCG** where nothing is relevant: the "IDCG = 0 gives 1" convention (LightGBM,
  XGBoost), or the thought that a list with nothing relevant is already perfect; here IDCG = 0
  gives 0, as trec_eval and scikit-learn do;
* **1 for NDCG** where the list is not in its ideal order: the thought that it already is.

Conventions: rank i starts at 1, discount 1/log2(i + 1), the ideal from the listed items (every
listed grade, sorted, cut at k). A value is asked rounded to :data:`DECIMALS` decimals and
accepted within :data:`TOLERANCE` of the exact value.

>>> value_of("dcg", [0, 1, 2, 3, 2, 0, 3], 5, "exponential") == dcg([0, 1, 2, 3, 2, 0, 3], 5)
True
>>> [slip.key for slip in slips("gain", [0, 3], 2, "exponential", rank=2)]
['linear_gain', 'no_minus_one', 'gave_contribution']
>>> parse_number(" 0,43 ")
0.43
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ndcg_core.metric.discounts import discount_values, ranks
from ndcg_core.metric.gains import Gain, GainRule, check_gain, gain_formula, gain_values
from ndcg_core.metric.metrics import dcg, idcg, ndcg
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.teaching.wording import pair

Quantity = Literal["gain", "discount", "contribution", "dcg", "idcg", "ndcg"]
PER_RANK: tuple[Quantity, ...] = ("gain", "discount", "contribution")

#: Answers are asked to two decimals and accepted within ±0.005 of the exact value.
DECIMALS = 2
TOLERANCE = 0.005
#: Room for floating-point noise at the edge of the tolerance (0.425 typed for 0.42 + 0.005).
_EPSILON = 1e-9
#: The longest answer read; anything longer is refused before it is parsed.
MAX_ANSWER_CHARS = 30

OTHER_GAIN: dict[Gain, Gain] = {"exponential": "linear", "linear": "exponential"}


def parse_number(text: object) -> float:
    """A typed answer as a float, or :class:`NDCGInputError` with a message for the learner.

    Leading and trailing spaces are ignored; ``.43`` and ``0,43`` (a decimal comma, when there is
    no point) are read as 0.43. Nothing is ever evaluated: ``1/3``, ``2**3``, ``nan`` or ``inf``
    are refused, as is a number with both a comma and a point (``1,234.5``).

    >>> parse_number(".43"), parse_number("+7"), parse_number("1e-1")
    (0.43, 7.0, 0.1)
    >>> parse_number("1/3")
    Traceback (most recent call last):
    ...
    ndcg_core.metric.validation.NDCGInputError: “1/3” is not a number: type a decimal number such as 0.43.
    """
    raw = str(text).strip()
    shown = raw if len(raw) <= 20 else raw[:20] + "…"
    if not raw:
        raise NDCGInputError("Type a number first, such as 0.43.")
    if len(raw) > MAX_ANSWER_CHARS:
        raise NDCGInputError(f"“{shown}” is too long for a number: type a decimal number such as 0.43.")
    if "," in raw and "." in raw:
        raise NDCGInputError(f"“{shown}” has both a comma and a point: use one decimal mark, e.g. 0.43.")
    if raw.count(",") == 1:
        raw = raw.replace(",", ".")
    try:
        number = float(raw) if raw.isascii() and "_" not in raw else math.nan
    except ValueError:
        number = math.nan
    if not math.isfinite(number):
        raise NDCGInputError(f"“{shown}” is not a number: type a decimal number such as 0.43.")
    return number


def close(typed: float, value: float, tolerance: float = TOLERANCE) -> bool:
    """True when ``typed`` is within ``tolerance`` of ``value`` (the edge included)."""
    return abs(typed - value) <= tolerance + _EPSILON


def per_rank(grades, gain: GainRule, discount: str = "log2") -> dict[str, np.ndarray]:
    """The gain, discount and contribution at every rank (the breakdown's columns, without a table).

    >>> per_rank([3, 0], "exponential")["contribution"].round(3).tolist()
    [7.0, 0.0]
    """
    g = gain_values(np.asarray(grades, dtype=float), check_gain(gain))
    d = discount_values(ranks(len(g)), discount)
    return {"gain": g, "discount": d, "contribution": g * d}


def value_of(quantity: Quantity, grades, k: int, gain: Gain, rank: int | None = None) -> float:
    """The right value: the gain, discount or contribution at ``rank``, or DCG@k, IDCG@k, NDCG@k.

    The ideal is built from the listed grades (all of them, sorted, cut at k).
    """
    if quantity in PER_RANK:
        return float(per_rank(grades, gain)[quantity][_rank(rank, grades) - 1])
    return float({"dcg": dcg, "idcg": idcg, "ndcg": ndcg}[quantity](grades, k, gain=gain))


def _rank(rank: int | None, grades) -> int:
    if rank is None or not 1 <= rank <= len(grades):
        raise NDCGInputError(f"A per-rank quantity needs a rank from 1 to {len(grades)}, not {rank!r}.")
    return rank


@dataclass(frozen=True)
class Slip:
    """A classic mistake: its name, the value it gives here, and what to do instead."""

    key: str
    value: float
    says: str


def _no_minus_one(grades) -> dict[float, float]:
    """Exponential gain with the − 1 forgotten: grade → 2^rel, as a custom gain table."""
    return {float(g): float(2.0**g) for g in np.unique(np.asarray(grades, dtype=float))}


def _per_rank_slips(quantity: Quantity, grades, k: int, gain: Gain, rank: int) -> list[Slip]:
    columns = per_rank(grades, gain)
    row = {name: float(values[rank - 1]) for name, values in columns.items()}
    other = {name: float(values[rank - 1]) for name, values in per_rank(grades, OTHER_GAIN[gain]).items()}
    jk = {name: float(values[rank - 1]) for name, values in per_rank(grades, gain, "jk").items()}
    found: list[Slip] = []
    if quantity in ("gain", "contribution"):
        found.append(_other_gain_slip(other[quantity], gain))
        if gain == "exponential":
            plain_power = float(per_rank(grades, _no_minus_one(grades))[quantity][rank - 1])
            found.append(Slip("no_minus_one", plain_power, "That is 2^rel: exponential gain is 2^rel − 1."))
    if quantity == "gain":
        found.append(
            Slip("gave_contribution", row["contribution"], "That is the contribution (gain × discount).")
        )
    if quantity in ("discount", "contribution") and rank >= 2:
        found.append(
            Slip(
                "log2_i",
                jk[quantity],
                f"That uses log2({rank}); the discount is 1/log2(i + 1), i.e. log2({rank + 1}).",
            )
        )
    if quantity in ("discount", "contribution"):
        found.append(
            Slip(
                "natural_log",
                row[quantity] / math.log(2),
                "That uses the natural log ln; the discount uses log2.",
            )
        )
        for near in (rank - 1, rank + 1):
            if 1 <= near <= len(grades):
                d_near = float(columns["discount"][near - 1])
                value = d_near * (row["gain"] if quantity == "contribution" else 1.0)
                where = "next" if near > rank else "previous"
                says = f"That uses the discount of rank {near} (the {where} row): at rank {rank} it is 1/log2({rank + 1})."
                found.append(Slip("misread_row", value, says))
    if quantity == "discount":
        found.append(
            Slip(
                "not_inverted",
                1.0 / row["discount"],
                f"That is log2({rank + 1}) itself; the discount is 1 over it.",
            )
        )
    if quantity == "contribution":
        found.append(Slip("no_discount", row["gain"], "That is the gain alone: multiply it by the discount."))
    return found


def _other_gain_slip(value: float, gain: Gain) -> Slip:
    other = OTHER_GAIN[gain]
    key = f"{other}_gain"
    return Slip(
        key,
        float(value),
        f"That uses {other} gain ({gain_formula(other)}); here gain is {gain} ({gain_formula(gain)}).",
    )


def _total_slips(quantity: Quantity, grades, k: int, gain: Gain) -> list[Slip]:
    measure = {"dcg": dcg, "idcg": idcg, "ndcg": ndcg}[quantity]
    right = measure(grades, k, gain=gain)
    found = [
        _other_gain_slip(measure(grades, k, gain=OTHER_GAIN[gain]), gain),
        Slip(
            "log2_i",
            measure(grades, k, gain=gain, discount="jk"),
            "That uses 1/log2(i) (rank 1 kept whole, since log2(1) = 0); the discount is 1/log2(i + 1).",
        ),
    ]
    nothing_relevant = quantity == "ndcg" and idcg(grades, k, gain=gain) <= 0
    if gain == "exponential" and not nothing_relevant:  # with IDCG = 0, a typed 1 is the convention's
        found.append(
            Slip(
                "no_minus_one",
                measure(grades, k, gain=_no_minus_one(grades)),
                "That uses 2^rel: the gain is 2^rel − 1.",
            )
        )
    if quantity != "ndcg":  # ln instead of log2 divides every term by ln 2, which NDCG cancels
        found.append(
            Slip("natural_log", right / math.log(2), "That uses the natural log ln; the discount uses log2.")
        )
    if quantity == "idcg":
        found.append(
            Slip(
                "top_k_ideal",
                idcg(np.asarray(grades)[:k], k, gain=gain),
                f"That sorts only the first {k} items: the ideal sorts every listed grade.",
            )
        )
        found.append(
            Slip(
                "unsorted_ideal",
                dcg(grades, k, gain=gain),
                "That is DCG of the list as it is: sort the grades first.",
            )
        )
    if quantity == "ndcg":
        found.append(
            Slip(
                "top_k_ideal",
                ndcg(np.asarray(grades)[:k], k, gain=gain),  # seed 001's ndcg_at_k
                f"That builds the ideal from the first {k} items only: sort every listed grade.",
            )
        )
        dcg_value, idcg_value = dcg(grades, k, gain=gain), idcg(grades, k, gain=gain)
        found.append(Slip("not_normalised", dcg_value, "That is DCG@k: divide it by IDCG@k."))
        if dcg_value > 0:
            found.append(Slip("inverted", idcg_value / dcg_value, "That is IDCG / DCG: NDCG = DCG / IDCG."))
    for wrong_k, says in ((k - 1, f"k = {k - 1}"), (k + 1, f"k = {k + 1}"), (None, "the whole list")):
        if wrong_k is None or 1 <= wrong_k <= len(grades):
            found.append(
                Slip(
                    "wrong_k",
                    measure(grades, wrong_k, gain=gain),
                    f"That is the value for {says}; here k = {k}.",
                )
            )
    if quantity == "ndcg":  # last: where 1 is also another slip's value, that slip is named first
        found += _ndcg_of_one(grades, k, gain)
    return found


def _ndcg_of_one(grades, k: int, gain: Gain) -> list[Slip]:
    """1 typed for NDCG@k: the IDCG = 0 convention where nothing is relevant, else "already ideal"."""
    top, best = dcg(grades, k, gain=gain), idcg(grades, k, gain=gain)
    if best <= 0:
        return [
            Slip(
                "empty_ideal_one",
                1.0,
                f"That is the “IDCG = 0 gives 1” convention (LightGBM, XGBoost), or the thought that a list "
                f"with nothing relevant is already perfect. Nothing relevant is listed, so IDCG@{k} = 0 and "
                f"NDCG@{k} = 0/0 is taken as 0 here, as trec_eval and scikit-learn do.",
            )
        ]
    if top >= best - 1e-12:
        return []
    shown_top, shown_best = pair(top, best, shares=False)
    return [
        Slip(
            "thought_ideal",
            1.0,
            f"1 would mean the top {k} is already in its ideal order; it is not: "
            f"DCG@{k} = {shown_top} is below IDCG@{k} = {shown_best}.",
        )
    ]


def slips(quantity: Quantity, grades, k: int, gain: Gain, rank: int | None = None) -> list[Slip]:
    """Every classic slip for this quantity, with the (finite) value it gives on this list."""
    if quantity in PER_RANK:
        found = _per_rank_slips(quantity, grades, k, gain, _rank(rank, grades))
    else:
        found = _total_slips(quantity, grades, k, gain)
    return [Slip(s.key, float(s.value), s.says) for s in found if math.isfinite(s.value)]


def diagnose(typed: float, right: float, candidates: list[Slip]) -> list[Slip]:
    """The slips whose value the typed number matches, nearest first (none when it is right).

    Several slips can give the same number on one list (k − 1 and the top-k ideal, say): all are named.
    """
    if close(typed, right):
        return []
    matching = [slip for slip in candidates if close(typed, slip.value) and not close(slip.value, right)]
    matching.sort(key=lambda slip: abs(typed - slip.value))
    seen: set[str] = set()
    return [slip for slip in matching if not (slip.says in seen or seen.add(slip.says))]


def slip_text(found: list[Slip]) -> str:
    """What the matching slips say, joined: "That … Or: that …"."""
    return " Or: ".join(
        slip.says if n == 0 else slip.says[0].lower() + slip.says[1:] for n, slip in enumerate(found)
    )
