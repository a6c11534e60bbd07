"""Many queries' comparison chart: every query's B − A, sorted from B's biggest win to its biggest loss.

A query where B is higher is a bar above 0 in B's colour (Compare's orange), one where A is higher
a bar below 0 in A's colour (blue), a tied one a grey tick at 0: the side of the axis says who is
higher, so colour is never the only cue. Each bar spans one unit of the x axis, so a thousand
queries still draw as touching bars. The legend names the runs and lists only what the chart
holds (no "tied" when no query is tied); the title names the measure, both runs and n; the
worst queries for B are named in the subtitle and labelled on their bars (where bars are wide
enough for a label). The text is dark on a light page and light on a dark one, never pale.

A diamond on the axis marks a query where a run's loss, or its 0, rests on a top k that is mostly
unjudged (:meth:`~ndcg_core.trec.comparison.MeasureComparison.unjudged`).

The spec is built per draw (it holds the runs' names and the labels): the page draws it once per
rerun, never on a drag, and the deck renders it with vl-convert.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import altair as alt
import numpy as np
import pandas as pd

from ndcg_core.trec.comparison import MeasureComparison
from ndcg_core.trec.comparison_words import measure_label, signed
from ndcg_core.trec.significance import TIE_TOLERANCE
from ndcg_core.trec.topics import labelled
from ui.charts.common import DARK_TEXT, IDEAL_COLOUR, LIST_COLOUR

WHO = ["B higher", "A higher", "tied"]
WHO_COLOURS = [IDEAL_COLOUR, LIST_COLOUR, "#888888"]
#: How many of B's worst queries the chart names (subtitle), and labels on their bars.
WORST = 3
#: Bars are labelled only up to this many queries (beyond, a label would be wider than its bar).
MOST_LABELLED = 80
#: What the diamond marks, in the page's words when the chart's legend leaves it out.
DIAMOND = "◇ on the zero line: a loss or a 0 where more than half of that run's top {k} is unjudged."
#: A bar's label shows only where bars are at least this many pixels wide (a phone: hidden, not piled up).
LABEL_ROOM = 13


@dataclass(frozen=True)
class RunNames:
    """The names the reader knows the runs by (from the files, or typed), and the qrels' name."""

    qrels: str
    a: str
    b: str

    def who(self) -> dict[str, str]:
        """Each of :data:`WHO` as the legend says it: "reranked (B) higher"."""
        return {WHO[0]: f"{self.b} (B) higher", WHO[1]: f"{self.a} (A) higher", WHO[2]: "tied"}


def who_is_higher(difference: np.ndarray) -> np.ndarray:
    """ "B higher", "A higher" or "tied" (|B − A| ≤ the tie tolerance), query by query."""
    return np.where(difference > TIE_TOLERANCE, WHO[0], np.where(difference < -TIE_TOLERANCE, WHO[1], WHO[2]))


def differences_data(measure: MeasureComparison, topics: dict[str, str] | None = None) -> pd.DataFrame:
    """Rows of (start, end, middle, bar_from, bar_to, qid, label, a, b, difference, who), in the
    comparison's order (biggest win first). A bar runs from 0 to B − A.

    A tied query gets a bar of a hundredth of the largest |B − A| below and above 0 (so it shows
    as a grey tick, not as nothing); its ``difference`` column keeps the true value for the tooltip.
    """
    difference = measure.difference
    n = len(difference)
    who = who_is_higher(difference)
    tied = who == WHO[2]
    tick = 0.01 * float(np.max(np.abs(difference), initial=0.0)) or 0.005
    qids = measure.qids.astype(str)
    return pd.DataFrame(
        {
            "start": np.arange(n, dtype=float),
            "end": np.arange(1, n + 1, dtype=float),
            "middle": np.arange(n, dtype=float) + 0.5,
            "bar_from": np.where(tied, -tick, 0.0),
            "bar_to": np.where(tied, tick, difference),
            "qid": qids,
            "label": [labelled(q, topics, 28) for q in qids],
            "a": measure.a,
            "b": measure.b,
            "difference": difference,
            "who": who,
        }
    )


def worst(measure: MeasureComparison, count: int = WORST) -> list[int]:
    """Rows of B's ``count`` biggest losses (worst first), fewer if B loses on fewer queries."""
    losses = np.flatnonzero(measure.difference < -TIE_TOLERANCE)
    return [int(row) for row in losses[::-1][:count]]


def title(
    measure: MeasureComparison, names: RunNames, topics: dict[str, str] | None = None
) -> dict[str, Any]:
    """The chart's title (measure, both runs, n) and subtitle (how to read it, B's worst queries)."""
    n = len(measure.qids)
    text = f"{measure_label(measure.measure)} per query: {names.b} (B) − {names.a} (A), {n:,} quer{'y' if n == 1 else 'ies'}"
    rows = worst(measure)
    named = "; ".join(
        f"{labelled(str(measure.qids[r]), topics, 28)} ({signed(float(measure.difference[r]), 3)})"
        for r in rows
    )
    subtitle = ["Above 0: B scores higher on that query; below 0: A does."]
    if rows:
        subtitle.append(f"B's worst: {named}")
    return {"text": text, "subtitle": subtitle, "anchor": "start"}


