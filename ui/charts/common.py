"""What every chart shares: the colours, the cutoff line at k, and attaching a run's data to a cached spec.

Building and validating an Altair chart costs about 100 ms, too slow to repeat after every
drop. So each chart is written once, with named datasets in place of data (each page's
``chart_spec``, cached for the life of the process: it holds no user data), and each rerun only
attaches this session's numbers (:func:`attach_data`).

Colours are the Okabe–Ito palette (safe for colour-blind readers), and every series also
differs by its line dash or point shape, so colour is never the only way to tell them apart.
Each colour has at least 3:1 contrast against both Streamlit's light and dark backgrounds
(WCAG 1.4.11): the orange is a darker shade of Okabe–Ito's (#E69F00 has 2.3:1 on white), and
the "k = 5" label is large bold text, for which 3:1 is enough (WCAG 1.4.3).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import altair as alt
import pandas as pd
import pyarrow as pa

LIST_COLOUR = "#0072B2"  # blue
IDEAL_COLOUR = "#C28000"  # orange, darkened: 3.3:1 on white, 5.7:1 on dark
THIRD_COLOUR = "#009E73"  # green
CUTOFF_COLOUR = "#D55E00"  # vermillion
#: Chart text on a projector: dark on the light theme, light on the dark one (both ≥ 12:1), never
#: Streamlit's pale grey axis text (``ui.readable_text.text_colour`` picks one).
DARK_TEXT, LIGHT_TEXT = "#1A1A1A", "#F0F0F0"

CUTOFF = alt.NamedData(name="cutoff")
#: Draw on a canvas, not in SVG: a drop then repaints a picture instead of rewriting some 700 SVG
#: elements of three charts (the browser's style, layout and paint of them cost more than the
#: rest of a drop). The numbers are in the per-rank table beside the charts, for a screen reader.
CANVAS = {"embedOptions": {"renderer": "canvas"}}


def cutoff_rule(*, above: bool = False) -> alt.LayerChart:
    """A vertical dashed line at rank k, labelled "k = 5" (from the ``cutoff`` dataset); every chart
    with k uses it. The label stands at the top of the plot, or ``above`` it (the chart then leaves
    room there: no line of the plot runs through it)."""
    rule = alt.Chart(CUTOFF).mark_rule(color=CUTOFF_COLOUR, strokeDash=[6, 3], size=2).encode(x="rank:Q")
    text = (
        alt.Chart(CUTOFF)
        .mark_text(
            color=CUTOFF_COLOUR,
            align=alt.ExprRef(f"{NEAR_THE_RIGHT} ? 'right' : 'left'"),
            dx=alt.ExprRef(f"{NEAR_THE_RIGHT} ? -4 : 4"),
            baseline="bottom" if above else "middle",
            dy=-2 if above else -6,
            fontWeight="bold",
            fontSize=19,
        )
        .encode(x="rank:Q", y=alt.value(0 if above else 8), text="text:N")
    )
    return rule + text


#: True when the cutoff stands in the right quarter of the plot: its label then goes left of the
#: line, so that "k = 100" at the last rank is not cut at the chart's edge.
NEAR_THE_RIGHT = "scale('x', datum.rank) > 0.75 * width"


@cache
def built(builder: Callable[[], alt.TopLevelMixin]) -> dict[str, Any]:
    """The Vega-Lite spec a chart builder writes, without data: built and validated once per process."""
    return builder().to_dict()


def attach_data(spec: dict[str, Any], **datasets: pd.DataFrame | pa.Table) -> dict[str, Any]:
    """A copy of ``spec`` with these named datasets, ready to draw.

    The copy is shallow: its nested parts are the cached spec's, so nobody may change them
    (Streamlit only sets top-level keys). A deep copy cost about 2 ms a chart on every drop.
    Each DataFrame goes in as an Arrow table built from its columns, which Streamlit sends
    as it is; converting a DataFrame itself (pandas' Arrow bridge) cost another 1–2 ms.
    """
    return {**spec, "datasets": {name: as_arrow(frame) for name, frame in datasets.items()}}


def as_arrow(frame: pd.DataFrame | pa.Table) -> pa.Table:
    """The frame's columns as an Arrow table (no index, no pandas metadata)."""
    if isinstance(frame, pa.Table):
        return frame
    return pa.table({str(column): frame[column].to_numpy() for column in frame.columns})


def cutoff_data(k: int) -> pa.Table:
    """The one-row dataset of the cutoff line: where it is and its label."""
    return pa.table({"rank": [k], "text": [f"k = {k}"]})


def readable(spec: dict[str, Any], colour: str) -> dict[str, Any]:
    """A copy of ``spec`` whose axes, legends and titles are written in ``colour`` (see
    ``ui.readable_text.text_colour``), at sizes a projector shows: Streamlit's theme draws them pale."""
    config = dict(spec.get("config", {}))
    config["axis"] = {**config.get("axis", {}), "labelColor": colour, "titleColor": colour}
    config["legend"] = {**config.get("legend", {}), "labelColor": colour, "titleColor": colour}
    config["title"] = {**config.get("title", {}), "color": colour, "subtitleColor": colour}
    return {**spec, "config": config}
