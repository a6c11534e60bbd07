"""Keep the scenario in the page's URL, so that a copied link, a reload or a restarted server reopens it.

``restore_from_url()`` runs once per session, before the page: it reads the link (if it holds a
list) into the session. ``write_url()`` runs after the page: it writes the session's current
scenario back into the URL. Parameters that other parts of the app own are left alone.
"""

from __future__ import annotations

import streamlit as st

from ui.lesson.frame import STEP_KEY
from ui.plain_text import plain
from ui.presentation import PRESENTING_KEY
from ui.state.link import UrlScenario, decode, encode
from ui.state.ranked_list import Item, RankedList
from ui.state.scenario import (
    DECIMALS_KEY,
    GAIN_KEY,
    IDEAL_KEY,
    K_KEY,
    K_WANTED_KEY,
    LIST_KEY,
    SCENARIO_KEY,
    UNLISTED_KEY,
    current_list,
)

RESTORED_KEY = "url_restored"
NOTES_KEY = "url_notes"
RECONNECTED_TOAST = (
    "Reconnected: the scenario came back from the link. Your last click was not applied; please do it again."
)
LINK_NOTE = "Part of this link could not be read, so the page shows what it could: "
RECONNECTED_NOTE = (
    "The connection to the server was renewed (it restarted, or another server took over), so this page "
    "was rebuilt from its link: the scenario is as the link holds it. The last click or drag reached the "
    "new server before the page had been drawn there and could not be applied: please do it again."
)
#: The parameters this module writes; any others in the URL are kept as they are.
OWNED = ("names", "grades", "order", "pool", "k", "gain", "ideal", "dec", "sc", "z", "step", "present")


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
        _load(decoded.scenario)
    _restore_lesson({key: st.query_params[key] for key in st.query_params})


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


def _restore_lesson(params: dict[str, str]) -> None:
    """The lesson's step (1-based in the link) and presentation mode, for an instructor's link."""
    step = params.get("step", "")
    if step.isdigit() and 1 <= int(step) <= 99:
        st.session_state[STEP_KEY] = int(step) - 1  # the lesson keeps it within its steps
    if params.get("present") == "1":
        st.session_state[PRESENTING_KEY] = True


def _load(link: UrlScenario) -> None:
    """Put a decoded link into the session, as load_scenario does for a built-in scenario."""
    original = tuple(
        Item(f"i{i}", name, grade)
        for i, (name, grade) in enumerate(zip(link.names, link.grades, strict=True))
    )
    items = tuple(original[i] for i in link.order)
    st.session_state[LIST_KEY] = RankedList(items, original, link.unlisted, next_id=len(original))
    st.session_state[K_KEY] = st.session_state[K_WANTED_KEY] = link.k
    st.session_state[GAIN_KEY] = link.gain
    st.session_state[IDEAL_KEY] = link.ideal
    st.session_state[DECIMALS_KEY] = link.decimals
    st.session_state[UNLISTED_KEY] = ", ".join(f"{g:g}" for g in link.unlisted)
    st.session_state[SCENARIO_KEY] = link.scenario


def current_link_state() -> UrlScenario:
    """The session's scenario as a link would hold it."""
    ranked = current_list()
    position = {item.id: index for index, item in enumerate(ranked.original)}
    original = ranked.original
    if set(position) != set(ranked.ids):  # edited since loading: the current order is the original
        original, position = ranked.items, {item.id: i for i, item in enumerate(ranked.items)}
    return UrlScenario(
        names=tuple(item.name for item in original),
        grades=tuple(item.grade for item in original),
        order=tuple(position[item_id] for item_id in ranked.ids),
        unlisted=tuple(ranked.unlisted_grades),
        k=int(st.session_state.get(K_KEY, 5)),
        gain=st.session_state.get(GAIN_KEY, "exponential"),
        ideal=st.session_state.get(IDEAL_KEY, "listed items"),
        decimals=int(st.session_state.get(DECIMALS_KEY, 2)),
        scenario=str(st.session_state.get(SCENARIO_KEY, "") or ""),
    )


def write_url() -> None:
    """Write the current scenario into the URL (only when it changed)."""
    wanted = encode(current_link_state()) | _lesson_params()
    kept = {key: st.query_params[key] for key in st.query_params if key not in OWNED}
    now = {key: st.query_params[key] for key in st.query_params}
    if now != kept | wanted:
        st.query_params.from_dict(kept | wanted)


def _lesson_params() -> dict[str, str]:
    """The lesson's step and presentation mode, when the lesson has been opened."""
    params = {}
    if STEP_KEY in st.session_state:
        params["step"] = str(int(st.session_state[STEP_KEY]) + 1)
    if st.session_state.get(PRESENTING_KEY):
        params["present"] = "1"
    return params


def link_notes() -> None:
    """Once, after a link could not be fully read or the page reconnected: say what happened."""
    notes = st.session_state.pop(NOTES_KEY, None)
    if notes:
        st.warning("\n\n".join(plain(note) for note in notes))
    if notes and RECONNECTED_NOTE in notes:  # the click was far down the page: say it where it is seen
        st.toast(RECONNECTED_TOAST, icon="🔌", duration="long")
