"""What the Playground draws after its live list, on every drop: the per-rank table, the open chart,
and the formula, the summary and the exports while their expanders are open.

The page leaves the places (:class:`Details`) in its frame; :func:`playground_figure` is the figure
it hands to the live list (:func:`ui.live_list.live_list`), drawn inside the same fragment.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ndcg_core.metric.breakdown import breakdown_of
from ui.breakdown_table import CLASSROOM_COLUMNS, breakdown_downloads, breakdown_table
from ui.charts.playground import cumulative_data, ndcg_by_k_data, per_rank_data, with_data
from ui.exports import chart_downloads
from ui.glossary import term_link
from ui.headline import comparison_paragraph, stakeholder_paragraph, written_formula
from ui.live_list import Figure, LiveRun
from ui.readable_text import text_colour
from ui.state import run_query

#: The charts, one tab each: only the open one is drawn (on a new tab, and on every drop).
CHARTS = ("CG, DCG, IDCG", "Contribution", "Gain", "Discount", "NDCG@k")
#: The classroom view's table: at most about half the screen (a long list scrolls in it); the
#: chart under it takes the height that is left (:func:`ui.classroom_view.figure_box`).
CLASSROOM_TABLE_HEIGHT = "calc(55vh - 6rem)"
#: The per-rank table's widget key.
TABLE_KEY = "playground_rank_table"


@dataclass
class Details:
    """The places for what depends on the order besides the list and the headline.

    ``charts`` maps a chart's name to the place it is drawn in (only the charts on screen);
    ``formula``, ``summary`` and ``exports`` are expanders, filled only while open.
    """

    table: DeltaGenerator | None = None
    charts: dict[str, DeltaGenerator] = field(default_factory=dict)
    formula: Any = None
    summary: Any = None
    exports: Any = None
    classroom: bool = False


def rank_by_rank_words(k: int) -> str:
    """What the per-rank table's columns are, each term linked to the glossary at its first use."""
    return (
        f"Each row: the item's {term_link('grade')} ({term_link('rel')}) → its {term_link('gain')} × the "
        f"{term_link('discount')} of its rank = its {term_link('contribution')}; {term_link('CG')} and DCG add "
        f"them up to that rank, IDCG does the same for the {term_link('ideal order')}, and NDCG@rank divides the "
        f"two. Ranks 1 to {k} are the ones {term_link('NDCG@k', f'NDCG@{k}')} counts; the rows below the line "
        f"are beyond {term_link('k (cutoff)', 'k')}."
    )


def chart_tabs(key: str, *, fill: bool = False) -> dict[str, DeltaGenerator]:
    """One tab a chart; the place of the open one (the others are drawn when opened). ``fill``:
    the tabs take the height their place has left (the classroom view's figure box)."""
    tabs = st.tabs(CHARTS, key=key, on_change="rerun", height="stretch" if fill else "content")
    return {name: tab for name, tab in zip(CHARTS, tabs, strict=True) if tab.open}


def playground_figure(details: Details) -> Figure:
    """The figure the Playground hands to its live list: the table, the charts, what is open."""

    def draw(run: LiveRun) -> None:
        k, decimals = run.settings.k, run.settings.decimals
        if details.table is not None:
            with details.table:
                breakdown_table(
                    run.table,
                    k,
                    decimals,
                    key=TABLE_KEY,
                    **(
                        {"columns": CLASSROOM_COLUMNS, "max_height": CLASSROOM_TABLE_HEIGHT, "large": True}
                        if details.classroom
                        else {"max_height": "34rem"}
                    ),
                )
        specs = chart_specs(run.table, k, large=details.classroom)
        for name, place in details.charts.items():
            place.vega_lite_chart(
                specs[name](), width="stretch", height="stretch" if details.classroom else "content"
            )
        if details.formula is not None and details.formula.open:
            with details.formula:
                written_formula(run.ranking, run.numbers, decimals)
        if details.summary is not None and details.summary.open:
            with details.summary:
                comparison = run_query.current()
                if comparison is not None and comparison.summary:  # opened from two runs: A against B
                    comparison_paragraph(comparison.summary)
                else:
                    stakeholder_paragraph(run.ranking, run.ranked.names)
        if details.exports is not None and details.exports.open:
            with details.exports:
                exports(breakdown_of(run.ranking, run.ranked.names), k, decimals, specs)

    return draw


def chart_specs(table: Any, k: int, *, large: bool) -> dict[str, Callable[[], dict[str, Any]]]:
    """Each chart's spec with this list's numbers, made only when asked for."""
    per_rank = per_rank_data(table, k)
    size = {"projector_text": text_colour(), "titled": False} if large else {}
    return {
        "Contribution": lambda: with_data("contribution", per_rank, k, **size),
        "Gain": lambda: with_data("gain", per_rank, k, **size),
        "Discount": lambda: with_data("discount", per_rank, k, **size),
        "CG, DCG, IDCG": lambda: with_data("cumulative", cumulative_data(table), k, **size),
        "NDCG@k": lambda: with_data("ndcg_by_k", ndcg_by_k_data(table["ndcg"], k), k, **size),
        "Gain, discount and contribution": lambda: with_data("per_rank", per_rank, k),
    }


def exports(table: Any, k: int, decimals: int, specs: dict[str, Callable[[], dict[str, Any]]]) -> None:
    """The table as CSV, Markdown and LaTeX; each chart as PNG and SVG."""
    breakdown_downloads(table, k, decimals)
    for title, name in (
        ("Gain, discount and contribution", "Gain, discount and contribution"),
        ("CG, DCG and IDCG by rank", "CG, DCG, IDCG"),
        ("NDCG@k for every k", "NDCG@k"),
    ):
        chart_downloads(specs[name](), title)
