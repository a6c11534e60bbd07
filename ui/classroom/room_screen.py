"""What the projector shows while the room answers, and on Reveal.

**While answering** (1280×720, large type): the question; the join link as text, a full URL
ending in ``?class=CODE``, and its QR code; the list the question is about; the live count
"N answers" and the room's answers as bars (:mod:`ui.charts.classroom`), the right answer hidden.
The count and the bars are one fragment that reruns every :data:`LIVE_EVERY_S` second, so they
follow the room without the instructor touching anything.

**On Reveal**: the right answer, the share of the room that had it, the most common wrong answers
each named by Practice's slip detection ("12 of you used 2^rel without the −1"), the bars split
into right and not; for an order question the best order and the best order sent. Then "Ask again"
(the next question, same class) or "Back to the demo".

Every number and sentence comes from :mod:`ndcg_core.classroom`.
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ndcg_core.classroom.question import Question
from ndcg_core.classroom.room import Room, distribution, room
from ndcg_core.classroom.words import (
    answers_words,
    best_sent_words,
    mistake_words,
    right_answer_words,
    right_share_words,
)
from ui.charts.classroom import room_spec
from ui.classroom import controls
from ui.classroom.ask_form import ask_form
from ui.classroom.join_link import join_url, qr_code
from ui.classroom.lists import compact_list, ordered, question_lists, side_by_side
from ui.classroom.service import Class, NotTheHost
from ui.classroom.store import StoreUnavailable
from ui.plain_text import plain
from ui.presentation import classroom_style
from ui.readable_text import text_colour
from ui.state import classroom
from ui.state.ranked_list import RankedList
from ui.state.settings import Settings

#: The count and the bars follow the room this often, in seconds: twice a second, so that the count
#: shows a new answer within a second of its arrival even when a run of the fragment is slow.
LIVE_EVERY_S = 0.5
#: How many of the most common wrong answers the reveal names.
MISTAKES_SHOWN = 3
#: The room screen's own type: the join link and the count read from the back of a room.
ROOM_CSS = """
<style>
.st-key-class_join_url p { font-family: monospace; font-size: 1.3rem !important; word-break: break-all; }
.st-key-class_count h2 { font-size: 3.4rem; padding: 0; line-height: 1.1; }
.st-key-class_share h3 { font-size: 2rem; padding: 0; }
[data-testid="stMain"] [data-testid="stMarkdownContainer"] li { font-size: 1.05rem; }
</style>
"""
#: The axis under the bars, by kind of question.
AXIS = {"order": "NDCG@k of the orders sent", "number": "the values typed", "choice": "the choice"}


def ask_the_class_screen(ranked: RankedList, settings: Settings) -> bool:
    """The form or the room, in place of the Playground's page, when one is open; False otherwise."""
    if note := classroom.pop_note():
        st.info(plain(note))
    if classroom.composing():
        classroom_style()  # the classroom view's type, as the demo has it
        ask_form(ranked, settings)
        return True
    held = classroom.hosting()
    if held is None:
        return False
    try:
        the_class = classroom.classes().open(held[0])
        if the_class is None:
            classroom.stop_hosting()
            st.info(
                f"Class {held[0]} has ended or expired (a class lasts 24 hours): its answers are deleted."
            )
            return False
        if not classroom.classes().is_host(*held):
            classroom.stop_hosting()
            st.warning(
                f"This link's instructor key is not the key of class {held[0]}: its controls stay locked."
            )
            return False
    except StoreUnavailable as error:
        st.error(f"{plain(error)} The class's answers are safe in the store; reload this page in a moment.")
        return True
    if the_class.question is None:
        return False  # between questions: the demo, with "Ask the class" for the next one
    room_screen(the_class, held[1])
    return True


