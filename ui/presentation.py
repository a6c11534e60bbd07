"""Presentation mode: the lesson on a projector, and a keyboard (or clicker) to step through it;
and the Playground's classroom view, the same mode on the Playground's page.

Presentation mode is one flag for the whole app (:mod:`ui.state.presentation`): the lesson's
switch and the Playground's both turn it on and off, and ``present=1`` in a link opens either
page in it.

The lesson's pieces:

* :func:`presentation_style` adds static CSS (no user text ever goes into it) that hides the
  sidebar and Streamlit's header and sets the numbers, tables, formulas and text in large type.
* :func:`step_keys` mounts a tiny invisible component whose JavaScript listens for
  ArrowRight/ArrowLeft (and, when asked, PageDown/PageUp, which is what a presentation clicker
  sends) and reports "next" or "previous" to Python. It ignores keys typed into text fields,
  sliders, radio buttons, select boxes, tables and the sortable list, which need those keys.
  While it listens, ``<html>`` carries ``data-step-keys="arrows"`` (or ``"all"`` with the
  PageUp/PageDown/Escape keys of presentation mode).
"""

from __future__ import annotations

import streamlit as st

from ui.navigation import STEP_BY_STEP
from ui.state import lesson as lesson_state
from ui.state.lesson import SWITCH_KEY
from ui.state.presentation import is_presenting, set_presenting

#: The Playground's switch for its classroom view (a widget: Streamlit forgets it on other pages).
CLASSROOM_SWITCH_KEY = "playground_classroom_switch"

#: The lesson in presentation mode. The root type grows with the screen (16 px at 1280×720, 23 px
#: at 1920×1080, as the classroom view's), so every size given in rem, the list, the tables and
#: the headline with it, scales to the projector: body text 1.35rem is 21.6 px at 1280×720 and
#: 31 px at 1920×1080. A plain click draws no focus frame; keyboard focus stays visible.
PRESENTATION_CSS = """
<style>
html { font-size: clamp(16px, calc(0.75vw + 0.7vh + 1px), 26px); }
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stHeader"],
[data-testid="stToolbar"], [data-testid="stDecoration"], [data-testid="stExpandSidebarButton"] {
  display: none !important;
}
[data-testid="stMainBlockContainer"] {
  max-width: 100% !important;
  padding: 0.5rem 2.5rem 1rem 2.5rem !important;
}
[data-testid="stMain"] [data-testid="stVerticalBlock"] { gap: 0.55rem; }
[data-testid="stMain"] [data-testid="stMarkdownContainer"] p,
[data-testid="stMain"] [data-testid="stMarkdownContainer"] li {
  font-size: 1.35rem;
  line-height: 1.35;
}
[data-testid="stMain"] [data-testid="stCaptionContainer"],
[data-testid="stMain"] [data-testid="stCaptionContainer"] p {
  font-size: 1.15rem;
}
[data-testid="stMain"] h1, [data-testid="stMain"] h2, [data-testid="stMain"] h3 {
  font-size: 1.8rem;
  padding: 0.2rem 0;
}
[data-testid="stTable"] th, [data-testid="stTable"] td {
  font-size: 1.3rem;
  padding: 0.15rem 0.55rem;
}
[data-testid="stTable"] th p, [data-testid="stTable"] td p { font-size: inherit; }
[data-testid="stMain"] [data-testid="stMetricValue"] [data-testid="stMarkdownContainer"] p {
  font-size: 3.6rem;
  line-height: 1.15;
}
[data-testid="stMain"] [data-testid="stMetricLabel"] [data-testid="stMarkdownContainer"] p { font-size: 1.5rem; }
[data-testid="stMain"] .katex { font-size: 1.4em; }
[data-testid="stMain"] button p { font-size: 1.2rem; }
:focus:not(:focus-visible) { outline: none !important; }
</style>
"""


