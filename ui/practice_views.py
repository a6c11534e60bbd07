"""Drawing for the Practice page: one exercise with its form and feedback, and "Check my table".

Every text shown inside Markdown goes through :func:`ui.plain_text.plain`; what the learner
typed is shown only as the number it was read as, never as their raw text.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ndcg_core.metric.breakdown import breakdown
from ndcg_core.practice.answer_check import Feedback
from ndcg_core.practice.exercises import Exercise
from ndcg_core.practice.slips import DECIMALS, TOLERANCE
from ndcg_core.practice.table_check import PER_RANK_COLUMNS, TOTALS, TableCheck, cell_key
from ui.plain_text import plain
from ui.state.practice import (
    answer_key,
    ask_hint,
    cell_widget_key,
    result,
    show_answer,
    submit_answer,
    submit_table,
    table_result,
)

MARKS = {"right": "✓", "wrong": "✗", "unreadable": "✗ Not read."}


def list_table(labels, grades, k: int) -> pd.DataFrame:
    """Rank, item and grade of a list, with the ranks beyond k marked."""
    return pd.DataFrame(
        {
            "Rank": range(1, len(grades) + 1),
            "Item": list(labels),
            "Grade": [f"{g:g}" for g in grades],
            "Counts at k?": [
                "yes" if rank <= k else f"no (below k = {k})" for rank in range(1, len(grades) + 1)
            ],
        }
    )


def answer_text(exercise: Exercise) -> str:
    """The right answer, in words."""
    if exercise.numeric:
        return f"{float(exercise.answer):.{DECIMALS}f}"
    if exercise.kind == "reorder":
        return f"{exercise.answer} move(s), e.g. the order {', '.join(map(str, exercise.solution))}"
    return str(exercise.answer)


def _feedback(feedback: Feedback) -> None:
    text = f"**{MARKS[feedback.status]}** {plain(feedback.message)}"
    {"right": st.success, "wrong": st.error, "unreadable": st.warning}[feedback.status](text)


def _lists(exercise: Exercise) -> None:
    if exercise.kind == "better":
        left, right = st.columns(2)
        left.markdown("**List A**")
        left.table(list_table(exercise.labels, exercise.grades, exercise.k))
        right.markdown("**List B**")
        right.table(list_table(exercise.labels_b, exercise.grades_b, exercise.k))
    else:
        st.table(list_table(exercise.labels, exercise.grades, exercise.k))


def _answer_field(seed: int, exercise: Exercise) -> None:
    key = answer_key(seed, exercise.number)
    if exercise.choices:
        st.radio("Your answer", exercise.choices, index=None, key=key, horizontal=True)
    elif exercise.kind == "reorder":
        example = ", ".join(str(r) for r in range(len(exercise.grades), 0, -1))
        st.text_input("Your new order (current rank numbers)", key=key, placeholder=f"e.g. {example}")
    else:
        st.text_input(
            f"Your answer ({DECIMALS} decimals)",
            key=key,
            placeholder="e.g. 0.43",
            help=f"Accepted within ±{TOLERANCE} of the exact value. 0.43, .43 and 0,43 are all read as 0.43.",
        )


def exercise_card(seed: int, exercise: Exercise) -> None:
    """One exercise: the list, the question with its conventions, the form, the feedback."""
    with st.container(border=True):
        st.subheader(f"{exercise.number}. {exercise.title}")
        st.caption(plain(f"{exercise.conventions} Items from {exercise.source}."))
        _lists(exercise)
        st.markdown(f"**{plain(exercise.question)}**")
        with st.form(f"practice_form_{seed}_{exercise.number}", border=False):
            _answer_field(seed, exercise)
            check, hint, show = st.columns(3)
            args = (seed, exercise)
            check.form_submit_button("Check", type="primary", on_click=submit_answer, args=args)
            hint.form_submit_button("Hint", on_click=ask_hint, args=args)
            show.form_submit_button("Show answer", on_click=show_answer, args=args)
        done = result(seed, exercise.number)
        if done.hint:
            st.info(f"**Hint.** {plain(exercise.hint)}")
        if done.feedback is not None:
            _feedback(done.feedback)
        if done.shown or (done.feedback is not None and done.feedback.status == "wrong"):
            with st.expander("The answer, worked out", expanded=done.shown):
                st.markdown(f"**Answer: {plain(answer_text(exercise))}.** {plain(exercise.worked)}")


def _typed(cell) -> str:
    if cell.value is not None:
        return f"{cell.value:g}"
    return "—" if cell.problem == "empty" else "(not a number)"


def table_form(source: str, grades: tuple[float, ...], k: int, gain: str) -> None:
    """The learner's table: gain, discount and contribution for ranks 1 … k, then the totals."""
    keys = tuple(cell_key(column, rank) for rank in range(1, k + 1) for column in PER_RANK_COLUMNS) + TOTALS
    with st.form(f"practice_table_form_{source}"):
        # One row a rank, each cell labelled: on a phone the row stacks (a column header would
        # be far away) and a row kept whole would scroll sideways.
        for rank in range(1, k + 1):
            row = st.columns([2, 2, 2, 2], vertical_alignment="bottom")
            row[0].markdown(f"**Rank {rank}** · grade {grades[rank - 1]:g}")
            for where, column in zip(row[1:], PER_RANK_COLUMNS, strict=True):
                where.text_input(
                    f"{column.capitalize()} at rank {rank}",
                    key=cell_widget_key(source, cell_key(column, rank)),
                )
        totals = st.columns(3)
        for where, column in zip(totals, TOTALS, strict=True):
            where.text_input(f"{column.upper()}@{k}", key=cell_widget_key(source, column))
        st.form_submit_button(
            "Check my table", type="primary", on_click=submit_table, args=(source, grades, k, gain, keys)
        )


def table_verdict(source: str, grades: tuple[float, ...], k: int, gain: str) -> None:
    """Each cell marked ✓ or ✗ (in words, not only colour), and the first wrong cell explained."""
    checked: TableCheck | None = table_result(source)
    if checked is None:
        return
    rows = pd.DataFrame(
        {
            "Cell": [cell.name for cell in checked.cells],
            "You typed": [_typed(cell) for cell in checked.cells],
            "Verdict": [cell.mark + (f" ({cell.note})" if cell.note else "") for cell in checked.cells],
        }
    )
    st.markdown(f"**{checked.right} of {len(checked.cells)} cells right.**")
    if checked.first_wrong is None:
        st.success("**✓ Every cell is right.**")
    else:
        st.error(f"**✗ First wrong cell: {plain(checked.first_wrong.name)}.** {plain(checked.explanation)}")
    st.table(rows)
    with st.expander("The whole table, worked out"):
        table = breakdown(grades, k, gain=gain)[
            ["rank", "relevance", "gain", "discount", "contribution", "dcg"]
        ]
        st.table(table.head(k).round(4))
