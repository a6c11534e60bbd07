"""The Many queries page's state: the files shown, the ones just chosen, the settings and the results.

The last files that loaded stay until new ones load, so a broken upload never loses them. What is
kept of files is where their bytes are (``ui.run_files.RunFile``), never the bytes of an upload
nor a parsed table; the results are per-query numbers (``ui.run_files.Results``).
"""

from __future__ import annotations

import pyarrow as pa
import streamlit as st

from ndcg_core.teaching.scenarios import Scenario
from ndcg_core.trec.evaluation import Evaluation, QueryList, query_as_list
from ui.run_files import LoadedFiles, Results, Settings
from ui.state.keep import keep_widget_values
from ui.state.ranked_list import MAX_GRADE

FILES_KEY = "many_files"
#: Files chosen this run, read before they replace the ones shown.
CANDIDATE_KEY = "many_candidate"
#: The uploaders' keys end in a generation number: a new number gives empty uploaders ("clear").
QRELS_UPLOAD_KEY, RUN_UPLOAD_KEY, RUN_B_UPLOAD_KEY = (
    "many_qrels_upload",
    "many_run_upload",
    "many_run_b_upload",
)
UPLOAD_GENERATION_KEY = "many_upload_generation"
#: This session's results, by files and settings (a few, each per-query numbers only).
RESULTS_KEY = "many_results"
#: The results last shown: shown again, under their own settings, once the uploads are cleared.
LAST_RESULTS_KEY = "many_last_results"
#: A note for the next run (e.g. what "clear" did).
NOTE_KEY = "many_note"
#: The files last refused and why: said until other files load or the uploaders let them go.
REFUSED_KEY = "many_refused"
SAMPLE_KEY = "many_sample"
CUTOFFS_KEY = "many_cutoffs"
GAIN_KEY = "many_gain"
COUNTING_KEY = "many_counting"
MEASURE_KEY = "many_measure"
COMPARE_MEASURE_KEY = "many_compare_measure"
OPEN_QID_KEY, OPEN_DEPTH_KEY, OPEN_RUN_KEY = "many_open_qid", "many_open_depth", "many_open_run"
COMPARE_QID_KEY, COMPARE_DEPTH_KEY = "many_compare_qid", "many_compare_depth"

#: The page's settings and choices: kept when the reader visits another page (a query opened in
#: Compare or the Playground) and comes back.
WIDGET_KEYS = (
    CUTOFFS_KEY,
    GAIN_KEY,
    COUNTING_KEY,
    MEASURE_KEY,
    COMPARE_MEASURE_KEY,
    "many_compare_whole_list",
)

DEFAULT_CUTOFFS = (5, 10, 20)
DEFAULT_CUTOFFS_TEXT = ", ".join(str(k) for k in DEFAULT_CUTOFFS)
#: linear rel is trec_eval's default gain.
DEFAULT_GAIN = "linear"
#: Which queries the mean is over: the label shown, and whether it is trec_eval's -c.
COUNTING = {
    "queries in both files (trec_eval's default)": False,
    "every qrels query; a query the run missed counts 0 (trec_eval -c)": True,
}


def keep_settings() -> None:
    """Keep the page's settings while another page is shown (see :data:`WIDGET_KEYS`)."""
    keep_widget_values(WIDGET_KEYS)


def choose(files: LoadedFiles) -> None:
    """Files to read on this run (they replace the ones shown once they load)."""
    st.session_state[CANDIDATE_KEY] = files


def chosen() -> LoadedFiles | None:
    """The files chosen this run, if any (taken: they are read once)."""
    return st.session_state.pop(CANDIDATE_KEY, None)


def shown() -> LoadedFiles | None:
    """The files the page shows (the last that loaded)."""
    return st.session_state.get(FILES_KEY)


def show(files: LoadedFiles) -> None:
    """Show these files from now on."""
    st.session_state[FILES_KEY] = files


def refuse(files: LoadedFiles, message: str) -> None:
    """These files could not be loaded: keep the message while they are still the ones chosen."""
    st.session_state[REFUSED_KEY] = (files, message, True)


