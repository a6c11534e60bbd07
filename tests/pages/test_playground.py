"""The Playground page, run headless with Streamlit's AppTest (no browser, no JavaScript).

The list's order lives in session state, so a test sets an order there exactly as a drag would.
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.pages.conftest import NewApp, editor_open, headline
from ui.state.scenario import LIST_KEY

SEED000 = list(BLUETOOTH_HEADPHONES.grades)


@pytest.fixture
def app(app_copy: NewApp) -> AppTest:
    return app_copy()


@pytest.fixture
def editor() -> AppTest:
    """The app with "Edit the list" open, as after a click on it."""
    return editor_open()


def unescaped(markdown: str) -> str:
    """A message as the reader sees it: Markdown's backslash escapes removed."""
    return re.sub(r"\\(.)", r"\1", markdown)


def said(app: AppTest) -> str:
    """The page's captions and notes as a reader sees them: glossary links read as their words."""
    texts = [caption.value for caption in app.caption] + [note.value for note in app.markdown]
    return re.sub(r"\[([^\[\]]+)\]\([^)]*\)", r"\1", " ".join(texts))


def test_opens_on_the_seed000_list_with_its_published_numbers(app):
    assert not app.exception
    assert headline(app) == {"DCG@5": "6.31", "IDCG@5": "14.60", "NDCG@5": "0.43"}
    assert app.session_state[LIST_KEY].names == list(BLUETOOTH_HEADPHONES.labels)
    conventions = said(app)
    assert "Gain: exponential (2^rel − 1)" in conventions and "Ideal from: listed items" in conventions


def test_a_new_order_in_session_state_updates_the_headline(app):
    ranked = app.session_state[LIST_KEY]
    bose_first = [ranked.ids[-1], *ranked.ids[:-1]]  # drag Bose from rank 7 to rank 1
    app.session_state[LIST_KEY] = ranked.reordered(bose_first)
    app.run()
    grades = [SEED000[-1], *SEED000[:-1]]
    expected = ndcg_core.headline(grades, 5)
    # By hand: (7 + 0 + 1/2 + 3/log2(5) + 7/log2(6)) / 14.5954 = 11.500 / 14.595 = 0.788
    assert headline(app)["NDCG@5"] == f"{expected.ndcg:.2f}" == "0.79"
    assert headline(app)["DCG@5"] == f"{expected.dcg:.2f}"


def test_k_slider_changes_every_label_and_value(app):
    app.slider(key="playground_k").set_value(3).run()
    assert headline(app) == {
        "DCG@3": f"{ndcg_core.dcg(SEED000, 3):.2f}",
        "IDCG@3": f"{ndcg_core.idcg(SEED000, 3):.2f}",
        "NDCG@3": f"{ndcg_core.ndcg(SEED000, 3):.2f}",
    }


def test_linear_gain_and_more_decimals(app):
    app.radio(key="playground_gain").set_value("linear").run()
    app.selectbox(key="playground_decimals").set_value(4).run()
    assert headline(app)["NDCG@5"] == f"{ndcg_core.ndcg(SEED000, 5, gain='linear'):.4f}"
    assert "Gain: linear (rel)" in said(app)


def test_judged_pool_with_unlisted_items_lowers_ndcg(app):
    app.radio(key="playground_ideal").set_value("judged pool").run()
    app.text_input(key="playground_unlisted").input("5, 4").run()
    pool = [*SEED000, 5, 4]
    assert headline(app)["IDCG@5"] == f"{ndcg_core.idcg(SEED000, 5, ideal=pool):.2f}"
    assert headline(app)["NDCG@5"] == f"{ndcg_core.ndcg(SEED000, 5, ideal=pool):.2f}"
    assert "judged pool (9 judged items)" in said(app)


def test_bad_unlisted_grades_keep_the_last_valid_pool(app):
    app.radio(key="playground_ideal").set_value("judged pool").run()
    app.text_input(key="playground_unlisted").input("5").run()
    app.text_input(key="playground_unlisted").input("5, lots").run()
    assert "“lots” is not a number" in unescaped(app.error[0].value)
    assert headline(app)["IDCG@5"] == f"{ndcg_core.idcg(SEED000, 5, ideal=[*SEED000, 5]):.2f}"


