"""The live list: a sortable list, its headline and whatever depends on the order, redrawn together.

One unit that every page which lets a learner drag a list embeds: the Playground (normal and
classroom view), each step of the lesson, and later other pages. A page describes its list once
(:class:`LiveList`: its keys, its size, its order buttons, where its items come from), leaves
empty places in its own frame (:class:`Places`) and hands over the figure that follows the order
on that page (a :data:`Figure`: a callback drawn inside the same fragment after every drop, e.g.
the Playground's table and charts, or a step's gain column).

What a drop redraws: only the fragment (:func:`live_list`'s ``live`` part): the headline first (its
elements reach the browser before the rest), the list, then the page's figure. The headline
component also shows a drop's new DCG@k and NDCG@k in the frame of the drop, before the run
arrives (:mod:`ui.components.headline`). The order buttons are a second fragment, rerun with the
first when their state changes (undo becomes possible). A change the rest of the page must follow
(items added or removed, the judged pool; on the Playground any change while the editor is open)
reruns the whole page instead (:func:`follows_the_page`), and so does the headline's word that a
new tab's first run is drawn (:mod:`ui.state.first_paint`: the rest of the page is then due).

Who owns the list: the session's list has one owner, :mod:`ui.state.scenario`; a unit reads and
writes it through a :class:`Source` (:data:`SESSION`). A small example inside a step (the lesson's
rankings A and B) has a source of its own and never touches the session's list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ndcg_core import Headline, Ranking
from ndcg_core.metric.breakdown import breakdown_columns
from ui.components.headline import Figure as HeadlineFigure
from ui.components.headline import headline_row
from ui.components.sortable_list import revision
from ui.components.sortable_list.sortable_list import Size
from ui.draggable_list import draggable_list
from ui.drop_preview import DropPreview, drop_preview, headline_after_moves
from ui.headline import headline_notes, reading_lines, relation_line
from ui.order_buttons import Change, order_buttons
from ui.state import editor, first_paint, run_query, scenario
from ui.state.ranked_list import RankedList
from ui.state.settings import Settings
from ui.state.url import write_url

HeadlineName = Literal["dcg", "idcg", "ndcg"]
#: The headline's three numbers, in the order they are shown.
EVERY_NUMBER: tuple[HeadlineName, ...] = ("dcg", "idcg", "ndcg")


# ------------------------------------------------------------- the list's source --


@dataclass(frozen=True)
class Source:
    """Where a live list's items and settings come from, and where a drop or a button writes.

    ``read()`` gives the list, ``settings(ranked)`` the settings it is scored under, ``write(ranked)``
    replaces it (every change goes through it).
    """

    read: Callable[[], RankedList]
    settings: Callable[[RankedList], Settings]
    write: Callable[[RankedList], None]


#: The session's list and settings, as :mod:`ui.state.scenario` (their one owner) holds them.
SESSION = Source(scenario.current_list, lambda _ranked: scenario.read_settings(), scenario.set_list)


def session_empty_message() -> str:
    """The one message of an empty session list: what NDCG is taken as, and how to fill the list again."""
    k = scenario.wanted_k()
    return (
        f"The list is empty, so there is nothing to rank: IDCG@{k} = 0 and NDCG@{k} is taken as 0 "
        "(trec_eval's convention). Add items or paste a list under “Edit the list”, load the example "
        f"there, or undo to bring the last list back; k = {k} comes back with the items."
    )


# ------------------------------------------------------------------ the unit --


@dataclass(frozen=True)
class LiveList:
    """One embedding of the live list: its keys, how it looks, its buttons and where its items live.

    Every key derives from ``key``: the fragments ``<key>_live`` and ``<key>_buttons``, the list
    ``<key>_sortable``, the headline ``<key>_headline``. ``orders`` names the order buttons
    (:data:`ui.order_buttons.ORDERS`; none: no buttons), ``order_labels`` shorter words for them
    and ``order_key`` their keys' prefix. ``sentences`` adds the headline's reading in words and
    its division, which the headline writes and changes with its numbers in the frame of a drop;
    ``watch_editor`` reruns the whole page on any change while the Playground's editor is open
    (its table shows the order); ``preview`` shows what a drop would do while an item is held;
    ``notes`` replaces what is written under the headline (by default the IDCG = 0 rule when it
    decides). ``relation`` writes NDCG as the division of the headline's numbers under them,
    changing with them ("NDCG@5 = 6.31 / 14.60 = 0.43"); ``button_help=False`` leaves the order
    buttons without their tooltips (on a projector a tooltip left by a click covers the list under
    the buttons).
    """

    key: str
    source: Source = SESSION
    size: Size = "normal"
    max_height: str | None = None
    orders: tuple[str, ...] = ()
    order_labels: Mapping[str, str] | None = None
    order_key: str | None = None
    sentences: bool = True
    watch_editor: bool = False
    preview: bool = True
    aria_label: str = "Ranked list: drag, or focus a row and press Space to move it"
    empty_message: Callable[[], str] = session_empty_message
    notes: Callable[[LiveRun], None] | None = None
    relation: bool = False
    button_help: bool = True

    @property
    def live_key(self) -> str:
        return f"{self.key}_live"

    @property
    def buttons_key(self) -> str:
        return f"{self.key}_buttons"

    @property
    def sortable_key(self) -> str:
        return f"{self.key}_sortable"

    @property
    def headline_key(self) -> str:
        return f"{self.key}_headline"

    @property
    def drawn_for_key(self) -> str:
        return f"{self.key}_drawn_for"

    @property
    def last_change_key(self) -> str:
        return f"{self.key}_last_change"

    def button_key(self, name: str) -> str:
        """The widget key of order button ``name``."""
        return f"{self.order_key if self.order_key is not None else self.key + '_order_'}{name}"


@dataclass
class Places:
    """The empty places a page leaves for the unit: the list, the headline, the order buttons.

    The page's own figure draws into places the figure holds itself (it is drawn in the same
    fragment, after the list).
    """

    sortable: DeltaGenerator
    headline: DeltaGenerator | None = None
    buttons: DeltaGenerator | None = None


@dataclass(frozen=True)
class LastChange:
    """The list before and after the last change made through this unit (a drop or a button)."""

    before: RankedList
    after: RankedList

    @cached_property
    def move(self) -> tuple[int, int] | None:
        """(from rank, to rank), 1-based, when one item was taken out and put back elsewhere."""
        return single_move(self.before.ids, self.after.ids)


@dataclass(frozen=True)
class LiveRun:
    """One run of the unit: the list, its settings, the core's numbers for them, and the last change.

    Built once a run and shared by the headline, the list and the page's figure, so nothing is
    validated or computed twice.
    """

    unit: LiveList
    ranked: RankedList
    settings: Settings
    ranking: Ranking
    last: LastChange | None = None

    @cached_property
    def numbers(self) -> Headline:
        """DCG@k, IDCG@k and NDCG@k of the list."""
        return Headline.of(self.ranking)

    @cached_property
    def table(self) -> dict[str, Any]:
        """The core's per-rank breakdown, by column (quick to read)."""
        return breakdown_columns(self.ranking, self.ranked.names)

    @cached_property
    def preview(self) -> DropPreview:
        """What a drop at each place would do, rounded as the headline rounds."""
        return drop_preview(self.ranking, self.settings.decimals)

    @cached_property
    def before(self) -> Ranking | None:
        """The core's inputs for the list before the last change (same settings), if there was one."""
        if self.last is None or not self.last.before.items:
            return None
        return scenario.ranking(self.last.before, self.settings)


