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
    CANVAS,
    IDEAL_COLOUR,
    LIST_COLOUR,
    THIRD_COLOUR,
    attach_data,
    built,
    cutoff_data,
    cutoff_rule,
)
from ui.charts.projector import projector

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
                "position:O",
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
    """CG, DCG and IDCG by rank, with the cutoff k marked.

    One legend: the colour and the dash of each measure's line (legends of one field that disagreed
    on whether to show themselves made Vega-Lite warn). The points' shapes differ too; they are
    drawn from a copy of the measure's name (``marker``), so that their legend stays off.
    """
    domain = ["CG", "DCG", "IDCG"]
    legend = alt.Legend(title=None, orient="bottom", symbolType="stroke", symbolStrokeWidth=3)
    lines = (
        alt.Chart(RANKS, title="CG, DCG and IDCG by rank")
        .mark_line(point=True, strokeWidth=2.5)
        .encode(
            x=rank_axis("rank"),
            y=alt.Y("value:Q", title="cumulative value"),
            color=alt.Color(
                "measure:N",
                scale=alt.Scale(domain=domain, range=[THIRD_COLOUR, LIST_COLOUR, IDEAL_COLOUR]),
                legend=legend,
            ),
            strokeDash=alt.StrokeDash(
                "measure:N", scale=alt.Scale(domain=domain, range=[[2, 2], [1, 0], [8, 4]]), legend=legend
            ),
            shape=alt.Shape(  # a field of its own: a legend of "measure" would merge with the colour's
                "marker:N",
                scale=alt.Scale(domain=domain, range=["circle", "square", "triangle-up"]),
                legend=None,
            ),
            tooltip=["rank:Q", "measure:N", alt.Tooltip("value:Q", format=".4f")],
        )
    )
    return (lines + cutoff_rule(above=True)).properties(height=280)


def rank_axis(title: str) -> alt.X:
    """The rank (or k) axis: from rank 1 to the last, ticks at the ranks :func:`rank_ticks` gives
    (the ``rank_ticks`` parameter, set with the data), never at rank 0 or beyond the list."""
    return alt.X(
        "rank:Q",
        title=title,
        axis=alt.Axis(values=alt.ExprRef(RANK_TICKS), format="d"),
        scale=alt.Scale(domainMin=1, nice=False, zero=False),
    )


#: The name of the parameter that holds the rank axis's ticks (set per list by :func:`with_data`).
RANK_TICKS = "rank_ticks"


def rank_ticks(n: int) -> list[int]:
    """Tick values for ranks 1 … n: every rank up to 15, else 1 and the multiples of a round step.

    >>> rank_ticks(7), rank_ticks(100)
    ([1, 2, 3, 4, 5, 6, 7], [1, 20, 40, 60, 80, 100])
    >>> rank_ticks(40)
    [1, 5, 10, 15, 20, 25, 30, 35, 40]
    """
    if n <= 15:
        return list(range(1, max(n, 1) + 1))
    step = (
        next(s for s in (2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000) if n / s <= 8)
        if n <= 8000
        else n // 8
    )
    return [1, *range(step, n + 1, step)]


def _ndcg_by_k() -> alt.LayerChart:
    """NDCG@k for every k from 1 to n, with the current k marked by a larger diamond."""
    x = rank_axis("k")
    y = alt.Y("ndcg:Q", title="NDCG@k", scale=alt.Scale(domain=[0, 1], padding=10))
    marks = ["current k", "other k"]
    line = alt.Chart(RANKS, title="NDCG@k for every k").mark_line(color=LIST_COLOUR, strokeWidth=2.5)
    points = (
        alt.Chart(RANKS)
        .mark_point(filled=True, color=LIST_COLOUR)
        .encode(
            x=x,
            y=y,
            size=alt.Size("current:O", scale=alt.Scale(domain=marks, range=[220, 50]), legend=None),
            shape=alt.Shape(
                "current:N", scale=alt.Scale(domain=marks, range=["diamond", "circle"]), legend=None
            ),
            tooltip=[alt.Tooltip("rank:Q", title="k"), alt.Tooltip("ndcg:Q", title="NDCG@k", format=".4f")],
        )
    )
    return (line.encode(x=x, y=y) + points + cutoff_rule(above=True)).properties(height=280)


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
#: Fill the column's width; the height is the plot's, with the axes and legends added below it.
#: (Streamlit's default for a stretched chart, "fit", squeezes the plot to make room for them.)
FIT_WIDTH = {"type": "fit-x", "contains": "padding"}
#: Pixels around the plot: the cutoff's "k = 5" stands above the plot's top edge, and a canvas
#: (unlike SVG) cuts off whatever is drawn outside it (the first and last ranks' points too).
LABEL_ROOM = {"top": 22, "left": 10, "right": 14, "bottom": 5}
#: The same on a projector, whose label is up to 1.2 × 26 px tall.
PROJECTOR_LABEL_ROOM = {**LABEL_ROOM, "top": 34}
#: The charts whose x axis is the rank (or k) from 1 to n, with the ticks of :func:`rank_ticks`.
RANK_AXIS = ("cumulative", "ndcg_by_k")


def chart_spec(kind: str) -> dict[str, Any]:
    """The Vega-Lite spec of one chart, without data (built once per process)."""
    return built(BUILDERS[kind])


def with_data(
    kind: str,
    ranks: pd.DataFrame | pa.Table,
    k: int,
    *,
    height: int | None = None,
    projector_text: str | None = None,
    titled: bool = True,
) -> dict[str, Any]:
    """The chart's spec with this list's numbers and cutoff attached.

    ``height`` (pixels) replaces the chart's own; ``projector_text`` (a colour) sets its type for a
    projector, in that colour, and lets it fill the height its place has (the classroom view);
    ``titled=False`` leaves the title out (a tab names the chart). Each changes only copies of
    top-level parts, so the cached spec is shared, never changed.
    """
    spec = {**chart_spec(kind), "usermeta": CANVAS}
    if not titled:
        spec = untitled(spec)
    if kind != "per_rank":  # one view: as wide as its column, and ``height`` is the plot's own
        spec = {**spec, "autosize": FIT_WIDTH}
    if kind in RANK_AXIS:  # room above the plot for the "k = 5" label; the ticks of these ranks
        ticks = {"name": RANK_TICKS, "value": rank_ticks(last_rank(ranks))}
        spec = {**spec, "padding": LABEL_ROOM, "params": [ticks]}
    if height is not None:
        spec = {**spec, "height": height}
    if projector_text is not None:
        spec = projector(spec, projector_text, legend="right")
        if kind in RANK_AXIS:
            spec = {**spec, "padding": PROJECTOR_LABEL_ROOM}
    return attach_data(spec, ranks=ranks, cutoff=cutoff_data(k))


def last_rank(ranks: pd.DataFrame | pa.Table) -> int:
    """The largest rank in a chart's data (0 when it has none)."""
    values = np.asarray(ranks["rank"])
    return int(values.max()) if values.size else 0


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
    names = pa.array(np.repeat([m.upper() for m in measures], len(rank)))
    return pa.table(
        {
            "rank": np.tile(rank, len(measures)),
            "measure": names,
            "marker": names,
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