def test_ideal_order_scores_1_and_undo_restores(app):
    app.button(key="order_ideal").click().run()
    assert headline(app)["NDCG@5"] == "1.00"
    app.button(key="order_undo").click().run()
    assert headline(app)["NDCG@5"] == "0.43"


@pytest.mark.parametrize(
    ("button", "order"),
    [
        ("order_worst", ndcg_core.worst_order(SEED000)),
        ("order_reversed", ndcg_core.reversed_order(len(SEED000))),
    ],
)
def test_one_click_orders(app, button, order):
    app.button(key=button).click().run()
    grades = [SEED000[i] for i in order]
    assert app.session_state[LIST_KEY].grades == grades
    assert headline(app)["NDCG@5"] == f"{ndcg_core.ndcg(grades, 5):.2f}"
    app.button(key="order_original").click().run()
    assert app.session_state[LIST_KEY].grades == SEED000


def test_shuffle_keeps_the_same_items(app):
    app.button(key="order_shuffled").click().run()
    ranked = app.session_state[LIST_KEY]
    assert sorted(ranked.names) == sorted(BLUETOOTH_HEADPHONES.labels)
    assert headline(app)["NDCG@5"] == f"{ndcg_core.ndcg(ranked.grades, 5):.2f}"


@pytest.mark.parametrize("bad_grade", ["abc", "-1", "11", "", "nan", "1e400"])
def test_a_bad_grade_gets_a_message_and_keeps_the_list(editor, bad_grade):
    editor.text_input(key="editor_add_name").input("Marshall Headphones")
    editor.text_input(key="editor_add_grade").input(bad_grade)
    editor.button[[b.label for b in editor.button].index("Add")].click().run()
    assert not editor.exception
    assert any("New item" in error.value for error in editor.error)
    assert editor.session_state[LIST_KEY].names == list(BLUETOOTH_HEADPHONES.labels)
    assert headline(editor)["NDCG@5"] == "0.43"


def test_adding_an_item_puts_it_at_the_bottom(editor):
    editor.text_input(key="editor_add_name").input("Marshall Headphones")
    editor.text_input(key="editor_add_grade").input("2.5")
    editor.button[[b.label for b in editor.button].index("Add")].click().run()
    ranked = editor.session_state[LIST_KEY]
    assert ranked.names[-1] == "Marshall Headphones" and ranked.grades[-1] == 2.5
    assert headline(editor)["IDCG@5"] == f"{ndcg_core.idcg([*SEED000, 2.5], 5):.2f}"
    assert unescaped(editor.caption[0].value).startswith("Your own list · edited from")


def test_pasting_a_list_replaces_it_and_bad_rows_are_named(editor):
    editor.text_area(key="editor_paste").input("A, 3\nB, 2\nC, 3\nD, 0\nE, 1")
    editor.button[[b.label for b in editor.button].index("Replace the list")].click().run()
    assert editor.session_state[LIST_KEY].names == ["A", "B", "C", "D", "E"]
    assert headline(editor)["NDCG@5"] == f"{ndcg_core.ndcg([3, 2, 3, 0, 1], 5):.2f}"
    editor.text_area(key="editor_paste").input("X, 3\n, 2\nZ, twelve")
    editor.button[[b.label for b in editor.button].index("Replace the list")].click().run()
    message = unescaped(next(error.value for error in editor.error if "Not applied" in error.value))
    assert "Line 2: the name is empty" in message and "Line 3: “twelve” is not a number" in message
    assert editor.session_state[LIST_KEY].names == ["A", "B", "C", "D", "E"]


def press(at: AppTest, label: str) -> AppTest:
    """Click the button labelled ``label`` and run."""
    return at.button[[b.label for b in at.button].index(label)].click().run()


