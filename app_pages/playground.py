"""Playground: drag the list, and every number of NDCG follows.

Thin by design: read the list and settings from the session, ask ``ndcg_core`` for every
number, draw. The widgets live in ``widgets/``.
"""

from __future__ import annotations

import secrets

import streamlit as st

import ndcg_core
from ndcg_core import ideal_order, reversed_order, shuffled_order, worst_order
from ui.breakdown_table import breakdown_table
from ui.charts.playground import cumulative_data, ndcg_by_k_data, per_rank_data, with_data
from ui.controls import Settings, conventions_line, settings_controls
from ui.exports import chart_exports
from ui.headline import headline_metrics, stakeholder_paragraph, written_formula
from ui.list_editor import list_editor
from ui.plain_text import plain, plain_lines
from ui.scenario_picker import current_scenario, scenario_picker
from ui.state.ranked_list import ListEditError, RankedList, parse_grade_list
from ui.state.scenario import (
    UNLISTED_KEY,
    change_list,
    current_list,
    draggable_list,
    pop_flash,
    set_list,
)

UNLISTED_ERROR_KEY = "playground_unlisted_error"


def unlisted_grades_field(ranked: RankedList) -> RankedList:
    """With the judged pool on: the grades of judged items the list does not show."""
    st.session_state.setdefault(UNLISTED_KEY, "")
    st.text_input(
        "Judged items not in the list: their grades",
        key=UNLISTED_KEY,
        placeholder="e.g. 5, 5, 3 (seed 001's corpus holds items the system missed)",
        help="The ideal is built from these and the listed grades together, as trec_eval does.",
    )
    try:
        grades = parse_grade_list(st.session_state[UNLISTED_KEY])
    except ListEditError as error:
        st.error(
            f"{plain_lines(error)}\n\nStill using the last valid grades: {_grades_text(ranked.unlisted_grades)}."
        )
        return ranked
    if tuple(grades) != ranked.unlisted_grades:
        ranked = ranked.with_unlisted(grades)
        set_list(ranked)
    return ranked


def _grades_text(grades: tuple[float, ...]) -> str:
    return ", ".join(f"{g:g}" for g in grades) or "none"


ORDER_BUTTONS = [
    # (key, label, help, change)
    ("ideal", "Ideal order", "Best grade first", lambda r: r.permuted(ideal_order(r.grades))),
    ("worst", "Worst order", "Worst grade first", lambda r: r.permuted(worst_order(r.grades))),
    ("reversed", "Reversed", "Turn the list upside down", lambda r: r.permuted(reversed_order(len(r.items)))),
    (
        "shuffled",
        "Shuffled",
        "A random order",
        lambda r: r.permuted(shuffled_order(len(r.items), secrets.randbits(32))),
    ),
    (
        "original",
        "Original order",
        "The order the list was loaded or last edited in",
        lambda r: r.back_to_original(),
    ),
]


def order_buttons(ranked: RankedList) -> None:
    """One-click orders and undo; each is a callback, so the page redraws once with the result."""
    columns = [*st.columns(3, gap="small"), *st.columns(3, gap="small")]
    for column, (key, label, help_text, change) in zip(columns, ORDER_BUTTONS, strict=False):
        column.button(
            label, help=help_text, on_click=change_list(change), width="stretch", key=f"order_{key}"
        )
    columns[-1].button(
        "↶ Undo",
        help="Go back one change (order or edit)",
        on_click=change_list(lambda r: r.undone()),
        disabled=not ranked.can_undo,
        width="stretch",
        key="order_undo",
    )


def numbers_panel(ranked: RankedList, settings: Settings) -> None:
    """Headline, conventions and the formula with the current terms."""
    pool = ranked.pool() if settings.uses_pool else None
    numbers = ndcg_core.headline(ranked.grades, settings.k, gain=settings.gain, ideal=pool)
    headline_metrics(numbers, settings.decimals)
    stakeholder_paragraph(ranked.grades, ranked.names, numbers, pool)
    st.caption(conventions_line(settings, numbers.judged))
    written_formula(ranked.grades, pool, numbers, settings.decimals)


def details(ranked: RankedList, settings: Settings) -> None:
    """The per-rank table and the charts."""
    pool = ranked.pool() if settings.uses_pool else None
    table = ndcg_core.breakdown(
        ranked.grades, settings.k, labels=ranked.names, gain=settings.gain, ideal=pool
    )
    st.subheader("Rank by rank")
    st.caption(f"Ranks 1 to {settings.k}: the ones NDCG@{settings.k} counts.")
    breakdown_table(table, settings.k, settings.decimals)
    st.subheader("Charts")
    every_k = ndcg_core.ndcg_at_every_k(ranked.grades, gain=settings.gain, ideal=pool)
    charts = {
        "Gain, discount and contribution": with_data(
            "per_rank", per_rank_data(table, settings.k), settings.k
        ),
        "CG, DCG and IDCG by rank": with_data("cumulative", cumulative_data(table), settings.k),
        "NDCG@k for every k": with_data("ndcg_by_k", ndcg_by_k_data(every_k, settings.k), settings.k),
    }
    st.vega_lite_chart(charts["Gain, discount and contribution"], width="content")
    left, right = st.columns(2)
    left.vega_lite_chart(charts["CG, DCG and IDCG by rank"], width="stretch")
    right.vega_lite_chart(charts["NDCG@k for every k"], width="stretch")
    chart_exports(charts, key="playground_chart_exports")


def main() -> None:
    ranked = current_list()
    st.title("NDCG Playground")
    scenario = current_scenario()
    st.caption(
        f"{plain(scenario.title)} · {plain(scenario.source)}. Drag the items into a new order and watch every number follow."
    )
    scenario_picker(key="playground_scenario_picker")
    if message := pop_flash():
        st.toast(message)
    largest_k = max(
        len(ranked.items),
        len(ranked.pool()) if st.session_state.get("playground_ideal") == "judged pool" else 0,
    )
    settings = settings_controls(largest_k)
    if settings.uses_pool:
        ranked = unlisted_grades_field(ranked)
    list_column, numbers_column = st.columns([2, 3], gap="large")
    with list_column:
        st.subheader("The ranked list")
        order_buttons(ranked)
        if ranked.items:
            draggable_list(ranked, settings.k, key="playground_sortable")
        else:
            st.info("The list is empty. Add items under “Edit the list” below, or load the example.")
    with numbers_column:
        st.subheader("NDCG at a glance")
        numbers_panel(ranked, settings)
    list_editor()
    if ranked.items:
        details(ranked, settings)


main()
