"""Many queries: a whole run against its judgments, with the numbers trec_eval would print.

Thin: take the files, ask ``ndcg_core.trec.evaluation`` for per-query NDCG, draw the table, the
summary and the distribution; open any query in the Playground.
"""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from ndcg_core.trec.evaluation import Evaluation
from ndcg_core.trec.files import MAX_FILE_BYTES, TrecFileError
from ui.exports import table_downloads
from ui.navigation import PLAYGROUND
from ui.plain_text import plain
from ui.run_files import SAMPLE_CHOICES, LoadedFiles, evaluated, parsed, sample_files
from ui.state import many_queries as state
from ui.state.scenario import load_scenario


def choose_files() -> LoadedFiles | None:
    """Uploads or a bundled sample; the last files that loaded stay until new ones load."""
    upload_tab, sample_tab = st.tabs(["Your files", "A bundled sample"])
    with upload_tab:
        left, right = st.columns(2)
        qrels = left.file_uploader("Qrels (judgments): TREC or CSV/TSV", key=state.QRELS_UPLOAD_KEY)
        run = right.file_uploader("Run (results): TREC or CSV/TSV", key=state.RUN_UPLOAD_KEY)
        st.caption(
            "TREC qrels: “qid iter docno rel”; TREC run: “qid Q0 docno rank score tag” (any blanks between "
            "fields). CSV/TSV need a header: query, document, relevance / query, document, score. "
            f"Up to {MAX_FILE_BYTES // 2**20} MB each; files stay in memory, nothing is saved."
        )
        if qrels is not None and run is not None:
            files = LoadedFiles(qrels.name, qrels.getvalue(), run.name, run.getvalue())
            if st.button("Evaluate these files", type="primary"):
                state.choose(files)
    with sample_tab:
        choice = st.selectbox("Sample", list(SAMPLE_CHOICES), key=state.SAMPLE_KEY)
        if st.button("Open this sample"):
            state.choose(sample_files(choice))
    return _accept_candidate()


def _accept_candidate() -> LoadedFiles | None:
    """Parse newly chosen files; keep the previous ones if the new ones are broken."""
    candidate = state.chosen()
    if candidate is not None:
        try:
            with st.spinner(f"Reading {candidate.qrels_name} and {candidate.run_name}…"):
                # Reads both, checks every query, under the settings the page will show: cached, so
                # the page's own evaluation below is not a second one.
                evaluated(candidate, *state.settings_in_force())
        except TrecFileError as error:
            kept = state.shown()
            still = f" Still showing {kept.qrels_name} + {kept.run_name}." if kept else ""
            st.error(f"Not loaded: {plain(error)}{plain(still)}")
        else:
            state.show(candidate)
    return state.shown()


def settings() -> tuple[tuple[int, ...], str, bool]:
    """Cutoffs, gain and which queries count."""
    left, middle, right = st.columns([2, 2, 3])
    text = left.text_input(
        "Cutoffs k",
        value=state.DEFAULT_CUTOFFS_TEXT,
        key=state.CUTOFFS_KEY,
        help="NDCG@k for each k; comma-separated",
    )
    gain = middle.radio(
        "Gain",
        ["linear", "exponential"],
        key=state.GAIN_KEY,
        horizontal=True,
        help="linear rel is trec_eval's default",
    )
    counting = right.radio("Which queries count in the mean", list(state.COUNTING), key=state.COUNTING_KEY)
    cutoffs = state.parsed_cutoffs(text)
    if cutoffs is None:
        left.error(
            f"Cutoffs are whole numbers of 1 or more, e.g. {state.DEFAULT_CUTOFFS_TEXT}. Using {state.DEFAULT_CUTOFFS_TEXT}."
        )
    return cutoffs or state.DEFAULT_CUTOFFS, gain, state.COUNTING[counting]


