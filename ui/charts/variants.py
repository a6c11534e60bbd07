"""The Variants page's charts: the discount curves together, and NDCG@k under each variant.

Same pattern as :mod:`ui.charts.playground`: each chart is written once with Altair, with named
datasets in place of data (:func:`chart_spec`, cached for the process: it holds no user data),
and each rerun only attaches this session's numbers (:func:`with_data`). Every series differs by
colour (Okabe–Ito) and by dash or shape, so colour is never the only cue.
"""

from __future__ import annotations

from typing import Any

import altair as alt
import numpy as np
import pandas as pd

from ndcg_core import DISCOUNTS, discount_formula, discount_values
from ndcg_core.metric.discounts import ranks
from ui.charts.common import attach_data, built, cutoff_rule

CURVES = alt.NamedData(name="curves")
VARIANTS = alt.NamedData(name="variants")

#: Okabe–Ito colours, dashes and point shapes, one per discount, in the order of ``DISCOUNTS``.
DISCOUNT_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9"]
DISCOUNT_DASHES = [[1, 0], [8, 4], [2, 2], [12, 3, 2, 3], [4, 4]]
DISCOUNT_SHAPES = ["circle", "square", "triangle-up", "diamond", "cross"]
ASPECT_COLOURS = {"gain": "#0072B2", "discount": "#E69F00", "ideal": "#009E73"}


def _discount_curves() -> alt.LayerChart:
    """Every discount against the rank, on one set of axes (the legend names each by its formula)."""
    # One column: two columns of formulas are wider than a phone's chart and get cut ("jk: 1 for i <").
    # One legend of each discount's colour and dash (legends of one field that disagree make
    # Vega-Lite warn); the points' shapes come from a copy of the name, ``marker``, without one.
    legend = alt.Legend(
        title=None, orient="bottom", columns=1, labelLimit=0, symbolType="stroke", symbolStrokeWidth=3
    )
    curves = (
        alt.Chart(CURVES, title="The discounts, rank by rank")
        .mark_line(point=True, strokeWidth=2.5)
        .encode(
            x=alt.X("rank:Q", title="rank i", axis=alt.Axis(tickMinStep=1)),
            y=alt.Y(
                "value:Q",
                title="discount d(i)",
                scale=alt.Scale(domain=[0, 1.15]),
                axis=alt.Axis(values=[0, 0.2, 0.4, 0.6, 0.8, 1]),
            ),
            color=alt.Color("discount:N", sort=None, legend=legend, scale=alt.Scale(range=DISCOUNT_COLOURS)),
            strokeDash=alt.StrokeDash(
                "discount:N", sort=None, legend=legend, scale=alt.Scale(range=DISCOUNT_DASHES)
            ),
            shape=alt.Shape("marker:N", sort=None, legend=None, scale=alt.Scale(range=DISCOUNT_SHAPES)),
            tooltip=["discount:N", "rank:Q", alt.Tooltip("value:Q", format=".4f")],
        )
    )
    # The height holds the title, the plot and the five-row legend below it (Streamlit fits all three in it).
    return (curves + cutoff_rule()).properties(height=560)


def _ndcg_bars() -> alt.Chart:
    """NDCG@k of the same ranking under each variant: one bar a variant, grouped by what changes.

    Each bar's value is written in its axis label, which the app's theme colours for light and dark.
    The label also names what changes ("gain: linear"), so the colour needs no legend (a legend
    below the bars starts at the plot's left edge and was cut on a phone: "idea").
    """
    colour = alt.Color(
        "aspect:N",
        title="what changes",
        scale=alt.Scale(domain=list(ASPECT_COLOURS), range=list(ASPECT_COLOURS.values())),
        legend=None,
    )
    return (
        alt.Chart(VARIANTS, title="NDCG@k of this ranking under each variant")
        .mark_bar()
        .encode(
            y=alt.Y("label:N", title=None, sort=None, axis=alt.Axis(labelLimit=320)),
            x=alt.X("ndcg:Q", title="NDCG@k", scale=alt.Scale(domain=[0, 1])),
            color=colour,
            opacity=alt.Opacity(
                "in_force:O", scale=alt.Scale(domain=["in force", "other"], range=[1.0, 0.55]), legend=None
            ),
            tooltip=["aspect:N", "variant:N", alt.Tooltip("ndcg:Q", format=".4f", title="NDCG@k")],
        )
        # As wide as its column; its height is set with the data, 26 px a bar (a step height
        # made Vega-Lite warn "Dropping fit-y" under Streamlit's "fit").
        .properties(autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
    )


BUILDERS = {"discount_curves": _discount_curves, "ndcg_bars": _ndcg_bars}


def chart_spec(kind: str) -> dict[str, Any]:
    """The Vega-Lite spec of one chart, without data (built once per process)."""
    return built(BUILDERS[kind])


#: The plot's height for each bar of ``ndcg_bars``.
BAR_STEP = 26


def with_data(kind: str, **datasets: pd.DataFrame) -> dict[str, Any]:
    """The chart's spec with this session's datasets attached (the bars' chart as tall as its bars)."""
    spec = chart_spec(kind)
    if kind == "ndcg_bars":
        spec = {**spec, "height": BAR_STEP * len(datasets["variants"])}
    return attach_data(spec, **datasets)


def discount_curve_data(n: int, log_base: float) -> pd.DataFrame:
    """Rows of (rank, discount, value) for every discount at ranks 1 … n, named by formula."""
    rank = ranks(n)
    names = [f"{name}: {discount_formula(name, log_base)}" for name in DISCOUNTS]
    return pd.DataFrame(
        {
            "rank": np.tile(rank, len(DISCOUNTS)),
            "discount": np.repeat(names, n),
            "marker": np.repeat(names, n),
            "value": np.concatenate([discount_values(rank, name, log_base) for name in DISCOUNTS]),
        }
    )


def variant_bar_data(table: pd.DataFrame, in_force: list[bool], decimals: int) -> pd.DataFrame:
    """Rows of (label, aspect, variant, ndcg, shown, in_force) from the core's variant table."""
    shown = ["left out (IDCG = 0)" if np.isnan(value) else f"{value:.{decimals}f}" for value in table["ndcg"]]
    return pd.DataFrame(
        {
            "label": [
                f"{a}: {v}{' (in force)' if f else ''} · {text}"
                for a, v, f, text in zip(table["aspect"], table["variant"], in_force, shown, strict=True)
            ],
            "aspect": table["aspect"],
            "variant": table["variant"],
            "ndcg": table["ndcg"].fillna(0.0),
            "shown": shown,
            "in_force": ["in force" if f else "other" for f in in_force],
        }
    )
