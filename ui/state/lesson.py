"""The lesson's state: which step is shown, presentation mode, and a pending "try it".

The step and presentation mode go into the link (``?step=5&present=1``), so an instructor's link
opens the lesson where they want it. Both are plain session state, so they outlast a visit to
another page. Presentation mode is the app's, not only the lesson's (the Playground's classroom
view is the same flag): it lives in :mod:`ui.state.presentation`, and is named here too.
"""

from __future__ import annotations

import streamlit as st

from ui.state import presentation
from ui.state.presentation import PRESENT_PARAM, PRESENTING_KEY, is_presenting, set_presenting

__all__ = [
    "OPEN_PLAYGROUND_KEY",
    "PRESENTING_KEY",
    "PRESENT_PARAM",
    "STEP_KEY",
    "STEP_PARAM",
    "SWITCH_KEY",
    "ask_for_playground",
    "current_step",
    "go_to",
    "is_presenting",
    "link_params",
    "playground_asked_for",
    "restore_from_link",
    "set_presenting",
]

STEP_KEY = "lesson_step"
#: The switch that turns presentation mode on and off (a widget: Streamlit forgets it on other pages).
SWITCH_KEY = "lesson_presenting_switch"
#: Set by "try it"; the lesson then opens the Playground on its next run.
OPEN_PLAYGROUND_KEY = "lesson_open_playground"
#: The link's parameter for the step (1-based).
STEP_PARAM = "step"


def current_step(count: int) -> int:
    """The step shown, from 0 to count − 1 (0 on the first visit)."""
    step = int(st.session_state.get(STEP_KEY, 0))
    return min(max(step, 0), count - 1)


def go_to(step: int, count: int) -> None:
    """Show ``step`` (clamped to the lesson)."""
    st.session_state[STEP_KEY] = min(max(step, 0), count - 1)


def ask_for_playground() -> None:
    """Remember that "try it" was pressed (a callback cannot switch pages itself)."""
    st.session_state[OPEN_PLAYGROUND_KEY] = True


def playground_asked_for() -> bool:
    """True once after "try it" was pressed."""
    return bool(st.session_state.pop(OPEN_PLAYGROUND_KEY, False))


def restore_from_link(params: dict[str, str]) -> None:
    """The step and presentation mode an instructor's link holds."""
    step = params.get(STEP_PARAM, "")
    if step.isdigit() and 1 <= int(step) <= 99:
        st.session_state[STEP_KEY] = int(step) - 1  # the lesson keeps it within its steps
    presentation.restore_from_link(params)


def link_params() -> dict[str, str]:
    """The step and presentation mode for the link, once the lesson has been opened."""
    params = {}
    if STEP_KEY in st.session_state:
        params[STEP_PARAM] = str(int(st.session_state[STEP_KEY]) + 1)
    return params | presentation.link_params()
