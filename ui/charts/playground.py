"""The Playground's charts: gain, discount and contribution per rank; CG, DCG and IDCG by rank;
NDCG@k for every k. Written once with Altair, filled with the core's numbers on every run
(see :mod:`ui.charts.common`).

Gain, discount and contribution are three charts (``"gain"``, ``"discount"``,
``"contribution"``), each as wide as its column, so that a phone stacks them instead of
scrolling sideways; ``"per_rank"`` puts the three side by side in one picture, for exports.
:func:`with_data` can also set a chart's height and projector-sized type (the classroom view).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import altair as alt
import numpy as np
import pandas as pd
import pyarrow as pa

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
#: The core's per-rank breakdown: a DataFrame, or its columns by name (``breakdown_columns``).
Breakdown = pd.DataFrame | Mapping[str, Any]
PER_RANK_QUANTITIES = ("gain", "discount", "contribution")


def _bars(quantity: str, width: int | None = 300) -> alt.Chart:
    """Grouped bars by rank: the list and the ideal side by side; ranks beyond k faded.

    ``width=None`` leaves the width to the page (the chart fills its column).
    """
    size = {"height": 220} | ({"width": width} if width else {})
    return (
        alt.Chart(RANKS, title=alt.Title(quantity, subtitle="faded: ranks beyond k"), **size)
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
                legend=None,  # said in the title: a second legend ran off a phone's screen
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
            x=alt.X("rank:Q", title="rank", axis=alt.Axis(tickMinStep=1), scale=alt.Scale(padding=10)),
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
    # Padding: the last k's diamond and NDCG = 1 stay whole inside the plot, however narrow.
    x = alt.X("rank:Q", title="k", axis=alt.Axis(tickMinStep=1), scale=alt.Scale(padding=14))
    y = alt.Y("ndcg:Q", title="NDCG@k", scale=alt.Scale(domain=[0, 1], padding=10))
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


def _gain() -> alt.Chart:
    """Gain at each rank, the list's and the ideal order's."""
    return _bars("gain", width=None)


def _discount() -> alt.Chart:
    """The discount at each rank (the same for the list and the ideal order)."""
    return _bars("discount", width=None)


def _contribution() -> alt.Chart:
    """Contribution (gain × discount) at each rank, the list's and the ideal order's."""
    return _bars("contribution", width=None)


BUILDERS = {
    "per_rank": _per_rank,
    "gain": _gain,
    "discount": _discount,
    "contribution": _contribution,
    "cumulative": _cumulative,
    "ndcg_by_k": _ndcg_by_k,
}
#: Draw on a canvas, not in SVG: a drop then repaints a picture instead of rewriting some 700 SVG
#: elements of three charts (the browser's style, layout and paint of them cost more than the
#: rest of a drop). The numbers are in the per-rank table beside the charts, for a screen reader.
CANVAS = {"embedOptions": {"renderer": "canvas"}}
#: Fill the column's width; the height is the plot's, with the axes and legends added below it.
#: (Streamlit's default for a stretched chart, "fit", squeezes the plot to make room for them.)
FIT_WIDTH = {"type": "fit-x", "contains": "padding"}
#: Pixels around the plot: the cutoff's "k = 5" stands above the plot's top edge, and a canvas
#: (unlike SVG) cuts off whatever is drawn outside it.
LABEL_ROOM = {"top": 22, "left": 5, "right": 5, "bottom": 5}
#: Type for a projector: every label and title of the chart at least this many pixels.
LARGE_TYPE = {
    "axis": {"labelFontSize": 16, "titleFontSize": 17},
    "legend": {"labelFontSize": 16, "symbolSize": 160},
    "title": {"fontSize": 19},
}


def chart_spec(kind: str) -> dict[str, Any]:
    """The Vega-Lite spec of one chart, without data (built once per process)."""
    return built(BUILDERS[kind])


def with_data(
    kind: str,
    ranks: pd.DataFrame | pa.Table,
    k: int,
    *,
    height: int | None = None,
    large: bool = False,
    titled: bool = True,
) -> dict[str, Any]:
    """The chart's spec with this list's numbers and cutoff attached.

    ``height`` (pixels) replaces the chart's own; ``large`` sets its type for a projector;
    ``titled=False`` leaves the title out (a tab names the chart). Each changes only copies of
    top-level parts, so the cached spec is shared, never changed.
    """
    spec = {**chart_spec(kind), "usermeta": CANVAS}
    if not titled:
        spec = untitled(spec)
    if kind != "per_rank":  # one view: as wide as its column, and ``height`` is the plot's own
        spec = {**spec, "autosize": FIT_WIDTH}
    if kind in ("cumulative", "ndcg_by_k"):  # room above the plot for the "k = 5" label
        spec = {**spec, "padding": LABEL_ROOM}
    if height is not None:
        spec = {**spec, "height": height}
    if large:
        spec = {**spec, "config": {**spec.get("config", {}), **LARGE_TYPE}}
        spec = legend_beside(spec)
    return attach_data(spec, ranks=ranks, cutoff=cutoff_data(k))


def legend_beside(spec: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``spec`` whose colour legend stands right of the plot, not under it.

    A projector screen is wider than it is tall: a legend under the plot took the height the
    classroom view needs to show the chart whole at 1280×720. Only the layers' colour legends
    change (copies of them; the cached spec is shared).
    """
    if "layer" not in spec:
        return spec

    def beside(layer: dict[str, Any]) -> dict[str, Any]:
        color = layer.get("encoding", {}).get("color")
        if not isinstance(color, dict) or not isinstance(color.get("legend"), dict):
            return layer
        legend = {**color["legend"], "orient": "right"}
        return {**layer, "encoding": {**layer["encoding"], "color": {**color, "legend": legend}}}

    return {**spec, "layer": [beside(layer) for layer in spec["layer"]]}