def differences_chart(
    measure: MeasureComparison,
    names: RunNames,
    topics: dict[str, str] | None = None,
    *,
    text_colour: str = DARK_TEXT,
    width: int | str | None = None,
    height: int = 300,
    titled: bool = True,
    stacked: bool = False,
) -> dict[str, Any]:
    """The chart's Vega-Lite spec with this measure's per-query differences (see the module docstring).

    ``titled=False`` leaves the title out (a page writes it above the chart, where it wraps on a
    phone); ``stacked`` puts the legend's entries one under the other and leaves the diamond's
    entry to the page's words (:data:`DIAMOND`): two legends side by side do not fit a phone.
    """
    data = differences_data(measure, topics)
    legend = names.who()
    present = [w for w in WHO if w in set(data["who"])]
    data["who"] = data["who"].map(legend)
    colour = alt.Color(
        "who:N",
        title=None,
        scale=alt.Scale(
            domain=[legend[w] for w in present], range=[WHO_COLOURS[WHO.index(w)] for w in present]
        ),
        legend=alt.Legend(orient="bottom", labelLimit=360, columns=1 if stacked else 3),
    )
    values = data["bar_to"].to_numpy()
    low, high = float(np.min(values, initial=0.0)), float(np.max(values, initial=0.0))
    span = (high - low) or 0.01
    labelled_rows = worst(measure) if len(data) <= MOST_LABELLED else worst(measure, 1)
    longest = max((len(str(q)) for q in data["qid"].iloc[labelled_rows]), default=0)
    room = (0.06 + 0.028 * longest) * span if labelled_rows else 0.05 * span
    y = alt.Y(
        "bar_to:Q",
        title=f"B − A ({measure_label(measure.measure)})",
        scale=alt.Scale(domain=[min(low, 0.0) - room, max(high, 0.0) + 0.05 * span], nice=False),
    )
    base = alt.Chart(data)
    bars = base.mark_rect().encode(
        x=alt.X(
            "start:Q",
            title="queries, B's biggest win first",
            axis=alt.Axis(labels=False, ticks=False, grid=False),
            scale=alt.Scale(nice=False, domain=[0, max(len(data), 1)]),
        ),
        x2="end:Q",
        y=y,
        y2="bar_from:Q",
        color=colour,
        tooltip=[
            alt.Tooltip("label:N", title="query"),
            alt.Tooltip("a:Q", title=f"A: {names.a}", format=".4f"),
            alt.Tooltip("b:Q", title=f"B: {names.b}", format=".4f"),
            alt.Tooltip("difference:Q", title="B − A", format="+.4f"),
        ],
    )
    zero = alt.Chart(pd.DataFrame({"y": [0.0]})).mark_rule(color=text_colour, opacity=0.6).encode(y="y:Q")
    layers: list[alt.Chart] = [bars, zero]
    if labelled_rows:  # the query ids under B's worst bars (their texts are in the subtitle)
        marks = data.iloc[labelled_rows]
        layers.append(
            alt.Chart(marks)
            .mark_text(
                angle=90,
                align="left",
                baseline="middle",
                dx=4,
                fontSize=12,
                color=text_colour,
                opacity={"expr": f"width / {max(len(data), 1)} >= {LABEL_ROOM} ? 1 : 0"},
            )
            .encode(x="middle:Q", y="bar_to:Q", text="qid:N")
        )
    flagged = {u.qid for u in measure.unjudged()}
    if flagged:  # a loss or a 0 that rests on a mostly unjudged top k
        k = measure.coverage.k if measure.coverage else 0
        marks = data[data["qid"].isin(flagged)].assign(why=f"loss or 0 with a mostly unjudged top {k}")
        layers.append(
            alt.Chart(marks)
            .mark_point(shape="diamond", size=90, filled=False, strokeWidth=2, color=text_colour)
            .encode(
                x="middle:Q",
                y=alt.Y("bar_from:Q"),
                shape=alt.Shape(
                    "why:N",
                    title=None,
                    scale=alt.Scale(range=["diamond"]),
                    legend=None if stacked else alt.Legend(orient="bottom", labelLimit=360),
                ),
                tooltip=[alt.Tooltip("label:N", title="query"), alt.Tooltip("why:N", title="unjudged")],
            )
        )
    chart = alt.layer(*layers).properties(height=height)
    if titled:
        chart = chart.properties(title=title(measure, names, topics))
    if width is not None:
        chart = chart.properties(width=width)
    config = {
        "axis": {
            "labelColor": text_colour,
            "titleColor": text_colour,
            "labelFontSize": 13,
            "titleFontSize": 14,
        },
        "legend": {"labelColor": text_colour, "labelFontSize": 13},
        "title": {"color": text_colour, "subtitleColor": text_colour, "fontSize": 16, "subtitleFontSize": 13},
    }
    spec = chart.to_dict(validate=False)
    spec["config"] = {**spec.get("config", {}), **config}
    if width is None:  # as wide as the page; ``height`` is the plot's own, title and legend come on top
        spec["autosize"] = {"type": "fit-x", "contains": "padding"}
    return spec
