"""Step by step: the lesson, CG → DCG → IDCG → NDCG, one step at a time, as an explorable.

Every step holds the session's draggable list (the live list, the same list and order as the
Playground) and beside it the figure the step teaches, which follows every drop; most steps open
with a question (predict, then reveal). The steps live in ``ui/lesson/steps.py``, the questions in
``ui/lesson/questions.py``, presentation mode in ``ui/presentation.py`` and its keys in
``ui/components/step_keys.py``.
"""

from __future__ import annotations

import streamlit as st

from ui.components.step_keys import step_keys
from ui.lesson.examples import rankings_a_and_b
from ui.lesson.frame import (
    LESSON,
    LESSON_PRESENTING,
    View,
    current_lesson,
    follow_try_it,
    lesson_empty_message,
    on_key,
    scenario_and_settings,
    try_it,
)
from ui.lesson.questions import QUESTIONS, question_box, revealed
from ui.lesson.steps import STEPS
from ui.live_list import Places, live_list
from ui.navigation import PLAYGROUND, PRACTICE, link_to
from ui.presentation import presentation_style, presentation_toggle
from ui.state import lesson as lesson_state
from ui.state import scenario

#: The step that holds rankings A and B (0-based), and the last step, which points onward.
CG_STEP, LAST_STEP = 3, len(STEPS) - 1


def navigation(step: int, presenting: bool) -> None:
    """The step's number and title, Previous and Next; outside presentation mode also the switch.

    Previous and Next stay side by side on a phone (one row instead of two: the list comes sooner).
    """
    count = len(STEPS)
    widths = [7, 2.8] if presenting else [6.4, 3, 2]  # two buttons of at least 8rem each (wrap=False)
    title_column, buttons_column, *switch_column = st.columns(widths, vertical_alignment="center")
    previous_column, next_column = buttons_column.columns(2, vertical_alignment="center", wrap=False)
    title_column.subheader(f"Step {step + 1} of {count}: {STEPS[step].title}", anchor=False)
    previous_column.button(
        "← Previous",
        key="lesson_previous",
        on_click=lesson_state.go_to,
        args=(step - 1, count),
        disabled=step == 0,
        width="stretch",
    )
    next_column.button(
        "Next →",
        key="lesson_next",
        on_click=lesson_state.go_to,
        args=(step + 1, count),
        disabled=step == count - 1,
        type="primary",
        width="stretch",
    )
    for column in switch_column:
        with column:
            presentation_toggle()


def step_body(step: int, presenting: bool) -> None:
    """The question; the list beside the step's figure (one live unit); the words; what follows."""
    question = QUESTIONS[step]
    question_box(step, question, presenting)
    shown = revealed(step, question, current_lesson(presenting))
    list_column, side_column = st.columns([1.15, 1.35] if presenting else [2, 3], gap="large")
    places = Places(
        sortable=list_column.container(), buttons=list_column.container(), headline=side_column.container()
    )
    view = View(side_column.container(), None if presenting else st.container(), shown, presenting, step)
    if not presenting:  # on a projector, the presenter says it
        side_column.markdown(STEPS[step].words(shown, presenting))
    if step == CG_STEP and not presenting:
        rankings_a_and_b()
    if step == LAST_STEP and not presenting:
        onward()
    unit = LESSON_PRESENTING if presenting else LESSON
    figure = STEPS[step].figure
    live_list(unit, places, lambda run: figure(run, view), headline=STEPS[step].headline(shown))


def onward() -> None:
    """After the last step: practise, or play."""
    st.markdown("**Where next?** Check yourself on new lists, or build your own.")
    onward_links()


def onward_links(short: bool = False) -> None:
    """Practice and the Playground, side by side (``short``: their names only, for a projector's row)."""
    practice_column, playground_column = st.columns(2)
    with practice_column:
        link_to(PRACTICE, "Practice" if short else "Practice: exercises with checked answers")
    with playground_column:
        link_to(PLAYGROUND, "The Playground" if short else "The Playground: your own list, every number")


def main() -> None:
    follow_try_it()
    presenting = lesson_state.is_presenting()
    step = lesson_state.current_step(len(STEPS))
    if presenting:
        scenario.keep_settings()  # the picker, which keeps them otherwise, is not drawn
        presentation_style()
        scenario.current_settings(scenario.current_list())
    navigation(step, presenting)
    if not presenting:
        scenario_and_settings(scenario.current_list())
    if scenario.current_list().items:
        step_body(step, presenting)
    else:
        st.info(lesson_empty_message())
    try_it(
        STEPS[step],
        step,
        extra=presentation_toggle if presenting else None,
        lead=(lambda: onward_links(short=True)) if step == LAST_STEP else None,
    )
    step_keys(key="lesson_keys", on_key=on_key(len(STEPS)), page_keys=presenting)


main()
