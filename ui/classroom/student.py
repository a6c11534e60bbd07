"""The student's phone: the class's question, the answer (a list to drag, a number or a choice), Send.

Made for 390×844. An order question holds the live list of :mod:`ui.live_list` (the same sortable
list as the Playground: touch, mouse and keyboard) with the question's items, but without its
headline and without the preview of a drop: the numbers would give the answer away. The student
may send again until the reveal; the last answer counts (one per student id, :mod:`ui.state.classroom`).
What the store holds is what the page says was received.

The page follows the class by itself (:data:`FOLLOW_EVERY_S`): a new question, the reveal, the end.
After the reveal it shows the right answer and whether the student's was right, in Practice's words.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from ndcg_core.classroom.answer import Answer, item_id
from ndcg_core.classroom.check import feedback
from ndcg_core.classroom.question import CHOICE_WORDS, Question
from ndcg_core.classroom.words import right_answer_words
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.practice.slips import TOLERANCE
from ndcg_core.teaching.wording import share
from ui.classroom.lists import question_lists
from ui.classroom.service import CODE_LENGTH, Class, is_code
from ui.classroom.store import SENDS_PER_WINDOW, WINDOW_S, StoreUnavailable
from ui.live_list import Example, LiveList, Places, live_list
from ui.plain_text import plain
from ui.state import classroom
from ui.state.ranked_list import Item, RankedList
from ui.state.settings import LISTED_ITEMS, Settings

#: How often the page asks whether the class moved on (a new question, the reveal, the end). Each
#: look is a fragment rerun, about 0.01 s of the server's CPU: 60 phones every 5 s cost 12% of a core
#: (every 2 s, 30%), and a phone shows the next question or the reveal within 5 s.
FOLLOW_EVERY_S = 5.0
#: The typed number and the choice: widget keys of their own for each question.
NUMBER_KEY, CHOICE_KEY, RESULT_KEY = "class_number_{}", "class_choice_{}", "class_result_{}"
#: Set by a send that was kept: the next run says so in a toast, seen wherever the page is scrolled.
TOAST_KEY = "class_sent_toast"

#: A phone's page: no header or toolbar, little padding, so the question and Send fit the screen.
PHONE_CSS = """
<style>
[data-testid="stHeader"], [data-testid="stToolbar"], [data-testid="stDecoration"] { display: none !important; }
[data-testid="stMainBlockContainer"] { padding: 1rem 1rem 3rem 1rem !important; }
</style>
"""

SENT_WORDS = {
    "closed": "The instructor has closed this question, so your answer was not kept. The page now shows "
    "what comes next.",
    "gone": "This class has ended, so your answer was not kept.",
    "too_many": f"You sent {SENDS_PER_WINDOW} answers within {WINDOW_S} seconds, the most allowed: wait a "
    "moment, then send again. Your last answer received still counts.",
    "full": "This class has as many answers as it can keep, so yours was not kept. Tell your instructor.",
}


def order_key(code: str, number: int) -> str:
    """The session key of a student's list for question ``number`` of class ``code``."""
    return f"class_order_{code}_{number}"


def _example(the_class: Class) -> Example:
    """The student's own list for this question (never the session's Playground list)."""
    question = the_class.question
    assert question is not None
    items = tuple(
        Item(item_id(i), name, grade)
        for i, (name, grade) in enumerate(zip(question.names, question.grades, strict=True))
    )
    settings = Settings(question.k, question.gain, LISTED_ITEMS, 2)
    return Example(
        order_key(the_class.code, the_class.number),
        lambda: RankedList(items=items, original=items, next_id=len(items)),
        lambda _ranked: settings,
    )


def _unit(example: Example) -> LiveList:
    return LiveList(
        "class_answer",
        source=example.source(),
        orders=("original", "undo"),
        order_labels={"original": "Start over", "undo": "↶ Undo"},
        order_key="class_answer_order_",
        sentences=False,
        preview=False,
        aria_label="Your answer: drag, or focus a row and press Space to move it",
    )


def given(the_class: Class) -> object:
    """What the student has put in: the list's ids, the typed text, or the choice."""
    question = the_class.question
    assert question is not None
    if question.kind == "order":
        return _example(the_class).read().ids
    key = (NUMBER_KEY if question.kind == "number" else CHOICE_KEY).format(the_class.number)
    return st.session_state.get(key)


def send(the_class: Class, student: str) -> None:
    """Send's callback: the answer checked by the core and kept by the store, or why not."""
    key = RESULT_KEY.format(the_class.number)
    try:
        received = classroom.classes().send(the_class.code, student, the_class.number, given(the_class))
    except NDCGInputError as error:
        st.session_state[key] = ("refused", str(error))
    except StoreUnavailable as error:
        st.session_state[key] = ("refused", f"{error} Try again in a moment.")
    else:
        st.session_state[key] = (received.sent, SENT_WORDS.get(received.sent, ""))
        st.session_state[TOAST_KEY] = received.sent == "stored"


