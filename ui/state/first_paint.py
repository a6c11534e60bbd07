"""A new tab's first run: the page's main interaction first, the rest once the browser has drawn it.

Streamlit's browser side draws every element of a run before it gets to the chart: each label,
heading, widget and expander costs main-thread time (React, CSS-in-JS, markdown; a widget's code
is loaded on its first use in a tab) that a new tab spends before the learner sees a number. So
the first run of the Playground in a browser tab draws its title, its caption, the list, the
headline with its reading and the first chart (sent first: the browser loads the chart's code
while it draws the rest), and leaves places for the rest: the classroom switch and the two
headings, whose places empty spaces of their heights hold (:mod:`ui.held_places`), the settings,
the order buttons, the notes, the list editor, the per-rank table, the chart tabs and the exports.
The headline tells Python when the browser has drawn it and is idle (``painted``), and the page
then runs whole. At 1280×720 nothing on the screen moves: the rest comes in under the headline,
under the list and below the screen (on a taller screen the first chart moves down under the
per-rank table). ``benchmarks/first_draw.py`` measures it; docs/performance.md has the figures.

Only a browser tab draws in two runs: a session without HTTP headers (Streamlit's ``AppTest``,
which runs no JavaScript and could never say "painted") is drawn whole at once. Any run of a
whole page after the first ends the wait (:func:`settle`, called by ``app.py``): a click, a page
change or a reload draws whole, so the rest never hangs on the browser's message alone.

This module owns the one session key of that state (:data:`STATE_KEY`):

* absent: the Playground has not been drawn in this session;
* ``WAITING``: its first run drew the main interaction only, the rest is waiting;
* ``TOLD``: the browser said it has drawn it; the headline's fragment asks for a whole run;
* ``DONE``: every page is drawn whole on every run.
"""

from __future__ import annotations

import streamlit as st

#: The session key of the first-paint state.
STATE_KEY = "first_paint_state"
WAITING, TOLD, DONE = "waiting", "told", "done"


def has_browser() -> bool:
    """True when a browser tab holds the session (its websocket came with HTTP headers)."""
    return bool(st.context.headers)


def settle() -> bool:
    """End a first run's wait: ``app.py`` calls it before every run of a whole page. True when this
    run is the one the browser's word asked for (it completes the first run's page)."""
    state = st.session_state.get(STATE_KEY)
    if state in (WAITING, TOLD):
        st.session_state[STATE_KEY] = DONE
    return state == TOLD


def first_pass() -> bool:
    """Whether this run is the page's first in a browser tab: draw the main interaction only.

    The Playground's normal view calls it once a run; True only the first time in a session.
    """
    state = st.session_state
    if STATE_KEY in state or not has_browser():
        return False
    state[STATE_KEY] = WAITING
    return True


def waiting() -> bool:
    """True while the page's first run waits for the browser to say it has drawn it."""
    return st.session_state.get(STATE_KEY) == WAITING


def painted() -> None:
    """The headline's callback: the browser has drawn the first run; the rest is due."""
    if waiting():
        st.session_state[STATE_KEY] = TOLD


def rest_due() -> bool:
    """True once the browser has said so and the whole page has not been drawn yet."""
    return st.session_state.get(STATE_KEY) == TOLD
