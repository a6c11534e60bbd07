"""The Playground's charts: gain, discount and contribution per rank; CG, DCG and IDCG by rank;
NDCG@k for every k. Written once with Altair, filled with the core's numbers on every run
(see :mod:`ui.charts.common`).
"""

from __future__ import annotations

from typing import Any

import altair as alt
import numpy as np
import pandas as pd

from ui.charts.common import (
    IDEAL_COLOUR,
    LIST_COLOUR,
    THIRD_COLOUR,
    attach_data,
    built,
    cutoff_data,
    cutoff_rule,
)

RANKS = alt.NamedData(name="ranks")
PER_RANK_QUANTITIES = ("gain", "discount", "contribution")


def _bars(quantity: str) -> alt.Chart:
    """Grouped bars by rank: the list and the ideal side by side; ranks beyond k faded."""
    return (
        alt.Chart(RANKS, title=quantity, width=300, height=220)
        .transform_filter(alt.datum.quantity == quantity)
        .mark_bar()
        .encode(
            x=alt.X("rank:O", title="rank", axis=alt.Axis(labelAngle=0)),
            xOffset="series:N",
            y=alt.Y("value:Q", title=quantity),
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
                scale=alt.Scale(domain=["rank ≤ k", "beyond k"], range=[1.0, 0.35]),
                legend=alt.Legend(title=None, orient="bottom"),
            ),
            tooltip=["rank:O", "series:N", alt.Tooltip("value:Q", format=".4f")],
        )
    )


def _per_rank() -> alt.HConcatChart:
    """Gain, discount and contribution at each rank, for the list and for the ideal order."""
    return alt.hconcat(*[_bars(name) for name in PER_RANK_QUANTITIES]).resolve_scale(y="independent")


def _cumulative() -> alt.LayerChart:
    """CG, DCG and IDCG by rank, with the cutoff k marked."""
    domain = ["CG", "DCG", "IDCG"]
    lines = (
        alt.Chart(RANKS, title="CG, DCG and IDCG by rank")
        .mark_line(point=True, strokeWidth=2.5)
        .encode(
            x=alt.X("rank:Q", title="rank", axis=alt.Axis(tickMinStep=1)),
            y=alt.Y("value:Q", title="cumulative value"),
            color=alt.Color(
                "measure:N",
                scale=alt.Scale(domain=domain, range=[THIRD_COLOUR, LIST_COLOUR, IDEAL_COLOUR]),
                legend=alt.Legend(title=None, orient="bottom"),
            ),
            strokeDash=alt.StrokeDash(
                "measure:N", scale=alt.Scale(domain=domain, range=[[2, 2], [1, 0], [8, 4]]), legend=None
            ),
            shape=alt.Shape("measure:N", legend=None),
            tooltip=["rank:Q", "measure:N", alt.Tooltip("value:Q", format=".4f")],
        )
    )
    return (lines + cutoff_rule()).properties(height=280)


def _ndcg_by_k() -> alt.LayerChart:
    """NDCG@k for every k from 1 to n, with the current k marked by a larger diamond."""
    x = alt.X("rank:Q", title="k", axis=alt.Axis(tickMinStep=1))
    y = alt.Y("ndcg:Q", title="NDCG@k", scale=alt.Scale(domain=[0, 1]))
    marks = ["current k", "other k"]
    line = alt.Chart(RANKS, title="NDCG@k for every k").mark_line(color=LIST_COLOUR, strokeWidth=2.5)
    points = (
        alt.Chart(RANKS)
        .mark_point(filled=True, color=LIST_COLOUR)
        .encode(
            x=x,
            y=y,
            size=alt.Size("current:N", scale=alt.Scale(domain=marks, range=[220, 50]), legend=None),
            shape=alt.Shape(
                "current:N", scale=alt.Scale(domain=marks, range=["diamond", "circle"]), legend=None
            ),
            tooltip=[alt.Tooltip("rank:Q", title="k"), alt.Tooltip("ndcg:Q", title="NDCG@k", format=".4f")],
        )
    )
    return (line.encode(x=x, y=y) + points + cutoff_rule()).properties(height=280)


BUILDERS = {"per_rank": _per_rank, "cumulative": _cumulative, "ndcg_by_k": _ndcg_by_k}


def chart_spec(kind: str) -> dict[str, Any]:
    """The Vega-Lite spec of one chart, without data (built once per process)."""
    return built(BUILDERS[kind])


def with_data(kind: str, ranks: pd.DataFrame, k: int) -> dict[str, Any]:
    """The chart's spec with this list's numbers and cutoff attached."""
    return attach_data(chart_spec(kind), ranks=ranks, cutoff=cutoff_data(k))


def per_rank_data(table: pd.DataFrame, k: int) -> pd.DataFrame:
    """Rows of (rank, quantity, series, value, position) from the core's breakdown."""
    pieces = [
        ("gain", "gain", "your list"),
        ("ideal_gain", "gain", "ideal order"),
        ("discount", "discount", "both"),
        ("contribution", "contribution", "your list"),
        ("ideal_contribution", "contribution", "ideal order"),
    ]
    rank = table["rank"].to_numpy()
    n = len(rank)
    return pd.DataFrame(
        {
            "rank": np.tile(rank, len(pieces)),
            "quantity": np.repeat([quantity for _, quantity, _ in pieces], n),
            "series": np.repeat([series for _, _, series in pieces], n),
            "value": np.concatenate([table[column].to_numpy() for column, _, _ in pieces]),
            "position": np.tile(np.where(rank <= k, "rank ≤ k", "beyond k"), len(pieces)),
        }
    )


def cumulative_data(table: pd.DataFrame) -> pd.DataFrame:
    """Rows of (rank, measure, value) for CG, DCG and IDCG."""
    measures = ("cg", "dcg", "idcg")
    rank = table["rank"].to_numpy()
    return pd.DataFrame(
        {
            "rank": np.tile(rank, len(measures)),
            "measure": np.repeat([m.upper() for m in measures], len(rank)),
            "value": np.concatenate([table[m].to_numpy() for m in measures]),
        }
    )


def ndcg_by_k_data(every_k: np.ndarray, k: int) -> pd.DataFrame:
    """Rows of (rank, ndcg, current) for NDCG@1 … NDCG@n."""
    rank = np.arange(1, len(every_k) + 1)
    return pd.DataFrame(
        {"rank": rank, "ndcg": every_k, "current": np.where(rank == k, "current k", "other k")}
    )
