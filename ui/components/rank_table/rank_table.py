"""The per-rank table, drawn by a small inline component (``st.components.v2``) that updates in place.

Python writes every cell out (each number rounded as the page shows it; each name as the text it
is) and the JavaScript (``rank_table.js``) puts the texts in a ``<table>``. On the next run only
the cells whose text changed are touched: a drop on the Playground rewrites the cells of the
rows that moved, instead of a whole table of HTML that the browser would sanitise, parse, style
and lay out again. The table scrolls inside its own box (sideways on a phone, down when given a
``max_height``) and is named for screen readers as a region.

Nothing is computed in the browser; nothing a user typed is ever read as HTML (``textContent``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ui.components.inline import inline_component
from ui.components.packed import packed

_HERE = Path(__file__).resolve().parent
COMPONENT_NAME = "ndcg_rank_table"
#: A CSS length for ``max_height``: a number with a unit, or a ``calc()`` of such lengths.
_CSS_LENGTH = re.compile(r"^(calc\([0-9a-z.%+\- ]+\)|[0-9.]+(px|rem|em|vh|%))$")

_HTML = """
<div class="rank-table" data-testid="rank-table">
  <div class="rank-table__box" role="region" tabindex="0">
    <table><thead><tr></tr></thead><tbody></tbody></table>
  </div>
</div>
"""

_component = inline_component(COMPONENT_NAME, _HERE, _HTML)


@dataclass(frozen=True)
class Column:
    """A column: its header, and its kind (``"rank"``, ``"item"`` text at the left, or ``"number"``)."""

    name: str
    kind: Literal["rank", "item", "number"] = "number"


def rank_table(
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    beyond: Sequence[bool],
    *,
    key: str,
    label: str,
    cut: str = "",
    max_height: str | None = None,
    size: Literal["normal", "large"] = "normal",
) -> None:
    """Draw the table: ``rows`` of texts (one per column), ``beyond[i]`` True for a row beyond k.

    ``cut`` is the line drawn before the first row beyond k; ``label`` names the table for screen
    readers; ``max_height`` (a CSS length) makes a longer table scroll inside its box.

    Raises:
        ValueError: if a row has another number of cells than there are columns, ``beyond``
            does not have one flag per row, or ``max_height`` is not a CSS length.
    """
    if any(len(row) != len(columns) for row in rows) or len(beyond) != len(rows):
        raise ValueError("rank_table: one text per column in every row, and one flag per row")
    if max_height is not None and not _CSS_LENGTH.match(max_height):
        raise ValueError(f"rank_table: max_height must be a CSS length, got {max_height!r}")
    _component(
        key=key,
        data=packed(
            {
                "columns": [{"name": column.name, "kind": column.kind} for column in columns],
                "rows": [list(row) for row in rows],
                "beyond": [bool(flag) for flag in beyond],
                "cut": cut,
                "label": label,
                "maxHeight": max_height,
                "size": size,
            }
        ),
    )
