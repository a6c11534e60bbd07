"""Ask the class: the room's answers as bars, while they arrive and after the reveal.

One bar a bin of NDCG@k (an order question), a typed value (a number question) or a choice, in the
order :func:`ndcg_core.classroom.room.distribution` gives, each labelled with its count. While the
room answers, every bar has one colour, so the right answer stays hidden; after the reveal each bar
is split into the answers that had it right (green) and the others (grey), named in the legend, so
colour is never the only way to tell them apart (the counts are written too).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import altair as alt
import pandas as pd

from ndcg_core.classroom.room import Bar
from ui.charts.common import LIST_COLOUR, THIRD_COLOUR, attach_data, built
from ui.charts.projector import projector

BARS = alt.NamedData(name="bars")
RIGHT, WRONG = "had it right", "not right"
WRONG_COLOUR = "#767676"  # grey: 4.5:1 on white, 4.6:1 on Streamlit's dark background
HEIGHT = 300


def _x(title: str) -> alt.X:
    return alt.X(
        "label:N",
        title=title,
        sort=alt.EncodingSortField(field="position", order="ascending"),
        axis=alt.Axis(labelAngle=-40, labelOverlap=False),
    )


def _y() -> alt.Y:
    return alt.Y(
        "count:Q",
        title="answers",
        stack="zero",
        scale=alt.Scale(domain={"unionWith": [0, 1]}),
        axis=alt.Axis(format="d", tickMinStep=1),
    )


def _totals() -> alt.Chart:
    """Each bar's count, written above it."""
    return (
        alt.Chart(BARS)
        .transform_aggregate(count="sum(count)", groupby=["label", "position"])
        .transform_filter(alt.datum.count > 0)
        .mark_text(dy=-10, fontSize=18, fontWeight="bold")
        .encode(x=_x(""), y=alt.Y("count:Q"), text=alt.Text("count:Q", format="d"))
    )


def _live() -> alt.LayerChart:
    """One colour: the right answer is not shown while the room answers."""
    bars = (
        alt.Chart(BARS, width="container", height=HEIGHT)
        .mark_bar(color=LIST_COLOUR)
        .encode(x=_x("answer"), y=_y(), tooltip=[alt.Tooltip("label:N", title="answer"), "count:Q"])
    )
    return alt.layer(bars, _totals())


def _revealed() -> alt.LayerChart:
    """Each bar split into the answers that were right and the others, named in the legend."""
    bars = (
        alt.Chart(BARS, width="container", height=HEIGHT)
        .mark_bar()
        .encode(
            x=_x("answer"),
            y=_y(),
            color=alt.Color(
                "verdict:N",
                scale=alt.Scale(domain=[RIGHT, WRONG], range=[THIRD_COLOUR, WRONG_COLOUR]),
                legend=alt.Legend(title=None, orient="top"),
            ),
            order=alt.Order("verdict_order:Q"),
            tooltip=[alt.Tooltip("label:N", title="answer"), "verdict:N", "count:Q"],
        )
    )
    return alt.layer(bars, _totals())


BUILDERS = {"live": _live, "revealed": _revealed}


def bars_frame(bars: Sequence[Bar], revealed: bool) -> pd.DataFrame:
    """One row a bar (live), or two, right and not right (revealed)."""
    rows: list[dict[str, Any]] = []
    for bar in bars:
        position = bar.position if bar.position != float("inf") else 1e300
        if not revealed:
            rows.append({"label": bar.label, "position": position, "count": bar.count})
            continue
        rows.append(
            {
                "label": bar.label,
                "position": position,
                "count": bar.right,
                "verdict": RIGHT,
                "verdict_order": 0,
            }
        )
        rows.append(
            {
                "label": bar.label,
                "position": position,
                "count": bar.count - bar.right,
                "verdict": WRONG,
                "verdict_order": 1,
            }
        )
    return pd.DataFrame(rows, columns=["label", "position", "count", "verdict", "verdict_order"])


def room_spec(bars: Sequence[Bar], axis_title: str, *, revealed: bool, text: str) -> dict[str, Any]:
    """The chart of the room's answers: one colour while answering, split by the verdict once revealed;
    its axes, legend and counts in ``text`` (the page's text colour: ``ui.readable_text.text_colour``),
    in the classroom views' projector type (:func:`ui.charts.projector.projector`: 16 px at 1280×720,
    23 px at 1920×1080)."""
    spec = attach_data(built(BUILDERS["revealed" if revealed else "live"]), bars=bars_frame(bars, revealed))
    layers = [dict(layer) for layer in spec["layer"]]
    encoding = dict(layers[0]["encoding"])
    encoding["x"] = {**encoding["x"], "title": axis_title}
    layers[0] = {**layers[0], "encoding": encoding}
    layers[1] = {**layers[1], "mark": {**layers[1]["mark"], "color": text}}  # the counts above the bars
    return projector({**spec, "layer": layers}, text)