def answer_words(question: Question, answer: Answer) -> str:
    """A sent answer as the page repeats it: the order's names, the number read, the choice."""
    if question.kind == "order":
        return "the order " + ", ".join(question.names[i] for i in answer)  # type: ignore[union-attr]
    if question.kind == "number":
        return f"{float(answer):g}"  # type: ignore[arg-type]
    return CHOICE_WORDS[str(answer)]


# ------------------------------------------------------------------ the page --


def student_page() -> None:
    """The whole student page for the class in the link."""
    st.html(PHONE_CSS)
    code = classroom.linked_code()
    try:
        the_class = classroom.classes().open(code)
    except StoreUnavailable as error:
        st.error(f"{plain(error)} Reload this page in a moment.")
        return
    if the_class is None:
        unknown_class(code)
        return
    student = classroom.student_id()
    st.markdown(
        f"#### Class {the_class.code}" + (f" · question {the_class.number}" if the_class.question else "")
    )
    if the_class.question is None:
        st.info("You have joined the class. Wait for the instructor's question: it appears here by itself.")
    elif the_class.asking:
        ask(the_class, student)
    else:
        revealed(the_class, student)
    st.fragment(follow, run_every=FOLLOW_EVERY_S)(the_class)


def unknown_class(code: str) -> None:
    """A code that is not a class (now): a plain message, nothing else."""
    if not is_code(code):
        st.warning(
            f"This link holds no class code that this app makes ({CODE_LENGTH} letters and digits). "
            "Check the link, or ask your instructor for it."
        )
        return
    st.warning(
        f"There is no class with the code {code} now: it has ended, or it expired (a class lasts 24 "
        "hours). Ask your instructor for the current link."
    )


def follow(drawn: Class) -> None:
    """Every few seconds: if the class moved on (a new question, the reveal, the end), draw the page again."""
    try:
        now = classroom.classes().open(drawn.code)
    except StoreUnavailable:
        return  # the next look may reach it
    if now is None or (now.phase, now.number) != (drawn.phase, drawn.number):
        st.rerun()


def ask(the_class: Class, student: str) -> None:
    """The question, the way to answer it, Send, and what was received."""
    question = the_class.question
    assert question is not None
    st.markdown(f"**{question.prompt}**")
    st.caption(plain(question.conventions))
    answer_field(the_class)
    st.button(
        "Send",
        type="primary",
        width="stretch",
        key=f"class_send_{the_class.number}",
        on_click=send,
        args=(the_class, student),
    )
    status, words = st.session_state.get(RESULT_KEY.format(the_class.number), (None, ""))
    if status == "refused":
        st.error(plain(words))
    elif status in SENT_WORDS:
        st.warning(plain(words))
    kept = classroom.classes().answer_of(the_class.code, student, question)
    if st.session_state.pop(TOAST_KEY, False) and kept is not None:
        st.toast(
            "Received: your answer counts. You may send again until the reveal.", icon=":material/check:"
        )
    if kept is not None:
        st.success(
            f"**Received.** Your answer: {plain(answer_words(question, kept))}. You can change it and send "
            "again until the instructor reveals the answer; the last one you send counts."
        )


def answer_field(the_class: Class) -> None:
    """The list to drag, the number field, or the choice (with lists A and B)."""
    question = the_class.question
    assert question is not None
    if question.kind == "order":
        example = _example(the_class)
        places = Places(sortable=st.container(), buttons=st.container())
        live_list(_unit(example), places, headline=())
        return
    question_lists(question)
    if question.kind == "choice":
        st.radio(
            "Your answer",
            question.choices,
            format_func=CHOICE_WORDS.__getitem__,
            index=None,
            horizontal=True,
            key=CHOICE_KEY.format(the_class.number),
        )
        return
    st.text_input(
        "Your answer (2 decimals)",
        key=NUMBER_KEY.format(the_class.number),
        placeholder="e.g. 0.43",
        help=f"Accepted within ±{TOLERANCE} of the exact value. 0.43, .43 and 0,43 are all read as 0.43.",
    )


def revealed(the_class: Class, student: str) -> None:
    """After the reveal: the right answer, and whether this student's was right (Practice's words)."""
    question = the_class.question
    assert question is not None
    st.markdown(f"**{question.prompt}**")
    st.info(f"**The answer.** {plain(right_answer_words(question))}")
    mine = classroom.classes().answer_of(the_class.code, student, question)
    if mine is None:
        st.markdown("You did not send an answer to this question.")
        return
    verdict = feedback(question, mine)
    shown: Callable[[str], object] = st.success if verdict.status == "right" else st.error
    reached = f" (NDCG{question.at} = {share(question.ndcg_of(mine))})" if question.kind == "order" else ""  # type: ignore[arg-type]
    said = (
        "" if question.kind == "number" else f"Your answer: {plain(answer_words(question, mine))}{reached}. "
    )
    shown(said + plain(verdict.message))  # Practice's words for a number repeat the number
