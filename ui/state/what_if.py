"""What if's own state: the two ranks chosen for a keyboard swap, and the swap map's version.

The map's widget key changes after every swap (:func:`next_map`), so the redrawn map has no cell
selected and a click on it is never one that was already applied.
"""

from __future__ import annotations

import streamlit as st

MAP_VERSION_KEY = "what_if_map_version"
SWAP_FIRST_KEY, SWAP_SECOND_KEY = "what_if_swap_first", "what_if_swap_second"


def map_key() -> str:
    """The swap map's widget key for this run."""
    return f"what_if_swap_map_{st.session_state.get(MAP_VERSION_KEY, 0)}"


def next_map() -> None:
    """After a swap: the next run draws a fresh map (no cell selected)."""
    st.session_state[MAP_VERSION_KEY] = st.session_state.get(MAP_VERSION_KEY, 0) + 1
