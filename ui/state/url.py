"""Keep the scenario in the page's URL, so that a copied link, a reload or a restarted server reopens it.

``restore_from_url()`` runs once per session, before the page: it reads the link (if it holds a
list) into the session. ``write_url()`` runs after the page: it writes the session's current
scenario back into the URL. Parameters that other parts of the app own are left alone.
"""

from __future__ import annotations

import streamlit as st

from ui.plain_text import plain
from ui.state import classroom, lesson
from ui.state.link import PARAMS, decode, encode
from ui.state.scenario import link_state, load_link

RESTORED_KEY = "url_restored"
NOTES_KEY = "url_notes"
#: The notes the last run showed (shown again on the run that completes a new tab's first).
SHOWN_NOTES_KEY = "url_notes_shown"
RECONNECTED_TOAST = "Reconnected: the scenario came back from the link. If your last click did not take effect, please do it again."
LINK_NOTE = "Part of this link could not be read, so the page shows what it could: "
RECONNECTED_NOTE = (
    "The connection to the server was renewed (it restarted, or another server took over), so this page "
    "was rebuilt from its link: the scenario is as the link holds it. A click or drag that reaches the new "
    "server before the page has been drawn there cannot be applied: if your last one did not take effect, "
    "please do it again."
)
#: The parameters this module writes; any others in the URL are kept as they are.
OWNED = (*PARAMS, lesson.STEP_PARAM, lesson.PRESENT_PARAM, *classroom.PARAMS)


def restore_from_url() -> None:
    """On a session's first run, load the scenario the link holds (or note why it could not)."""
    if st.session_state.get(RESTORED_KEY):
        return
    st.session_state[RESTORED_KEY] = True
    decoded = decode({key: st.query_params[key] for key in st.query_params})
    notes = [LINK_NOTE + " ".join(decoded.notes)] if decoded.notes else []
    notes += [RECONNECTED_NOTE] if browser_had_a_page() else []
    if notes:
        st.session_state[NOTES_KEY] = notes
    if decoded.scenario is not None:
        load_link(decoded.scenario)
    lesson.restore_from_link({key: st.query_params[key] for key in st.query_params})
    classroom.restore_from_link({key: st.query_params[key] for key in st.query_params})


def browser_had_a_page() -> bool:
    """True when a new session's first run comes from a page that an earlier session drew.

    A fresh page load sends no widget values. A browser that reconnects to a restarted server
    (or to another replica) sends the values of the widgets it shows, together with the click
    that caused the run; the new session has never registered those widgets, so Streamlit
    cannot run their callbacks and that click is lost. Streamlit has no public API for this;
    it reads the session's incoming widget states and answers False if that ever fails.
    """
    try:
        from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

        context = get_script_run_ctx()
        incoming = context.session_state._state._new_widget_state.states
        known = context.session_state._state._new_widget_state.widget_metadata
        return any(widget_id not in known for widget_id in incoming)
    except Exception:  # a later Streamlit: no note rather than a crash
        return False


def write_url() -> None:
    """Write the current scenario into the URL (only when it changed); never into a student's link
    (``?class=CODE``), which holds the class and nothing of the Playground's."""
    if classroom.is_student_link():
        return
    wanted = encode(link_state()) | lesson.link_params() | classroom.link_params()
    kept = {key: st.query_params[key] for key in st.query_params if key not in OWNED}
    now = {key: st.query_params[key] for key in st.query_params}
    if now != kept | wanted:
        st.query_params.from_dict(kept | wanted)


def link_notes(*, again: bool = False) -> None:
    """Once, after a link could not be fully read or the page reconnected: say what happened.

    ``again``: this run completes a new tab's first run (:mod:`ui.state.first_paint`), which
    showed the notes; they stay on the page through it.
    """
    notes = st.session_state.pop(NOTES_KEY, None) or (
        st.session_state.get(SHOWN_NOTES_KEY) if again else None
    )
    st.session_state[SHOWN_NOTES_KEY] = notes
    if notes:
        st.warning("\n\n".join(plain(note) for note in notes))
    # The click was far down the page: say it where it is seen (once: not again on the completing run).
    if notes and RECONNECTED_NOTE in notes and not again:
        st.toast(RECONNECTED_TOAST, icon=":material/sync_problem:", duration="long")