def refusal(held_ids: list[str]) -> str | None:
    """Why the files last chosen were refused (asked once a run): on the run that refused them, and
    after it while they are still chosen (a sample, or uploads the uploaders, ``held_ids``, still
    hold). Forgotten once the uploaders let them go."""
    refused = st.session_state.get(REFUSED_KEY)
    if refused is None:
        return None
    files, message, fresh = refused
    if not fresh and not set(files.upload_ids) <= set(held_ids):
        st.session_state.pop(REFUSED_KEY, None)
        return None
    st.session_state[REFUSED_KEY] = (files, message, False)
    return message


def forget_refusal() -> None:
    """New files loaded (or the uploads were cleared): the last refusal no longer applies."""
    st.session_state.pop(REFUSED_KEY, None)


def results_cache() -> dict:
    """This session's results by (files, settings): see ``ui.run_files.evaluated``."""
    return st.session_state.setdefault(RESULTS_KEY, {})


def remember(results: Results) -> None:
    """The results now on the page."""
    st.session_state[LAST_RESULTS_KEY] = results


def last_results() -> Results | None:
    """The results last on the page, if any."""
    return st.session_state.get(LAST_RESULTS_KEY)


def upload_key(name: str) -> str:
    """An uploader's key in this generation."""
    return f"{name}_{st.session_state.get(UPLOAD_GENERATION_KEY, 0)}"


def empty_uploaders() -> None:
    """Next run, the uploaders start empty (new keys: Streamlit cannot set a file uploader's value)."""
    st.session_state[UPLOAD_GENERATION_KEY] = st.session_state.get(UPLOAD_GENERATION_KEY, 0) + 1


def note(text: str) -> None:
    """A message for the next run."""
    st.session_state[NOTE_KEY] = text


def take_note() -> str | None:
    """The message left by the last action, if any (shown once)."""
    return st.session_state.pop(NOTE_KEY, None)


def parsed_cutoffs(text: str) -> tuple[int, ...] | None:
    """The cutoffs typed, sorted and distinct; ``None`` if they are not whole numbers of 1 or more."""
    try:
        cutoffs = tuple(sorted({int(part) for part in text.replace(",", " ").split()}))
    except ValueError:
        return None
    return cutoffs if cutoffs and min(cutoffs) >= 1 else None


def settings_in_force() -> Settings:
    """Cutoffs, gain and which queries count, as the controls hold them (their defaults before)."""
    cutoffs = parsed_cutoffs(st.session_state.get(CUTOFFS_KEY, DEFAULT_CUTOFFS_TEXT)) or DEFAULT_CUTOFFS
    counting = st.session_state.get(COUNTING_KEY, next(iter(COUNTING)))
    return Settings(cutoffs, st.session_state.get(GAIN_KEY, DEFAULT_GAIN), COUNTING[counting])


def query_scenario(
    files: LoadedFiles,
    qrels: pa.Table,
    run: pa.Table,
    result: Evaluation,
    qid: str,
    depth: int,
    cutoff: int,
) -> Scenario:
    """One query of a run as a Playground scenario, from the two files' tables: see :func:`scenario_of`."""
    return scenario_of(
        query_as_list(qrels, run, qid, depth), files.qrels_name, files.run_name, result, cutoff
    )


def scenario_of(top: QueryList, qrels_name: str, run_name: str, result: Evaluation, cutoff: int) -> Scenario:
    """One query of a run as a Playground scenario: its top documents, with trec_eval's judged pool.

    Judged documents below the list or never retrieved stay in the pool, so the Playground's
    NDCG@k equals trec_eval's. Grades above the Playground's largest are cut to it.
    """
    grades = [min(g, MAX_GRADE) for g in top.grades]
    return Scenario(
        key=f"query-{top.qid}",
        title=f"Query {top.qid} of {run_name}",
        source=f"{qrels_name} + {run_name}, top {len(grades)} of {top.retrieved} retrieved",
        labels=tuple(top.documents),
        grades=tuple(grades),
        k=min(cutoff, len(grades)) if grades else 1,
        gain=result.gain,  # type: ignore[arg-type]
        expected_ndcg=float(result.per_query.set_index("qid").loc[top.qid, f"ndcg_cut_{cutoff}"]),
        decimals=4,
        unlisted_grades=tuple(min(g, MAX_GRADE) for g in top.unlisted_grades),
        note="Judged documents below the list or never retrieved stay in the judged pool, as in trec_eval.",
    )
