"""Drawing for the Practice page's exercises: one exercise with its form, its feedback and its worked answer.

Every text shown inside Markdown goes through :func:`ui.plain_text.plain` (or :func:`ui.glossary.linked`,
which escapes it too); what the learner typed is shown only as the number it was read as, never as
their raw text. ``seen`` holds the glossary terms the page has linked already: each term is linked
at its first use only.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ndcg_core.metric.gains import Gain
from ndcg_core.practice.answer_check import Feedback
from ndcg_core.practice.exercises import Exercise
from ndcg_core.practice.slips import DECIMALS, TOLERANCE
from ndcg_core.practice.worked import Working, working_frame
from ui.glossary import linked, linked_note
from ui.plain_text import plain
from ui.state.practice import SHOW_ANSWER_HELP, answer_key, ask_hint, result, show_answer, submit_answer

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


def worked_lists(workings: tuple[Working, ...], gain: Gain, said: str = "") -> None:
    """Each list behind a worked answer, rank by rank (gain, discount, contribution), then its sum
    (unless ``said``, the worked answer above, has written it already)."""
    for shown in workings:
        st.markdown(f"**{plain(shown.caption)}**")
        st.table(working_frame(shown, gain))
        if shown.total not in said:
            st.markdown(plain(shown.total))


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


def exercise_card(seed: int, exercise: Exercise, seen: set[str]) -> None:
    """One exercise: the list, the question with its conventions, the form, the feedback."""
    with st.container(border=True):
        st.subheader(f"{exercise.number}. {exercise.title}")
        linked_note(linked(f"{exercise.conventions} Items from {exercise.source}.", seen))
        _lists(exercise)
        st.markdown(f"**{linked(exercise.question, seen)}**")
        with st.form(f"practice_form_{seed}_{exercise.number}", border=False):
            _answer_field(seed, exercise)
            check, hint, show = st.columns(3)
            args = (seed, exercise)
            check.form_submit_button("Check", type="primary", on_click=submit_answer, args=args)
            hint.form_submit_button("Hint", on_click=ask_hint, args=args)
            show.form_submit_button("Show answer", on_click=show_answer, args=args, help=SHOW_ANSWER_HELP)
        done = result(seed, exercise.number)
        if done.hint:
            st.info(f"**Hint.** {plain(exercise.hint)}")
        if done.feedback is not None:
            _feedback(done.feedback)
        if done.score_note:
            st.markdown(f"**Score:** {plain(done.score_note)}")
        if done.shown or (done.feedback is not None and done.feedback.status == "wrong"):
            with st.expander("The answer, worked out", expanded=done.shown):
                st.markdown(f"**Answer: {plain(answer_text(exercise))}.** {plain(exercise.worked)}")
                worked_lists(exercise.working, exercise.gain, exercise.worked)
