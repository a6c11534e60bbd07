"""The instructor's controls of a class: Reveal, Ask again, Back to the demo, End the class.

Each is a button whose callback goes through the service with this session's token
(:mod:`ui.classroom.service` checks it in constant time); a session without the token has no
buttons to press, and a forged call does nothing but say so.
"""

from __future__ import annotations

import streamlit as st

from ui.classroom.service import NotTheHost
from ui.classroom.store import StoreUnavailable
from ui.state import classroom

#: Where a refused control leaves its reason for the next run.
REFUSED_KEY = "class_control_refused"


def _control(action: str, number: int = 0) -> None:
    """A control's callback: act on the class this session hosts."""
    held = classroom.hosting()
    if held is None:
        return
    code, token = held
    classes = classroom.classes()
    try:
        if action == "reveal":
            classes.reveal(code, token, number)
        elif action == "idle":
            classes.idle(code, token)
        elif action == "end":
            classes.end(code, token)
            classroom.stop_hosting(f"Class {code} has ended: its answers are deleted.")
    except NotTheHost as error:
        classroom.stop_hosting(str(error))
    except StoreUnavailable as error:
        st.session_state[REFUSED_KEY] = str(error)


def reveal_button(number: int) -> None:
    st.button(
        "Reveal",
        key="class_reveal",
        type="primary",
        icon=":material/visibility:",
        on_click=_control,
        args=("reveal", number),
        width="stretch",
        help="Stop taking answers; show the right answer, the share that had it and the common mistakes",
    )


def ask_again_button() -> None:
    st.button(
        "Ask again",
        key="class_ask_again",
        type="primary",
        icon=":material/how_to_vote:",
        on_click=classroom.compose,
        width="stretch",
        help="Another question in the same class: the students stay joined",
    )


def back_to_the_demo_button() -> None:
    st.button(
        "Back to the demo",
        key="class_back_to_demo",
        icon=":material/swap_vert:",
        on_click=_control,
        args=("idle",),
        width="stretch",
        help="The classroom view again; this question's answers are deleted, the class stays open for the next",
    )


def end_button() -> None:
    st.button(
        "End the class",
        key="class_end",
        icon=":material/logout:",
        on_click=_control,
        args=("end",),
        width="stretch",
        help="Close the class: its code stops working and every answer is deleted",
    )


def pop_refused() -> str | None:
    """Why the last control could not act (the store out of reach), once."""
    return st.session_state.pop(REFUSED_KEY, None)
