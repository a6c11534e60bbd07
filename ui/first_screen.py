"""Room on the first screen: the page starts right under the navigation bar.

Streamlit leaves 8rem above a page's content (its header, 60 px, plus a margin). On the pages
whose first screen must show the list and its numbers (the Playground's normal view, the lesson)
the content starts 4.5rem down instead: just under the navigation bar. Static CSS only.
"""

from __future__ import annotations

import streamlit as st

FIRST_SCREEN_CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 4.5rem; }
</style>
"""


def compact_top() -> None:
    """Start the page's content just under the navigation bar."""
    st.html(FIRST_SCREEN_CSS)
