"""Playground: drag the list, and every number of NDCG follows.

Read the list and the settings from the session, ask ``ndcg_core`` for every number once
(one :class:`~ndcg_core.Ranking` a run), draw. The widgets live in ``ui/``.
"""

from __future__ import annotations

import streamlit as st

from ndcg_core import Headline, Ranking
from ndcg_core.metric.breakdown import breakdown_of
from ui.breakdown_table import breakdown_table
from ui.charts.playground import cumulative_data, ndcg_by_k_data, per_rank_data, with_data
from ui.controls import conventions_line, settings_controls
from ui.draggable_list import draggable_list
from ui.exports import chart_exports
from ui.headline import headline_metrics, stakeholder_paragraph, written_formula
from ui.list_editor import list_editor, unlisted_grades_field
from ui.order_buttons import order_buttons
from ui.plain_text import plain
from ui.scenario_picker import current_scenario, scenario_picker
from ui.state import scenario
from ui.state.ranked_list import RankedList
from ui.state.settings import Settings

PLAYGROUND_ORDERS = ("ideal", "worst", "reversed", "shuffled", "original", "undo")


def the_list(ranked: RankedList, k: int) -> None:
    """The order buttons and the draggable list (or a word on the empty list)."""
    st.subheader("The ranked list")
    order_buttons(ranked, scenario.change_list, which=PLAYGROUND_ORDERS, key=lambda name: f"order_{name}")
    if ranked.items:
        draggable_list(ranked, k, key="playground_sortable", on_reorder=scenario.reorder_list)
    else:
        st.info("The list is empty. Add items under “Edit the list” below, or load the example.")


def numbers_panel(ranking: Ranking, labels: list[str], settings: Settings) -> None:
    """Headline, the summary, the conventions in force and the formula with the current terms."""
    st.subheader("NDCG at a glance")
    numbers = Headline.of(ranking)
    headline_metrics(numbers, settings.decimals)
    stakeholder_paragraph(ranking, labels)
    st.caption(conventions_line(settings, numbers.judged))
    written_formula(ranking, numbers, settings.decimals)


def details(ranking: Ranking, labels: list[str], settings: Settings) -> None:
    """The per-rank table and the charts, all from one breakdown."""
    table = breakdown_of(ranking, labels)
    k = settings.k
    st.subheader("Rank by rank")
    st.caption(f"Ranks 1 to {k}: the ones NDCG@{k} counts.")
    breakdown_table(table, k, settings.decimals)
    st.subheader("Charts")
    charts = {
        "Gain, discount and contribution": with_data("per_rank", per_rank_data(table, k), k),
        "CG, DCG and IDCG by rank": with_data("cumulative", cumulative_data(table), k),
        "NDCG@k for every k": with_data("ndcg_by_k", ndcg_by_k_data(table["ndcg"].to_numpy(), k), k),
    }
    st.vega_lite_chart(charts["Gain, discount and contribution"], width="content")
    left, right = st.columns(2)
    left.vega_lite_chart(charts["CG, DCG and IDCG by rank"], width="stretch")
    right.vega_lite_chart(charts["NDCG@k for every k"], width="stretch")
    chart_exports(charts, key="playground_chart_exports")


def main() -> None:
    ranked = scenario.current_list()
    st.title("NDCG Playground")
    shown = current_scenario()
    st.caption(
        f"{plain(shown.title)} · {plain(shown.source)}. Drag the items into a new order and watch every number follow."
    )
    scenario_picker(key="playground_scenario_picker")
    if message := scenario.pop_flash():
        st.toast(message)
    settings = settings_controls(ranked)
    if settings.uses_pool:
        ranked = unlisted_grades_field(ranked)
    ranking = scenario.ranking(ranked, settings)
    list_column, numbers_column = st.columns([2, 3], gap="large")
    with list_column:
        the_list(ranked, settings.k)
    with numbers_column:
        numbers_panel(ranking, ranked.names, settings)
    list_editor()
    if ranked.items:
        details(ranking, ranked.names, settings)


main()