#: What a page draws after the list, in the same fragment, on every run and drop.
Figure = Callable[[LiveRun], None]


def single_move(before: Sequence[str], after: Sequence[str]) -> tuple[int, int] | None:
    """The one move (1-based ranks) that turns ``before`` into ``after``, or None.

    Two neighbours swapped are one move either way; it reads as the lower item moving up.

    >>> single_move(list("abcd"), list("dabc")), single_move(list("abcd"), list("bacd"))
    ((4, 1), (2, 1))
    >>> single_move(list("abcd"), list("badc")) is None
    True
    """
    if sorted(before) != sorted(after) or list(before) == list(after):
        return None
    first = next(i for i, (b, a) in enumerate(zip(before, after, strict=True)) if b != a)
    for source, target in ((before.index(after[first]), first), (first, after.index(before[first]))):
        moved = list(before)
        moved.insert(target, moved.pop(source))
        if moved == list(after):
            return source + 1, target + 1
    return None


# ------------------------------------------------------------ page and fragment --


def drawn_for(ranked: RankedList) -> tuple[object, ...]:
    """What the page outside the fragment shows of the list: its items (any order) and pool."""
    return (tuple(sorted(ranked.items, key=lambda item: item.id)), ranked.unlisted_grades)


def remember_the_page(unit: LiveList) -> None:
    """Note, on a run of the whole page, which list the page around the fragment was drawn for."""
    ranked = unit.source.read()
    st.session_state[unit.drawn_for_key] = (drawn_for(ranked), ranked)


