"""The classroom view of every page with a demo (``?present=1``): one projector screen, large type.

Presentation mode is one flag for the whole app (:mod:`ui.state.presentation`): the Playground,
What if, Variants and pitfalls and Compare each draw their classroom form while it is on, and the
top navigation stays on screen, so an instructor moves between them without leaving the mode
(the flag lives in the session, and every page writes ``present=1`` back into its link).

A classroom form is made of these pieces:

* :func:`classroom_bar`: the large type (:func:`ui.presentation.classroom_style`: the root type
  grows with the screen, 16 px at 1280×720, 23 px at 1920×1080), then one row: what is in force
  (k and the gain, in type read from the back of the room), a place for the page's buttons, its
  settings in a popover drawn only while open, and the switch;
* :func:`figure_box`: the place of the page's main figure, as tall as the screen has left; a chart
  drawn into it by :func:`projector_chart` fills it, in projector type
  (:mod:`ui.charts.projector`);
* :func:`figure_tabs`: the main figure first, the rest of the page one click away; only the open
  tab is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ndcg_core import GAIN_FORMULAS
from ui.charts.projector import projector
from ui.presentation import classroom_style, classroom_toggle
from ui.readable_text import text_colour

#: The height of what stands above a classroom form's figure: the navigation, the bar and the gaps.
#: A figure box is the screen's height less this (rem: it scales with the type).
CHROME = "7.4rem"
#: Static CSS: the figure boxes take the height left; the line of what is in force in large type.
LAYOUT_CSS = f"""
<style>
[data-testid="stLayoutWrapper"]:has(> [class*="st-key-classroom_figure_"]),
[class*="st-key-classroom_figure_"] {{
  height: calc(100vh - {CHROME}) !important; flex: 0 0 calc(100vh - {CHROME}) !important; overflow: hidden;
}}
[class*="st-key-classroom_figure_"] [data-testid="stTabs"] {{ min-height: 0; }}
.st-key-classroom_in_force p {{ font-size: 1.45rem !important; font-weight: 700; line-height: 1.2; margin: 0; }}
[class*="st-key-classroom_figure_"] [data-testid="stTabPanel"] {{
  overflow-y: auto; overflow-x: hidden; padding-top: 0.4rem;
}}
[data-testid="stPopoverBody"] {{ min-width: 22rem; }}
</style>
"""
#: A figure box's height before the CSS above sets it (Streamlit needs a fixed height for a chart
#: to fill its place): never shown as such.
BOX_PX = 400


@dataclass
class Bar:
    """The places of a classroom bar: the page's buttons, one more place (the Playground's lesson
    menu), and the settings popover's place, or None while it is closed (draw into it only then)."""

    buttons: DeltaGenerator
    extra: DeltaGenerator
    settings: DeltaGenerator | None


def k_and_gain(k: int, gain: str) -> str:
    """What the class must see from the back of the room: "k = 5 · gain 2^rel − 1".

    >>> k_and_gain(5, "exponential"), k_and_gain(3, "linear")
    ('k = 5 · gain 2^rel − 1', 'k = 3 · gain rel')
    """
    return f"k = {k} · gain {GAIN_FORMULAS[gain]}"


#: The bar's columns: what is in force, the buttons, the extra place, Settings, the switch.
BAR_WIDTHS = (2.3, 4.4, 1.1, 1.1, 1.7)


def classroom_bar(settings_key: str, what: str, widths: Sequence[float] = BAR_WIDTHS) -> Bar:
    """The classroom form's frame and its one row: ``what`` in large type (e.g. :func:`k_and_gain`),
    the page's buttons, an extra place, the settings popover (``settings_key``) and the switch."""
    classroom_style()
    st.html(LAYOUT_CSS)
    what_column, buttons_column, extra_column, settings_column, switch_column = st.columns(
        list(widths), vertical_alignment="center"
    )
    with what_column.container(key="classroom_in_force"):
        st.markdown(what)
    box = settings_column.popover("Settings", key=settings_key, on_change="rerun", width="stretch")
    with switch_column:
        classroom_toggle()
    return Bar(buttons=buttons_column, extra=extra_column, settings=box if box.open else None)


def figure_box(key: str) -> DeltaGenerator:
    """A place as tall as the screen has left under the bar (``classroom_figure_<key>``)."""
    return st.container(key=f"classroom_figure_{key}", height=BOX_PX, border=False)


def figure_tabs(names: Sequence[str], key: str) -> dict[str, DeltaGenerator]:
    """One tab each, filling their place; the place of the open one (the others are drawn when opened)."""
    tabs = st.tabs(names, key=key, on_change="rerun", height="stretch")
    return {name: tab for name, tab in zip(names, tabs, strict=True) if tab.open}


def projector_chart(place: DeltaGenerator, spec: dict[str, Any], **options: Any) -> Any:
    """``spec`` in projector type, filling ``place`` (a :func:`figure_box` or a tab in one)."""
    return place.vega_lite_chart(
        projector(spec, text_colour(), legend="right"), width="stretch", height="stretch", **options
    )


def draw_when_open(places: dict[str, DeltaGenerator], drawers: dict[str, Callable[[], None]]) -> None:
    """Draw each open place's content (``drawers`` by tab name)."""
    for name, place in places.items():
        with place:
            drawers[name]()
