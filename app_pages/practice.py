"""Practice: exercises with checked answers, generated from a seed a class can share, and "Check my table".

Thin by design: read the seed and results from the session, ask ``ndcg_core`` for the exercises and
the verdicts, draw. The widgets live in ``ui/practice_views.py``, ``ui/table_check_views.py`` and
``ui/state/practice.py``. Each tab links each glossary term at its first use in it.
"""

from __future__ import annotations

import streamlit as st

from ndcg_core.practice.exercises import MAX_SEED, Exercise, conventions, exercise_set
from ndcg_core.practice.slips import DECIMALS, TOLERANCE
from ndcg_core.practice.table_check import PRACTICE_LIST, TableList
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from ui.glossary import linked, linked_note
from ui.practice_views import exercise_card, list_table
from ui.state.practice import (
    SCORE_RULE,
    SEED_KEY,
    TABLE_SOURCE_KEY,
    current_seed,
    new_seed,
    reset_score,
    score,
    seed_to_url,
    table_result,
)
from ui.table_check_views import table_form, table_verdict

#: Check my table's first list: one of its own, which the lesson never shows.
DEFAULT_TABLE = "practice"


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
    tally.metric("Score this session", f"{right} right of {answered} answered", help=SCORE_RULE)
    reset.button("Reset score", on_click=reset_score)
    seed = int(st.session_state[SEED_KEY])
    seed_to_url(seed)
    return seed


def exercises_tab(seed: int, exercises: tuple[Exercise, ...], seen: set[str]) -> None:
    st.markdown(
        f"Set **{seed}**: {len(exercises)} exercises. Numbers are asked to {DECIMALS} decimals and "
        f"accepted within ±{TOLERANCE} of the exact value; 0.43, .43 and 0,43 all read as 0.43. "
        f"{SCORE_RULE}"
    )
    for exercise in exercises:
        exercise_card(seed, exercise, seen)


def table_lists(seed: int, exercises: tuple[Exercise, ...]) -> dict[str, TableList]:
    """The lists a learner may work: the page's own (the default), this set's, and the lesson's example."""
    dcg_exercise = next(e for e in exercises if e.kind == "dcg")
    lesson = BLUETOOTH_HEADPHONES
    return {
        DEFAULT_TABLE: PRACTICE_LIST,
        f"set{seed}": TableList(
            f"Set {seed}: the list of exercise {dcg_exercise.number}",
            dcg_exercise.labels,
            dcg_exercise.grades,
            dcg_exercise.k,
            dcg_exercise.gain,
        ),
        "seed000": TableList(
            "The lesson's example (worked out in Step by step)",
            lesson.labels,
            tuple(float(g) for g in lesson.grades),
            lesson.k,
            lesson.gain,
        ),
    }


def table_tab(seed: int, exercises: tuple[Exercise, ...], seen: set[str]) -> None:
    st.markdown(
        linked(
            "Work out the table by hand and type it in: for each rank the gain, discount and contribution, "
            "then DCG@k; then the ideal order rank by rank and IDCG@k; then NDCG@k. Each cell is marked in place: "
            "right, wrong, or right given your earlier cell (a wrong cell earlier, then this one worked out "
            f"correctly from it). A cell is right within ±{TOLERANCE} of the exact value.",
            seen,
        )
    )
    choices = table_lists(seed, exercises)
    if st.session_state.get(TABLE_SOURCE_KEY) not in choices:
        st.session_state[TABLE_SOURCE_KEY] = DEFAULT_TABLE
    source = st.radio(
        "The list", list(choices), format_func=lambda key: choices[key].title, key=TABLE_SOURCE_KEY
    )
    chosen = choices[source]
    linked_note(linked(conventions(chosen.gain, chosen.k), seen))
    st.table(list_table(chosen.labels, chosen.grades, chosen.k))
    checked = table_result(source)
    table_form(source, chosen, checked)
    table_verdict(chosen, checked)


def main() -> None:
    st.title("Practice")
    seen: set[str] = set()  # the glossary terms linked above the tabs; each tab links its own first uses
    linked_note(
        linked(
            "Exercises with checked answers, hints and a score, and a check of your own worked table. "
            "Rank i starts at 1; the discount is 1/log2(i + 1); each exercise says its gain, its cutoff k and "
            "where its ideal comes from.",
            seen,
        )
    )
    seed = seed_row()
    exercises = exercise_set(seed)
    exercises_panel, table_panel = st.tabs(["Exercises", "Check my table"])
    with exercises_panel:
        exercises_tab(seed, exercises, set(seen))
    with table_panel:
        table_tab(seed, exercises, set(seen))


main()