def follows_the_page(unit: LiveList) -> bool:
    """True when a change since the page was drawn needs the whole page, not only the fragment.

    That is when the items or the pool changed (the k slider's range, the scenario's name, the
    table's headings), or, with ``watch_editor``, when the list changed at all while the editor
    is open (its table shows the order, and a refused edit's message must go with the change).
    """
    shape, ranked = st.session_state.get(unit.drawn_for_key, (None, None))
    now = unit.source.read()
    return shape != drawn_for(now) or (unit.watch_editor and ranked is not now and editor.is_open())


def last_change(unit: LiveList, ranked: RankedList) -> LastChange | None:
    """The last change made through ``unit``, if ``ranked`` is still what it made."""
    change = st.session_state.get(unit.last_change_key)
    return change if isinstance(change, LastChange) and change.after is ranked else None


def _write(unit: LiveList, after: RankedList) -> None:
    """Write a new list through the unit's source and remember the change (for the prose)."""
    before = unit.source.read()
    unit.source.write(after)
    st.session_state[unit.last_change_key] = LastChange(before, after)


def buttons_state(ranked: RankedList) -> tuple[bool, bool]:
    """What the order buttons show of the list: whether undo can act, whether an order can."""
    return ranked.can_undo, len(ranked.items) >= 2


def _reorder(unit: LiveList) -> Callable[[list[str]], None]:
    """A drop's callback: the new order; the buttons are redrawn too when their state changes."""

    def apply(ids: list[str]) -> None:
        before = unit.source.read()
        _write(unit, before.reordered(ids))
        if unit.orders and buttons_state(unit.source.read()) != buttons_state(before):
            st.rerun([unit.buttons_key, unit.live_key])  # else the drop reruns only the list's fragment

    return apply


def _change_and_redraw(unit: LiveList) -> Callable[[Change], Callable[[], None]]:
    """An order button's callback: change the list, then redraw the buttons and the live part."""

    def for_change(change: Change) -> Callable[[], None]:
        def apply_and_redraw() -> None:
            _write(unit, change(unit.source.read()))
            st.rerun([unit.buttons_key, unit.live_key])

        return apply_and_redraw

    return for_change


def _buttons(unit: LiveList, places: Places) -> None:
    """The order buttons (ideal, worst, … undo), each disabled while it cannot act."""
    with places.buttons:
        order_buttons(
            unit.source.read(),
            _change_and_redraw(unit),
            which=unit.orders,
            key=unit.button_key,
            labels=dict(unit.order_labels) if unit.order_labels else None,
            in_a_row=True,
            tooltips=unit.button_help,
        )


def _live(unit: LiveList, places: Places, figure: Figure | None, shown: tuple[HeadlineName, ...]) -> None:
    """Everything a drop changes, drawn into the places the page left for it."""
    if follows_the_page(unit) or first_paint.rest_due():
        st.rerun()  # the whole page, once
    ranked = unit.source.read()
    if not ranked.items:
        (places.headline or places.sortable).info(unit.empty_message())
    else:
        settings = unit.source.settings(ranked)
        run = LiveRun(unit, ranked, settings, scenario.ranking(ranked, settings), last_change(unit, ranked))
        draw(run, places, figure, shown)
    write_url()  # a fragment's run does not reach app.py's: the link must follow a drop too


