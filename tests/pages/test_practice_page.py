"""The Practice page, run headless with AppTest: the seed, answering right and wrong, the score, Show answer's
wording, the worked answers' intermediate values, and Check my table's marks in place (carried errors, ideal rows)."""

from __future__ import annotations

import math

import pytest
from streamlit.testing.v1 import AppTest

from ndcg_core import ndcg
from ndcg_core.practice.exercises import exercise_set
from ndcg_core.practice.table_check import PRACTICE_LIST
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.core.test_practice_table import by_hand
from tests.pages.conftest import NewApp
from ui.navigation import PRACTICE
from ui.state.practice import (
    SCORE_RULE,
    SEED_KEY,
    SHOW_ANSWER_HELP,
    TABLE_SOURCE_KEY,
    answer_key,
    cell_widget_key,
)

SEED = 1


@pytest.fixture
def app(app_copy: NewApp) -> AppTest:
    at = app_copy(PRACTICE)
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


# --- Check my table ------------------------------------------------------------------------------


def table_tab(at: AppTest):
    return at.tabs[1]


def mark_under(at: AppTest, source: str, key: str) -> str:
    """The verdict drawn in the same column as the cell, under its input ("" when there is none)."""
    widget = cell_widget_key(source, key)
    column = next(c for c in table_tab(at).columns if any(t.key == widget for t in c.text_input))
    marks = [m.value for m in column.markdown if "✓" in m.value or "✗" in m.value]
    return marks[0] if marks else ""


def type_table(at: AppTest, source: str, typed: dict[str, str]) -> AppTest:
    for key, text in typed.items():
        at.text_input(key=cell_widget_key(source, key)).input(text)
    return next(b for b in at.button if b.label == "Check my table").click().run()


def test_check_my_table_opens_on_a_list_the_lesson_does_not_use(app):
    assert app.radio(key=TABLE_SOURCE_KEY).value == "practice"
    shown = table_tab(app).table[0].value
    assert list(shown["Item"]) == list(PRACTICE_LIST.labels) and list(shown["Grade"]) == [
        "2",
        "3",
        "0",
        "1",
        "3",
        "2",
    ]
    assert not any(label in list(shown["Item"]) for label in BLUETOOTH_HEADPHONES.labels)
    labels = [t.label for t in table_tab(app).text_input]
    k = PRACTICE_LIST.k
    assert len(labels) == 6 * k + 3
    assert [f"Ideal {c} at rank {k}" in labels for c in ("grade", "gain", "contribution")] == [True] * 3
    assert [label for label in labels if "@" in label] == [
        f"DCG@{k} (the sum of the contributions)",
        f"IDCG@{k} (the sum of the ideal contributions)",
        f"NDCG@{k} = DCG@{k} / IDCG@{k}",
    ]
    assert not any("✓" in m.value or "✗" in m.value for m in table_tab(app).markdown)  # nothing marked yet


def test_check_my_table_marks_each_cell_in_place_with_an_error_carried_forward(app):
    typed = {
        key: f"{value:.2f}" for key, value in by_hand(list(PRACTICE_LIST.grades), PRACTICE_LIST.k).items()
    }
    # Linear gain at rank 2 (rel = 3 where 2^3 − 1 = 7), then worked on correctly from it:
    typed |= {
        "gain_2": "3",
        "contribution_2": "1.89",
        "dcg": "5.32",
        "ndcg": "0.37",
    }  # 3 × 0.63, the sum, / 14.21
    app = type_table(app, "practice", typed)
    assert not app.exception
    assert mark_under(app, "practice", "gain_2") == ":small[:red[**✗ wrong**] (see 1 below)]"
    assert mark_under(app, "practice", "contribution_2").startswith(
        ":small[:blue[**✓ right given your earlier cell**] — from your gain at rank 2\\: 3 × 0\\.63 = 1\\.8900"
    )
    for key in ("dcg", "ndcg"):
        assert "right given your earlier cell" in mark_under(app, "practice", key), key
    for key in ("gain_1", "discount_2", "ideal_grade_1", "ideal_contribution_4", "idcg"):
        assert mark_under(app, "practice", key) == ":small[:green[**✓ right**]]", key
    assert any(
        "23 of 27 cells right**, 3 more right given an earlier wrong cell, 1 wrong." in m.value
        for m in app.markdown
    )
    errors = [e.value for e in app.error]
    assert len(errors) == 1 and "1. **gain at rank 2**" in errors[0] and "linear gain" in errors[0]
    assert not any("Verdict" in str(t.value.columns) for t in app.table)  # no separate verdict table