def room_screen(the_class: Class, token: str) -> None:
    """The question with the controls beside it; then, while answering, the join link, the list, the
    count and the bars; on Reveal, what the room got right and wrong."""
    question = the_class.question
    assert question is not None
    classroom_style()
    st.html(ROOM_CSS)
    title, *buttons = st.columns([3.6, 1, 1.15, 1], vertical_alignment="center")
    title.markdown(f"### Question {the_class.number}: {question.prompt}")
    with buttons[0]:
        if the_class.asking:
            controls.reveal_button(the_class.number)
        else:
            controls.ask_again_button()
    with buttons[1]:
        controls.back_to_the_demo_button()
    with buttons[2]:
        controls.end_button()
    st.caption(plain(question.conventions))
    if refused := controls.pop_refused():
        st.error(plain(refused))
    if not the_class.asking:
        _revealed(the_class, token)
        return
    join, listed, live = st.columns([1, 1.5, 1.3], gap="medium")
    with join:
        _join_block(the_class.code)
    with listed:
        side_by_side(question)
    count, chart = live.container(key="class_count"), live.container()
    st.fragment(_live, run_every=LIVE_EVERY_S)(the_class, token, count, chart)


def _join_block(code: str) -> None:
    """The join link as text and as a QR code."""
    url = join_url(code)
    st.markdown("**Answer on your phone:**")
    with st.container(key="class_join_url"):
        st.markdown(plain(url))
    qr_code(url)


def _answers(the_class: Class, token: str) -> list:
    question = the_class.question
    assert question is not None
    return classroom.classes().answers(the_class.code, token, question)


def _live(the_class: Class, token: str, count: DeltaGenerator, chart: DeltaGenerator) -> None:
    """The count and the bars, as the store holds them now (the right answer hidden)."""
    question = the_class.question
    assert question is not None
    try:
        answers = _answers(the_class, token)
    except (StoreUnavailable, NotTheHost) as error:
        count.warning(plain(error))
        return
    count.markdown(f"## {answers_words(len(answers))}")
    bars = distribution(question, answers)
    if not any(bar.count for bar in bars):
        chart.caption("The room's answers appear here as bars as they arrive; the right answer stays hidden.")
        return
    chart.vega_lite_chart(
        room_spec(bars, AXIS[question.kind], revealed=False, text=text_colour()), width="stretch"
    )


def _revealed(the_class: Class, token: str) -> None:
    """The right answer, the share, the common mistakes; the best orders; the bars split."""
    question = the_class.question
    assert question is not None
    try:
        summed = room(question, _answers(the_class, token))
    except StoreUnavailable as error:
        st.error(plain(error))
        return
    words, best, sent, bars = st.columns([1.15, 1.05, 1.05, 1.3], gap="medium")
    with words:
        st.markdown(f"**The answer.** {plain(right_answer_words(question))}")
        with st.container(key="class_share"):
            st.markdown(f"### {right_share_words(summed.right, summed.count)}")
        _mistakes(summed)
    _best_orders(question, summed, best, sent)
    with bars:
        st.markdown(f"**{answers_words(summed.count)}**")
        if summed.count:
            st.vega_lite_chart(
                room_spec(summed.bars, AXIS[question.kind], revealed=True, text=text_colour()),
                width="stretch",
            )


def _mistakes(summed: Room) -> None:
    """The most common wrong answers, each named."""
    if not summed.mistakes:
        return
    st.markdown("**The most common wrong answers:**")
    st.markdown("\n".join(f"- {plain(mistake_words(named))}" for named in summed.mistakes[:MISTAKES_SHOWN]))


def _best_orders(question: Question, summed: Room, best: DeltaGenerator, sent: DeltaGenerator) -> None:
    """An order question: the right order and the best order sent; a choice: lists A and B; a number: its list."""
    if question.kind == "choice":
        with best:
            compact_list(question.names, question.grades, question.k, title="List A")
        with sent:
            compact_list(question.names_b, question.grades_b, question.k, title="List B")
        return
    if question.kind == "number":
        with best:
            question_lists(question)
        return
    with best:
        ordered(
            question,
            question.best_order,
            "The lowest order" if question.asks == "lowest" else "The best order",
        )
    if summed.best_sent is None:
        return
    with sent:
        if summed.best_sent != question.best_order:
            ordered(question, summed.best_sent, "The best order sent")
        st.markdown(plain(best_sent_words(summed)))
