"""Step by step: the lesson of seed 000, one step at a time, on whatever list the session holds.

Thin by design: read the list, the settings and the step from the session, draw the navigation
and the step.
The steps live in ``ui/lesson/steps.py``, presentation mode in ``ui/presentation.py`` and its
keys in ``ui/components/step_keys.py``.
"""

from __future__ import annotations

import streamlit as st

from ui.components.step_keys import step_keys
from ui.lesson.frame import Lesson, build_lesson, follow_try_it, on_key, try_it
from ui.lesson.steps import STEPS
from ui.presentation import presentation_style, presentation_toggle
from ui.scenario_picker import scenario_picker
from ui.state import lesson as lesson_state
from ui.state import scenario

INTRO = (
    "NDCG in eight steps, after seed 000: the judgments, gain, discount, CG, DCG@k, IDCG@k, NDCG@k "
    "and what k does. Every table is computed live for the list loaded in the Playground, so you can "
    "run the lesson on your own example."
)


def navigation(step: int, presenting: bool) -> None:
    """The step's number and title, Previous and Next; outside presentation mode also the switch.

    In presentation mode the switch moves to the last row, so that the title gets the width.
    """
    count = len(STEPS)
    widths = [7, 1.4, 1.4] if presenting else [6.4, 1.3, 1.3, 2.4]
    title_column, previous_column, next_column, *switch_column = st.columns(
        widths, vertical_alignment="center"
    )
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


def step_body(lesson: Lesson, step: int) -> None:
    """The step itself, or a word on what to do when the list is empty."""
    if not lesson.ranked.items:
        st.info("The list is empty: add items in the Playground, or pick a scenario.")
        return
    STEPS[step].draw(lesson)


def main() -> None:
    follow_try_it()
    presenting = lesson_state.is_presenting()
    if presenting:
        scenario.keep_settings()  # the picker, which keeps them otherwise, is not drawn
        presentation_style()
    else:
        st.title("Step by step")
        st.caption(INTRO)
        scenario_picker(key="lesson_scenario_picker")
    lesson = build_lesson(presenting)
    step = lesson_state.current_step(len(STEPS))
    navigation(step, presenting)
    step_body(lesson, step)
    try_it(STEPS[step], step, extra=presentation_toggle if presenting else None)
    step_keys(key="lesson_keys", on_key=on_key(len(STEPS)), page_keys=presenting)


main()
