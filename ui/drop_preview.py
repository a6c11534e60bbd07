"""What dropping a held item here would do: the words the sortable list shows while an item is held.

While an item is dragged (or picked up with the keyboard and moved with the arrows), the list
shows, at the place it would land, "drop here → NDCG@5 0.79 (+0.36)". Every number comes from
the core's move map (:func:`ndcg_core.metric.what_if.move_map`: ``M[s-1, t-1]`` is NDCG@k after
taking the item at rank s out and putting it back at rank t). This module turns that map into
words, once per run, and the browser only looks them up: no NDCG arithmetic in JavaScript.

The words follow the numbers they show:

* the value is rounded as the headline rounds it (the page's decimals), and a value that sits on
  a rounding boundary is computed again exactly as the headline computes it, so the number shown
  after the drop is the number the preview promised;
* the change is the difference of the two *shown* values, so it is never "+0.00" between two
  different shown values nor "+0.01" between equal ones; a rise is "+", a fall "−", and equal
  values say "no change";
* dropping the item where it was says so ("same place: NDCG@5 stays 0.43").

The phrases are few (one per distinct shown value), so the map is sent as a table of phrases
and a grid of indices into it: ``cells[s][t]`` (0-based) names the phrase for moving rank s+1
to rank t+1.

The headline uses the same maps (:func:`headline_after_moves`): DCG@k and NDCG@k as the
headline shows them after every move, so that it can show the new numbers the moment an item
is dropped, before the page's run confirms them. IDCG@k is the same for every order. With them
go the reading's words after every move (:func:`shares_after_moves`), so that the sentence under
the numbers never says the share of the order before the drop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import numpy as np

from ndcg_core import Ranking
from ndcg_core.metric.orders import moved
from ndcg_core.metric.what_if import dcg_move_map, move_map
from ndcg_core.teaching.summary import share_of_best
from ndcg_core.teaching.wording import ENDS

#: How close (in units of the last shown digit) a value may come to a rounding boundary before
#: it is computed again the headline's way: far above float noise, far below a real difference.
BOUNDARY = 1e-6
#: The minus sign of a fall (the typographic one, read as "minus").
MINUS = "\u2212"


@dataclass(frozen=True, eq=False)
class DropPreview:
    """The phrases for every (held rank, drop rank) of one list in one order.

    ``units[s, t]`` is NDCG@k after moving rank s+1 to rank t+1, rounded as the headline rounds
    it and counted in units of the last shown digit (79 for 0.79); ``labels`` are what the list
    shows and ``spoken`` what a screen reader hears, both indexed by ``cells``.
    """

    decimals: int
    current: str
    units: np.ndarray
    labels: tuple[str, ...]
    spoken: tuple[str, ...]
    cells: np.ndarray
    pending: str

    def shown(self, source: int, target: int) -> str:
        """NDCG@k after moving rank ``source`` to rank ``target`` (1-based), as the headline shows it."""
        return from_units(int(self.units[source - 1, target - 1]), self.decimals)

    def label(self, source: int, target: int) -> str:
        """The visible phrase for moving rank ``source`` to rank ``target`` (1-based)."""
        return self.labels[self.cells[source - 1, target - 1]]

    def said(self, source: int, target: int) -> str:
        """The spoken phrase for moving rank ``source`` to rank ``target`` (1-based)."""
        return self.spoken[self.cells[source - 1, target - 1]]

    def as_data(self) -> dict[str, Any]:
        """The JSON the sortable list receives with its items."""
        return {
            "labels": list(self.labels),
            "spoken": list(self.spoken),
            "cells": self.cells.tolist(),
            "pending": self.pending,
        }


def shown_value(value: float, decimals: int) -> str:
    """``value`` as the headline shows it: ``f"{value:.{decimals}f}"``."""
    return f"{value:.{decimals}f}"


def from_units(units: int, decimals: int) -> str:
    """A count of the last digit's units as the shown text: 79 → "0.79" (2 decimals)."""
    return f"{Decimal(units).scaleb(-decimals):.{decimals}f}"


def to_units(shown: str, decimals: int) -> int:
    """Shown text as a count of the last digit's units: "0.79" → 79 (2 decimals)."""
    return int(Decimal(shown).scaleb(decimals))


def change_words(before: str, after: str, decimals: int) -> tuple[str, str]:
    """The change between two shown values, for the eye and for the ear: ("+0.36", "up 0.36").

    Computed on the shown digits (exact decimals), so the words always match what is on screen.
    """
    difference = Decimal(after) - Decimal(before)
    if difference == 0:
        return "no change", "no change"
    size = f"{abs(difference):.{decimals}f}"
    if difference > 0:
        return f"+{size}", f"up {size}"
    return f"{MINUS}{size}", f"down {size}"