def draw(run: LiveRun, places: Places, figure: Figure | None, shown: tuple[HeadlineName, ...]) -> None:
    """The headline (first: it reaches the browser before the rest), the list, then the page's figure.

    A new tab's first run sends the figure (its first chart) first instead: the browser then starts
    loading the chart's code while it draws the rest (:mod:`ui.state.first_paint`).
    """
    unit = run.unit
    chart_first = figure is not None and first_paint.waiting()
    if chart_first:
        figure(run)
    if places.headline is not None and shown:
        headline(run, shown, places.headline)
    with places.sortable:
        draggable_list(
            run.ranked,
            run.settings.k,
            key=unit.sortable_key,
            on_reorder=_reorder(unit),
            aria_label=unit.aria_label,
            preview=run.preview if unit.preview else None,
            size=unit.size,
            max_height=unit.max_height,
            unjudged=run_query.unjudged_ids(run.ranked) if unit.source is SESSION else (),
        )
    if figure is not None and not chart_first:
        figure(run)


def headline(run: LiveRun, shown: Sequence[HeadlineName], place: DeltaGenerator) -> None:
    """DCG@k, IDCG@k and NDCG@k (those ``shown``) into ``place``, shown at once after a drop (the
    headline holds them for every move); the IDCG = 0 rule when it decides; with the unit's
    ``sentences``, the reading in words and NDCG as the division it is (in a new tab's first run
    too: the settings that come with the rest go under them, and would jump if they came later)."""
    numbers, decimals = run.numbers, run.settings.decimals
    values = {"dcg": numbers.dcg, "idcg": numbers.idcg, "ndcg": numbers.ndcg}
    figures = [
        HeadlineFigure(name, f"{name.upper()}{numbers.at}", f"{values[name]:.{decimals}f}") for name in shown
    ]
    lines = reading_lines(numbers, decimals) if run.unit.sentences and tuple(shown) == EVERY_NUMBER else None
    with place:
        headline_row(
            figures,
            key=run.unit.headline_key,
            follows=run.unit.sortable_key,
            order=run.ranked.ids,
            after_moves=headline_after_moves(run.ranking, run.preview, shares=lines is not None),
            answers=revision(run.unit.sortable_key),
            size=run.unit.size,
            relation=lines.division if lines is not None else division(run, shown),
            reading=lines.reading if lines is not None else None,
            share=lines.share if lines is not None else "",
            on_painted=first_paint.painted if first_paint.waiting() else None,
        )
        if run.unit.notes is not None:
            run.unit.notes(run)
        else:
            headline_notes(numbers)


def division(run: LiveRun, shown: Sequence[HeadlineName]) -> str | None:
    """With the unit's ``relation`` and every number shown, NDCG as the division of them (large type)."""
    if run.unit.relation and tuple(shown) == EVERY_NUMBER:
        return relation_line(run.numbers, run.settings.decimals)
    return None


def live_list(
    unit: LiveList,
    places: Places,
    figure: Figure | None = None,
    *,
    headline: Sequence[HeadlineName] = EVERY_NUMBER,
) -> None:
    """Embed ``unit`` into ``places``: the order buttons, then the list, its headline and ``figure``.

    Call it after the page has drawn its frame (the places and whatever the figure draws into):
    the page around the fragment is remembered here, so that a drop that changes more than the
    order reruns the whole page. ``headline`` names the headline's numbers (none: no headline).
    """
    remember_the_page(unit)
    if unit.orders and places.buttons is not None:
        st.fragment(_buttons, key=unit.buttons_key)(unit, places)
    st.fragment(_live, key=unit.live_key)(unit, places, figure, tuple(headline))


@dataclass(frozen=True)
class Example:
    """A small list of a page's own (never the session's), kept in the session under ``key``, with
    fixed settings: e.g. the lesson's rankings A and B. :meth:`source` is its :class:`Source`."""

    key: str
    make: Callable[[], RankedList]
    settings: Callable[[RankedList], Settings]

    def read(self) -> RankedList:
        if self.key not in st.session_state:
            st.session_state[self.key] = self.make()
        return st.session_state[self.key]

    def write(self, ranked: RankedList) -> None:
        st.session_state[self.key] = ranked

    def source(self) -> Source:
        return Source(self.read, self.settings, self.write)
