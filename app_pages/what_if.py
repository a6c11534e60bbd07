"""What if: every swap of the Playground's list at once, the best single change, and every possible order.

Thin by design: read the list and settings from the session, ask ``ndcg_core.metric.what_if`` for
every number, draw. Clicking a cell of the swap map (or choosing two ranks by keyboard)
makes that swap in the list the Playground shows.
"""

from __future__ import annotations

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ndcg_core import Headline, Ranking
from ndcg_core.metric.what_if import (
    Change,
    OrderDistribution,
    best_change,
    binned,
    order_distribution,
    swap_map,
)
from ndcg_core.teaching import wording
from ndcg_core.teaching.changes import change_sentence, no_change_message
from ui.charts.what_if import CELL_SELECTION, orders_spec, swap_map_spec
from ui.classroom_view import classroom_bar, figure_box, figure_tabs, k_and_gain, projector_chart
from ui.controls import conventions_line, settings_controls
from ui.draggable_list import draggable_list
from ui.exports import chart_exports
from ui.glossary import linked_note, term_help, term_link
from ui.order_buttons import order_buttons
from ui.plain_text import plain
from ui.scenario_picker import current_scenario
from ui.state import scenario
from ui.state.presentation import is_presenting
from ui.state.ranked_list import RankedList
from ui.state.settings import Settings
from ui.state.what_if import SWAP_FIRST_KEY, SWAP_SECOND_KEY, map_key, next_map


@st.cache_data(max_entries=64, show_spinner=False)
def distribution(
    grades: tuple[float, ...], k: int, gain: str, pool: tuple[float, ...] | None
) -> OrderDistribution:
    """The distribution over every order depends on the grades only: computed once per list."""
    return order_distribution(Ranking.of(grades, k, gain=gain, ideal=pool))


def apply(change: Change) -> None:
    """Make ``change`` in the session's list (a callback: the page then redraws once)."""
    scenario.reorder_list(change.apply(scenario.current_list().ids))
    next_map()


def swap(first: int, second: int) -> None:
    """Swap the items at ranks ``first`` and ``second``."""
    if first != second:
        apply(Change("swap", first, second, 0.0, 0.0))


def clicked_cell(chart_key: str) -> None:
    """The swap map's click callback: swap the two ranks of the clicked cell."""
    picked = st.session_state[chart_key].selection.get(CELL_SELECTION) or []
    if picked:
        swap(int(picked[0]["first"]), int(picked[0]["second"]))


def the_list(ranked: RankedList, k: int, *, large: bool = False) -> None:
    """The list, draggable here too (in projector type, in a box of its own, with ``large``)."""
    size = {"size": "large", "max_height": "calc(100vh - 13.5rem)"} if large else {}
    draggable_list(ranked, k, key="what_if_sortable", on_reorder=scenario.reorder_list, **size)


def undo_button(ranked: RankedList, *, alone: bool = False) -> None:
    """Undo the last change of the list (a swap, a drop, a change made here or on the Playground);
    ``alone``: as wide as its place (the classroom bar), not a third of it."""
    order_buttons(
        ranked, scenario.change_list, which=("undo",), key=lambda name: f"what_if_{name}", in_a_row=alone
    )


def best_single_change(
    ranking: Ranking, names: list[str], at: str, button: DeltaGenerator | None = None
) -> None:
    """The one swap or move that raises NDCG@k the most, in words, with a button that makes it
    (in ``button``, a place of its own, when given; the heading only without it).

    When there is none, the core says why (:func:`no_change_message`): the ideal order (a success
    only when NDCG@k is exactly 1), judged items the list lacks, or nothing relevant at all.
    """
    if button is None:
        st.subheader("The best single change")
    change = best_change(ranking)
    if change is None:
        if ranking.idcg <= 0:
            nothing = wording.capitalised(wording.nothing_relevant(ranking.ideal_source))
            value = wording.share(ranking.ndcg)
            st.warning(f"IDCG{at} = 0: {nothing}, so every order scores {value}: no reordering changes it.")
            return
        show = st.success if wording.is_one(ranking.ndcg) else st.info
        show(plain(no_change_message(ranking)))
        return
    sentence = change_sentence(change, names, at)
    st.info(plain(wording.capitalised(sentence) + "."))
    (button or st).button(
        "Make this change", on_click=apply, args=(change,), type="primary", key="what_if_best"
    )


