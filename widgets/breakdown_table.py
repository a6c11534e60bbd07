"""The per-rank table, with the rows beyond k set apart (shaded, and labelled "beyond k")."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from widgets.exports import table_downloads

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
BEYOND_K_STYLE = (
    "background-color: rgba(128, 128, 128, 0.22); color: rgba(128, 128, 128, 1); font-style: italic"
)


def display_frame(table: pd.DataFrame, k: int) -> pd.DataFrame:
    """The core's breakdown with readable headers and a text column saying which side of k a row is."""
    shown = table.copy()
    shown["in_cutoff"] = ["top " + str(k) if inside else "beyond k" for inside in table["in_cutoff"]]
    return shown.rename(columns=HEADERS)


def styled(table: pd.DataFrame, k: int) -> pd.io.formats.style.Styler:
    """Shade the rows beyond k (one vectorised style table; numbers are formatted by the columns)."""
    shown = display_frame(table, k)
    beyond = ~table["in_cutoff"].to_numpy()
    styles = pd.DataFrame("", index=shown.index, columns=shown.columns)
    styles.loc[beyond, :] = BEYOND_K_STYLE
    return shown.style.apply(lambda _: styles, axis=None)


def column_config(decimals: int) -> dict[str, object]:
    """Round for display only (the data stay exact): decimals for measures, grades as typed."""
    config: dict[str, object] = {
        HEADERS[c]: st.column_config.NumberColumn(format=f"%.{decimals}f") for c in DECIMAL_COLUMNS
    }
    config |= {HEADERS[c]: st.column_config.NumberColumn(format="%g") for c in GRADE_COLUMNS}
    return config


def breakdown_table(table: pd.DataFrame, k: int, decimals: int) -> None:
    """Draw the per-rank table (rows beyond k shaded and labelled) and its CSV, Markdown and LaTeX downloads."""
    st.dataframe(
        styled(table, k),
        column_config=column_config(decimals),
        hide_index=True,
        width="stretch",
        height=min(38 + 35 * len(table), 600),
    )
    table_downloads(
        display_frame(table, k),
        "ndcg_per_rank",
        decimals,
        caption=f"NDCG rank by rank (k = {k})",
        as_typed=[HEADERS[c] for c in GRADE_COLUMNS],
    )
