"""Bars by rank, one a rank, that mark where the item held in a sortable list would land.

Step 3 of the lesson draws the discount 1/log2(i + 1) by rank with it. While the learner holds an
item of the list the bars follow (``follows``: the list's key), the sortable list announces where
the item would land (``HOLD_EVENT`` in ``ui/components/common.js``); the bar of that rank is marked
and a line under the bars says what the held item's gain counts there. Python writes every text
(the values rounded as the page shows them, the held item's words for every (held rank, place) as
a table of texts and a grid of indices into it); the browser only looks them up and sets each
bar's height from the share Python sends. Nothing is computed in the browser, and every text is
written with ``textContent``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ui.components.inline import inline_component
from ui.components.packed import packed

_HERE = Path(__file__).resolve().parent
COMPONENT_NAME = "ndcg_rank_bars"

_HTML = """
<figure class="rank-bars" data-testid="rank-bars">
  <div class="rank-bars__plot" role="img"></div>
  <figcaption class="rank-bars__caption"></figcaption>
  <p class="rank-bars__held" data-testid="rank-bars-held" aria-live="polite"></p>
</figure>
"""

_component = inline_component(COMPONENT_NAME, _HERE, _HTML)


@dataclass(frozen=True)
class Bar:
    """One rank's bar: its rank, the value as shown, and its height as a share of the tallest (0–1)."""

    rank: int
    text: str
    height: float


def rank_bars(
    bars: Sequence[Bar],
    *,
    key: str,
    label: str,
    caption: str = "",
    follows: str | None = None,
    order: Sequence[str] = (),
    held: dict[str, Any] | None = None,
    cutoff: int | None = None,
    size: Literal["normal", "large"] = "normal",
) -> None:
    """Draw ``bars``; while an item of list ``follows`` is held, mark the bar where it would land.

    ``label`` names the figure for a screen reader (with every value); ``order`` is the followed
    list's ids in the order the words are for, and ``held`` ``{"texts": [...], "cells": grid}``:
    ``texts[cells[s][t]]`` is what the line under the bars says while the item at rank s + 1 is
    held at rank t + 1. ``cutoff`` draws a line after rank k.

    Raises:
        ValueError: if a height is outside 0–1, or ``held``'s grid is not one row per id of ``order``.
    """
    if any(not 0 <= bar.height <= 1 for bar in bars):
        raise ValueError("rank_bars: every height must be a share from 0 to 1")
    if held is not None:
        cells = held["cells"]
        if len(cells) != len(order) or any(len(row) != len(bars) for row in cells):
            raise ValueError(f"rank_bars: held's grid must be {len(order)}×{len(bars)}")
    _component(
        key=key,
        data=packed(
            {
                "bars": [{"rank": b.rank, "text": b.text, "height": round(b.height, 4)} for b in bars],
                "label": label,
                "caption": caption,
                "follows": follows,
                "order": list(order),
                "held": held,
                "cutoff": cutoff,
                "size": size,
            }
        ),
    )
