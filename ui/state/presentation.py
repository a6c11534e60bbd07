"""Presentation mode: one flag for the whole app, shared by the lesson and the Playground.

An instructor who turns it on stays presenting from page to page: the lesson shows its steps in
large type, the Playground its classroom view (the list, the headline, the table and a chart on
one projector screen), and the lesson's "try it" opens the Playground already in that view.
The flag goes into the link as ``present=1``, so an instructor's link opens either page ready
to project; turning it off takes it out of the link again.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

#: Whether presentation mode is on. (The name predates the Playground's classroom view; links,
#: tests and sessions already know it.)
PRESENTING_KEY = "lesson_presenting"
#: The link's parameter: ``present=1`` while presentation mode is on.
PRESENT_PARAM = "present"


def is_presenting() -> bool:
    """True while presentation mode (the lesson's) or the classroom view (the Playground's) is on."""
    return bool(st.session_state.get(PRESENTING_KEY, False))


def set_presenting(on: bool) -> None:
    """Turn presentation mode on or off, on every page."""
    st.session_state[PRESENTING_KEY] = on


def restore_from_link(params: Mapping[str, str]) -> None:
    """``present=1`` in a link turns presentation mode on."""
    if params.get(PRESENT_PARAM) == "1":
        set_presenting(True)


def link_params() -> dict[str, str]:
    """``{"present": "1"}`` while presenting, nothing otherwise."""
    return {PRESENT_PARAM: "1"} if is_presenting() else {}
