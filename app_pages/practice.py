"""Practice: exercises with checked answers, generated from a seed a class can share, and "Check my table".

Thin by design: read the seed and results from the session, ask ``ndcg_core`` for the exercises and
the verdicts, draw. The widgets live in ``ui/practice_views.py`` and ``ui/state/practice.py``.
"""

from __future__ import annotations

import streamlit as st

from ndcg_core.practice.exercises import MAX_SEED, Exercise, conventions, exercise_set
from ndcg_core.practice.slips import DECIMALS, TOLERANCE
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from ui.practice_views import exercise_card, list_table, table_form, table_verdict
from ui.state.practice import (
    SEED_KEY,
    TABLE_SOURCE_KEY,
    current_seed,
    new_seed,
    reset_score,
    score,
    seed_to_url,
)


def seed_row() -> int:
    """The seed (typed, or a new random one), and the session's score."""
    seed = current_seed()
    field, button, tally, reset = st.columns([2, 1, 2, 1], vertical_alignment="bottom")
    field.number_input(
        "Exercise set (seed)",
        min_value=0,
        max_value=MAX_SEED,
        step=1,
        key=SEED_KEY,
        help="The same seed gives everyone the same exercises: hand a class one number, or this page's link.",
    )
    button.button("New set", on_click=new_seed, help="A new random seed, and a new set of exercises.")
    right, answered = score()
    tally.metric("Score this session", f"{right} right of {answered} answered")
    reset.button("Reset score", on_click=reset_score)
    seed = int(st.session_state[SEED_KEY])
    seed_to_url(seed)
    return seed


def exercises_tab(seed: int, exercises: tuple[Exercise, ...]) -> None:
    st.markdown(
        f"Set **{seed}**: {len(exercises)} exercises. Numbers are asked to {DECIMALS} decimals and "
        f"accepted within ±{TOLERANCE} of the exact value; 0.43, .43 and 0,43 all read as 0.43. "
        "Each exercise counts once, at its first answer; try again as often as you like."
    )
    for exercise in exercises:
        exercise_card(seed, exercise)


def table_tab(seed: int, exercises: tuple[Exercise, ...]) -> None:
    st.markdown(
        "Work out the table by hand, type it in, and see which cells are right. "
        f"Each cell is right within ±{TOLERANCE} of the exact value."
    )
    dcg_exercise = next(e for e in exercises if e.kind == "dcg")
    choices = {
        "seed000": (
            'Seed 000: "bluetooth headphones"',
            BLUETOOTH_HEADPHONES.labels,
            BLUETOOTH_HEADPHONES.grades,
            5,
            "exponential",
        ),
        f"set{seed}": (
            f"Set {seed}: the list of exercise {dcg_exercise.number}",
            dcg_exercise.labels,
            dcg_exercise.grades,
            dcg_exercise.k,
            dcg_exercise.gain,
        ),
    }
    if st.session_state.get(TABLE_SOURCE_KEY) not in choices:
        st.session_state[TABLE_SOURCE_KEY] = "seed000"
    source = st.radio(
        "The list",
        list(choices),
        format_func=lambda key: choices[key][0],
        key=TABLE_SOURCE_KEY,
        horizontal=True,
    )
    _, labels, grades, k, gain = choices[source]
    grades = tuple(float(g) for g in grades)
    st.caption(conventions(gain, k))
    st.table(list_table(labels, grades, k))
    table_form(source, grades, k, gain)
    table_verdict(source, grades, k, gain)


def main() -> None:
    st.title("Practice")
    st.caption(
        "Exercises with checked answers, hints and a score, and a check of your own worked table. "
        "Rank i starts at 1; the discount is 1/log2(i + 1); each exercise says its gain, its k and where its ideal comes from."
    )
    seed = seed_row()
    exercises = exercise_set(seed)
    exercises_panel, table_panel = st.tabs(["Exercises", "Check my table"])
    with exercises_panel:
        exercises_tab(seed, exercises)
    with table_panel:
        table_tab(seed, exercises)


main()
