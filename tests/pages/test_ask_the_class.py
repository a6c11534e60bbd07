"""Ask the class through the real app (AppTest): an instructor's session and students' sessions of one
class in one process, sharing the server's in-memory store as two browsers on one server would.

A student's drag is what the sortable list's callback writes: the student's own list, in the
session, under :func:`ui.classroom.student.order_key`.
"""

from __future__ import annotations

import time

import pytest
from streamlit.testing.v1 import AppTest

from ndcg_core.classroom.question import make_question
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.pages.conftest import APP, NewApp
from ui.classroom.service import Classes
from ui.classroom.store import LIFETIME_S
from ui.classroom.student import CHOICE_KEY, NUMBER_KEY, order_key
from ui.state import classroom
from ui.state.ranked_list import Item, RankedList

GRADES = list(BLUETOOTH_HEADPHONES.grades)
IDEAL_IDS = ["i3", "i6", "i2", "i4", "i1", "i0", "i5"]


def param(at: AppTest, name: str) -> str | None:
    value = at.query_params.get(name)
    return value[0] if isinstance(value, list) else value


def texts(at: AppTest) -> str:
    """Every text the page shows, one string (markdown, captions, alerts), Markdown escapes removed."""
    parts = [
        e.value
        for kind in ("markdown", "caption", "info", "success", "warning", "error")
        for e in at.get(kind)
    ]
    return "\n".join(str(p) for p in parts).replace("\\", "")


def start(new_app: NewApp, kind: str = "order", asks: str | None = None) -> AppTest:
    """An instructor in the classroom view who asks the class a question of ``kind``."""
    at = new_app(params={"present": "1"})
    at.button(key="class_ask_button").click().run()
    assert not at.exception and "Ask the class" in texts(at)
    if kind != "order":
        at.radio(key="class_form_kind").set_value(kind).run()
    if asks is not None:
        at.radio(key=f"class_form_asks_{kind}").set_value(asks).run()
    at.button(key="class_form_start").click().run()
    assert not at.exception
    return at


def student(code: str, **extra: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["class"] = code
    for key, value in extra.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception
    return at


def drag(at: AppTest, code: str, ids: list[str], number: int = 1) -> None:
    """What a drag leaves in the student's session: their list in the order of ``ids``."""
    key = order_key(code, number)
    at.session_state[key] = at.session_state[key].reordered(ids)


def test_an_instructor_and_three_students_of_one_class(new_app: NewApp):
    instructor = start(new_app)
    code, token = param(instructor, "class"), param(instructor, "host")
    assert code and token and len(token) == 22
    shown = texts(instructor)
    assert "Question 1: Drag the list into the order with the highest NDCG@5." in shown
    assert (
        f"?class={code}" in shown.replace("\\", "") and token not in shown
    )  # the join link, never the token
    assert "0 answers" in shown
    phones = [student(code) for _ in range(3)]
    for phone in phones:
        link = {key: param(phone, key) for key in phone.query_params}
        assert set(link) == {"class", "me"} and token not in str(
            link
        )  # nothing of the Playground's, no token
        assert "Drag the list into the order with the highest NDCG@5." in texts(phone)
        assert not [b for b in phone.button if b.key == "class_reveal"]  # a student has no Reveal
    drag(phones[0], code, IDEAL_IDS)
    drag(phones[1], code, ["i6", "i3", "i2", "i4", "i1", "i0", "i5"])  # also ideal at 5 (equal grades)
    for phone in phones:
        phone.button(key="class_send_1").click().run()
        assert "Received." in texts(phone)
    drag(phones[1], code, ["i0", "i1", "i2", "i3", "i4", "i5", "i6"])  # changes its mind, sends again
    phones[1].button(key="class_send_1").click().run()
    instructor.run()
    assert "3 answers" in texts(instructor)
    instructor.button(key="class_reveal").click().run()
    assert not instructor.exception
    shown = texts(instructor)
    assert "1 of 3 had it right (33%)" in shown  # the last answer of each counts
    assert "2 of you left an item of grade 3 below rank 5" in shown
    assert "The best order sent reaches NDCG@5 = 1.00, the highest possible (1 of you reached it)." in shown
    phones[0].run()
    assert "Right: no order of these items gives a higher DCG@5" in texts(phones[0])
    phones[2].run()
    assert "Not yet" in texts(phones[2])


def test_a_students_link_survives_a_reload_and_keeps_its_answer(new_app: NewApp):
    instructor = start(new_app)
    code = param(instructor, "class")
    phone = student(code)
    me = param(phone, "me")
    drag(phone, code, IDEAL_IDS)
    phone.button(key="class_send_1").click().run()
    again = student(code, me=me)  # a reload, or another replica: the same id from the link
    assert "Received." in texts(again)
    drag(again, code, IDEAL_IDS[::-1])
    again.button(key="class_send_1").click().run()
    instructor.run()
    assert "1 answer" in texts(instructor)  # the same student, counted once


def test_a_forged_order_is_refused_and_nothing_is_stored(new_app: NewApp):
    instructor = start(new_app)
    code = param(instructor, "class")
    phone = student(code)
    key = order_key(code, 1)
    # an item swapped for one the question does not hold (a grade-3 "i99"), then one left out
    forged = (*(Item(f"i{n}", f"item {n}", 3.0) for n in range(6)), Item("i99", "planted", 3.0))
    phone.session_state[key] = RankedList(items=forged, original=forged)
    phone.button(key="class_send_1").click().run()
    assert not phone.exception
    assert "Your order must hold each of the 7 items of the question once." in texts(phone)
    assert "Received." not in texts(phone)
    phone.session_state[key] = RankedList(items=forged[:6], original=forged[:6])
    phone.button(key="class_send_1").click().run()
    assert "Your order must hold each of the 7 items of the question once." in texts(phone)
    instructor.run()
    assert "0 answers" in texts(instructor)


def test_nan_is_refused_for_a_number_question_and_a_slip_is_named(new_app: NewApp):
    instructor = start(new_app, "number", "ndcg")
    code = param(instructor, "class")
    assert "What is NDCG@5 of this order?" in texts(instructor)
    phone = student(code)
    for typed in ("nan", "inf", "1/3"):
        phone.text_input(key=NUMBER_KEY.format(1)).set_value(typed)
        phone.button(key="class_send_1").click().run()
        assert not phone.exception and "is not a number" in texts(phone)
    instructor.run()
    assert "0 answers" in texts(instructor)
    phone.text_input(key=NUMBER_KEY.format(1)).set_value("0,63")  # DCG@5 / IDCG@5 with 2^rel: a slip
    phone.button(key="class_send_1").click().run()
    assert "Received." in texts(phone)
    other = student(code)
    other.text_input(key=NUMBER_KEY.format(1)).set_value("0.43").run()
    other.button(key="class_send_1").click().run()
    instructor.run()
    assert "2 answers" in texts(instructor)
    instructor.button(key="class_reveal").click().run()
    shown = texts(instructor)
    assert "1 of 2 had it right (50%)" in shown
    assert "NDCG@5 = 0.43 (exactly 0.4321" in shown


def test_a_choice_question(new_app: NewApp):
    instructor = start(new_app, "choice")
    code = param(instructor, "class")
    assert "Which has the higher NDCG@5?" in texts(instructor)
    phone = student(code)
    phone.button(key="class_send_1").click().run()  # nothing chosen yet
    assert "Choose one of: A, B, They tie." in texts(phone)
    phone.radio(key=CHOICE_KEY.format(1)).set_value("B").run()
    phone.button(key="class_send_1").click().run()
    assert "Received." in texts(phone)
    instructor.run()
    assert "1 answer" in texts(instructor)


def test_a_student_session_cannot_reveal_nor_end_a_class(new_app: NewApp):
    instructor = start(new_app)
    code = param(instructor, "class")
    forged = new_app(params={"present": "1", "class": code, "host": "A" * 22})  # a guessed token
    assert not forged.exception
    assert "instructor key is not the key of class" in texts(forged)
    assert not [b for b in forged.button if b.key in ("class_reveal", "class_end")]
    assert "class" not in forged.query_params  # the wrong key is not kept in the link
    instructor.run()
    assert "0 answers" in texts(instructor) and [b for b in instructor.button if b.key == "class_reveal"]
    phone = student(code)
    phone.session_state[classroom.HOSTING_KEY] = (code, "A" * 22)  # even a planted session key
    phone.run()
    assert not [b for b in phone.button if b.key in ("class_reveal", "class_end")]
    assert classroom.classes().open(code).phase == "asking"


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("zzzz2345", "There is no class with the code zzzz2345 now"),
        ("<script>", "This link holds no class code that this app makes"),
        ("", "This link holds no class code that this app makes"),
    ],
)
def test_an_unknown_code_gets_a_plain_message(code: str, words: str):
    phone = student(code)
    assert words in texts(phone) and not phone.button


