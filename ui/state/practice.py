"""The Practice page's session state: the seed (also in the URL), each exercise's result, the score.

Every key starts with ``practice_``. Nothing is kept at module level: each session has its own
results. An exercise counts once toward the score, at its first readable answer (or when its
answer is shown before any: answered, not right), so trying again after the feedback does not
change the score. :data:`SCORE_RULE` says so on the page.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

import streamlit as st

from ndcg_core.practice.answer_check import Feedback, check_answer
from ndcg_core.practice.exercises import MAX_SEED, Exercise
from ndcg_core.practice.table_check import TableCheck, cell_keys, check_table

SEED_KEY = "practice_seed"
RESULTS_KEY = "practice_results"
TABLE_RESULTS_KEY = "practice_table_results"
URL_READ_KEY = "practice_url_read"
#: Which list "Check my table" asks for.
TABLE_SOURCE_KEY = "practice_table_source"
#: The URL parameter that holds the seed (not one of ui.state.url.OWNED).
SEED_PARAM = "practice_seed"
DEFAULT_SEED = 1

#: How the score counts, in words: what "Show answer" does to it is said before it is pressed.
SCORE_RULE = (
    "Each exercise counts once, at its first answer: right or not right. “Show answer” before you "
    "answer counts as answered, not right; after your first answer it changes nothing. "
    "Try again as often as you like: only the first answer counts."
)
SHOW_ANSWER_HELP = (
    "Shows the worked answer. Before you have answered, this counts as answered, not right; "
    "after your first answer, it does not change the score."
)


@dataclass(frozen=True)
class Result:
    """What happened to one exercise: the last feedback, the hint, the answer shown, the score.

    ``shown_first``: the answer was shown before any answer, so it was scored as answered, not right.
    """

    feedback: Feedback | None = None
    hint: bool = False
    shown: bool = False
    scored: bool = False
    right: bool = False
    shown_first: bool = False

    @property
    def score_note(self) -> str:
        """What showing the answer did to the score, in words ("" until the answer is shown)."""
        if not self.shown:
            return ""
        if self.shown_first:
            return "You saw the answer before answering: this exercise counts as answered, not right."
        counted = "right" if self.right else "not right"
        return f"You had answered first ({counted}): showing the answer did not change the score."


def answer_key(seed: int, number: int) -> str:
    """The widget key of an exercise's answer field (the seed in it, so a new set starts empty)."""
    return f"practice_answer_{seed}_{number}"


def _result_key(seed: int, number: int) -> str:
    return f"{seed}-{number}"


def seed_from_url() -> int | None:
    """The seed the link holds, if it holds a valid one."""
    text = st.query_params.get(SEED_PARAM, "")
    return int(text) if text.isascii() and text.isdigit() and int(text) <= MAX_SEED else None


def current_seed() -> int:
    """The seed: on a session's first visit from the link (``?practice_seed=42``), else the default."""
    if not st.session_state.get(URL_READ_KEY):
        st.session_state[URL_READ_KEY] = True
        linked = seed_from_url()
        if linked is not None:
            st.session_state[SEED_KEY] = linked
    st.session_state.setdefault(SEED_KEY, DEFAULT_SEED)
    return int(st.session_state[SEED_KEY])


def seed_to_url(seed: int) -> None:
    """Put the seed in the URL, so that a copied link gives the class the same set."""
    if st.query_params.get(SEED_PARAM) != str(seed):
        st.query_params[SEED_PARAM] = str(seed)


def new_seed() -> None:
    """Button callback: a new random set."""
    st.session_state[SEED_KEY] = secrets.randbelow(MAX_SEED + 1)


def result(seed: int, number: int) -> Result:
    """The result so far of exercise ``number`` of set ``seed``."""
    return st.session_state.get(RESULTS_KEY, {}).get(_result_key(seed, number), Result())


def _store(seed: int, number: int, new: Result) -> None:
    results = dict(st.session_state.get(RESULTS_KEY, {}))
    results[_result_key(seed, number)] = new
    st.session_state[RESULTS_KEY] = results


def submit_answer(seed: int, exercise: Exercise) -> None:
    """Form callback: check the answer typed (or chosen); the first readable answer is scored."""
    typed = st.session_state.get(answer_key(seed, exercise.number))
    feedback = check_answer(exercise, "" if typed is None else typed)
    before = result(seed, exercise.number)
    new = replace(before, feedback=feedback)
    if feedback.counts and not before.scored:
        new = replace(new, scored=True, right=feedback.status == "right")
    _store(seed, exercise.number, new)


def ask_hint(seed: int, exercise: Exercise) -> None:
    """Form callback: show the hint (it does not change the score)."""
    _store(seed, exercise.number, replace(result(seed, exercise.number), hint=True))


def show_answer(seed: int, exercise: Exercise) -> None:
    """Form callback: reveal the answer; if the exercise was not answered yet, it counts as not right."""
    before = result(seed, exercise.number)
    new = replace(before, shown=True)
    if not before.scored:
        new = replace(new, scored=True, right=False, shown_first=True)
    _store(seed, exercise.number, new)


def score() -> tuple[int, int]:
    """(right, answered) over every exercise answered in this session."""
    results = st.session_state.get(RESULTS_KEY, {}).values()
    scored = [r for r in results if r.scored]
    return sum(r.right for r in scored), len(scored)


def reset_score() -> None:
    """Button callback: forget every result of this session."""
    st.session_state[RESULTS_KEY] = {}
    st.session_state[TABLE_RESULTS_KEY] = {}


def cell_widget_key(source: str, key: str) -> str:
    """The widget key of one cell of "Check my table"."""
    return f"practice_cell_{source}_{key}"


def submit_table(source: str, grades: tuple[float, ...], k: int, gain: str) -> None:
    """Form callback: check every typed cell of the table for the list ``source``."""
    typed = {key: st.session_state.get(cell_widget_key(source, key), "") for key in cell_keys(k)}
    results = dict(st.session_state.get(TABLE_RESULTS_KEY, {}))
    results[source] = check_table(grades, k, gain, typed)
    st.session_state[TABLE_RESULTS_KEY] = results


def table_result(source: str) -> TableCheck | None:
    """The last check of the table for ``source``, if any."""
    return st.session_state.get(TABLE_RESULTS_KEY, {}).get(source)
