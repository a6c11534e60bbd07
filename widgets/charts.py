"""The Playground's charts, drawn with Altair from the core's breakdown table.

Colours are the Okabe–Ito palette (safe for colour-blind readers), and every series also
differs by its line dash or point shape, so colour is never the only way to tell them apart.
"""

from __future__ import annotations

import altair as alt
import numpy as np
import pandas as pd

LIST_COLOUR = "#0072B2"  # blue
IDEAL_COLOUR = "#E69F00"  # orange
THIRD_COLOUR = "#009E73"  # green
CUTOFF_COLOUR = "#D55E00"  # vermillion


def _cutoff_rule(k: int, label: str = "k") -> alt.LayerChart:
    """A vertical dashed line at rank k, labelled."""
    frame = pd.DataFrame({"rank": [k], "text": [f"{label} = {k}"]})
    rule = alt.Chart(frame).mark_rule(color=CUTOFF_COLOUR, strokeDash=[6, 3], size=2).encode(x="rank:Q")
    text = (
        alt.Chart(frame)
        .mark_text(color=CUTOFF_COLOUR, align="left", dx=4, dy=-6, fontWeight="bold")
        .encode(x="rank:Q", y=alt.value(8), text="text:N")
    )
    return rule + text


def per_rank_chart(table: pd.DataFrame, k: int) -> alt.HConcatChart:
    """Gain, discount and contribution at each rank, for the list and for the ideal order."""
    long = pd.concat(
        [
            _long(table, "gain", "gain", "your list"),
            _long(table, "ideal_gain", "gain", "ideal order"),
            _long(table, "discount", "discount", "both"),
            _long(table, "contribution", "contribution", "your list"),
            _long(table, "ideal_contribution", "contribution", "ideal order"),
        ]
    )
    long["position"] = np.where(long["rank"] <= k, f"rank ≤ k = {k}", "beyond k")
    panels = [_bars(long[long["quantity"] == name], name) for name in ("gain", "discount", "contribution")]
    return alt.hconcat(*panels).resolve_scale(y="independent")


def _long(table: pd.DataFrame, column: str, quantity: str, series: str) -> pd.DataFrame:
    """One column of the breakdown as rows of (rank, quantity, series, value)."""
    return pd.DataFrame(
        {"rank": table["rank"], "quantity": quantity, "series": series, "value": table[column]}
    )


def _bars(frame: pd.DataFrame, title: str) -> alt.Chart:
    """Grouped bars by rank: list and ideal side by side; ranks beyond k faded."""
    return (
        alt.Chart(frame, title=title, width=300, height=220)
        .mark_bar()
        .encode(
            x=alt.X("rank:O", title="rank", axis=alt.Axis(labelAngle=0)),
            xOffset="series:N",
            y=alt.Y("value:Q", title=title),
            color=alt.Color(
                "series:N",
                scale=alt.Scale(
                    domain=["your list", "ideal order", "both"],
                    range=[LIST_COLOUR, IDEAL_COLOUR, THIRD_COLOUR],
                ),
                legend=alt.Legend(title=None, orient="bottom"),
            ),
            opacity=alt.Opacity(
                "position:N",
                scale=alt.Scale(range=[0.35, 1.0]),
                legend=alt.Legend(title=None, orient="bottom"),
            ),
            tooltip=["rank:O", "series:N", alt.Tooltip("value:Q", format=".4f")],
        )
    )


def cumulative_chart(table: pd.DataFrame, k: int) -> alt.LayerChart:
    """CG, DCG and IDCG by rank, with the cutoff k marked."""
    frame = table.melt(id_vars="rank", value_vars=["cg", "dcg", "idcg"], var_name="measure")
    frame["measure"] = frame["measure"].str.upper()
    lines = (
        alt.Chart(frame, title="CG, DCG and IDCG by rank")
        .mark_line(point=True, strokeWidth=2.5)
        .encode(
            x=alt.X("rank:Q", title="rank", axis=alt.Axis(tickMinStep=1)),
            y=alt.Y("value:Q", title="cumulative value"),
            color=alt.Color(
                "measure:N",
                scale=alt.Scale(
                    domain=["CG", "DCG", "IDCG"], range=[THIRD_COLOUR, LIST_COLOUR, IDEAL_COLOUR]
                ),
                legend=alt.Legend(title=None, orient="bottom"),
            ),
            strokeDash=alt.StrokeDash(
                "measure:N",
                scale=alt.Scale(domain=["CG", "DCG", "IDCG"], range=[[2, 2], [1, 0], [8, 4]]),
                legend=None,
            ),
            shape=alt.Shape("measure:N", legend=None),
            tooltip=["rank:Q", "measure:N", alt.Tooltip("value:Q", format=".4f")],
        )
    )
    return (lines + _cutoff_rule(k)).properties(height=280)


def ndcg_by_k_chart(every_k: np.ndarray, k: int) -> alt.LayerChart:
    """NDCG@k for every k from 1 to n, with the current k marked."""
    frame = pd.DataFrame({"rank": np.arange(1, len(every_k) + 1), "ndcg": every_k})
    frame["current"] = np.where(frame["rank"] == k, "current k", "other k")
    line = (
        alt.Chart(frame, title="NDCG@k for every k")
        .mark_line(color=LIST_COLOUR, strokeWidth=2.5)
        .encode(
            x=alt.X("rank:Q", title="k", axis=alt.Axis(tickMinStep=1)),
            y=alt.Y("ndcg:Q", title="NDCG@k", scale=alt.Scale(domain=[0, 1])),
        )
    )
    points = (
        alt.Chart(frame)
        .mark_point(filled=True, color=LIST_COLOUR)
        .encode(
            x="rank:Q",
            y="ndcg:Q",
            size=alt.Size(
                "current:N", scale=alt.Scale(domain=["current k", "other k"], range=[220, 50]), legend=None
            ),
            shape=alt.Shape(
                "current:N",
                scale=alt.Scale(domain=["current k", "other k"], range=["diamond", "circle"]),
                legend=None,
            ),
            tooltip=[alt.Tooltip("rank:Q", title="k"), alt.Tooltip("ndcg:Q", title="NDCG@k", format=".4f")],
        )
    )
    return (line + points + _cutoff_rule(k)).properties(height=280)