def test_an_empty_list_is_one_clear_state_and_undo_brings_list_and_k_back(editor):
    """Issue 17: no NDCG@1 = 0.00 for nothing, one message, the controls that cannot act disabled."""
    press(editor, "Empty the list")
    assert not editor.exception
    assert not headline(editor)  # no headline of an empty list
    assert [info.value for info in editor.info] == [
        info.value for info in editor.info if "The list is empty" in info.value
    ] and len(editor.info) == 1
    assert "NDCG@5 is taken as 0" in editor.info[0].value and "k = 5 comes back" in editor.info[0].value
    assert not editor.warning and not editor.error
    assert not [slider for slider in editor.slider if slider.key == "playground_k"]  # no k to choose
    orders = {
        name: editor.button(key=f"order_{name}")
        for name in ("ideal", "worst", "reversed", "shuffled", "original")
    }
    assert all(button.disabled for button in orders.values())
    assert not editor.button(key="order_undo").disabled  # undo can bring the items back
    assert editor.button[[b.label for b in editor.button].index("Empty the list")].disabled
    editor.button(key="order_undo").click().run()
    assert editor.slider(key="playground_k").value == 5
    assert headline(editor)["NDCG@5"] == "0.43"


@pytest.mark.parametrize(
    "next_change",
    ["undo", "empty", "another edit", "an order", "a drop"],
)
def test_a_refused_edit_s_message_goes_with_the_next_change(editor, next_change):
    """Issue 17: "Not applied… Line 2: 11 is outside the grades 0 to 10." belongs to that paste only."""
    editor.button(key="order_ideal").click().run()  # something to undo
    editor.text_area(key="editor_paste").input("A, 3\nB, 11")
    press(editor, "Replace the list")
    assert any("Line 2: 11 is outside the grades 0 to 10" in unescaped(error.value) for error in editor.error)
    ranked = editor.session_state[LIST_KEY]
    if next_change == "undo":
        editor.button(key="order_undo").click().run()
    elif next_change == "empty":
        press(editor, "Empty the list")
    elif next_change == "another edit":
        editor.text_input(key="editor_add_name").input("Marshall")
        editor.text_input(key="editor_add_grade").input("2")
        press(editor, "Add")
    elif next_change == "an order":
        editor.button(key="order_worst").click().run()
    else:
        editor.session_state[LIST_KEY] = ranked.reordered([ranked.ids[-1], *ranked.ids[:-1]])
        editor.run()
    assert editor.session_state[LIST_KEY] is not ranked
    assert not editor.error
    if next_change == "empty":  # and it does not come back with the list
        editor.button(key="order_undo").click().run()
        assert not editor.error


def test_a_refused_edit_s_message_stays_while_nothing_changes(editor):
    editor.text_input(key="editor_add_name").input("Marshall")
    editor.text_input(key="editor_add_grade").input("eleven")
    press(editor, "Add")
    editor.run()  # a run that changes nothing (e.g. a setting's rerun)
    assert any("“eleven” is not a number" in unescaped(error.value) for error in editor.error)


def test_fifty_items_render_and_compute(editor):
    rows = "\n".join(f"item {i}, {i % 4}" for i in range(50))
    editor.text_area(key="editor_paste").input(rows)
    editor.button[[b.label for b in editor.button].index("Replace the list")].click().run()
    editor.slider(key="playground_k").set_value(50).run()
    grades = [i % 4 for i in range(50)]
    assert not editor.exception
    assert headline(editor)["NDCG@50"] == f"{ndcg_core.ndcg(grades, 50):.2f}"


def test_nothing_relevant_names_the_idcg_zero_convention(editor):
    editor.text_area(key="editor_paste").input("A, 0\nB, 0")
    editor.button[[b.label for b in editor.button].index("Replace the list")].click().run()
    assert headline(editor)["NDCG@2"] == "0.00"
    assert any("IDCG@2 = 0" in warning.value and "trec_eval" in warning.value for warning in editor.warning)


def test_the_editor_is_drawn_only_when_open(app):
    assert "Add" not in [button.label for button in app.button]
    app.session_state["editor_open"] = True
    app.run()
    assert "Add" in [button.label for button in app.button]
