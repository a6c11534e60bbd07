"""The Playground's list model: edits, orders and undo, without Streamlit."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from ui.state.ranked_list import (
    MAX_ITEMS,
    ListEditError,
    from_scenario,
    parse_grade,
    parse_grade_list,
    parse_pasted,
    parse_rows,
)


@pytest.fixture
def ranked():
    return from_scenario(BLUETOOTH_HEADPHONES)


def test_reorder_by_ids_and_undo(ranked):
    moved = ranked.reordered([ranked.ids[-1], *ranked.ids[:-1]])
    assert moved.names[0] == "Bose Wireless Headphones"
    assert moved.undone().items == ranked.items


def test_a_stale_or_foreign_order_is_ignored(ranked):
    assert ranked.reordered(ranked.ids[:-1]) is ranked
    assert ranked.reordered([*ranked.ids[:-1], "i99"]) is ranked
    assert ranked.permuted([0, 0, 1, 2, 3, 4, 5]) is ranked


def test_an_unchanged_order_adds_no_undo_step(ranked):
    assert not ranked.reordered(ranked.ids).can_undo


def test_edits_keep_ids_give_new_ones_and_reset_the_original(ranked):
    rows = [(ranked.ids[1], "Wired", 1.0), (None, "New", 2.5)]
    edited = ranked.edited(rows)
    assert edited.ids == [ranked.ids[1], "i7"]
    assert edited.original == edited.items
    assert edited.undone().items == ranked.items
    assert edited.edited([(None, "Another", 0.0)]).ids == ["i8"]


def test_back_to_original_after_moves(ranked):
    moved = ranked.reordered(list(reversed(ranked.ids)))
    assert moved.back_to_original().items == ranked.items


def test_pool_is_listed_plus_unlisted(ranked):
    assert ranked.with_unlisted([5, 4]).pool() == [*ranked.grades, 5, 4]


@pytest.mark.parametrize("text", ["3", "2.5", " 0 ", "10"])
def test_good_grades(text):
    assert 0 <= parse_grade(text, "Row 1") <= 10


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        (None, "empty"),
        ("abc", "not a number"),
        ("-1", "outside the grades 0 to 10"),
        ("10.5", "outside"),
        ("inf", "outside"),
        ("nan", "“nan” is not a number"),
        (float("nan"), "empty"),  # an empty cell of the table
        ("1,5", "has a comma. Write decimals with a point \\(1.5\\)"),  # 1.5, or the grades 1 and 5?
    ],
)
def test_bad_grades_say_what_is_wrong(text, words):
    with pytest.raises(ListEditError, match=words):
        parse_grade(text, "Row 1")


def test_every_bad_row_is_named_at_once():
    with pytest.raises(ListEditError) as caught:
        parse_rows([("i0", "ok", 1), ("i1", "", 1), ("i2", "x", 12)])
    assert str(caught.value).splitlines() == [
        "Row 2: the name is empty.",
        "Row 3: 12 is outside the grades 0 to 10.",
    ]


def test_too_many_rows_are_refused():
    with pytest.raises(ListEditError, match=f"at most {MAX_ITEMS}"):
        parse_rows([(None, f"n{i}", 1) for i in range(MAX_ITEMS + 1)])


def test_pasted_lines_with_commas_tabs_and_semicolons():
    rows = parse_pasted("Sony, Bluetooth, 3\nBose\t3\n\nJBL; 2")
    assert rows == [(None, "Sony, Bluetooth", 3.0), (None, "Bose", 3.0), (None, "JBL", 2.0)]


def test_unlisted_grade_lists():
    assert parse_grade_list("5, 5 3;2") == [5, 5, 3, 2]
    assert parse_grade_list("  ") == []
    with pytest.raises(ListEditError, match="number 2"):
        parse_grade_list("5, x")


@given(st.text(max_size=200))
def test_pasted_text_either_parses_or_says_why(text):
    try:
        rows = parse_pasted(text)
    except ListEditError as error:
        assert str(error)
    else:
        assert all(0 <= grade <= 10 and name for _, name, grade in rows)


def test_an_edit_that_changes_nothing_adds_no_undo_step(ranked):
    rows = [(item.id, item.name, item.grade) for item in ranked.items]
    assert ranked.edited(rows) is ranked


@pytest.mark.parametrize(
    ("line", "one", "other"),
    [
        ("Alpha, 1,5", "the item “Alpha, 1” with grade 5", "the item “Alpha” with grade 1.5"),
        ("Alpha 1,5", "the item “Alpha 1” with grade 5", "the item “Alpha” with grade 1.5"),
        ("Model 3, 2,25", "the item “Model 3, 2” with grade 25", "the item “Model 3” with grade 2.25"),
    ],
)
def test_a_pasted_line_that_reads_two_ways_is_refused_with_both_readings(line, one, other):
    """Issue 28: "Alpha, 1,5" was saved as the item "Alpha, 1" with grade 5. Never guess."""
    with pytest.raises(ListEditError) as caught:
        parse_pasted(f"Beta, 2\n{line}")
    message = str(caught.value)
    assert message.startswith(f"Line 2 (“{line}”) reads two ways:"), message
    assert one in message and other in message
    assert "Write decimals with a point" in message and "double quotes" in message


def test_a_quoted_name_or_a_point_reads_one_way():
    assert parse_pasted('"Alpha, 1", 5\nAlpha, 1.5\nGamma; 2') == [
        (None, "Alpha, 1", 5.0),
        (None, "Alpha", 1.5),
        (None, "Gamma", 2.0),
    ]
    assert parse_pasted("Sony, Bluetooth, 3\nModel 3, 2") == [
        (None, "Sony, Bluetooth", 3.0),
        (None, "Model 3", 2.0),
    ]


def test_pasted_lines_are_named_as_lines():
    with pytest.raises(ListEditError, match=r"^Line 3: “nan” is not a number"):
        parse_pasted("A, 1\n\nB, nan")


def test_the_add_form_s_grade_with_a_comma_is_refused_not_read_as_a_decimal():
    """Issue 28: the Add form read "2,5" as 2.5, while the judged-grades field reads it as 2 and 5."""
    with pytest.raises(
        ListEditError, match=r"New item: “2,5” has a comma. Write decimals with a point \(2.5\)"
    ):
        parse_grade("2,5", "New item")
    assert parse_grade_list("2,5") == [2.0, 5.0]
