"""The whole Playground scenario as URL query parameters, and back.

A link must reopen exactly what its author saw, so everything that shapes the numbers goes in:

    names  = item names in the list's original order, joined by "~" (a "~" in a name is written %7E)
    grades = their grades, e.g. 0,1,2,3,2,0,3
    order  = the current ranking as positions in that original order (omitted when unchanged)
    pool   = grades of judged items the list does not show (omitted when none)
    k, gain (exp|lin), ideal (listed|pool), dec (2-4), sc (the scenario it started from)

Short lists stay readable (``?grades=3,2,3,0,1&k=5&gain=lin``). When the readable query, as the
browser writes it (a comma is ``%2C``, three characters), would pass :data:`COMPACT_ABOVE`
characters, the list goes into one parameter ``z``: compressed JSON in URL-safe base64. A judged
pool of hundreds of grades (a TREC query's) compresses to a few bytes, so every list the app makes
from its samples, and 50 items with long names, stay under 2,000 characters.

Decoding never raises: anything it cannot read is left out, and the notes say what and why.
No Streamlit here, so the round trip is tested on its own.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import unquote, urlencode

from ui.state.ranked_list import MAX_ITEMS, ListEditError, parse_grade, parse_grade_list, parse_name
from ui.state.settings import DECIMAL_CHOICES, DEFAULTS, JUDGED_POOL, LISTED_ITEMS

#: Above this many characters of URL-encoded query, the readable parameters give way to one compressed ``z``.
COMPACT_ABOVE = 1500
#: Every parameter a link of this module may hold.
PARAMS = ("names", "grades", "order", "pool", "k", "gain", "ideal", "dec", "sc", "z")
GAIN_CODES = {"exponential": "exp", "linear": "lin"}
IDEAL_CODES = {LISTED_ITEMS: "listed", JUDGED_POOL: "pool"}


@dataclass(frozen=True)
class UrlScenario:
    """What a link holds: the list (original order, current order), the pool and the settings."""

    names: tuple[str, ...]
    grades: tuple[float, ...]
    order: tuple[int, ...]
    unlisted: tuple[float, ...] = ()
    k: int = DEFAULTS.k
    gain: str = DEFAULTS.gain
    ideal: str = DEFAULTS.ideal_source
    decimals: int = DEFAULTS.decimals
    scenario: str = ""


@dataclass(frozen=True)
class Decoded:
    """A decoded link: the scenario if there was one to read, and notes on anything ignored."""

    scenario: UrlScenario | None
    notes: list[str] = field(default_factory=list)


def encode(state: UrlScenario) -> dict[str, str]:
    """Query parameters for ``state``: readable when short, compressed when long."""
    params = _settings(state)
    readable = params | _readable_list(state)
    if len(urlencode(readable)) <= COMPACT_ABOVE:
        return readable
    return params | {"z": _compressed(state)}


def _settings(state: UrlScenario) -> dict[str, str]:
    params = {
        "k": str(state.k),
        "gain": GAIN_CODES[state.gain],
        "ideal": IDEAL_CODES[state.ideal],
        "dec": str(state.decimals),
    }
    if state.scenario:
        params["sc"] = state.scenario
    return params


def _readable_list(state: UrlScenario) -> dict[str, str]:
    params = {
        "names": "~".join(name.replace("%", "%25").replace("~", "%7E") for name in state.names),
        "grades": ",".join(_number(g) for g in state.grades),
    }
    if list(state.order) != list(range(len(state.names))):
        params["order"] = ",".join(str(i) for i in state.order)
    if state.unlisted:
        params["pool"] = ",".join(_number(g) for g in state.unlisted)
    return params


def _number(value: float) -> str:
    """A grade exactly as stored, shortest form: 3, 2.5, 0.1."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def _compressed(state: UrlScenario) -> str:
    payload = {"n": state.names, "g": state.grades, "o": state.order, "p": state.unlisted}
    packed = zlib.compress(json.dumps(payload, separators=(",", ":")).encode("utf-8"), level=9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(params: Mapping[str, str]) -> Decoded:
    """Read a link's parameters; ``scenario`` is None when the link holds no list."""
    notes: list[str] = []
    if "z" in params:
        raw = _unpack(params["z"], notes)
    elif "grades" in params:
        raw = _readable(params, notes)
    else:
        stray = sorted(set(params) & (set(PARAMS) - {"grades", "sc", "z"}))
        return Decoded(
            None,
            [f"The link sets {', '.join(stray)} but holds no list; showing the default."] if stray else [],
        )
    if raw is None:
        return Decoded(None, notes)
    names, grades, order, unlisted = raw
    return Decoded(_with_settings(names, grades, order, unlisted, params, notes), notes)


#: What a broken compressed list is, in the page's words (never a parser's message).
BROKEN_COMPRESSED = (
    "The list in the link (its z= part) could not be read: the link may have been cut short when it was "
    "copied, or it was not made by this app. Showing the default list instead."
)


def _unpack(text: str, notes: list[str]) -> tuple[list[str], list[float], list[int], list[float]] | None:
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        payload = json.loads(zlib.decompressobj().decompress(packed, 2_000_000).decode("utf-8"))
        if not isinstance(payload, dict) or not isinstance(payload.get("n"), list):
            raise ValueError("not a list this app wrote")
        names = [parse_name(n, f"Item {i}") for i, n in enumerate(payload["n"], start=1)]
        grades = [parse_grade(g, f"Item {i}") for i, g in enumerate(payload.get("g", []), start=1)]
        order = _positions(payload.get("o", range(len(names))))
        unlisted = [parse_grade(g, "Pool") for g in payload.get("p", [])]
    except ListEditError as error:  # the app's own words: which item, what is wrong
        notes.append(f"The list in the link could not be read: {_short(error)}")
        return None
    except (binascii.Error, ValueError, TypeError, KeyError, zlib.error, UnicodeDecodeError):
        notes.append(BROKEN_COMPRESSED)
        return None
    return _checked(names, grades, order, unlisted, notes)


def _positions(values: object) -> list[int]:
    """The order's positions as whole numbers, or :class:`ListEditError` in the page's words."""
    try:
        return [int(str(value).strip()) for value in values]  # type: ignore[union-attr]
    except (TypeError, ValueError):
        raise ListEditError("its order is not a list of positions (0, 1, 2, …)") from None


def _readable(
    params: Mapping[str, str], notes: list[str]
) -> tuple[list[str], list[float], list[int], list[float]] | None:
    try:
        grades = parse_grade_list(params["grades"], "Grades in the link")
        if "names" in params:
            names = _split_names(params["names"], len(grades))
        else:  # a hand-written link: ?grades=3,2,3,0,1&k=5
            names = [f"item {i}" for i in range(1, len(grades) + 1)]
        names = [parse_name(n, f"Item {i}") for i, n in enumerate(names, start=1)]
        order = _positions(params["order"].split(",")) if params.get("order") else list(range(len(grades)))
    except ListEditError as error:
        notes.append(f"The list in the link could not be read: {_short(error)}")
        return None
    try:
        unlisted = parse_grade_list(params.get("pool", ""), "Pool grades in the link")
    except ListEditError as error:
        notes.append(f"Ignored the judged pool in the link: {_short(error)}")
        unlisted = []
    return _checked(names, grades, order, unlisted, notes)


def _split_names(text: str, count: int) -> list[str]:
    """Names joined by "~" (a "~" or "%" inside a name is written %7E or %25)."""
    names = [unquote(part) for part in text.split("~")] if text else []
    if len(names) != count:
        raise ListEditError(f"it holds {len(names)} name{'' if len(names) == 1 else 's'} for {count} grades")
    return names


def _checked(
    names: list[str], grades: list[float], order: list[int], unlisted: list[float], notes: list[str]
) -> tuple[list[str], list[float], list[int], list[float]] | None:
    if len(names) != len(grades) or len(grades) > MAX_ITEMS:
        notes.append(
            f"The link's list has {len(names)} names and {len(grades)} grades (at most {MAX_ITEMS})."
        )
        return None
    if sorted(order) != list(range(len(grades))):
        notes.append("The order in the link is not an order of its items; showing them as listed.")
        order = list(range(len(grades)))
    return names, grades, order, unlisted


def _with_settings(
    names: list[str],
    grades: list[float],
    order: list[int],
    unlisted: list[float],
    params: Mapping[str, str],
    notes: list[str],
) -> UrlScenario:
    gain = {code: name for name, code in GAIN_CODES.items()}.get(
        params.get("gain", GAIN_CODES[DEFAULTS.gain])
    )
    ideal = {code: name for name, code in IDEAL_CODES.items()}.get(
        params.get("ideal", IDEAL_CODES[DEFAULTS.ideal_source])
    )
    largest = max(len(grades) + len(unlisted), 1)
    k = _whole(params.get("k", str(DEFAULTS.k)), 1, largest, "k", notes, default=DEFAULTS.k)
    lowest, highest = min(DECIMAL_CHOICES), max(DECIMAL_CHOICES)
    decimals = _whole(
        params.get("dec", str(DEFAULTS.decimals)), lowest, highest, "dec", notes, DEFAULTS.decimals
    )
    if gain is None:
        notes.append(f"Unknown gain “{params.get('gain')}” in the link; using {DEFAULTS.gain}.")
    if ideal is None:
        notes.append(f"Unknown ideal “{params.get('ideal')}” in the link; using the {DEFAULTS.ideal_source}.")
    return UrlScenario(
        names=tuple(names),
        grades=tuple(grades),
        order=tuple(order),
        unlisted=tuple(unlisted),
        k=k,
        gain=gain or DEFAULTS.gain,
        ideal=ideal or DEFAULTS.ideal_source,
        decimals=decimals,
        scenario=params.get("sc", "")[:80],
    )


def _whole(text: str, low: int, high: int, name: str, notes: list[str], default: int) -> int:
    """A whole number in [low, high]; out of range is clamped, unreadable falls back, with a note."""
    try:
        value = int(text)
    except ValueError:
        notes.append(f"“{text[:20]}” is not a whole number for {name}; using {min(default, high)}.")
        return min(default, high)
    if not low <= value <= high:
        notes.append(f"{name} = {value} is outside {low}–{high}; using {min(max(value, low), high)}.")
    return min(max(value, low), high)


def _short(error: Exception) -> str:
    return str(error).splitlines()[0][:160]
