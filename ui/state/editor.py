"""The list editor's widgets and its messages.

A message belongs to the action that caused it: a refused edit's message is kept with the list
it refused to change, and is shown only while that list is still the one on screen. The next
successful change of any kind (another edit, undo, "Empty the list", a drop, a scenario) puts a
new list in the session, and the message goes with the old one.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from ui.state.ranked_list import RankedList
from ui.state.scenario import current_list

EDITOR_OPEN_KEY = "editor_open"
ADD_NAME_KEY = "editor_add_name"
ADD_GRADE_KEY = "editor_add_grade"
ADD_ERROR_KEY = "editor_add_error"
PASTE_KEY = "editor_paste"
PASTE_ERROR_KEY = "editor_paste_error"
TABLE_ERROR_KEY = "editor_table_error"
#: Every message the editor keeps, one per form.
MESSAGE_KEYS = (ADD_ERROR_KEY, PASTE_ERROR_KEY, TABLE_ERROR_KEY)


@dataclass(frozen=True, eq=False)
class Message:
    """A refused edit's message and the list it left unchanged."""

    text: str
    about: RankedList


def refuse(key: str, text: str) -> None:
    """Keep ``text`` beside its form (``key``) for as long as the list stays as it is now."""
    st.session_state[key] = Message(text, current_list())


def message(key: str) -> str | None:
    """The form's message, while the list it was about is still the session's list."""
    kept = st.session_state.get(key)
    if isinstance(kept, Message) and kept.about is current_list():
        return kept.text
    return None


def clear(key: str) -> None:
    """Forget the form's message (its edit has just succeeded)."""
    st.session_state.pop(key, None)


def drop_stale_messages() -> bool:
    """Forget every message whose list has changed since; True if one was forgotten."""
    stale = [key for key in MESSAGE_KEYS if key in st.session_state and message(key) is None]
    for key in stale:
        clear(key)
    return bool(stale)


def is_open() -> bool:
    """True while the editor's expander is open."""
    return bool(st.session_state.get(EDITOR_OPEN_KEY, False))
