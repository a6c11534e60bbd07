"""The app's one style element, drawn by ``app.py`` before each page: static CSS, no user text.

* Every page: captions and a slider's value in the page's own text colour, and room around a
  displayed formula (:data:`ui.readable_text.CAPTION_CSS`).
* The pages whose first screen must show the list and its numbers (the Playground's normal view
  and the lesson, outside presentation mode; :attr:`ui.navigation.PageFile.starts_under_the_bar`):
  the content starts just under the navigation bar (:data:`FIRST_SCREEN_CSS`), and the places
  held for a new tab's second run keep their heights (:data:`ui.held_places.HELD_PLACES_CSS`).

One element, not one per rule: every element of a run costs a new tab's browser main-thread time
before its first chart (React, CSS-in-JS, and for ``st.html`` a sanitiser), and the Playground's
first draw is measured against a bare page (:mod:`ui.state.first_paint`, docs/performance.md).
"""

from __future__ import annotations

import streamlit as st

from ui.held_places import HELD_PLACES_CSS
from ui.readable_text import CAPTION_CSS

#: Room on the first screen. Streamlit leaves 8rem above a page's content (its header, 60 px, plus
#: a margin); these pages start 4.5rem down instead: just under the navigation bar.
FIRST_SCREEN_CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 4.5rem; }
</style>
"""


def page_css(*, compact_top: bool) -> str:
    """The CSS of the page's style element (``compact_top``: start just under the navigation bar).

    >>> "padding-top" in page_css(compact_top=True), "padding-top" in page_css(compact_top=False)
    (True, False)
    """
    return CAPTION_CSS + (FIRST_SCREEN_CSS + HELD_PLACES_CSS if compact_top else "")


def page_style(*, compact_top: bool = False) -> None:
    """Add the page's style element (a style element takes no space in the layout)."""
    st.html(page_css(compact_top=compact_top))
