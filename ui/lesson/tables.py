"""The lesson's tables: the live per-rank table of a step, and small static tables.

The list's table grows step by step: rank, item and grade first, then the core's breakdown
columns one step at a time (gain, discount, CG, contribution, DCG). It is the Playground's
per-rank table component (:func:`live_table`), redrawn cell by cell after every drop; a cell the
step's question asks for shows "?" until the answer is revealed. Item names reach it as text
(the component writes them with ``textContent``), never as markup.

Small tables that hold numbers only and do not follow the order (the gain of each grade, the
judge's grades, DCG and IDCG at every k) are static (``st.table``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pandas as pd
import streamlit as st

from ndcg_core.teaching.formula import number
from ui.breakdown_table import HEADERS as TABLE_HEADERS
from ui.breakdown_table import beyond_k_line, cell_texts
from ui.components.rank_table import rank_table
from ui.components.rank_table.rank_table import Column

#: What a cell the question asks for shows until the answer is revealed.
HIDDEN = "?"
#: How grades are shown: as typed (3, 2.5).
GRADE_FORMAT = "{:g}"
#: Discounts are shown with at least this many decimals, as the seeds print them (1.000, 0.631, …).
DISCOUNT_DECIMALS = 3


def value_format(decimals: int) -> Callable[[float], str]:
    """Numbers as the formulas write them: whole ones short (7), others rounded (1.26)."""
    return lambda value: number(float(value), decimals)


def measure_format(decimals: int) -> Callable[[float], str]:
    """Measures as the per-rank table and the headline write them: always ``decimals`` places (0.00, 7.00)."""
    return lambda value: f"{float(value):.{decimals}f}"


def lesson_table(
    frame: pd.DataFrame, formats: Mapping[str, str | Callable[[float], str]], *, alt: str
) -> None:
    """A static table of numbers; they keep their values and are only formatted for display."""
    st.table(frame.style.format(dict(formats)), hide_index=True, alt=alt)


def live_table(
    table: Mapping[str, Sequence],
    columns: Sequence[str],
    k: int,
    decimals: int,
    *,
    key: str,
    hidden: Mapping[str, Sequence[bool]] | None = None,
    headers: Mapping[str, str] | None = None,
    large: bool = False,
) -> None:
    """The per-rank table component with ``columns`` of the core's breakdown ``table``.

    Discounts get at least :data:`DISCOUNT_DECIMALS` decimals; ``hidden[column][i]`` shows "?" in
    that cell (what the question asks); ``headers`` renames a column's header.
    """
    names = {**TABLE_HEADERS, **(headers or {})}
    kinds = {"rank": "rank", "label": "item"}
    texts = []
    for column in columns:
        places = max(decimals, DISCOUNT_DECIMALS) if column == "discount" else decimals
        cells = cell_texts(table, column, places)
        masked = (hidden or {}).get(column)
        if masked is not None:
            cells = [HIDDEN if hide else cell for cell, hide in zip(cells, masked, strict=True)]
        texts.append(cells)
    rank_table(
        [Column(names[column], kinds.get(column, "number")) for column in columns],
        [list(row) for row in zip(*texts, strict=True)],
        [not inside for inside in np.asarray(table["in_cutoff"])],
        key=key,
        label=f"The ranked list, rank by rank, k = {k}",
        cut=beyond_k_line(table, k) or "",
        size="large" if large else "normal",
    )