def boundary_cells(grid: np.ndarray, decimals: int) -> np.ndarray:
    """Cells of ``grid`` within float noise of a place where rounding to ``decimals`` flips."""
    scaled = grid * 10**decimals
    return np.abs(scaled - np.floor(scaled) - 0.5) < BOUNDARY


def shown_units(
    grid: np.ndarray, exact: Callable[[Ranking], float], ranking: Ranking, decimals: int
) -> np.ndarray:
    """Every cell of a move map, rounded as the headline rounds that number after that move (in units).

    Away from a rounding boundary, ``floor(x·10^d + 0.5)`` is the rounding that ``f"{x:.{d}f}"``
    does; a cell on a boundary is computed again the headline's way (``exact`` of the moved
    list's :class:`~ndcg_core.Ranking`, e.g. its ``ndcg``) and rounded as the headline rounds it.
    """
    units = np.floor(grid * 10**decimals + 0.5).astype(np.int64)
    grades = list(ranking.grades)
    for s, t in zip(*np.nonzero(boundary_cells(grid, decimals)), strict=True):
        value = exact(ranking.with_grades(np.asarray(moved(grades, int(s) + 1, int(t) + 1))))
        units[s, t] = to_units(shown_value(value, decimals), decimals)
    return units


def ndcg_units(ranking: Ranking, decimals: int) -> np.ndarray:
    """NDCG@k after every move, as the headline shows it, in units of its last digit."""
    return shown_units(move_map(ranking), lambda moved_list: moved_list.ndcg, ranking, decimals)


def dcg_units(ranking: Ranking, decimals: int) -> np.ndarray:
    """DCG@k after every move, as the headline shows it, in units of its last digit."""
    return shown_units(dcg_move_map(ranking), lambda moved_list: moved_list.dcg, ranking, decimals)


def headline_after_moves(ranking: Ranking, preview: DropPreview, *, shares: bool = False) -> dict[str, Any]:
    """DCG@k and NDCG@k as the headline shows them after every move of ``ranking``'s list.

    ``{"texts": [...], "dcg": grid, "ndcg": grid}``: ``texts[dcg[s][t]]`` is DCG@k after moving
    rank s+1 to rank t+1 (0-based grids of indices into ``texts``). NDCG@k is the preview's own
    (``preview.units``), so the headline after a drop says what the preview promised. With
    ``shares``, also the reading's share after every move (:func:`shares_after_moves`):
    ``"shares"``, its phrases, and ``"share"``, a grid of indices into them.

    >>> from ndcg_core import Ranking
    >>> ranking = Ranking.of([0, 1, 2, 3, 2, 0, 3], 5)   # seed 000
    >>> moves = headline_after_moves(ranking, drop_preview(ranking, 2), shares=True)
    >>> moves["texts"][moves["dcg"][6][0]], moves["texts"][moves["ndcg"][6][0]]   # Bose to the top
    ('11.50', '0.79')
    >>> moves["shares"][moves["share"][6][0]]
    '79% of the best possible value'
    """
    decimals = preview.decimals
    grids = {"dcg": dcg_units(ranking, decimals), "ndcg": preview.units}
    distinct = {name: np.unique(grid, return_inverse=True) for name, grid in grids.items()}
    texts = sorted({from_units(int(u), decimals) for values, _ in distinct.values() for u in values})
    index = {text: position for position, text in enumerate(texts)}
    cells = {}
    for name, (values, inverse) in distinct.items():
        positions = np.array([index[from_units(int(u), decimals)] for u in values], dtype=np.int64)
        cells[name] = positions[inverse].reshape(grids[name].shape).tolist()
    found = shares_after_moves(ranking) if shares else None
    if found is not None:
        phrases, share_cells = found
        cells |= {"shares": phrases, "share": share_cells.tolist()}
    return {"texts": texts, **cells}


#: At most this many distinct shares near 0 % or 100 % (written with decimals) a run writes out
#: for the reading after every move; past it the reading waits for the run after a drop.
NEAR_AN_END_LIMIT = 200


