"""Edit the list: names and grades in a table, add one item, paste a whole list, or start empty.

Every edit is checked first (see :mod:`ui.state.ranked_list`); a bad edit is refused with a
message beside the field that names the row, and the last valid list stays on screen. The
message stays until the list changes in any way (:mod:`ui.state.editor`): it is about the
edit that was refused, not about whatever comes next.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ndcg_core.teaching.scenarios import DEFAULT_SCENARIO
from ui.plain_text import plain, plain_lines
from ui.state import editor
from ui.state.editor import (
    ADD_ERROR_KEY,
    ADD_GRADE_KEY,
    ADD_NAME_KEY,
    EDITOR_OPEN_KEY,
    PASTE_ERROR_KEY,
    PASTE_KEY,
    TABLE_ERROR_KEY,
)
from ui.state.ranked_list import (
    MAX_GRADE,
    MAX_ITEMS,
    ListEditError,
    RankedList,
    parse_grade,
    parse_grade_list,
    parse_name,
    parse_pasted,
    parse_rows,
)
from ui.state.scenario import (
    UNLISTED_KEY,
    current_list,
    flash,
    grades_text,
    load_scenario,
    mark_edited,
    set_list,
)


def list_editor() -> None:
    """The editing tools, in an expander below the numbers.

    The expander reruns when it opens and draws its content only while open, so that a drop
    does not pay for an editor nobody is looking at.
    """
    label = f"Edit the list: names, grades 0 to {MAX_GRADE:g}, add, remove, paste"
    editor.drop_stale_messages()
    with st.expander(label, key=EDITOR_OPEN_KEY, on_change="rerun") as box:
        if not box.open:
            return
        table_column, side_column = st.columns([3, 2])
        with table_column:
            _table_editor()
        with side_column:
            _add_form()
            _paste_form()
            _start_over_buttons()


def _table_editor() -> None:
    """Names and grades in an editable table; rows can be added and deleted."""
    ranked = current_list()
    frame = pd.DataFrame(
        {
            "id": pd.Series(ranked.ids, dtype=str),
            "Item": pd.Series(ranked.names, dtype=str),
            "Grade": pd.Series(ranked.grades, dtype=float),
        }
    )
    with st.form("editor_table_form", border=False):
        edited = st.data_editor(
            frame,
            num_rows="dynamic",
            hide_index=True,
            width="stretch",
            column_config={
                "id": None,  # hidden: it keeps each row tied to its item
                "Item": st.column_config.TextColumn("Item", required=True, max_chars=200),
                "Grade": st.column_config.NumberColumn(
                    "Grade", min_value=0.0, max_value=MAX_GRADE, step=0.01, required=True
                ),
            },
            key=f"editor_table_{hash(tuple(ranked.items))}",
        )
        submitted = st.form_submit_button("Apply table changes", type="primary")
    if submitted:
        _apply_table(edited)
    if error := editor.message(TABLE_ERROR_KEY):
        st.error(error)


def _apply_table(edited: pd.DataFrame) -> None:
    """Check the edited table; apply it and rerun, or keep the list and say what is wrong."""
    known = set(current_list().ids)
    rows = [
        (row["id"] if isinstance(row["id"], str) and row["id"] in known else None, row["Item"], row["Grade"])
        for _, row in edited.iterrows()
    ]
    try:
        parsed = parse_rows(rows)
    except ListEditError as error:
        editor.refuse(TABLE_ERROR_KEY, f"Not applied; the list is unchanged.\n\n{plain_lines(error)}")
        return
    editor.clear(TABLE_ERROR_KEY)
    set_list(current_list().edited(parsed))
    mark_edited()
    flash(f"Applied: the list now has {len(parsed)} items.")
    st.rerun()


def _add_item() -> None:
    """Callback of "Add": append one item at the bottom of the list."""
    ranked = current_list()
    try:
        if len(ranked.items) >= MAX_ITEMS:
            raise ListEditError(f"The list already holds {MAX_ITEMS} items, the most the Playground shows.")
        name = parse_name(st.session_state.get(ADD_NAME_KEY), "New item")
        grade = parse_grade(st.session_state.get(ADD_GRADE_KEY), "New item")
    except ListEditError as error:
        editor.refuse(ADD_ERROR_KEY, plain_lines(error))
        return
    rows = [(item.id, item.name, item.grade) for item in ranked.items] + [(None, name, grade)]
    set_list(ranked.edited(rows))
    mark_edited()
    editor.clear(ADD_ERROR_KEY)
    st.session_state[ADD_NAME_KEY] = ""
    st.session_state[ADD_GRADE_KEY] = ""
    flash(f"Added “{plain(name)}” at rank {len(rows)}.")


def _add_form() -> None:
    """One new item: a name and a grade."""
    with st.form("editor_add_form", border=True):
        st.markdown("**Add an item** (at the bottom)")
        st.text_input("Name", key=ADD_NAME_KEY, max_chars=200)
        st.text_input("Grade", key=ADD_GRADE_KEY, placeholder=f"0 to {MAX_GRADE:g}, e.g. 2 or 1.5")
        st.form_submit_button("Add", on_click=_add_item)
    if error := editor.message(ADD_ERROR_KEY):
        st.error(error)


def _replace_from_paste() -> None:
    """Callback of "Replace the list": one item a line, ``name, grade``."""
    try:
        rows = parse_pasted(st.session_state.get(PASTE_KEY, ""))
        if not rows:
            raise ListEditError("There is nothing to paste: write one item a line, as “name, grade”.")
    except ListEditError as error:
        editor.refuse(PASTE_ERROR_KEY, f"Not applied; the list is unchanged.\n\n{plain_lines(error)}")
        return
    editor.clear(PASTE_ERROR_KEY)
    set_list(current_list().edited(rows))
    mark_edited()
    flash(f"Replaced the list with {len(rows)} pasted items.")


def _paste_form() -> None:
    """A whole list pasted as text, e.g. from a spreadsheet."""
    with st.form("editor_paste_form", border=True):
        st.text_area(
            "Paste a list: one item a line, “name, grade”",
            key=PASTE_KEY,
            placeholder="Sony Bluetooth Headphones, 3\nGaming Headset, 0",
            height=110,
        )
        st.form_submit_button("Replace the list", on_click=_replace_from_paste)
    if error := editor.message(PASTE_ERROR_KEY):
        st.error(error)


def _start_over_buttons() -> None:
    """Start from an empty list, or go back to the example."""
    empty_column, example_column = st.columns(2)
    empty_column.button(
        "Empty the list",
        on_click=lambda: (set_list(current_list().edited([])), mark_edited()),
        help="Remove every item (undo brings them back).",
        disabled=not current_list().items,  # already empty: nothing to remove
        width="stretch",
    )
    example_column.button(
        "Load the example",
        on_click=lambda: load_scenario(DEFAULT_SCENARIO),
        help="The “bluetooth headphones” list from the article “So you think you know NDCG?”, k = 5, exponential gain.",
        width="stretch",
    )


def unlisted_grades_field(ranked: RankedList) -> RankedList:
    """With the judged pool on: the grades of judged items the list does not show.

    Returns the list with the grades typed, or, when they cannot be read, as it was (with a message).
    """
    st.session_state.setdefault(UNLISTED_KEY, "")
    st.text_input(
        "Judged items not in the list: their grades",
        key=UNLISTED_KEY,
        placeholder="e.g. 5, 5, 3 (judged items the system missed)",
        help="The ideal is built from these and the listed grades together, as trec_eval does.",
    )
    try:
        grades = parse_grade_list(st.session_state[UNLISTED_KEY])
    except ListEditError as error:
        kept = grades_text(ranked.unlisted_grades) or "none"
        st.error(f"{plain_lines(error)}\n\nStill using the last valid grades: {kept}.")
        return ranked
    if tuple(grades) != ranked.unlisted_grades:
        ranked = ranked.with_unlisted(grades)
        set_list(ranked)
    return ranked
