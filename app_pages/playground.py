"""Playground: drag the list, and every number of NDCG follows.

Read the list and the settings from the session, ask ``ndcg_core`` for every number once
(one :class:`~ndcg_core.Ranking` a run), draw. The widgets live in ``ui/``.

Two views of one page:

* the **normal view**: title, scenario, settings, the list beside the headline, the list
  editor, the per-rank table and the charts;
* the **classroom view** (``?present=1``, or the switch; the app's presentation mode): the
  list, the headline, the per-rank table and a chart on one projector screen, in large type.

What a drop redraws: only what depends on the order. The page draws its frame (headings,
settings, captions, expanders, tabs) and leaves empty places in it (:class:`Places`); a
fragment (:func:`live`) fills them with the headline, the list, the table and the charts, and
a second one (:func:`buttons`) with the order buttons. A drop reruns only :func:`live` (and
:func:`buttons` too when a button's state changes, e.g. undo becomes possible), so it sends a
dozen elements instead of the whole page; an order button reruns both. A change the rest of
the page must follow (items added or removed, e.g. by undoing an edit; any change while the
editor is open) reruns the whole page instead (:func:`follows_the_page`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ndcg_core import Headline, Ranking
from ndcg_core.metric.breakdown import breakdown_columns, breakdown_of
from ui.breakdown_table import CLASSROOM_COLUMNS, breakdown_downloads, breakdown_table
from ui.charts.playground import cumulative_data, ndcg_by_k_data, per_rank_data, with_data
from ui.components.headline import Figure, headline_row
from ui.components.sortable_list import revision
from ui.controls import conventions_line, settings_controls
from ui.draggable_list import draggable_list
from ui.drop_preview import DropPreview, drop_preview, headline_after_moves
from ui.exports import chart_downloads
from ui.headline import conventions_in_brief, headline_notes, stakeholder_paragraph, written_formula
from ui.list_editor import list_editor, unlisted_grades_field
from ui.order_buttons import Change, order_buttons
from ui.plain_text import plain
from ui.presentation import classroom_style, classroom_toggle
from ui.scenario_picker import current_scenario, scenario_picker
from ui.state import editor, scenario
from ui.state.presentation import is_presenting
from ui.state.ranked_list import RankedList
from ui.state.settings import Settings
from ui.state.url import write_url

PLAYGROUND_ORDERS = ("ideal", "worst", "reversed", "shuffled", "original", "undo")
CLASSROOM_ORDERS = ("ideal", "worst", "shuffled", "original", "undo")
#: Short names for the order buttons in the classroom view's bar.
CLASSROOM_LABELS = {"ideal": "Ideal", "worst": "Worst", "shuffled": "Shuffle", "original": "Original"}
#: What the rest of the page was drawn for (set on every run of the whole page).
DRAWN_FOR_KEY = "playground_drawn_for"
#: The two fragments' keys (a callback names them to rerun them).
LIVE, BUTTONS = "playground_live", "playground_buttons"
#: The sortable list's key, and the headline's (which follows the list's drops).
SORTABLE_KEY, HEADLINE_KEY = "playground_sortable", "playground_headline"
#: The expanders and tabs whose content depends on the order (drawn only while open).
FORMULA_KEY, SUMMARY_KEY, EXPORTS_KEY = (
    "playground_formula_open",
    "playground_summary_open",
    "playground_chart_exports",
)
CHART_TAB_KEY, CLASSROOM_TAB_KEY = "playground_chart", "playground_classroom_chart"
#: The charts, one tab each: only the open one is drawn (on a new tab, and on every drop).
CHARTS = ("CG, DCG, IDCG", "Contribution", "Gain", "Discount", "NDCG@k")
#: The classroom view's boxes: the list and the table take what the screen has left.
CLASSROOM_LIST_HEIGHT = "calc(100vh - 14rem)"
CLASSROOM_TABLE_HEIGHT = "calc(100vh - 24rem)"
#: The classroom view's chart: the plot's height in pixels (axes and legend come on top of it).
CLASSROOM_CHART_HEIGHT = 150


@dataclass
class Places:
    """The empty places the page leaves for the fragment, and the open/closed parts it drew.

    ``charts`` maps a chart's name to the place it is drawn in (only the charts on screen);
    ``formula``, ``summary`` and ``exports`` are expanders, filled only while open.
    """

    buttons: DeltaGenerator
    sortable: DeltaGenerator
    headline: DeltaGenerator
    table: DeltaGenerator | None = None
    charts: dict[str, DeltaGenerator] = field(default_factory=dict)
    formula: Any = None
    summary: Any = None
    exports: Any = None
    classroom: bool = False


@dataclass(frozen=True)
class Run:
    """One run's inputs and the core's numbers for them (built once, shared by every part)."""

    ranked: RankedList
    settings: Settings
    ranking: Ranking

    @property
    def numbers(self) -> Headline:
        return Headline.of(self.ranking)


# ------------------------------------------------------------ the fragment --


def drawn_for(ranked: RankedList) -> tuple[object, ...]:
    """What the page outside the fragment shows of the list: its items (any order) and pool."""
    return (tuple(sorted(ranked.items, key=lambda item: item.id)), ranked.unlisted_grades)


def remember_the_page(ranked: RankedList) -> None:
    """Note, on a run of the whole page, which list the page around the fragment was drawn for."""
    st.session_state[DRAWN_FOR_KEY] = (drawn_for(ranked), ranked)


def follows_the_page() -> bool:
    """True when a change since the page was drawn needs the whole page, not only the fragment.

    That is when the items or the pool changed (the k slider's range, the scenario's name, the
    table's headings), or when the list changed at all while the editor is open (its table
    shows the order, and a refused edit's message must go with the change).
    """
    shape, ranked = st.session_state.get(DRAWN_FOR_KEY, (None, None))
    now = scenario.current_list()
    return shape != drawn_for(now) or (ranked is not now and editor.is_open())


def empty_list_message() -> str:
    """The one message of an empty list: what NDCG is taken as, and how to fill the list again."""
    k = scenario.wanted_k()
    return (
        f"The list is empty, so there is nothing to rank: IDCG@{k} = 0 and NDCG@{k} is taken as 0 "
        "(trec_eval's convention). Add items or paste a list under “Edit the list”, load the example "
        f"there, or undo to bring the last list back; k = {k} comes back with the items."
    )


def buttons_state(ranked: RankedList) -> tuple[bool, bool]:
    """What the order buttons show of the list: whether undo can act, whether an order can."""
    return ranked.can_undo, len(ranked.items) >= 2


def reorder(ids: list[str]) -> None:
    """A drop's callback: the new order; the buttons are redrawn too when their state changes."""
    before = buttons_state(scenario.current_list())
    scenario.reorder_list(ids)
    if buttons_state(scenario.current_list()) != before:
        st.rerun([BUTTONS, LIVE])  # else the drop reruns only the list's own fragment


def change_and_redraw(change: Change) -> Callable[[], None]:
    """An order button's callback: change the list, then redraw the buttons and the live part."""
    apply = scenario.change_list(change)

    def apply_and_redraw() -> None:
        apply()
        st.rerun([BUTTONS, LIVE])

    return apply_and_redraw


@st.fragment(key=BUTTONS)
def buttons(places: Places) -> None:
    """The order buttons (ideal, worst, … undo), each disabled while it cannot act."""
    with places.buttons:
        order_buttons(
            scenario.current_list(),
            change_and_redraw,
            which=CLASSROOM_ORDERS if places.classroom else PLAYGROUND_ORDERS,
            key=lambda name: f"order_{name}",
            labels=CLASSROOM_LABELS if places.classroom else None,
            in_a_row=True,
        )


@st.fragment(key=LIVE)
def live(places: Places) -> None:
    """Everything a drop changes, drawn into the places the page left for it.

    The headline is drawn first: its elements reach the browser before the rest.
    """
    if follows_the_page():
        st.rerun()  # the whole page, once
    ranked = scenario.current_list()
    settings = scenario.read_settings()
    if not ranked.items:
        places.headline.info(empty_list_message())
    else:
        draw_numbers(Run(ranked, settings, scenario.ranking(ranked, settings)), places)
    write_url()  # a fragment's run does not reach app.py's: the link must follow a drop too


def draw_numbers(run: Run, places: Places) -> None:
    """The headline, the list, the table and the charts on screen; what is open of the rest."""
    k, decimals = run.settings.k, run.settings.decimals
    numbers = run.numbers
    preview = drop_preview(run.ranking, decimals)
    headline(run, numbers, preview, places)
    with places.sortable:
        draggable_list(
            run.ranked,
            k,
            key=SORTABLE_KEY,
            on_reorder=reorder,
            preview=preview,
            size="large" if places.classroom else "normal",
            max_height=CLASSROOM_LIST_HEIGHT if places.classroom else None,
        )
    table = breakdown_columns(run.ranking, run.ranked.names)
    if places.table is not None:
        with places.table:
            breakdown_table(
                table,
                k,
                decimals,
                key="playground_rank_table",
                **(
                    {"columns": CLASSROOM_COLUMNS, "max_height": CLASSROOM_TABLE_HEIGHT, "large": True}
                    if places.classroom
                    else {"max_height": "34rem"}
                ),
            )
    specs = chart_specs(table, k, large=places.classroom)
    for name, place in places.charts.items():
        place.vega_lite_chart(specs[name](), width="stretch")
    if places.formula is not None and places.formula.open:
        with places.formula:
            written_formula(run.ranking, numbers, decimals)
    if places.summary is not None and places.summary.open:
        with places.summary:
            stakeholder_paragraph(run.ranking, run.ranked.names)
    if places.exports is not None and places.exports.open:
        with places.exports:
            exports(breakdown_of(run.ranking, run.ranked.names), k, decimals, specs)


def headline(run: Run, numbers: Headline, preview: DropPreview, places: Places) -> None:
    """DCG@k, IDCG@k and NDCG@k into the place the page left (shown at once after a drop: the
    headline holds them for every move); the IDCG = 0 rule when it decides; outside the
    classroom view, the reading in words and NDCG as the division it is."""
    decimals = preview.decimals
    figures = [
        Figure(name, f"{name.upper()}{numbers.at}", f"{value:.{decimals}f}")
        for name, value in (("dcg", numbers.dcg), ("idcg", numbers.idcg), ("ndcg", numbers.ndcg))
    ]
    with places.headline:
        headline_row(
            figures,
            key=HEADLINE_KEY,
            follows=SORTABLE_KEY,
            order=run.ranked.ids,
            after_moves=headline_after_moves(run.ranking, preview),
            answers=revision(SORTABLE_KEY),
            size="large" if places.classroom else "normal",
        )
        headline_notes(numbers, decimals, sentences=not places.classroom)


def chart_specs(table: Any, k: int, *, large: bool) -> dict[str, Callable[[], dict[str, Any]]]:
    """Each chart's spec with this list's numbers, made only when asked for."""
    per_rank = per_rank_data(table, k)
    size = {"height": CLASSROOM_CHART_HEIGHT, "large": True, "titled": False} if large else {}
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


# -------------------------------------------------------------- normal view --


def normal_view(ranked: RankedList) -> None:
    """Title, scenario, settings; then the frame of the live part, around the list editor."""
    title_column, switch_column = st.columns([5, 1.3], vertical_alignment="bottom")
    title_column.title("NDCG Playground")
    with switch_column:
        classroom_toggle()
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
    remember_the_page(ranked)
    list_column, numbers_column = st.columns([2, 3], gap="large")
    list_column.subheader("The ranked list")
    numbers_column.subheader("NDCG at a glance")
    places = Places(
        buttons=list_column.container(),
        sortable=list_column.container(),
        headline=numbers_column.container(),
    )
    if ranked.items:
        judged = len(ranked.pool()) if settings.uses_pool else len(ranked.items)
        numbers_column.caption(conventions_line(settings, judged))
        places.formula = numbers_column.expander(
            "The formula with these numbers", key=FORMULA_KEY, on_change="rerun"
        )
        places.summary = numbers_column.expander(
            "In plain words, for a slide or an e-mail", key=SUMMARY_KEY, on_change="rerun"
        )
    list_editor()
    if ranked.items:
        details_frame(places, settings.k)
    buttons(places)
    live(places)


def chart_tabs(key: str) -> dict[str, DeltaGenerator]:
    """One tab a chart; the place of the open one (the others are drawn when opened)."""
    tabs = st.tabs(CHARTS, key=key, on_change="rerun")
    return {name: tab for name, tab in zip(CHARTS, tabs, strict=True) if tab.open}


def details_frame(places: Places, k: int) -> None:
    """Headings and places for the per-rank table and the charts, and the export expander."""
    st.subheader("Rank by rank")
    st.caption(f"Ranks 1 to {k}: the ones NDCG@{k} counts; the rows below the line are beyond k.")
    places.table = st.container()
    st.subheader("Charts")
    places.charts = chart_tabs(CHART_TAB_KEY)
    places.exports = st.expander(
        "Export the table (CSV, Markdown, LaTeX) and the charts (PNG, SVG)",
        key=EXPORTS_KEY,
        on_change="rerun",
    )


# ----------------------------------------------------------- classroom view --


def classroom_view(ranked: RankedList) -> None:
    """One projector screen: a bar (scenario, order buttons, settings, switch); the list with the
    headline under it on the left; the per-rank table and a chart on the right."""
    classroom_style()
    scenario.keep_settings()  # the picker, which keeps them otherwise, is not drawn
    settings = scenario.current_settings(ranked)  # k cut to what the list allows
    remember_the_page(ranked)
    name_column, buttons_column, settings_column, switch_column = st.columns(
        [2.2, 4.6, 1.1, 1.5], vertical_alignment="center"
    )
    name_column.markdown(f"**NDCG Playground** · {plain(current_scenario().title)}")
    with settings_column.popover("Settings", key="playground_classroom_settings", on_change="rerun") as box:
        if box.open:
            settings_controls(ranked)
    with switch_column:
        classroom_toggle()
    list_column, table_column = st.columns([1, 1.5], gap="medium")
    places = Places(
        buttons=buttons_column.container(),
        sortable=list_column.container(),
        headline=list_column.container(),
        classroom=True,
    )
    if ranked.items:
        judged = len(ranked.pool()) if settings.uses_pool else len(ranked.items)
        list_column.caption(conventions_in_brief(settings, judged))
        places.table = table_column.container()
        with table_column:
            places.charts = chart_tabs(CLASSROOM_TAB_KEY)
    buttons(places)
    live(places)


def main() -> None:
    ranked = scenario.current_list()
    if is_presenting():
        classroom_view(ranked)
    else:
        normal_view(ranked)


main()
