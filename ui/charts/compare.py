"""The Compare page's charts: NDCG@k of both systems for every k, and their contributions rank by rank.

Same pattern as :mod:`ui.charts.playground`: specs written once with Altair and cached, data attached
per rerun. System A is blue with solid lines and circles, system B orange with dashed lines and
squares, so the two differ by more than colour. The legends name the runs when Compare shows a
query of two runs (:func:`with_names`), and the text is dark enough for a projector
(:func:`ui.charts.common.readable`). The difference at each rank is B − A, as everywhere.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import altair as alt
import numpy as np
import pandas as pd

from ui.charts.common import (
    DARK_TEXT,
    IDEAL_COLOUR,
    LIST_COLOUR,
    attach_data,
    built,
    cutoff_data,
    cutoff_rule,
    readable,
)

RANKS = alt.NamedData(name="ranks")
SYSTEMS = ["A", "B"]
SYSTEM_COLOURS = [LIST_COLOUR, IDEAL_COLOUR]
WHO_GAINS = ["A gains more", "B gains more", "equal"]  # the legend says which run, by name (with_names)
WHO_GAINS_COLOURS = [LIST_COLOUR, IDEAL_COLOUR, "#999999"]


def _system_colour(legend: alt.Legend | None = None) -> alt.Color:
    return alt.Color(
        "system:N",
        title="system",
        scale=alt.Scale(domain=SYSTEMS, range=SYSTEM_COLOURS),
        legend=legend or alt.Legend(orient="bottom"),
    )


#: The lines' legend: each system's colour and dash (legends of one field must agree, or
#: Vega-Lite warns; the points' shapes come from a copy of the field, ``marker``, without one).
LINE_LEGEND = alt.Legend(orient="bottom", symbolType="stroke", symbolStrokeWidth=3)


def _ndcg_by_k() -> alt.LayerChart:
    """NDCG@k of A and B for every k, with the current k marked."""
    lines = (
        alt.Chart(RANKS, title="NDCG@k of A and B for every k")
        .mark_line(point=alt.OverlayMarkDef(size=70, filled=True), strokeWidth=2.5)
        .encode(
            x=alt.X("rank:Q", title="k", axis=alt.Axis(tickMinStep=1)),
            y=alt.Y(
                "ndcg:Q",
                title="NDCG@k",
                scale=alt.Scale(domain=[0, 1.12]),
                axis=alt.Axis(values=[0, 0.2, 0.4, 0.6, 0.8, 1]),
            ),
            color=_system_colour(LINE_LEGEND),
            strokeDash=alt.StrokeDash(
                "system:N", scale=alt.Scale(domain=SYSTEMS, range=[[1, 0], [7, 4]]), legend=LINE_LEGEND
            ),
            shape=alt.Shape(
                "marker:N", scale=alt.Scale(domain=SYSTEMS, range=["circle", "square"]), legend=None
            ),
            tooltip=[
                "system:N",
                alt.Tooltip("rank:Q", title="k"),
                alt.Tooltip("ndcg:Q", title="NDCG@k", format=".4f"),
            ],
        )
    )
    return (lines + cutoff_rule()).properties(height=360)


def _contributions() -> alt.Chart:
    """Each rank's contribution (discounted gain) for A and B side by side; ranks beyond k faded."""
    return (
        alt.Chart(RANKS, title="Contribution at each rank", height=380)
        .mark_bar()
        .encode(
            x=alt.X("rank:O", title="rank", axis=alt.Axis(labelAngle=0)),
            xOffset="system:N",
            y=alt.Y("contribution:Q", title="gain × discount"),
            color=_system_colour(),
            opacity=alt.Opacity(
                "position:O", scale=alt.Scale(domain=["rank ≤ k", "beyond k"], range=[1.0, 0.35]), legend=None
            ),
            tooltip=["system:N", "rank:O", "item:N", "grade:Q", alt.Tooltip("contribution:Q", format=".4f")],
        )
    )


