"""“Ask the class”: the button in the classroom view, and the short form that starts a question.

The form takes the Playground's current list, k and gain. It offers the three kinds of question
(:mod:`ndcg_core.classroom.question`): an order (the highest NDCG@k, the lowest, or raise it with one
move), a number (DCG@k, IDCG@k or NDCG@k of this order), a choice (A, this order, or B, another order
of the same items, drawn again on request). It shows the question as the students will see it,
or, when the list cannot carry that question, why. "Start" opens a class (or asks the next question
in the class already open, whose students stay joined).
"""

from __future__ import annotations

import streamlit as st

from ndcg_core.classroom.question import ASKS, Question, make_question
from ndcg_core.metric.validation import NDCGInputError
from ui.classroom.controls import end_button
from ui.classroom.lists import question_lists
from ui.classroom.store import StoreFull, StoreUnavailable
from ui.plain_text import plain
from ui.state import classroom
from ui.state.ranked_list import RankedList
from ui.state.settings import Settings

KIND_KEY, ASKS_KEY, B_SEED_KEY, ERROR_KEY = (
    "class_form_kind",
    "class_form_asks_{}",
    "class_form_b_seed",
    "class_form_error",
)
KIND_WORDS = {"order": "Order: drag the list", "number": "Number: type a value", "choice": "Choice: A or B"}
ASKS_WORDS = {
    "highest": "the highest NDCG@k",
    "lowest": "the lowest NDCG@k",
    "one_move": "raise NDCG@k with one move",
    "dcg": "DCG@k",
    "idcg": "IDCG@k",
    "ndcg": "NDCG@k",
}


def ask_button() -> None:
    """The classroom view's button: opens the form (the next question, when a class is open)."""
    held = classroom.hosting()
    st.button(
        "Ask the class",
        key="class_ask_button",
        icon=":material/how_to_vote:",
        on_click=classroom.compose,
        help=(
            f"Class {held[0]} is open: ask its next question; its students stay joined."
            if held
            else "Put a question on this list to the room: students answer on their phones, the screen "
            "shows their answers as they arrive."
        ),
    )


def form_question(ranked: RankedList, settings: Settings) -> Question:
    """The question the form describes now, on the current list, k and gain (or NDCGInputError)."""
    kind = st.session_state.get(KIND_KEY, "order")
    asks = st.session_state.get(ASKS_KEY.format(kind), ASKS[kind][0])
    seed = int(st.session_state.get(B_SEED_KEY, 0))
    return make_question(asks, ranked.names, ranked.grades, settings.k, settings.gain, seed=seed)


def _start(question: Question) -> None:
    """Start's callback: the next question of the class this session hosts, or a new class."""
    st.session_state.pop(ERROR_KEY, None)
    try:
        classes = classroom.classes()
        held = classroom.hosting()
        if held is not None and classes.open(held[0]) is not None and classes.is_host(*held):
            classes.ask(held[0], held[1], question)
        else:
            classroom.host(*classes.start(question))
    except (StoreUnavailable, StoreFull) as error:
        st.session_state[ERROR_KEY] = str(error)
        return
    classroom.compose(False)


def _draw_b_again() -> None:
    st.session_state[B_SEED_KEY] = int(st.session_state.get(B_SEED_KEY, 0)) + 1


def ask_form(ranked: RankedList, settings: Settings) -> None:
    """The form, in place of the classroom view: the kind, what it asks, the question as asked, Start."""
    st.markdown("### Ask the class")
    choose, preview = st.columns([1, 1.6], gap="large")
    with choose:
        kind = st.radio("Kind of question", tuple(ASKS), format_func=KIND_WORDS.__getitem__, key=KIND_KEY)
        if kind == "choice":
            st.button("Draw another list B", key="class_form_draw_b", on_click=_draw_b_again)
        else:
            st.radio(
                "It asks for",
                ASKS[kind],
                format_func=lambda asks: ASKS_WORDS[asks].replace("@k", f"@{settings.k}"),
                key=ASKS_KEY.format(kind),
            )
        if settings.uses_pool:
            st.caption(
                "The Playground takes the ideal from the judged pool; a question to the class takes it from "
                "the listed items (as Practice does), so its IDCG and NDCG can differ from the Playground's."
            )
    try:
        question: Question | None = form_question(ranked, settings)
    except NDCGInputError as error:
        question = None
        preview.warning(plain(error))
    if question is not None:
        with preview:
            st.markdown(f"**{question.prompt}**")
            st.caption(plain(question.conventions))
            question_lists(question)
    if error := st.session_state.get(ERROR_KEY):
        st.error(plain(error))
    start, cancel, end = st.columns([1.3, 1, 1])
    start.button(
        "Start the question",
        key="class_form_start",
        type="primary",
        disabled=question is None,
        on_click=_start,
        args=(question,),
        width="stretch",
    )
    cancel.button(
        "Cancel", key="class_form_cancel", on_click=classroom.compose, args=(False,), width="stretch"
    )
    if classroom.hosting() is not None:
        with end:
            end_button()