#: The classroom view of every page with a demo (ui/classroom_view.py): the top navigation in a low bar
#: (an instructor moves between pages without leaving the mode), little padding, large type, one
#: screen. The root type grows with the screen (16 px at 1280×720, 23 px at 1920×1080), so every
#: size given in rem, and the layout with it, scales to the projector.
CLASSROOM_CSS = """
<style>
html { font-size: clamp(16px, calc(0.75vw + 0.7vh + 1px), 26px); }
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stToolbarActions"],
[data-testid="stDecoration"], [data-testid="stExpandSidebarButton"], [data-testid="stMainMenu"] {
  display: none !important;
}
[data-testid="stHeader"] { height: 2.6rem; min-height: 2.6rem; }
[data-testid="stHeader"] [data-testid="stToolbar"] { height: 2.6rem; }
[data-testid="stMainBlockContainer"] {
  max-width: 100% !important;
  padding: 2.8rem 1.5rem 0.5rem 1.5rem !important;
}
[data-testid="stMain"] [data-testid="stVerticalBlock"] { gap: 0.5rem; }
[data-testid="stMain"] [data-testid="stMetricValue"] [data-testid="stMarkdownContainer"] p {
  font-size: 2.9rem;
  line-height: 1.05;
}
[data-testid="stMain"] [data-testid="stMetricLabel"] [data-testid="stMarkdownContainer"] p {
  font-size: 1.3rem;
}
[data-testid="stMain"] [data-testid="stCaptionContainer"],
[data-testid="stMain"] [data-testid="stCaptionContainer"] p { font-size: 1.05rem; }
[data-testid="stMain"] [data-testid="stMarkdownContainer"] p { font-size: 1.15rem; }
[data-testid="stMain"] button p { font-size: 1.1rem; }
.ndcg-table table { font-size: 1.2rem; }
.ndcg-table th, .ndcg-table td { padding: 0.2rem 0.5rem; }
:focus:not(:focus-visible) { outline: none !important; }
</style>
"""


def presentation_toggle() -> bool:
    """The switch; True while presentation mode is on."""
    st.session_state[SWITCH_KEY] = is_presenting()
    st.toggle(
        "Presentation mode",
        key=SWITCH_KEY,
        on_change=lambda: set_presenting(bool(st.session_state[SWITCH_KEY])),
        help="Large type for a projector, no sidebar. Step with ←/→ or PageUp/PageDown (a clicker); "
        "Escape leaves presentation mode.",
    )
    return is_presenting()


def presentation_style() -> None:
    """Large type and no sidebar: static CSS only."""
    st.html(PRESENTATION_CSS)


def classroom_toggle() -> bool:
    """The Playground's switch for its classroom view; True while it is on (the app's presentation mode)."""
    st.session_state[CLASSROOM_SWITCH_KEY] = is_presenting()
    st.toggle(
        "Classroom view",
        key=CLASSROOM_SWITCH_KEY,
        on_change=lambda: set_presenting(bool(st.session_state[CLASSROOM_SWITCH_KEY])),
        help="For a projector: the list, the numbers, the table and a chart on one screen, in large "
        "type. The same switch as the lesson's presentation mode; the link keeps it (present=1).",
    )
    return is_presenting()


def classroom_style() -> None:
    """The classroom view's layout and large type: static CSS only (no user text goes into it)."""
    st.html(CLASSROOM_CSS)


# ------------------------------------------------------- between the lesson and the Playground --


def _open_step(step: int, count: int) -> None:
    """A button's callback: show lesson step ``step`` (0-based) next, and ask for the lesson page."""
    lesson_state.go_to(step, count)
    st.session_state[OPEN_LESSON_KEY] = True


#: Set by a button that opens a lesson step; the page then switches (a callback cannot).
OPEN_LESSON_KEY = "playground_open_lesson"


def follow_to_the_lesson() -> None:
    """Open the lesson if a step was just asked for (call it where the page's buttons are drawn)."""
    if st.session_state.pop(OPEN_LESSON_KEY, False):
        st.switch_page(STEP_BY_STEP.path)


def back_to_the_lesson() -> None:
    """After "try it" in the lesson: a button back to the step the learner came from."""
    step = lesson_state.return_step()
    if step is not None:
        from ui.lesson.steps import STEPS  # the lesson's steps, only when the way back is offered

        st.button(
            f"← Back to step {step + 1}",
            key="playground_back_to_step",
            on_click=_open_step,
            args=(step, len(STEPS)),
            help=f"Step {step + 1} of the lesson: {STEPS[step].title}",
            width="stretch",
        )
    follow_to_the_lesson()


def lesson_steps_menu() -> None:
    """The classroom view's way into the lesson: a menu of its steps (and back to the one left)."""
    from ui.lesson.steps import STEPS

    with st.popover("Lesson", width="stretch", help="The lesson's steps, in presentation mode"):
        back = lesson_state.return_step()
        if back is not None:
            st.button(
                f"← Back to step {back + 1}",
                key="classroom_back_to_step",
                on_click=_open_step,
                args=(back, len(STEPS)),
                type="primary",
                width="stretch",
            )
        for index, step in enumerate(STEPS):
            st.button(
                f"Step {index + 1}: {step.title}",
                key=f"classroom_step_{index}",
                on_click=_open_step,
                args=(index, len(STEPS)),
                width="stretch",
            )
    follow_to_the_lesson()
