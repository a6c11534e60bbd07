"""Ask the class, in the session and the link: who hosts which class, and a student's id.

The **instructor's** link carries ``class=CODE&host=TOKEN`` for as long as the class runs, so a
reload, a restarted server or another replica reopens the room screen with its count (the token is
only ever in this link: the join link that the projector shows carries the code alone). The
**student's** link is ``?class=CODE``; the student's page adds ``me=ID``, a random id of its own, so a
reload or another replica keeps the student's answer theirs (the last one sent counts, never twice).

A link with ``class`` but without ``host`` is a student's: :func:`is_student_link` routes it to the
student's page, which reads nothing else from the link and writes nothing of the Playground's
scenario into it.

The store is one per server process (:func:`classes`): in memory, or Redis when
``NDCG_CLASS_STORE=redis://HOST:PORT/DB`` is set.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import streamlit as st

from ui.classroom.service import Classes, is_code, is_student, new_student
from ui.classroom.store import ClassStore, open_store

#: The setting that names the store: empty (the server's memory) or redis://HOST:PORT/DB.
STORE_VARIABLE = "NDCG_CLASS_STORE"
CLASS_PARAM, HOST_PARAM, STUDENT_PARAM = "class", "host", "me"
#: The link's parameters this module writes (the instructor's) or reads (the student's).
PARAMS = (CLASS_PARAM, HOST_PARAM)
#: (code, token) of the class this session hosts.
HOSTING_KEY = "classroom_hosting"
#: True while the instructor's "Ask the class" form is open.
COMPOSING_KEY = "classroom_composing"
#: This session's student id (a student's page only).
STUDENT_KEY = "classroom_student"
#: A note for the instructor's next run (a class that ended or could not be opened).
NOTE_KEY = "classroom_note"


@st.cache_resource(show_spinner=False)
def _store(url: str) -> ClassStore:
    """One store per server process and setting (shared by every session: that is its purpose)."""
    return open_store(url)


def classes() -> Classes:
    """The classes of this server's store (raises StoreUnavailable when the setting is wrong)."""
    return Classes(_store(os.environ.get(STORE_VARIABLE, "")))


# ------------------------------------------------------------------ the link --


def is_student_link() -> bool:
    """True for a student's link: a class code without the instructor's token."""
    return CLASS_PARAM in st.query_params and HOST_PARAM not in st.query_params


def linked_code() -> str:
    """The class code a student's link holds (lower case; "" when there is none)."""
    return str(st.query_params.get(CLASS_PARAM, "")).strip().lower()[:40]


def restore_from_link(params: Mapping[str, str]) -> None:
    """An instructor's link (``class`` and ``host``): this session hosts that class (checked when drawn)."""
    code, token = str(params.get(CLASS_PARAM, "")).strip().lower(), str(params.get(HOST_PARAM, ""))
    if code and token:
        st.session_state[HOSTING_KEY] = (code, token)


def link_params() -> dict[str, str]:
    """``{"class": CODE, "host": TOKEN}`` while this session hosts a class; nothing otherwise."""
    held = hosting()
    return {CLASS_PARAM: held[0], HOST_PARAM: held[1]} if held else {}


# --------------------------------------------------------------- the instructor --


def hosting() -> tuple[str, str] | None:
    """(code, token) of the class this session hosts, if any."""
    held = st.session_state.get(HOSTING_KEY)
    return held if isinstance(held, tuple) and len(held) == 2 and is_code(held[0]) else None


def host(code: str, token: str) -> None:
    """This session now hosts class ``code``."""
    st.session_state[HOSTING_KEY] = (code, token)


def stop_hosting(note: str | None = None) -> None:
    """This session hosts no class any more (its link loses ``class`` and ``host``); ``note`` is shown next."""
    st.session_state.pop(HOSTING_KEY, None)
    st.session_state[COMPOSING_KEY] = False
    if note:
        st.session_state[NOTE_KEY] = note


def pop_note() -> str | None:
    """The note left for this run, once."""
    return st.session_state.pop(NOTE_KEY, None)


def composing() -> bool:
    """True while the "Ask the class" form is open."""
    return bool(st.session_state.get(COMPOSING_KEY, False))


def compose(on: bool = True) -> None:
    """Open (or close) the "Ask the class" form."""
    st.session_state[COMPOSING_KEY] = on


# ---------------------------------------------------------------- a student --


def student_id() -> str:
    """This student's id: the one the link holds, or a new one written into the link."""
    if STUDENT_KEY not in st.session_state:
        linked = st.query_params.get(STUDENT_PARAM, "")
        st.session_state[STUDENT_KEY] = linked if is_student(linked) else new_student()
    if st.query_params.get(STUDENT_PARAM) != st.session_state[STUDENT_KEY]:
        st.query_params[STUDENT_PARAM] = st.session_state[STUDENT_KEY]
    return st.session_state[STUDENT_KEY]
