"""The What if page's charts: the swap map (a heatmap) and NDCG@k over every order (a histogram).

As in :mod:`ui.charts.playground`, each spec is built once per process without data and each rerun
attaches this session's numbers. Colour never carries meaning alone: each swap-map cell says
its change in text (on small lists) and in its tooltip, and the lines on the histogram are
named with their values in its legend. The diverging scale runs from vermillion (lower) to blue (higher), both Okabe–Ito.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import altair as alt
import numpy as np
import pandas as pd

from ndcg_core.teaching import wording
from ui.charts.common import CUTOFF_COLOUR, THIRD_COLOUR, attach_data, built

CELLS = alt.NamedData(name="cells")
BINS = alt.NamedData(name="bins")
MARKS = alt.NamedData(name="marks")
#: The name of the swap map's click selection (Streamlit reports it under this name).
CELL_SELECTION = "cell"
#: Lists up to this long get each cell's change written in the cell.
LABELLED_UP_TO = 12
#: The swap map's colours: vermillion (lower), a light grey (no change), a dark blue (higher: the
#: list's blue darkened, so that white text on it is 7:1). Each cell's text is black or white,
#: whichever stands out more on that cell's colour (:func:`ink`): at least 4.5:1 on every cell.
LOWER, SAME_COLOUR, HIGHER = CUTOFF_COLOUR, "#F2F2F2", "#00588A"


def _swap_map() -> alt.LayerChart:
    """Rank i down, rank j across; a cell's colour is the change in NDCG@k after swapping them."""
    pick = alt.selection_point(name=CELL_SELECTION, fields=["first", "second"], on="click", clear=False)
    base = alt.Chart(CELLS).encode(
        x=alt.X("second:O", title="swap with rank j", axis=alt.Axis(labelAngle=0, orient="top")),
        y=alt.Y("first:O", title="rank i"),
    )
    cells = (
        base.mark_rect(stroke="#767676", strokeWidth=0.5, cursor="pointer")
        .encode(
            color=alt.Color(
                "change:Q",
                title="change",
                scale=alt.Scale(domainMid=0, range=[LOWER, SAME_COLOUR, HIGHER], interpolate="rgb"),
                legend=alt.Legend(format="+.2f", orient="bottom", direction="horizontal"),  # fits a phone
            ),
            tooltip=[
                alt.Tooltip("what:N", title="swap"),
                alt.Tooltip("ndcg:Q", title="NDCG@k after", format=".4f"),
                alt.Tooltip("change:Q", title="change", format="+.4f"),
            ],
        )
        .add_params(pick)
    )
    text = base.mark_text(fontSize=12).encode(
        text="label:N",
        color=alt.Color(
            "ink:N", scale=alt.Scale(domain=["dark", "light"], range=["#000000", "#FFFFFF"]), legend=None
        ),
    )
    return alt.layer(cells, text)


def _orders() -> alt.LayerChart:
    """How many orders score each NDCG@k, with the current order and a random order's mean marked.

    The two lines are named, with their values, in the legend below the chart rather than by
    text beside them: on a phone two labels near each other overlap, and one near 1 is clipped.
    """
    bars = (
        alt.Chart(BINS, width="container", height=240)
        .mark_bar(color="#767676", stroke="#FFFFFF", strokeWidth=0.5)
        .encode(
            x=alt.X("low:Q", title="NDCG@k", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(tickCount=5)),
            x2="high:Q",
            y=alt.Y("share:Q", title="share of orders", axis=alt.Axis(format="%", tickCount=4)),
            y2=alt.datum(0),
            tooltip=[
                alt.Tooltip("range:N", title="NDCG@k"),
                alt.Tooltip("count:Q", title="orders", format=","),
                alt.Tooltip("share:Q", title="share", format=".1%"),
            ],
        )
    )
    by_order = alt.EncodingSortField(field="order", order="ascending")
    # One legend for the colour and the dash of each line (two legends of one field that disagree
    # on whether to show themselves make Vega-Lite warn).
    legend = alt.Legend(
        title=None,
        orient="bottom",
        direction="vertical",
        labelLimit=0,
        symbolType="stroke",
        symbolStrokeWidth=3,
    )
    rules = (
        alt.Chart(MARKS)
        .mark_rule(size=3)
        .encode(
            x="value:Q",
            color=alt.Color(
                "text:N",
                sort=by_order,
                scale=alt.Scale(range=[CUTOFF_COLOUR, THIRD_COLOUR]),
                legend=legend,
            ),
            strokeDash=alt.StrokeDash(
                "text:N", sort=by_order, scale=alt.Scale(range=[[1, 0], [6, 3]]), legend=legend
            ),
            tooltip=[alt.Tooltip("mark:N", title=" "), alt.Tooltip("value:Q", title="NDCG@k", format=".4f")],
        )
    )
    return alt.layer(bars, rules)


