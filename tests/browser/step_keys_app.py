"""Tiny Streamlit app with the lesson's keyboard listener next to a sortable list and a text field.

The browser tests check that ←/→, PageUp/PageDown and Escape step the counter, except while
the user types in the field or moves a row of the sortable list.

Run it by hand with::

    streamlit run tests/browser/step_keys_app.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

# `streamlit run` puts this file's folder on sys.path, not the repository root.
_REPO_ROOT = Path(__file__).resolve().parents[2]
if str(_REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(_REPO_ROOT))

from ui.components.sortable_list import SortableItem, sortable_list  # noqa: E402
from ui.components.step_keys import Direction, step_keys  # noqa: E402

st.session_state.setdefault("step", 0)
st.session_state.setdefault("exits", 0)
st.session_state.setdefault("order", ["a", "b", "c"])


def on_key(direction: Direction) -> None:
    """Count the steps the listener reports."""
    if direction == "exit":
        st.session_state.exits += 1
    else:
        st.session_state.step += 1 if direction == "next" else -1


def save_order(ids: list[str]) -> None:
    st.session_state.order = ids


st.text_input("Type here", key="typed")
st.markdown(f"step = {st.session_state.step} · exits = {st.session_state.exits}")
sortable_list(
    [SortableItem(item_id, f"item {item_id}", "grade 1") for item_id in st.session_state.order],
    key="demo_sortable",
    on_reorder=save_order,
)
step_keys(key="demo_keys", on_key=on_key, page_keys=True)
