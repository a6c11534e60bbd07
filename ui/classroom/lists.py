"""A question's list, compact: one line an item (rank, name, grade), the cutoff k marked between.

A table of four columns wraps every name on a phone (390 px) and fills a projector's column; one
line an item fits both. Names are user text, written through :func:`ui.plain_text.plain`.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from ndcg_core.classroom.question import Question
from ui.plain_text import plain


def list_lines(names: Sequence[str], grades: Sequence[float], k: int) -> str:
    """Markdown: an ordered list of "name · grade g", broken after rank k by a line naming the cutoff."""
    lines = [
        f"{rank}. {plain(name)} · grade {grade:g}"
        for rank, (name, grade) in enumerate(zip(names, grades, strict=True), start=1)
    ]
    if k < len(lines):
        lines.insert(k, f"\n*— cutoff k = {k} —*\n")
    return "\n".join(lines)


def compact_list(names: Sequence[str], grades: Sequence[float], k: int, *, title: str = "") -> None:
    """One list, compact, under an optional bold ``title``."""
    if title:
        st.markdown(f"**{plain(title)}**")
    st.markdown(list_lines(names, grades, k))


def question_lists(question: Question) -> None:
    """The list a question is about; lists A and B for a choice, one under the other."""
    if question.kind == "choice":
        compact_list(question.names, question.grades, question.k, title="List A")
        compact_list(question.names_b, question.grades_b, question.k, title="List B")
    else:
        compact_list(question.names, question.grades, question.k)


def ordered(question: Question, order: Sequence[int], title: str) -> None:
    """The question's items in ``order`` (indices), compact."""
    compact_list(
        [question.names[i] for i in order], [question.grades[i] for i in order], question.k, title=title
    )


def side_by_side(question: Question) -> None:
    """The question's list; for a choice, lists A and B in two columns (a projector has the width)."""
    if question.kind != "choice":
        question_lists(question)
        return
    left, right = st.columns(2)
    with left:
        compact_list(question.names, question.grades, question.k, title="List A")
    with right:
        compact_list(question.names_b, question.grades_b, question.k, title="List B")
