"""The lesson's state: which step is shown, presentation mode, a pending "try it", and the questions.

Each step's question keeps its last answer (:class:`Answer`: right, wrong or skipped, with the
checker's words) until the learner asks for it again; a step that asks for an act keeps the order
the list had when the question was asked (:func:`start_order`). "Try it" remembers the step it
left, so the Playground can offer the way back (:func:`return_step`).

The step and presentation mode go into the link (``?step=5&present=1``), so an instructor's link
opens the lesson where they want it. Both are plain session state, so they outlast a visit to
another page. Presentation mode is the app's, not only the lesson's (the Playground's classroom
view is the same flag): it lives in :mod:`ui.state.presentation`, and is named here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
    "Answer",
    "answer",
    "ask_again",
    "ask_for_playground",
    "current_step",
    "forget_return",
    "go_to",
    "is_presenting",
    "link_params",
    "playground_asked_for",
    "restore_from_link",
    "return_step",
    "save_answer",
    "set_presenting",
    "start_order",
]

STEP_KEY = "lesson_step"
#: The switch that turns presentation mode on and off (a widget: Streamlit forgets it on other pages).
SWITCH_KEY = "lesson_presenting_switch"
#: Set by "try it"; the lesson then opens the Playground on its next run.
OPEN_PLAYGROUND_KEY = "lesson_open_playground"
#: The link's parameter for the step (1-based).
STEP_PARAM = "step"
#: Each step's last answer to its question, by step (0-based).
ANSWERS_KEY = "lesson_answers"
#: The order the list had when an act question was asked, by step (0-based).
START_ORDER_KEY = "lesson_start_order"
#: The step "try it" was pressed on (0-based), for the Playground's "Back to step N".
RETURN_KEY = "lesson_return_step"

Status = Literal["right", "wrong", "unreadable", "skipped"]


@dataclass(frozen=True)
class Answer:
    """A step's last answer: ``status`` and the checker's words (nothing for a skip)."""

    status: Status
    message: str = ""

    @property
    def reveals(self) -> bool:
        """True when the step may now show what its question asked for (a right answer, or a skip)."""
        return self.status in ("right", "skipped")


def current_step(count: int) -> int:
    """The step shown, from 0 to count − 1 (0 on the first visit)."""
    step = int(st.session_state.get(STEP_KEY, 0))
    return min(max(step, 0), count - 1)


def go_to(step: int, count: int) -> None:
    """Show ``step`` (clamped to the lesson)."""
    st.session_state[STEP_KEY] = min(max(step, 0), count - 1)


def ask_for_playground(step: int | None = None) -> None:
    """Remember that "try it" was pressed (a callback cannot switch pages itself), and on which step."""
    st.session_state[OPEN_PLAYGROUND_KEY] = True
    if step is not None:
        st.session_state[RETURN_KEY] = step


def return_step() -> int | None:
    """The step (0-based) "try it" was pressed on, while the Playground can offer the way back."""
    step = st.session_state.get(RETURN_KEY)
    return int(step) if step is not None else None


def forget_return() -> None:
    """The learner is back in the lesson: the Playground no longer offers "Back to step N"."""
    st.session_state.pop(RETURN_KEY, None)


def answer(step: int) -> Answer | None:
    """The last answer to step ``step``'s question (0-based), if any."""
    return st.session_state.get(ANSWERS_KEY, {}).get(step)


def save_answer(step: int, given: Answer) -> None:
    """Keep ``given`` as the answer to step ``step``'s question."""
    st.session_state[ANSWERS_KEY] = {**st.session_state.get(ANSWERS_KEY, {}), step: given}


def ask_again(step: int) -> None:
    """Forget step ``step``'s answer and the order its question started from."""
    st.session_state[ANSWERS_KEY] = {
        key: value for key, value in st.session_state.get(ANSWERS_KEY, {}).items() if key != step
    }
    st.session_state[START_ORDER_KEY] = {
        key: value for key, value in st.session_state.get(START_ORDER_KEY, {}).items() if key != step
    }


def start_order(step: int, ids: list[str]) -> list[str]:
    """The order the list had when step ``step``'s question was asked; ``ids`` (the order now) the
    first time, or when the items changed since."""
    orders = st.session_state.get(START_ORDER_KEY, {})
    kept = orders.get(step)
    if kept is None or sorted(kept) != sorted(ids):
        kept = list(ids)
        st.session_state[START_ORDER_KEY] = {**orders, step: kept}
    return list(kept)


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
