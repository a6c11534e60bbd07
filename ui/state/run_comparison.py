"""Many queries' comparison of two runs: what the reader chose about it, in this session's state.

* the runs' names (typed, or the files' names without their extension), one pair per set of files;
* whether plain ``ndcg`` (the whole list) is tested beside the chosen cutoffs (off: the cutoffs
  chosen are the measures tested, so the several-measures correction counts only them);
* the query texts: a topics file uploaded, else the ``topics.txt`` beside a bundled sample's qrels.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import streamlit as st

from ndcg_core.trec.topics import TopicsError, read_topics
from ui.charts.many_queries import RunNames
from ui.run_files import LoadedFiles

WHOLE_LIST_KEY = "many_compare_whole_list"  # kept across pages: ui.state.many_queries.WIDGET_KEYS
TOPICS_UPLOAD_KEY = "many_topics_upload"
#: The topics read from an upload: (the upload's id, its name, {qid: text}); kept, not the bytes.
TOPICS_KEY = "many_topics"
#: A bundled sample's query texts sit beside its qrels under this name.
SAMPLE_TOPICS = "topics.txt"


def names_keys(files: LoadedFiles) -> tuple[str, str]:
    """The two name fields' keys for these files (other files, other fields: their own defaults)."""
    tag = hashlib.blake2b(repr(files.identity).encode(), digest_size=6).hexdigest()
    return f"many_name_a_{tag}", f"many_name_b_{tag}"


def default_name(file_name: str) -> str:
    """A run's name from its file: the name without its extension ("run_b.txt" → "run_b")."""
    return Path(file_name).stem or file_name


def run_names(files: LoadedFiles) -> RunNames:
    """The names in force: typed ones, else the files' (a blank field falls back to the file's)."""
    key_a, key_b = names_keys(files)
    typed_a = str(st.session_state.get(key_a, "")).strip()
    typed_b = str(st.session_state.get(key_b, "")).strip()
    return RunNames(
        files.qrels_name,
        typed_a or default_name(files.run_name),
        typed_b or default_name(files.run_b_name or "run B"),
    )


def remember_topics(upload_id: str, name: str, data: bytes) -> str | None:
    """Read an uploaded topics file and keep its texts; the error message if it cannot be read."""
    try:
        topics = read_topics(data, name)
    except TopicsError as error:
        return str(error)
    st.session_state[TOPICS_KEY] = (upload_id, name, topics)
    return None


def forget_topics() -> None:
    st.session_state.pop(TOPICS_KEY, None)


def topics_for(files: LoadedFiles) -> tuple[str, dict[str, str]] | None:
    """The query texts in force and where they come from: the upload, or a sample's topics.txt."""
    held = st.session_state.get(TOPICS_KEY)
    if held is not None:
        return held[1], held[2]
    path = files.qrels_file.path
    if path is not None and (path.parent / SAMPLE_TOPICS).is_file():
        try:
            return SAMPLE_TOPICS, read_topics((path.parent / SAMPLE_TOPICS).read_bytes(), SAMPLE_TOPICS)
        except TopicsError:
            return None
    return None


def whole_list_tested() -> bool:
    """True when plain ``ndcg`` is tested beside the cutoffs."""
    return bool(st.session_state.get(WHOLE_LIST_KEY, False))
