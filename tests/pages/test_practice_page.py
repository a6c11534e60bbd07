"""The Practice page, run headless with AppTest: the seed, answering right and wrong, the score, check my table."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from ndcg_core import breakdown, dcg, idcg, ndcg
from ndcg_core.practice.exercises import exercise_set
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.pages.conftest import NewApp
from ui.navigation import PRACTICE
from ui.state.practice import SEED_KEY, answer_key, cell_widget_key

SEED = 1


@pytest.fixture
def app(new_app: NewApp) -> AppTest:
    at = new_app(PRACTICE)
    assert not at.exception
    return at


def score(at: AppTest) -> str:
    return next(metric.value for metric in at.metric if metric.label == "Score this session")


def exercise(kind: str, seed: int = SEED):
    return next(e for e in exercise_set(seed) if e.kind == kind)


def answer(at: AppTest, number: int, text: str, seed: int = SEED) -> AppTest:
    at.text_input(key=answer_key(seed, number)).input(text)
    form = f"practice_form_{seed}_{number}"
    check = next(b for b in at.button if b.label == "Check" and form in b.id)
    return check.click().run()


def test_the_page_opens_on_set_1_with_its_exercises_and_a_zero_score(app):
    assert app.title[0].value == "Practice"
    assert app.number_input(key=SEED_KEY).value == SEED
    assert score(app) == "0 right of 0 answered"
    assert app.query_params["practice_seed"] == str(SEED)
    subheaders = [h.value for h in app.subheader]
    assert [s.split(". ", 1)[1] for s in subheaders] == [e.title for e in exercise_set(SEED)]


def test_a_right_then_a_wrong_answer_give_feedback_and_move_the_score(app):
    e = exercise("dcg")
    app = answer(app, e.number, f" {float(e.answer):.2f}".replace(".", ","))
    assert not app.exception
    assert any(s.value.startswith("**✓** Right") for s in app.success)
    assert score(app) == "1 right of 1 answered"

    n = exercise("ndcg")
    wrong = ndcg(n.grades[: n.k], n.k, gain=n.gain)  # the ideal from the top k only (seed 001's bug)
    app = answer(app, n.number, f"{wrong:.2f}")
    errors = [e.value for e in app.error]
    assert any(text.startswith("**✗** Not right") and f"first {n.k} items" in text for text in errors), errors
    assert score(app) == "1 right of 2 answered"
    assert any(exp.label == "The answer, worked out" for exp in app.expander)


def test_text_is_refused_with_a_message_and_does_not_count(app):
    e = exercise("idcg")
    app = answer(app, e.number, "**1/0** <b>x</b>")
    assert not app.exception
    warnings = [w.value for w in app.warning]
    assert any("is not a number" in text for text in warnings)
    assert not any("<b>" in text for text in warnings)  # shown escaped, never as HTML
    assert score(app) == "0 right of 0 answered"


def test_a_new_seed_gives_a_new_set_and_goes_into_the_url(app):
    app.number_input(key=SEED_KEY).set_value(7).run()
    assert not app.exception
    assert [h.value.split(". ", 1)[1] for h in app.subheader] == [e.title for e in exercise_set(7)]
    assert app.query_params["practice_seed"] == "7"
    assert app.text_input(key=answer_key(7, 4)).value == ""


def test_a_link_with_a_seed_opens_that_set(new_app: NewApp):
    at = new_app(PRACTICE, params={"practice_seed": "42"})
    assert at.number_input(key=SEED_KEY).value == 42


def test_check_my_table_with_one_wrong_cell(app):
    grades, k = list(BLUETOOTH_HEADPHONES.grades), 5
    table = breakdown(grades, k)
    for rank in range(1, k + 1):
        for column in ("gain", "discount", "contribution"):
            value = table[column].iloc[rank - 1]
            app.text_input(key=cell_widget_key("seed000", f"{column}_{rank}")).input(f"{value:.2f}")
    app.text_input(key=cell_widget_key("seed000", "gain_4")).input("3")  # linear gain, not 2^3 − 1
    for column, value in (("dcg", dcg(grades, k)), ("idcg", idcg(grades, k)), ("ndcg", ndcg(grades, k))):
        app.text_input(key=cell_widget_key("seed000", column)).input(f"{value:.2f}")
    app = next(b for b in app.button if b.label == "Check my table").click().run()
    assert not app.exception
    assert any("17 of 18 cells right" in m.value for m in app.markdown)
    errors = [e.value for e in app.error]
    assert any("First wrong cell: gain at rank 4" in text and "linear gain" in text for text in errors), (
        errors
    )
    verdicts = app.table[-2].value if len(app.table) > 1 else None
    marks = list(verdicts["Verdict"]) if verdicts is not None and "Verdict" in verdicts else []
    assert marks.count("✗ wrong") == 1 and marks.count("✓ right") == 17