def swap_map_words(settings: Settings, current: float) -> str:
    """What a cell of the swap map is."""
    return (
        f"Cell (i, j): NDCG@{settings.k} after swapping ranks i and j, against "
        f"{wording.share(current, settings.decimals)} now (blue: higher, vermillion: lower; the number in each "
        "cell is the change). Click a cell to make that swap."
    )


def swap_map_chart(place: DeltaGenerator, spec: dict, *, large: bool = False) -> None:
    """The swap map, a click on a cell makes that swap (``large``: in projector type, filling ``place``)."""
    chart_key = map_key()
    selection = {
        "key": chart_key,
        "on_select": lambda: clicked_cell(chart_key),
        "selection_mode": CELL_SELECTION,
    }
    if large:
        projector_chart(place, spec, **selection)
    else:
        place.vega_lite_chart(spec, width="content", **selection)


def swap_map_section(ranked: RankedList, ranking: Ranking, settings: Settings, current: float) -> dict:
    """The heatmap of every swap, and the same swaps by keyboard: two ranks and a button."""
    st.subheader("Every swap")
    st.caption(swap_map_words(settings, current))
    table = swap_map(ranking)
    spec = swap_map_spec(table, current, ranked.names, settings.k)
    map_column, keyboard_column = st.columns([3, 2], gap="large")
    swap_map_chart(map_column, spec)
    with keyboard_column:
        keyboard_swap(ranked, table, settings.decimals, f"@{settings.k}")
    return spec


def keyboard_swap(ranked: RankedList, table: np.ndarray, decimals: int, at: str) -> None:
    """Two ranks and a button: every swap of the map without a mouse."""
    n = len(ranked.items)
    label = {rank: f"{rank}. {ranked.names[rank - 1]}" for rank in range(1, n + 1)}
    st.markdown("**Or choose two ranks** (by keyboard too):")
    first = st.selectbox("Swap rank", label, format_func=label.get, key=SWAP_FIRST_KEY)
    second = st.selectbox("with rank", label, index=min(1, n - 1), format_func=label.get, key=SWAP_SECOND_KEY)
    st.button("Swap them", on_click=swap, args=(first, second), disabled=first == second, key="what_if_swap")
    if first != second:
        st.caption(swap_preview(float(table[0, 0]), float(table[first - 1, second - 1]), decimals, at))


def swap_preview(now: float, after: float, decimals: int, at: str) -> str:
    """What a swap would do to NDCG@k, with the digits that differ (never "from 1.00 to 1.00").

    >>> swap_preview(0.9975, 0.9982, 2, "@10")
    'NDCG@10 would go from 0.9975 to 0.9982 (+0.0007).'
    >>> swap_preview(0.5, 0.5, 2, "@3")
    'NDCG@3 would stay at 0.50: this swap changes nothing.'
    """
    if wording.same(now, after):
        return f"NDCG{at} would stay at {wording.share(now, decimals)}: this swap changes nothing."
    before_text, after_text = wording.pair(now, after, decimals)
    places = len(before_text.partition(".")[2])
    return f"NDCG{at} would go from {before_text} to {after_text} ({after - now:+.{places}f})."


def orders_section(ranked: RankedList, settings: Settings, current: float, *, large: bool = False) -> dict:
    """Where the current order falls among every order of the same items (``large``: the chart in
    projector type, filling the place it is drawn in)."""
    at = f"@{settings.k}"
    if not large:
        st.subheader("Every order")
    pool = tuple(ranked.pool()) if settings.uses_pool else None
    d = distribution(tuple(ranked.grades), settings.k, settings.gain, pool)
    where, worst, mean, best = st.columns(4)
    decimals = settings.decimals
    where.metric("Your order's percentile", f"{d.percentile(current):.0f}", help=_percentile_help(d, current))
    worst.metric(f"Worst NDCG{at}", wording.share(d.worst, decimals), help="The lowest gains first")
    mean.metric(
        f"Random order, NDCG{at} on average",
        wording.share(d.random_mean, decimals),
        help="mean(gain) × Σ discount over the top k, ÷ IDCG: every item is equally likely at every rank",
    )
    best.metric(f"Best NDCG{at}", wording.share(d.best, decimals), help="The listed items in the ideal order")
    st.markdown(_orders_reading(d, current, at, settings.decimals))
    spec = orders_spec(binned(d.values, 20), current, d.random_mean, decimals)
    if large:
        projector_chart(st.container(height="stretch"), spec)
    else:
        st.vega_lite_chart(spec, width="stretch")
    return spec


