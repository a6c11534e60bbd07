"""Many queries' comparison chart: every query's B − A, sorted from B's biggest win to its biggest loss.

Same pattern as the other chart modules: the spec is written once with Altair and cached, the data
attached per rerun. A query where B is higher is a bar above 0 in B's colour (Compare's orange), one
where A is higher a bar below 0 in A's colour (blue), a level one a grey tick at 0: the side of the
axis says who is higher, so colour is never the only cue. Each bar spans one unit of the x axis,
so a thousand queries still draw as touching bars.
"""

from __future__ import annotations

from typing import Any

import altair as alt
import numpy as np
import pandas as pd

from ndcg_core.trec.comparison import MeasureComparison
from ndcg_core.trec.significance import TIE_TOLERANCE
from ui.charts.common import IDEAL_COLOUR, LIST_COLOUR, attach_data, built

QUERIES = alt.NamedData(name="queries")
WHO = ["B higher", "A higher", "level"]
WHO_COLOURS = [IDEAL_COLOUR, LIST_COLOUR, "#888888"]


def _differences() -> alt.Chart:
    """One bar per query from 0 to B − A, in the order of the data (biggest win first)."""
    return (
        alt.Chart(QUERIES, height=260)
        .mark_rect()
        .encode(
            x=alt.X(
                "start:Q",
                title="queries, from B's biggest win to its biggest loss",
                axis=alt.Axis(labels=False, ticks=False, grid=False),
                scale=alt.Scale(nice=False),
            ),
            x2="end:Q",
            y=alt.Y("bar_to:Q", title="B − A"),
            y2="bar_from:Q",
            color=alt.Color(
                "who:N",
                title=None,
                scale=alt.Scale(domain=WHO, range=WHO_COLOURS),
                legend=alt.Legend(orient="bottom"),
            ),
            tooltip=[
                alt.Tooltip("qid:N", title="query"),
                alt.Tooltip("a:Q", title="A", format=".4f"),
                alt.Tooltip("b:Q", title="B", format=".4f"),
                alt.Tooltip("difference:Q", title="B − A", format="+.4f"),
            ],
        )
    )


def who_is_higher(difference: np.ndarray) -> np.ndarray:
    """ "B higher", "A higher" or "level" (|B − A| ≤ the tie tolerance), query by query."""
    return np.where(difference > TIE_TOLERANCE, WHO[0], np.where(difference < -TIE_TOLERANCE, WHO[1], WHO[2]))


def differences_data(measure: MeasureComparison) -> pd.DataFrame:
    """Rows of (start, end, bar_from, bar_to, qid, a, b, difference, who), in the comparison's order
    (biggest win first). A bar runs from 0 to B − A.

    A level query gets a bar of a hundredth of the largest |B − A| below and above 0 (so it shows
    as a grey tick, not as nothing); its ``difference`` column keeps the true value for the tooltip.
    """
    difference = measure.difference
    n = len(difference)
    who = who_is_higher(difference)
    level = who == WHO[2]
    tick = 0.01 * float(np.max(np.abs(difference), initial=0.0)) or 0.005
    return pd.DataFrame(
        {
            "start": np.arange(n, dtype=float),
            "end": np.arange(1, n + 1, dtype=float),
            "bar_from": np.where(level, -tick, 0.0),
            "bar_to": np.where(level, tick, difference),
            "qid": measure.qids.astype(str),
            "a": measure.a,
            "b": measure.b,
            "difference": difference,
            "who": who,
        }
    )


def differences_chart(measure: MeasureComparison) -> dict[str, Any]:
    """The chart's spec with this measure's per-query differences attached."""
    return attach_data(built(_differences), queries=differences_data(measure))
