"""Tiny Streamlit app that shows the sortable list, for the browser tests.

Run it by hand with::

    streamlit run tests/browser/sortable_demo_app.py
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

NAMES = [
    "Portable Bluetooth Speaker",
    "Wired Headphones",
    "JBL Bluetooth Headphones",
    "Sony Bluetooth Headphones",
    "Wireless Earbuds",
    "Gaming Headset",
    "Bose Wireless Headphones",
]
GRADES = [1, 0, 2, 3, 1, 0, 3]
ITEMS = {
    f"i{index + 1}": SortableItem(f"i{index + 1}", name, f"grade {grade}")
    for index, (name, grade) in enumerate(zip(NAMES, GRADES, strict=True))
}


def save_order(new_ids: list[str]) -> None:
    """Store the order the user dropped (called before the script reruns).

    With "Lock order" ticked the app ignores the drop, so the page must go
    back to the order Python keeps.
    """
    if st.session_state.get("locked"):
        return
    st.session_state.order = new_ids
    st.session_state.reorders += 1


def reverse_order() -> None:
    """Reverse the order on the Python side, like an "ideal order" button."""
    st.session_state.order = list(reversed(st.session_state.order))


# `?extra=<text>` adds an 8th item labelled <text>: the tests use it to check
# that labels are shown as text, never parsed as HTML.
if "extra" in st.query_params:
    ITEMS["x1"] = SortableItem("x1", st.query_params["extra"], "grade 0")

st.session_state.setdefault("order", list(ITEMS))
st.session_state.setdefault("reorders", 0)
st.session_state.runs = st.session_state.get("runs", 0) + 1

st.title("Sortable list demo")
sortable_list(
    [ITEMS[item_id] for item_id in st.session_state.order],
    key="ranking",
    on_reorder=save_order,
    cutoff=5,
    aria_label="Search results, best first",
)
st.button("Reverse", on_click=reverse_order)
st.checkbox("Lock order", key="locked")
st.text("order: " + ",".join(st.session_state.order))
st.text(f"reorders: {st.session_state.reorders}")
st.text(f"runs: {st.session_state.runs}")