def _percentile_help(d: OrderDistribution, current: float) -> str:
    below, equal = wording.percent(d.share_below(current), 1), wording.percent(d.share_equal(current), 1)
    return f"{below} of the orders score lower and {equal} the same; the percentile counts half of the ties."


def _orders_reading(d: OrderDistribution, current: float, at: str, decimals: int) -> str:
    """What the distribution says, in a sentence or two, and how it was computed."""
    how = (
        f"Exact: all {d.orders:,} orders of these {d.items} items."
        if d.exact
        else f"Estimated from {len(d.values):,} random orders (seed {d.seed}) of the {d.orders:.3g} possible; "
        "the worst, best and random-order values are exact."
    )
    return (
        f"Your order scores higher than {wording.percent(d.share_below(current))} of all orders. "
        f"{term_link('random-order baseline', 'A random order')} scores {wording.share(d.random_mean, decimals)} "
        "on average, not 0, and even the worst "
        f"order scores {wording.share(d.worst, decimals)}: NDCG's floor depends on the grades (how many relevant "
        f"items there are to place in the top k). {how}"
    )


def main() -> None:
    scenario.keep_settings()  # the shared settings, drawn on other pages too, keep their values here
    ranked = scenario.current_list()
    if is_presenting():
        classroom_view(ranked)
        return
    st.title("What if")
    shown = current_scenario()
    st.caption(
        f"{plain(shown.title)} · the Playground's list. Every swap at once, the best single change, "
        "and where this order falls among all possible orders."
    )
    if len(ranked.items) < 2:
        st.info(TOO_SHORT)
        return
    settings = settings_controls(ranked)
    ranking = scenario.ranking(ranked, settings)
    numbers = Headline.of(ranking)
    linked_note(conventions_line(settings, numbers.judged, linked=True, basics=True))
    list_column, right = st.columns([2, 3], gap="large")
    with list_column:
        st.subheader("The ranked list")
        the_list(ranked, settings.k)
        undo_button(ranked)
    with right:
        st.metric(
            f"NDCG{numbers.at} now", wording.share(numbers.ndcg, settings.decimals), help=term_help("NDCG@k")
        )
        best_single_change(ranking, ranked.names, numbers.at)
    charts = {
        "Every swap": swap_map_section(ranked, ranking, settings, numbers.ndcg),
        "Every order": orders_section(ranked, settings, numbers.ndcg),
    }
    chart_exports(charts, key="what_if_chart_exports")


TOO_SHORT = "What if needs a list of two items or more: add items on the Playground."
#: The classroom view's figures, one tab each: the swap map first.
CLASSROOM_TABS = ("Every swap", "Every order")


def classroom_view(ranked: RankedList) -> None:
    """One projector screen: NDCG@k now and the list on the left; the best change and the swap map
    (or every order, one click away) on the right; the settings in a popover."""
    settings = scenario.current_settings(ranked)
    bar = classroom_bar("what_if_classroom_settings", k_and_gain(settings.k, settings.gain))
    if bar.settings is not None:
        with bar.settings:
            settings_controls(ranked, layout="column")
    if len(ranked.items) < 2:
        st.info(TOO_SHORT)
        return
    ranking = scenario.ranking(ranked, settings)
    numbers = Headline.of(ranking)
    undo_column, best = bar.buttons.columns([1, 1.8])
    with undo_column:
        undo_button(ranked, alone=True)
    list_column, figure_column = st.columns([1.15, 1.6], gap="medium")
    with list_column:
        st.metric(f"NDCG{numbers.at} now", wording.share(numbers.ndcg, settings.decimals))
        the_list(ranked, settings.k, large=True)
    with figure_column, figure_box("what_if"):
        best_single_change(ranking, ranked.names, numbers.at, button=best)
        tabs = figure_tabs(CLASSROOM_TABS, key="what_if_classroom_tab")
        if "Every swap" in tabs:
            with tabs["Every swap"]:
                spec = swap_map_spec(swap_map(ranking), numbers.ndcg, ranked.names, settings.k, fill=True)
                swap_map_chart(st.container(height="stretch"), spec, large=True)
        if "Every order" in tabs:
            with tabs["Every order"]:
                orders_section(ranked, settings, numbers.ndcg, large=True)


main()