def shares_after_moves(ranking: Ranking) -> tuple[list[str], np.ndarray] | None:
    """The headline's reading in words after every move: its share of the best possible value
    (:func:`~ndcg_core.teaching.summary.share_of_best`), as phrases and a grid of indices into them.

    Each cell is the phrase the page's run writes for that order: most shares are whole percents
    ("43%"), rounded as :func:`shown_units` rounds (a cell on a rounding boundary is computed
    again the run's way); an NDCG of 1 or 0 is "100%" or "0%"; a share that would round to an
    end gets the decimals that keep it off it ("99.8%"), computed again where the move map's float
    sits on a rounding tie. None when more than :data:`NEAR_AN_END_LIMIT` distinct shares are
    near an end (a long list in nearly the ideal order): the reading then waits for the run.
    """
    grid = move_map(ranking)
    whole = shown_units(grid * 100, lambda moved_list: 100 * moved_list.ndcg, ranking, 0)
    between = (whole > 0) & (whole < 100)
    one, zero = ~between & (grid >= 1 - ENDS), ~between & (np.abs(grid) <= ENDS)
    near_an_end = ~(between | one | zero)
    values, inverse = np.unique(grid[near_an_end], return_inverse=True)
    if len(values) > NEAR_AN_END_LIMIT:
        return None
    phrases: dict[str, int] = {}

    def phrase(value: float) -> int:
        return phrases.setdefault(share_of_best(value), len(phrases))

    percents = np.unique(whole[between])
    by_percent = np.zeros(101, dtype=np.int64)
    by_percent[percents] = [phrase(int(p) / 100) for p in percents]
    cells = np.where(between, by_percent[np.clip(whole, 0, 100)], 0)
    if one.any():
        cells[one] = phrase(1.0)
    if zero.any():
        cells[zero] = phrase(0.0)
    near = np.asarray([phrase(value) for value in exact_near_an_end(ranking, grid, values)], dtype=np.int64)
    cells[near_an_end] = near[inverse.ravel()]
    return list(phrases), cells


def exact_near_an_end(ranking: Ranking, grid: np.ndarray, values: np.ndarray) -> list[float]:
    """The distinct shares near an end, each computed again the run's way where it sits on a
    rounding tie (:func:`on_a_tie`), from one move that gives it."""
    grades = list(ranking.grades)
    found = []
    for value in values.tolist():
        if on_a_tie(value):
            s, t = np.argwhere(grid == value)[0]
            value = ranking.with_grades(np.asarray(moved(grades, int(s) + 1, int(t) + 1))).ndcg
        found.append(value)
    return found


def on_a_tie(value: float) -> bool:
    """Whether ``value`` as a percentage sits within float noise of a rounding tie at any number
    of decimals up to those :func:`~ndcg_core.teaching.wording.percent` writes it with."""
    written = share_of_best(value).split("%")[0]
    places = len(written.split(".")[1]) if "." in written else 0
    return any(abs((100 * value * 10**p) % 1 - 0.5) < BOUNDARY for p in range(places + 1))


def drop_preview(ranking: Ranking, decimals: int) -> DropPreview:
    """The phrases of every drop of ``ranking``'s list, rounded to ``decimals`` like the headline.

    >>> from ndcg_core import Ranking
    >>> preview = drop_preview(Ranking.of([0, 1, 2, 3, 2, 0, 3], 5), 2)   # seed 000
    >>> preview.label(7, 1)   # Bose from rank 7 to rank 1
    'drop here → NDCG@5 0.79 (+0.36)'
    >>> preview.label(7, 7)
    'same place: NDCG@5 stays 0.43'
    >>> preview.said(1, 2)   # the grade-0 speaker below the grade-1 item: 6.68 / 14.60
    'dropped here, NDCG@5 would be 0.46, up 0.03'
    """
    name = "NDCG" + ("" if ranking.k is None else f"@{ranking.k}")
    current = shown_value(ranking.ndcg, decimals)
    units = ndcg_units(ranking, decimals)
    distinct, inverse = np.unique(units, return_inverse=True)
    labels, spoken = [], []
    for value in (from_units(int(u), decimals) for u in distinct):
        mark, words = change_words(current, value, decimals)
        labels.append(f"drop here → {name} {value} ({mark})")
        spoken.append(f"dropped here, {name} would be {value}, {words}")
    labels.append(f"same place: {name} stays {current}")
    spoken.append(f"same place, {name} stays {current}")
    cells = inverse.reshape(units.shape).astype(np.int64)
    np.fill_diagonal(cells, len(distinct))
    return DropPreview(
        decimals=decimals,
        current=current,
        units=units,
        labels=tuple(labels),
        spoken=tuple(spoken),
        cells=cells,
        pending=f"drop here → {name} …",
    )