def summary(result: Evaluation) -> None:
    """Mean, median, spread and extremes of each measure, with the conventions named."""
    stats = result.per_query[result.measures].agg(["mean", "median", "std", "min", "max"]).T
    stats.index.name = "measure"
    st.dataframe(
        stats, column_config={c: st.column_config.NumberColumn(format="%.4f") for c in stats.columns}
    )
    counted = "every qrels query (missing ones count 0)" if result.complete else "the queries in both files"
    st.caption(
        f"{len(result.per_query)} queries; the mean is over {counted}. Gain {result.gain}; discount 1/log2(i+1); "
        "ties in score broken by document id, descending; IDCG from every judged document of the query; "
        "negative grades are judged non-relevant; IDCG = 0 gives NDCG = 0. As trec_eval computes its ndcg and "
        "ndcg_cut measures."
    )


def left_out(result: Evaluation) -> None:
    """The queries that are not in the mean, or count 0, and why."""
    reasons = [
        (
            result.only_in_qrels,
            "judged but not in the run" + (": counted as 0" if result.complete else ": left out"),
        ),
        (result.only_in_run, "in the run but not judged: left out (nothing to compare with)"),
        (result.nothing_relevant, "nothing relevant judged: IDCG = 0, so NDCG = 0"),
    ]
    rows = [{"query": qid, "why": why} for queries, why in reasons for qid in queries]
    if rows:
        st.dataframe(pd.DataFrame(rows), hide_index=True)
    else:
        st.caption("Every query is in both files and has something relevant.")


def distribution(result: Evaluation, measure: str) -> None:
    """Each query's value of one measure as a dot, with the mean marked."""
    frame = result.per_query[["qid", measure]].rename(columns={measure: "value"})
    dots = (
        alt.Chart(frame, title=f"{measure} per query (one dot each)", height=160)
        .mark_circle(size=60, opacity=0.6, color="#0072B2")
        .encode(
            x=alt.X("value:Q", title=measure, scale=alt.Scale(domain=[0, 1])),
            y=alt.Y("jitter:Q", title=None, axis=None),
            tooltip=["qid:N", alt.Tooltip("value:Q", format=".4f")],
        )
        .transform_calculate(jitter="random()")
    )
    mean = (
        alt.Chart(pd.DataFrame({"mean": [frame["value"].mean()]}))
        .mark_rule(color="#D55E00", size=2)
        .encode(x="mean:Q")
    )
    st.altair_chart(dots + mean, width="stretch")


def open_in_playground(files: LoadedFiles, result: Evaluation, cutoffs: tuple[int, ...]) -> None:
    """Pick a query; its top documents become the Playground's list, with trec_eval's judged pool."""
    worst_first = result.per_query.sort_values(f"ndcg_cut_{cutoffs[0]}")["qid"].tolist()
    left, middle, right = st.columns([2, 1, 1])
    qid = left.selectbox("Query (worst first at the first cutoff)", worst_first, key=state.OPEN_QID_KEY)
    depth = middle.number_input("Documents to show", 5, 100, 20, key=state.OPEN_DEPTH_KEY)
    if right.button("Open in the Playground", type="primary"):
        load_scenario(state.query_scenario(files, *parsed(files), result, qid, int(depth), cutoffs[0]))
        st.switch_page(PLAYGROUND.path)


def main() -> None:
    st.title("Many queries")
    st.caption(
        "Upload a run and its judgments, or open a sample: NDCG per query, the same numbers trec_eval prints."
    )
    files = choose_files()
    if files is None:
        st.info("Choose two files, or open a bundled sample.")
        return
    cutoffs, gain, complete = settings()
    with st.spinner("Evaluating every query…"):
        result = evaluated(files, cutoffs, gain, complete)
    st.subheader(f"{files.qrels_name} + {files.run_name}")
    summary(result)
    measure = st.selectbox("Distribution of", result.measures, index=1, key=state.MEASURE_KEY)
    distribution(result, measure)
    st.subheader("Per query")
    st.dataframe(
        result.per_query,
        hide_index=True,
        column_config={m: st.column_config.NumberColumn(format="%.4f") for m in result.measures},
    )
    table_downloads(
        result.per_query,
        "ndcg_per_query",
        4,
        caption=f"NDCG per query: {files.qrels_name} + {files.run_name}",
    )
    st.subheader("Queries left out, and why")
    left_out(result)
    st.subheader("Look at one query")
    open_in_playground(files, result, cutoffs)


main()
