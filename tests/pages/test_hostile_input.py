"""Hostile and broken input, one table: what was tried, where, and what the user sees.

Every row runs the real app (AppTest). The app must never raise, must show the message in
the row, and must keep what the user had (the seed 000 list, NDCG@5 = 0.43, or the last good files).
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.conftest import NewApp, editor_open, headline, sample_open
from ui.run_files import LoadedFiles
from ui.state.scenario import LIST_KEY

DEFAULT_NDCG = "0.43"
GOOD_QRELS = b"q 0 a 1\nq 0 b 0\n"
GOOD_RUN = b"q Q0 a 1 2.0 t\nq Q0 b 2 1.0 t\n"

# (what is typed into the "Add an item" form: name, grade) → what the user is told
ADD_ITEM = [
    ("Sony", "-1", "-1 is outside the grades 0 to 10"),
    ("Sony", "nan", "“nan” is not a number"),
    ("Sony", "2,5", "“2,5” has a comma. Write decimals with a point (2.5)"),
    ("Sony", "inf", "inf is outside the grades 0 to 10"),
    ("Sony", "three", "“three” is not a number"),
    ("Sony", "1e308", "is outside the grades 0 to 10"),
    ("Sony", "", "the grade is empty"),
    ("", "2", "the name is empty"),
]

# names that are accepted, and must be shown as typed: never as HTML, Markdown or LaTeX
ODD_NAMES = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "**bold** _it_ [link](https://example.com) `code`",
    r"$\frac{1}{0}$ \textbf{x}",
    "שלום עולם (right to left)",
    "🎧 headphones 🎧",
    "Sony",  # a duplicate of another name is allowed: items are told apart by position
]

# (a pasted list) → the message
PASTED = [
    ("A, 3\nB", "Line 2: the grade is empty"),
    ("A, 3\nB, 99", "Line 2: 99 is outside"),
    (
        "A, 3\nAlpha, 1,5",
        "Line 2 (“Alpha, 1,5”) reads two ways: the item “Alpha, 1” with grade 5, or the item “Alpha” with grade 1.5",
    ),
    ("\n".join(f"item {i}, 1" for i in range(101)), "at most 100"),
    ("x" * 10_000 + ", 2", "the name has 10000 characters"),  # the form's field stops at 200
]

# (link parameters) → the note
LINKS = [
    ({"grades": "3,banana"}, "could not be read"),
    ({"grades": "3,2", "names": "one"}, "could not be read"),
    ({"grades": "3,2", "k": "-4"}, "outside"),
    ({"grades": "3,2", "k": "ten"}, "not a whole number"),
    ({"z": "%%%broken%%%"}, "could not be read"),
    ({"grades": ",".join(["1"] * 500)}, "could not be read"),
]

# (qrels bytes, run bytes) → the message; the sample stays loaded
FILES = [
    (b"", GOOD_RUN, "the file is empty"),
    (b"\x00\x01\x02\x03", GOOD_RUN, "binary"),
    (GOOD_QRELS, b"q,Q0,a,1,2.0,t\n", "is separated by commas but has no header"),
    (b"topic\t0\ta\t1\n", b"nobody Q0 a 1 2.0 t\n", "have no query in common"),
    (b"q 0 a 1\nq 0 a 2\n", GOOD_RUN, "appears more than once"),
    (GOOD_QRELS, b"q Q0 a 1 2.0 t\nq Q0 a 2 1.0 t\n", "appears more than once"),
    (b"q 0 caf\xe9 1\n", GOOD_RUN, "not UTF-8"),
    (
        b"query document relevance\nq a 1\n",
        GOOD_RUN,
        "3 fields where a qrels line has 4",
    ),  # header without commas
    (GOOD_QRELS, b"q Q0 a 1 high t\n", "is not a finite number"),
]


def unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def messages(at: AppTest) -> str:
    return " | ".join(unescaped(box.value) for box in [*at.error, *at.warning])


def ndcg(at: AppTest) -> str:
    return next(value for label, value in headline(at).items() if label.startswith("NDCG"))


@pytest.fixture
def editor() -> AppTest:
    return editor_open()


def press(at: AppTest, label: str) -> AppTest:
    return at.button[[b.label for b in at.button].index(label)].click().run()


@pytest.mark.parametrize(("name", "grade", "told"), ADD_ITEM, ids=[row[1] or "empty" for row in ADD_ITEM])
def test_add_item(editor, name, grade, told):
    editor.text_input(key="editor_add_name").input(name)
    editor.text_input(key="editor_add_grade").input(grade)
    press(editor, "Add")
    assert not editor.exception
    assert told in messages(editor)
    assert len(editor.session_state[LIST_KEY].items) == 7 and ndcg(editor) == DEFAULT_NDCG


@pytest.mark.parametrize("name", ODD_NAMES, ids=range(len(ODD_NAMES)))
def test_odd_names_are_kept_as_plain_text(editor, name):
    editor.text_input(key="editor_add_name").input(name)
    editor.text_input(key="editor_add_grade").input("3")
    press(editor, "Add")
    assert not editor.exception and not editor.error
    assert editor.session_state[LIST_KEY].names[-1] == name
    toast = unescaped(editor.toast[0].value) if editor.toast else ""
    assert name in toast  # the Markdown source escapes every control character of the name


@pytest.mark.parametrize(("text", "told"), PASTED, ids=range(len(PASTED)))
def test_paste(editor, text, told):
    editor.text_area(key="editor_paste").input(text)
    press(editor, "Replace the list")
    assert not editor.exception
    assert told in messages(editor)
    assert ndcg(editor) == DEFAULT_NDCG


@pytest.mark.parametrize(("k", "shown"), [(0, "NDCG@1"), (-3, "NDCG@1"), (99, "NDCG@7")])
def test_k_out_of_range_is_brought_into_range(app_copy: NewApp, k, shown):
    at = app_copy()
    at.session_state["playground_k_wanted"] = k
    at.run()
    assert not at.exception
    assert shown in headline(at)


@pytest.mark.parametrize(("params", "told"), LINKS, ids=range(len(LINKS)))
def test_links(new_app: NewApp, params, told):
    at = new_app(params=params)
    assert not at.exception
    assert told in messages(at)


@pytest.mark.parametrize(("qrels", "run", "told"), FILES, ids=range(len(FILES)))
def test_uploaded_files(qrels, run, told):
    at = sample_open()
    at.session_state["many_candidate"] = LoadedFiles.of_bytes("my.qrels", qrels, "my.run", run)
    at.run()
    assert not at.exception
    assert told in messages(at) and "Still showing qrels.test" in messages(at)
