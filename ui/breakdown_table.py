"""The per-rank table, with the rows beyond k set apart (under their own line, in a quieter style).

Drawn by a small component (:mod:`ui.components.rank_table`), not ``st.dataframe``: the data
grid draws on a canvas, which no stylesheet can set in projector type, its code is the heaviest
part of a new tab's first draw, and it redraws whole. This table is text a screen reader reads
as a table, it takes the classroom view's large type, it scrolls inside its own box (sideways
on a phone, down for a long list) while the page around it stays put, and a drop changes only
the cells whose text changed.

Every cell is written out here (numbers rounded as the page shows them, grades as typed, names
as the text they are); the browser only places the texts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ui.components.rank_table import rank_table
from ui.components.rank_table.rank_table import Column
from ui.exports import table_downloads

#: The core's per-rank breakdown: a DataFrame, or its columns by name.
Columns = Mapping[str, Any]

HEADERS = {
    "rank": "Rank",
    "label": "Item",
    "relevance": "Grade",
    "gain": "Gain",
    "discount": "Discount",
    "contribution": "Contribution",
    "cg": "CG",
    "dcg": "DCG",
    "ideal_relevance": "Ideal grade",
    "ideal_gain": "Ideal gain",
    "ideal_contribution": "Ideal contribution",
    "idcg": "IDCG",
    "ndcg": "NDCG@rank",
    "in_cutoff": "Within k",
}
DECIMAL_COLUMNS = (
    "gain",
    "discount",
    "contribution",
    "cg",
    "dcg",
    "ideal_gain",
    "ideal_contribution",
    "idcg",
    "ndcg",
)
GRADE_COLUMNS = ("relevance", "ideal_relevance")
#: The columns the page shows (every column of the core's breakdown but the within-k flag,
#: which the table shows by where a row stands).
ALL_COLUMNS = tuple(column for column in HEADERS if column != "in_cutoff")
#: The classroom view's columns: what a drop changes, in projector type.
CLASSROOM_COLUMNS = ("rank", "label", "relevance", "gain", "discount", "contribution", "dcg", "idcg")
#: The style of rows beyond k in tables drawn with a pandas Styler (Compare's side by side).
BEYOND_K_STYLE = (
    "background-color: rgba(128, 128, 128, 0.22); color: rgba(128, 128, 128, 1); font-style: italic"
)


def display_frame(table: pd.DataFrame, k: int) -> pd.DataFrame:
    """The core's breakdown with readable headers and a text column saying which side of k a row is."""
    shown = table.copy()
    shown["in_cutoff"] = ["top " + str(k) if inside else "beyond k" for inside in table["in_cutoff"]]
    return shown.rename(columns=HEADERS)


def cell_texts(table: Columns, column: str, decimals: int) -> list[str]:
    """One column as the table shows it: measures to ``decimals``, grades as typed, names as text."""
    values = table[column] if column == "label" else np.asarray(table[column])
    if column in DECIMAL_COLUMNS:
        return [f"{value:.{decimals}f}" for value in values]
    if column in GRADE_COLUMNS:
        return [f"{value:g}" for value in values]
    return [str(value) for value in values]


def beyond_k_line(table: Columns, k: int) -> str | None:
    """The words over the rows beyond k, e.g. "Beyond k = 5 (ranks 6–7): …"; None when every row is within k."""
    inside, rank = np.asarray(table["in_cutoff"]), np.asarray(table["rank"])
    if inside.all():
        return None
    first, last = int(rank[~inside].min()), int(rank.max())
    ranks = f"rank {first}" if first == last else f"ranks {first}–{last}"
    return f"Beyond k = {k} ({ranks}): they count for NDCG at larger k, not for NDCG@{k}."


def table_rows(table: Columns, decimals: int, columns: Sequence[str] = ALL_COLUMNS) -> list[list[str]]:
    """The table's rows as the page shows them: one text per column."""
    texts = [cell_texts(table, column, decimals) for column in columns]
    return [list(row) for row in zip(*texts, strict=True)]


def breakdown_table(
    table: Columns,
    k: int,
    decimals: int,
    *,
    key: str,
    columns: Sequence[str] = ALL_COLUMNS,
    max_height: str | None = None,
    large: bool = False,
) -> None:
    """Draw the per-rank table: rows within k, a line, the rows beyond k (shaded, in italics).

    ``table`` is the core's breakdown (a DataFrame, or its columns by name:
    :func:`ndcg_core.metric.breakdown.breakdown_columns`, quicker to read); ``max_height`` (a CSS
    length) makes a longer table scroll inside its box; ``large`` sets projector type.
    """
    kinds = {"rank": "rank", "label": "item"}
    rank_table(
        [Column(HEADERS[column], kinds.get(column, "number")) for column in columns],
        table_rows(table, decimals, columns),
        [not inside for inside in np.asarray(table["in_cutoff"])],
        key=key,
        label=f"NDCG rank by rank, k = {k}",
        cut=beyond_k_line(table, k) or "",
        max_height=max_height,
        size="large" if large else "normal",
    )


def breakdown_downloads(table: pd.DataFrame, k: int, decimals: int) -> None:
    """The table as CSV (every digit), Markdown and LaTeX (rounded), as three download buttons."""
    table_downloads(
        display_frame(table, k),
        "ndcg_per_rank",
        decimals,
        caption=f"NDCG rank by rank (k = {k})",
        as_typed=[HEADERS[c] for c in GRADE_COLUMNS],
    )


__all__ = [
    "ALL_COLUMNS",
    "BEYOND_K_STYLE",
    "CLASSROOM_COLUMNS",
    "HEADERS",
    "breakdown_downloads",
    "breakdown_table",
    "display_frame",
    "table_rows",
]
