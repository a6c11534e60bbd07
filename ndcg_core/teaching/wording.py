"""Numbers in sentences, written so that the words never contradict the numbers.

Rounding lies near the ends of a share: NDCG@10 = 0.998 rounded to two decimals is "1.00", and
as a whole percentage "100%", both of which say "perfect" of a list that is not. A change from
0.9975 to 0.9982 rounded to two decimals reads "from 1.00 to 1.00". Every sentence the core
builds from numbers goes through these helpers, which follow three rules:

* a share (a value in [0, 1], such as NDCG) is written as 1 or 100% only when it is 1 (within
  float noise: ≥ 1 − 1e-12), and as 0 or 0% only when it is 0; otherwise more decimals are shown
  until it does not round to either end;
* two values that differ are written with enough decimals that they differ;
* "raises", "lowers" and "leaves" follow the unrounded values (closer than :data:`SAME`: the same).

>>> percent(0.998), percent(0.43), percent(1.0), percent(0.9999999)
('99.8%', '43%', '100%', '99.99999%')
>>> share(0.9975), share(0.43), share(1.0)
('0.998', '0.43', '1.00')
>>> pair(0.9975, 0.9982)
('0.9975', '0.9982')
>>> change("moving it", "NDCG@10", 0.9975, 1.0)
'moving it raises NDCG@10 from 0.998 to 1.000'
"""

from __future__ import annotations

import math
from typing import Literal

#: Two values closer than this are the same value (float rounding, not a difference).
SAME = 1e-9
#: A share within this of 1 (or of 0) is 1 (or 0): float noise, as 0.1 + 0.2 shows.
ENDS = 1e-12
#: The most decimals a number is ever given (enough to tell apart any two values SAME apart).
MAX_DECIMALS = 12

Verb = Literal["raises", "lowers", "leaves"]


def is_one(value: float) -> bool:
    """True when a share is 1 within float noise (≥ 1 − 1e-12)."""
    return value >= 1 - ENDS


def is_zero(value: float) -> bool:
    """True when a share is 0 within float noise (|value| ≤ 1e-12)."""
    return abs(value) <= ENDS


def same(a: float, b: float) -> bool:
    """True when two values are the same up to float rounding (closer than :data:`SAME`)."""
    return abs(a - b) <= SAME


def _fixed(value: float, decimals: int) -> str:
    text = f"{value:.{decimals}f}"
    return "0" + text[2:] if text.startswith("-0") and float(text) == 0 else text


def _share_decimals(value: float, decimals: int, scale: float = 1.0) -> int:
    """The fewest decimals ≥ ``decimals`` at which ``value · scale`` does not round to 0 or to ``scale`` falsely."""
    if math.isnan(value) or is_one(value) or is_zero(value) or value < 0 or value > 1:
        return decimals
    for places in range(decimals, MAX_DECIMALS + 1):
        shown = float(_fixed(value * scale, places))
        if 0 < shown < scale:
            return places
    return MAX_DECIMALS


def number(value: float, decimals: int = 2) -> str:
    """A value with ``decimals`` decimals ("nan" for NaN); no rule about the ends (see :func:`share`)."""
    return "nan" if math.isnan(value) else _fixed(value, decimals)


def share(value: float, decimals: int = 2) -> str:
    """A share in [0, 1] with ``decimals`` decimals, more where those would show 1 or 0 falsely.

    >>> share(0.004), share(0.0), share(0.5)
    ('0.004', '0.00', '0.50')
    """
    return number(value, _share_decimals(value, decimals))


def percent(value: float, decimals: int = 0) -> str:
    """A share as a percentage: "43%"; "100%" only for 1 and "0%" only for 0, more decimals between.

    >>> percent(0.004), percent(0.0), percent(0.9996)
    ('0.4%', '0%', '99.96%')
    """
    if math.isnan(value):
        return "nan%"
    return _fixed(100 * value, _share_decimals(value, decimals, scale=100.0)) + "%"


def pair(first: float, second: float, decimals: int = 2, *, shares: bool = True) -> tuple[str, str]:
    """Two values with the fewest decimals (≥ ``decimals``) at which they read differently, if they differ.

    With ``shares`` (the default) each also follows the rule of :func:`share`. Values that are
    :func:`same` get the same text, the first's: 0 and 1e-9 are one value, not "0.000000000" and
    "0.000000001".

    >>> pair(6.3098, 6.3101, shares=False), pair(0.43, 0.43 + 1e-12), pair(0.0, 1e-9)
    (('6.3098', '6.3101'), ('0.43', '0.43'), ('0.00', '0.00'))
    """
    if same(first, second):
        text = share(first, decimals) if shares else number(first, decimals)
        return text, text
    places = decimals
    if shares:
        places = max(_share_decimals(first, decimals), _share_decimals(second, decimals))
    while places < MAX_DECIMALS and number(first, places) == number(second, places):
        places += 1
    return number(first, places), number(second, places)


def verb(before: float, after: float) -> Verb:
    """ "raises", "lowers" or "leaves": what a change from ``before`` to ``after`` does (unrounded)."""
    if same(before, after):
        return "leaves"
    return "raises" if after > before else "lowers"


def change(what: str, measure: str, before: float, after: float, decimals: int = 2) -> str:
    """``what`` raises/lowers ``measure`` from x to y, or leaves it at x: never "from 1.00 to 1.00".

    >>> change("swapping them", "NDCG@3", 0.5, 0.5)
    'swapping them leaves NDCG@3 at 0.50'
    """
    said = verb(before, after)
    if said == "leaves":
        return f"{what} leaves {measure} at {share(before, decimals)}"
    first, second = pair(before, after, decimals)
    return f"{what} {said} {measure} from {first} to {second}"


IdealSource = Literal["listed items", "judged pool"]


def nothing_relevant(ideal_source: str) -> str:
    """Why IDCG = 0, by where the ideal comes from: "nothing relevant is listed" or "… is judged"."""
    return "nothing relevant is judged" if ideal_source == "judged pool" else "nothing relevant is listed"


def capitalised(text: str) -> str:
    """The text with its first letter upper case (the rest untouched: item names keep their case)."""
    return text[:1].upper() + text[1:]


_EMPTY_READING = {
    "zero": "is taken as 0 (trec_eval's convention)",
    "one": "is taken as 1 (LightGBM's convention)",
    "skip": "is left out (NaN): the query drops out of an average",
}


def empty_ideal_reading(rule: str) -> str:
    """What NDCG is when IDCG = 0, under the rule in force: "is taken as 0 (trec_eval's convention)"."""
    return _EMPTY_READING[rule]