BUILDERS = {"swap_map": _swap_map, "orders": _orders}


def chart_spec(kind: str) -> dict[str, Any]:
    """The Vega-Lite spec of one chart, without data (built once per process)."""
    return built(BUILDERS[kind])


def swap_map_spec(
    table: np.ndarray, current: float, names: Sequence[str], k: int, *, fill: bool = False
) -> dict[str, Any]:
    """The swap map's spec with this list's cells; square cells, smaller for long lists (``fill``:
    no size of its own, the cells fill the place the page gives the chart)."""
    n = len(names)
    spec = attach_data(chart_spec("swap_map"), cells=swap_cells(table, current, names, k))
    if not fill:
        side = max(8, min(40, 560 // max(n, 1)))
        spec["width"] = spec["height"] = side * n
        spec["autosize"] = {"type": "pad"}  # the cells get that size; axes and legend come on top
    return spec


def swap_cells(table: np.ndarray, current: float, names: Sequence[str], k: int) -> pd.DataFrame:
    """One row a pair of ranks (i, j): NDCG@k after the swap, its change, and what to write in the cell."""
    n = len(names)
    first, second = (axis.ravel() + 1 for axis in np.indices((n, n)))
    after = table.ravel()
    change = after - current
    what = [
        "no swap (the list as it is)" if i == j else f"rank {i} ({names[i - 1]}) ↔ rank {j} ({names[j - 1]})"
        for i, j in zip(first.tolist(), second.tolist(), strict=True)
    ]
    return pd.DataFrame(
        {
            "first": first,
            "second": second,
            "ndcg": after,
            "change": change,
            "what": what,
            "label": [
                _cell_label(c, i == j) if n <= LABELLED_UP_TO else ""
                for c, i, j in zip(change, first, second, strict=True)
            ],
            "ink": [ink(c, float(change.min()), float(change.max())) for c in change],
            "k": k,
        }
    )


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=float)


def cell_colour(change: float, lowest: float, highest: float) -> np.ndarray:
    """The cell's colour (RGB, 0–255) as the swap map's scale draws it: from the lowest change
    (vermillion) through 0 (grey) to the highest (blue), interpolated in RGB."""
    end, extreme = (HIGHER, highest) if change >= 0 else (LOWER, lowest)
    share = change / extreme if extreme else 0.0
    return _rgb(SAME_COLOUR) + min(max(share, 0.0), 1.0) * (_rgb(end) - _rgb(SAME_COLOUR))


def luminance(rgb: np.ndarray) -> float:
    """WCAG relative luminance of an RGB colour (0–255)."""
    channels = rgb / 255
    linear = np.where(channels <= 0.04045, channels / 12.92, ((channels + 0.055) / 1.055) ** 2.4)
    return float(linear @ np.array([0.2126, 0.7152, 0.0722]))


def ink(change: float, lowest: float, highest: float) -> str:
    """ "dark" or "light": the text colour (black or white) with more contrast on the cell's colour.

    >>> ink(0.0, -0.2, 0.5), ink(0.5, -0.2, 0.5), ink(-0.2, -0.2, 0.5)
    ('dark', 'light', 'dark')
    """
    background = luminance(cell_colour(change, lowest, highest))
    return "light" if (1.05 / (background + 0.05)) > ((background + 0.05) / 0.05) else "dark"


def _cell_label(change: float, diagonal: bool) -> str:
    """The change in two decimals with its sign; "·" on the diagonal, "0" only for no change at all.

    A change too small for two decimals keeps its sign ("+0.00"), so that no cell says "0" of a
    swap that moves NDCG@k.
    """
    if diagonal:
        return "·"
    if wording.same(change, 0.0):
        return "0"
    return f"{change:+.2f}".replace("-", "−")


def orders_spec(
    bins: list[tuple[float, float, int]], current: float, random_mean: float, decimals: int = 2
) -> dict[str, Any]:
    """The histogram's spec with this list's bins and its two marked values (named in the legend)."""
    total = max(sum(count for *_, count in bins), 1)
    frame = pd.DataFrame(bins, columns=["low", "high", "count"])
    frame["share"] = frame["count"] / total
    frame["range"] = [f"{low:.2f}–{high:.2f}" for low, high in zip(frame["low"], frame["high"], strict=True)]
    mine, mean = wording.pair(current, random_mean, decimals)
    marks = pd.DataFrame(
        {
            "mark": ["your order", "random order (mean)"],
            "value": [current, random_mean],
            "order": [0, 1],
            "text": [f"your order: {mine}", f"a random order, on average: {mean}"],
        }
    )
    return attach_data(chart_spec("orders"), bins=frame, marks=marks)
