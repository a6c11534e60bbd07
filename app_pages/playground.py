"""Playground: drag the list, and every number of NDCG follows.

Read the list and the settings from the session, draw the page's frame, and embed the live list
(:mod:`ui.live_list`: the list, its headline and the figure that follows the order, one fragment)
into the places the frame leaves. Two views of one page:

* the **normal view**: title, scenario, settings, the list beside the headline, the list
  editor, the per-rank table and the charts (a new tab's first run: the list, the headline and
  a chart first, :mod:`ui.state.first_paint`);
* the **classroom view** (``?present=1``, or the switch; the app's presentation mode): the
  list, the headline, the per-rank table and a chart on one projector screen, in large type.
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.classroom.ask_form import ask_button
from ui.classroom.room_screen import ask_the_class_screen
from ui.classroom_view import classroom_bar, figure_box, k_and_gain
from ui.controls import conventions_line, judged_count, settings_controls
from ui.glossary import linked_note
from ui.headline import conventions_in_brief
from ui.held_places import classroom_switch, subheader
from ui.list_editor import list_editor, unlisted_grades_field
from ui.live_list import LiveList, Places, live_list
from ui.plain_text import plain
from ui.playground_figure import CHARTS, Details, chart_tabs, playground_figure, rank_by_rank_words
from ui.presentation import back_to_the_lesson, lesson_steps_menu
from ui.scenario_picker import current_scenario, scenario_picker
from ui.state import first_paint, scenario
from ui.state import lesson as lesson_state
from ui.state.presentation import is_presenting
from ui.state.ranked_list import RankedList
from ui.state.settings import Settings

#: The live list of the normal view, and of the classroom view (large type, its own scrolling box).
PLAYGROUND = LiveList(
    "playground",
    orders=("ideal", "worst", "reversed", "shuffled", "original", "undo"),
    order_key="order_",
    watch_editor=True,
)
CLASSROOM = LiveList(
    "playground",
    orders=("ideal", "worst", "shuffled", "original", "undo"),
    order_labels={"ideal": "Ideal", "worst": "Worst", "shuffled": "Shuffle", "original": "Original"},
    order_key="order_",
    watch_editor=True,
    size="large",
    max_height="calc(100vh - 19.5rem)",  # the bar, the headline with its division, its conventions beside "Ask the class"
    sentences=False,
    relation=True,
    button_help=False,
)
#: The expanders and tabs whose content depends on the order (drawn only while open).
FORMULA_KEY, SUMMARY_KEY, EXPORTS_KEY = (
    "playground_formula_open",
    "playground_summary_open",
    "playground_chart_exports",
)
CHART_TAB_KEY, CLASSROOM_TAB_KEY = "playground_chart", "playground_classroom_chart"


# -------------------------------------------------------------- normal view --


def normal_view(ranked: RankedList) -> None:
    """Title and the scenario in one line; the list (then its order buttons) beside the headline,
    the settings and the scenario; then the list editor, the per-rank table and the charts.

    A new tab's first run draws the title, the list, the headline and the first chart, and holds
    the places of the classroom switch and the two headings; the rest comes once the browser has
    drawn them (:mod:`ui.state.first_paint`).
    """
    whole = not (ranked.items and first_paint.first_pass())
    title_column, *back_column, switch_column = st.columns(
        [5, 1.6, 1.3] if lesson_state.return_step() is not None else [5, 1.3], vertical_alignment="bottom"
    )
    title_column.title("NDCG Playground")
    for column in back_column:  # in the first run too: on a phone the columns stack above the list
        with column:
            back_to_the_lesson()
    classroom_switch(switch_column, now=whole)  # a first run holds the places of what comes later
    shown = current_scenario()
    st.caption(
        f"{plain(shown.title)} · {plain(shown.source)}. Drag the items into a new order and watch every number follow."
    )
    if message := scenario.pop_flash():
        st.toast(message)
    list_column, numbers_column = st.columns([2, 3], gap="large")
    subheader(list_column, "The ranked list", now=whole)
    subheader(numbers_column, "NDCG at a glance", now=whole)
    places = Places(
        sortable=list_column.container(),
        buttons=list_column.container() if whole else None,  # the order buttons come with the rest
        headline=numbers_column.container(),
    )
    details = Details()
    if whole:
        the_rest(ranked, numbers_column, details)
    else:
        scenario.current_settings(ranked)  # k cut to what the list allows, as the settings do
        details.charts = {CHARTS[0]: st.container()}  # the chart a new tab opens on
    live_list(PLAYGROUND, places, playground_figure(details))


def the_rest(ranked: RankedList, numbers_column: DeltaGenerator, details: Details) -> None:
    """What a new tab's first run leaves for later: the settings and the notes beside the headline,
    the list editor, the per-rank table, the chart tabs and the exports."""
    with numbers_column:
        settings, ranked = settings_and_scenario(ranked, details)
    list_editor()
    if ranked.items:
        details_frame(details, settings.k)


def settings_and_scenario(ranked: RankedList, details: Details) -> tuple[Settings, RankedList]:
    """k, gain, ideal and decimals (and the pool's grades when the ideal comes from it); the
    scenario picker in a collapsed section; the conventions in force, the formula and the summary."""
    with st.expander("Scenario: pick another example, its source and notes", icon=":material/list_alt:"):
        scenario_picker(key="playground_scenario_picker")
    settings = settings_controls(ranked, stacked=True)
    if settings.uses_pool:
        ranked = unlisted_grades_field(ranked)
    if ranked.items:
        linked_note(conventions_line(settings, judged_count(ranked, settings.uses_pool), linked=True))
        details.formula = st.expander("The formula with these numbers", key=FORMULA_KEY, on_change="rerun")
        details.summary = st.expander(
            "In plain words, for a slide or an e-mail", key=SUMMARY_KEY, on_change="rerun"
        )
    return settings, ranked


def details_frame(details: Details, k: int) -> None:
    """Headings and places for the per-rank table and the charts, and the export expander."""
    st.subheader("Rank by rank")
    linked_note(rank_by_rank_words(k))
    details.table = st.container()
    st.subheader("Charts")
    details.charts = chart_tabs(CHART_TAB_KEY)
    details.exports = st.expander(
        "Export the table (CSV, Markdown, LaTeX) and the charts (PNG, SVG)",
        key=EXPORTS_KEY,
        on_change="rerun",
    )


# ----------------------------------------------------------- classroom view --


def classroom_view(ranked: RankedList) -> None:
    """One projector screen: a bar (k and the gain, order buttons, lesson, settings, switch); the
    list with the headline under it on the left; the per-rank table and a chart on the right."""
    scenario.keep_settings()  # the picker, which keeps them otherwise, is not drawn
    settings = scenario.current_settings(ranked)  # k cut to what the list allows
    if ask_the_class_screen(ranked, settings):  # "Ask the class": its form, or the room answering
        return
    bar = classroom_bar("playground_classroom_settings", k_and_gain(settings.k, settings.gain))
    with bar.extra:
        lesson_steps_menu()
    if bar.settings is not None:
        with bar.settings:
            settings_controls(ranked, layout="column")
    list_column, table_column = st.columns([1, 1.5], gap="medium")
    places = Places(
        buttons=bar.buttons.container(),
        sortable=list_column.container(),
        headline=list_column.container(),
    )
    details = Details(classroom=True)
    row = list_column.container(horizontal=True, wrap=False, vertical_alignment="center")
    if ranked.items:
        row.caption(
            f"{plain(current_scenario().title)} · "
            + conventions_in_brief(settings, judged_count(ranked, settings.uses_pool), gain=False)
        )
        with table_column, figure_box("playground"):
            details.table = st.container()
            details.charts = chart_tabs(CLASSROOM_TAB_KEY, fill=True)
    with row:
        ask_button()  # "Ask the class": beside the conventions (the bar has no room left)
    live_list(CLASSROOM, places, playground_figure(details))


def main() -> None:
    ranked = scenario.current_list()
    if is_presenting():
        classroom_view(ranked)
    else:
        normal_view(ranked)


main()