def _difference() -> alt.Chart:
    """B's contribution minus A's at each rank: above 0, B gains more there."""
    return (
        alt.Chart(RANKS, title="Difference at each rank (B − A)", height=380)
        .mark_bar()
        .encode(
            x=alt.X("rank:O", title="rank", axis=alt.Axis(labelAngle=0)),
            y=alt.Y("difference:Q", title="B − A"),
            color=alt.Color(
                "who:N",
                title=None,
                scale=alt.Scale(domain=WHO_GAINS, range=WHO_GAINS_COLOURS),
                legend=alt.Legend(orient="bottom"),
            ),
            opacity=alt.Opacity(
                "position:O", scale=alt.Scale(domain=["rank ≤ k", "beyond k"], range=[1.0, 0.35]), legend=None
            ),
            tooltip=["rank:O", alt.Tooltip("difference:Q", format="+.4f", title="B − A")],
        )
    )


BUILDERS = {"ndcg_by_k": _ndcg_by_k, "contributions": _contributions, "difference": _difference}


def chart_spec(kind: str) -> dict[str, Any]:
    """The Vega-Lite spec of one chart, without data (built once per process)."""
    return built(BUILDERS[kind])


def with_data(
    kind: str, ranks: pd.DataFrame, k: int, names: tuple[str, str] | None = None, text: str = DARK_TEXT
) -> dict[str, Any]:
    """The chart's spec with these numbers and the cutoff attached, its legend naming the runs
    (``names``: A's and B's, or None for "A" and "B"), its text in ``text``."""
    spec = readable(chart_spec(kind), text)
    return attach_data(with_names(spec, names), ranks=ranks, cutoff=cutoff_data(k))


def legend_names(names: tuple[str, str]) -> dict[str, str]:
    """What each legend entry says when the runs have names: "A: run_a", "run_b (B) gains more"."""
    a, b = names
    return {
        "A": f"A: {a}",
        "B": f"B: {b}",
        "A gains more": f"{a} (A) gains more",
        "B gains more": f"{b} (B) gains more",
    }


def with_names(spec: dict[str, Any], names: tuple[str, str] | None) -> dict[str, Any]:
    """A copy of ``spec`` whose colour legend writes the runs' names (a label expression; the data
    and the colours stay "A" and "B", so the cached spec's scales are unchanged)."""
    if names is None:
        return spec
    labels = legend_names(names)
    expression = "".join(f"datum.label === {json.dumps(k)} ? {json.dumps(v)} : " for k, v in labels.items())
    named = {key: copy.deepcopy(value) for key, value in spec.items() if key in ("layer", "encoding")}
    for part in [named, *named.get("layer", [])]:
        legend = part.get("encoding", {}).get("color", {}).get("legend")
        if isinstance(legend, dict):
            legend["labelExpr"] = expression + "datum.label"
            legend["labelLimit"] = 320
            legend["columns"] = 1  # names make the entries long: one under the other, never cut
    return {**spec, **named}


def ndcg_by_k_data(a_every_k: np.ndarray, b_every_k: np.ndarray) -> pd.DataFrame:
    """Rows of (rank, system, ndcg) for NDCG@1 … NDCG@n of both systems."""
    n = len(a_every_k)
    return pd.DataFrame(
        {
            "rank": np.tile(np.arange(1, n + 1), 2),
            "system": np.repeat(SYSTEMS, n),
            "marker": np.repeat(SYSTEMS, n),
            "ndcg": np.concatenate([a_every_k, b_every_k]),
        }
    )


def _position(table: pd.DataFrame) -> np.ndarray:
    return np.where(table["in_cutoff"].to_numpy(), "rank ≤ k", "beyond k")


def contribution_data(table: pd.DataFrame) -> pd.DataFrame:
    """Rows of (rank, system, item, grade, contribution, position) from the core's side-by-side table."""
    position = _position(table)
    return pd.DataFrame(
        {
            "rank": np.tile(table["rank"].to_numpy(), 2),
            "system": np.repeat(SYSTEMS, len(table)),
            "item": np.concatenate([table["a_label"], table["b_label"]]),
            "grade": np.concatenate([table["a_relevance"], table["b_relevance"]]),
            "contribution": np.concatenate([table["a_contribution"], table["b_contribution"]]),
            "position": np.tile(position, 2),
        }
    )


def difference_data(table: pd.DataFrame) -> pd.DataFrame:
    """Rows of (rank, difference, who, position): B's contribution minus A's at each rank."""
    gap = table["b_contribution"].to_numpy() - table["a_contribution"].to_numpy()
    who = np.where(gap > 1e-12, WHO_GAINS[1], np.where(gap < -1e-12, WHO_GAINS[0], WHO_GAINS[2]))
    return pd.DataFrame({"rank": table["rank"], "difference": gap, "who": who, "position": _position(table)})