def test_check_my_table_explains_an_ideal_from_the_top_k_only(app):
    typed = {
        key: f"{value:.2f}" for key, value in by_hand(list(PRACTICE_LIST.grades), PRACTICE_LIST.k).items()
    }
    typed |= {"ideal_grade_2": "2", "ideal_gain_2": "3", "ideal_contribution_2": "1.89"}  # grade 2 at rank 2
    typed["idcg"] = f"{7 + 1.89 + 1.5 + 1.29:.2f}"  # their ideal contributions added: 11.68
    app = type_table(app, "practice", typed)
    assert mark_under(app, "practice", "ideal_grade_2").startswith(":small[:red[**✗ wrong**]")
    assert "right given your earlier cell" in mark_under(app, "practice", "ideal_gain_2")
    assert "right given your earlier cell" in mark_under(app, "practice", "ideal_contribution_2")
    assert "right given your earlier cell" in mark_under(app, "practice", "idcg")
    assert any("sorts only the first 4 items" in e.value for e in app.error)


def test_the_lessons_example_can_still_be_checked(app):
    app.radio(key=TABLE_SOURCE_KEY).set_value("seed000").run()
    grades, k = list(BLUETOOTH_HEADPHONES.grades), BLUETOOTH_HEADPHONES.k
    typed = {key: f"{value:.2f}" for key, value in by_hand(grades, k).items()}
    app = type_table(app, "seed000", typed)
    assert not app.exception
    assert any("33 of 33 cells right" in m.value for m in app.markdown)
    assert any(s.value == "**✓ Every cell is right.**" for s in app.success)


# --- Show answer, and the worked answers -------------------------------------------------------------


def show(at: AppTest, number: int, seed: int = SEED) -> AppTest:
    form = f"practice_form_{seed}_{number}"
    return next(b for b in at.button if b.label == "Show answer" and form in b.id).click().run()


def test_the_page_says_how_show_answer_counts_before_it_is_pressed(app):
    assert any(SCORE_RULE in m.value for m in app.markdown)
    assert "“Show answer” before you answer counts as answered, not right" in SCORE_RULE
    buttons = [b for b in app.button if b.label == "Show answer"]
    assert len(buttons) == len(exercise_set(SEED)) and {b.help for b in buttons} == {SHOW_ANSWER_HELP}


def test_show_answer_before_answering_counts_as_answered_not_right_and_says_so(app):
    e = exercise("dcg")
    app = show(app, e.number)
    assert score(app) == "0 right of 1 answered"
    notes = [m.value for m in app.markdown if m.value.startswith("**Score:**")]
    assert notes == [
        "**Score:** You saw the answer before answering\\: this exercise counts as answered, not right\\."
    ]
    app = answer(app, e.number, f"{float(e.answer):.2f}")  # a right answer now changes nothing
    assert score(app) == "0 right of 1 answered"


def test_show_answer_after_answering_changes_nothing_and_says_so(app):
    e = exercise("idcg")
    app = answer(app, e.number, f"{float(e.answer):.2f}")
    app = show(app, e.number)
    assert score(app) == "1 right of 1 answered"
    assert any(
        "You had answered first \\(right\\)\\: showing the answer did not change the score" in m.value
        for m in app.markdown
    )


def test_a_worked_dcg_shows_each_ranks_gain_discount_and_contribution_then_the_sum(app):
    e = exercise("dcg")
    app = show(app, e.number)
    expander = next(x for x in app.expander if x.label == "The answer, worked out")
    grades, k = e.grades, e.k
    gain = [2**g - 1 if e.gain == "exponential" else g for g in grades[:k]]
    terms = [f"{g / math.log2(i + 1):.4f}" for i, g in enumerate(gain, start=1)]  # by hand
    total = f"{sum(g / math.log2(i + 1) for i, g in enumerate(gain, start=1)):.4f}"
    assert any(
        f"DCG@{k} = {' + '.join(terms)} = {total}".replace(".", "\\.").replace("+", "\\+") in m.value
        for m in expander.markdown
    )
    table = expander.table[0].value
    assert list(table["Contribution (gain × discount)"]) == terms
    assert table["Discount 1/log2(i + 1)"].iloc[0] == "1/log2(2) = 1"


def test_a_choice_slip_says_what_k_it_would_be_right_for():
    """Over many sets, a wrong choice that holds at k − 1 says so in a sentence a learner reads."""
    from ndcg_core.practice.answer_check import check_answer

    said = 0
    for seed in range(60):
        for e in exercise_set(seed):
            for choice in e.choices:
                message = check_answer(e, choice).message
                assert "That holds at k" not in message
                said += (
                    f"would be right for NDCG@{e.k - 1}, but this exercise asks about NDCG@{e.k}: rank {e.k} counts too."
                    in message
                )
    assert said > 0
