"""The Many queries page's state: the files being shown, the ones just chosen, and the settings.

The last files that loaded stay until new ones load, so a broken upload never loses them.
"""

from __future__ import annotations

import pyarrow as pa
import streamlit as st

from ndcg_core.teaching.scenarios import Scenario
from ndcg_core.trec.evaluation import Evaluation, query_as_list
from ui.run_files import LoadedFiles
from ui.state.ranked_list import MAX_GRADE

FILES_KEY = "many_files"
#: Files chosen this run, read before they replace the ones shown.
CANDIDATE_KEY = "many_candidate"
QRELS_UPLOAD_KEY, RUN_UPLOAD_KEY = "many_qrels_upload", "many_run_upload"
SAMPLE_KEY = "many_sample"
CUTOFFS_KEY = "many_cutoffs"
GAIN_KEY = "many_gain"
COUNTING_KEY = "many_counting"
MEASURE_KEY = "many_measure"
OPEN_QID_KEY, OPEN_DEPTH_KEY = "many_open_qid", "many_open_depth"

DEFAULT_CUTOFFS = (5, 10, 20)
DEFAULT_CUTOFFS_TEXT = ", ".join(str(k) for k in DEFAULT_CUTOFFS)
#: linear rel is trec_eval's default gain.
DEFAULT_GAIN = "linear"
#: Which queries the mean is over: the label shown, and whether it is trec_eval's -c.
COUNTING = {
    "queries in both files (trec_eval's default)": False,
    "every qrels query; a query the run missed counts 0 (trec_eval -c)": True,
}


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


def parsed_cutoffs(text: str) -> tuple[int, ...] | None:
    """The cutoffs typed, sorted and distinct; ``None`` if they are not whole numbers of 1 or more."""
    try:
        cutoffs = tuple(sorted({int(part) for part in text.replace(",", " ").split()}))
    except ValueError:
        return None
    return cutoffs if cutoffs and min(cutoffs) >= 1 else None


def settings_in_force() -> tuple[tuple[int, ...], str, bool]:
    """Cutoffs, gain and which queries count, as the controls hold them (their defaults before)."""
    cutoffs = parsed_cutoffs(st.session_state.get(CUTOFFS_KEY, DEFAULT_CUTOFFS_TEXT)) or DEFAULT_CUTOFFS
    counting = st.session_state.get(COUNTING_KEY, next(iter(COUNTING)))
    return cutoffs, st.session_state.get(GAIN_KEY, DEFAULT_GAIN), COUNTING[counting]


def query_scenario(
    files: LoadedFiles,
    qrels: pa.Table,
    run: pa.Table,
    result: Evaluation,
    qid: str,
    depth: int,
    cutoff: int,
) -> Scenario:
    """One query of a run as a Playground scenario: its top ``depth`` documents, with trec_eval's judged pool.

    Judged documents below the list or never retrieved stay in the pool, so the Playground's
    NDCG@k equals trec_eval's. Grades above the Playground's largest are cut to it.
    """
    top = query_as_list(qrels, run, qid, depth)
    grades = [min(g, MAX_GRADE) for g in top.grades]
    return Scenario(
        key=f"query-{qid}",
        title=f"Query {qid} of {files.run_name}",
        source=f"{files.qrels_name} + {files.run_name}, top {len(grades)} of {top.retrieved} retrieved",
        labels=tuple(top.documents),
        grades=tuple(grades),
        k=min(cutoff, len(grades)) if grades else 1,
        gain=result.gain,  # type: ignore[arg-type]
        expected_ndcg=float(result.per_query.set_index("qid").loc[qid, f"ndcg_cut_{cutoff}"]),
        decimals=4,
        unlisted_grades=tuple(min(g, MAX_GRADE) for g in top.unlisted_grades),
        note="Judged documents below the list or never retrieved stay in the judged pool, as in trec_eval.",
    )