def test_an_expired_code_gets_a_plain_message():
    question = make_question("highest", ["a", "b"], [0, 1], 2, "linear")
    long_ago = Classes(classroom.classes().store, clock=lambda: time.time() - LIFETIME_S - 5)
    code, token = long_ago.start(question)
    phone = student(code)
    assert f"There is no class with the code {code} now: it has ended, or it expired" in texts(phone)
    instructor = AppTest.from_file(str(APP), default_timeout=60)
    instructor.query_params.update({"present": "1", "class": code, "host": token})
    instructor.run()
    assert not instructor.exception and "has ended or expired" in texts(instructor)


def test_ask_again_back_to_the_demo_and_end(new_app: NewApp):
    instructor = start(new_app)
    code = param(instructor, "class")
    phone = student(code)
    instructor.button(key="class_reveal").click().run()
    instructor.button(key="class_ask_again").click().run()
    instructor.radio(key="class_form_kind").set_value("number").run()
    instructor.button(key="class_form_start").click().run()
    assert param(instructor, "class") == code and "Question 2: What is DCG@5 of this order?" in texts(
        instructor
    )
    phone.run()
    assert "question 2" in texts(phone) and "What is DCG@5 of this order?" in texts(phone)
    instructor.button(key="class_back_to_demo").click().run()
    assert "Question 2" not in texts(instructor) and instructor.button(key="class_ask_button")  # the demo
    assert param(instructor, "class") == code  # the class stays open for the next question
    phone.run()
    assert "Wait for the instructor's question" in texts(phone)
    instructor.button(key="class_ask_button").click().run()
    instructor.button(key="class_end").click().run()
    assert "has ended: its answers are deleted" in texts(instructor)
    assert "class" not in instructor.query_params and "host" not in instructor.query_params
    phone.run()
    assert "There is no class with the code" in texts(phone)


def test_a_list_that_cannot_carry_the_question_says_why(new_app: NewApp):
    at = new_app(params={"present": "1", "grades": "0,0,0", "k": "2"})
    at.button(key="class_ask_button").click().run()
    assert "nothing in it is relevant" in texts(at)
    assert at.button(key="class_form_start").disabled
    at.radio(key="class_form_kind").set_value("number").run()
    assert not at.button(key="class_form_start").disabled  # DCG@2 = 0 is a fine question