def untitled(spec: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``spec`` without its title (at the top, or on its first layers)."""
    spec = {key: value for key, value in spec.items() if key != "title"}
    if "layer" in spec:
        spec["layer"] = [
            {key: value for key, value in layer.items() if key != "title"} for layer in spec["layer"]
        ]
    return spec


def _column(table: Breakdown, column: str) -> np.ndarray:
    """One numeric column of the core's breakdown as a numpy array."""
    return np.asarray(table[column])


def per_rank_data(table: Breakdown, k: int) -> pa.Table:
    """Rows of (rank, quantity, series, value, position) from the core's breakdown.

    Built as an Arrow table from the breakdown's columns (no DataFrame in between: with
    pandas' Arrow-backed strings a frame cost a few milliseconds a drop).
    """
    pieces = [
        ("gain", "gain", "your list"),
        ("ideal_gain", "gain", "ideal order"),
        ("discount", "discount", "both"),
        ("contribution", "contribution", "your list"),
        ("ideal_contribution", "contribution", "ideal order"),
    ]
    rank = _column(table, "rank")
    n = len(rank)
    return pa.table(
        {
            "rank": np.tile(rank, len(pieces)),
            "quantity": pa.array(np.repeat([quantity for _, quantity, _ in pieces], n)),
            "series": pa.array(np.repeat([series for _, _, series in pieces], n)),
            "value": np.concatenate([_column(table, column) for column, _, _ in pieces]),
            "position": pa.array(np.tile(np.where(rank <= k, "rank ≤ k", "beyond k"), len(pieces))),
        }
    )


def cumulative_data(table: Breakdown) -> pa.Table:
    """Rows of (rank, measure, value) for CG, DCG and IDCG."""
    measures = ("cg", "dcg", "idcg")
    rank = _column(table, "rank")
    return pa.table(
        {
            "rank": np.tile(rank, len(measures)),
            "measure": pa.array(np.repeat([m.upper() for m in measures], len(rank))),
            "value": np.concatenate([_column(table, m) for m in measures]),
        }
    )


def ndcg_by_k_data(every_k: np.ndarray, k: int) -> pa.Table:
    """Rows of (rank, ndcg, current) for NDCG@1 … NDCG@n."""
    rank = np.arange(1, len(every_k) + 1)
    return pa.table(
        {
            "rank": rank,
            "ndcg": np.asarray(every_k, dtype=float),
            "current": pa.array(np.where(rank == k, "current k", "other k")),
        }
    )
