"""Many queries: a whole run against its judgments, with the numbers trec_eval would print; with a
second run, the two compared query by query, with paired tests.

Thin: take the files (``ui.run_files`` knows where their bytes are and evaluates them), draw the
tables, the summary and the distribution; with two runs, the comparison (``ui.run_comparison``);
open any query in the Playground, or one query of both runs in Compare.
"""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from ndcg_core.trec.evaluation import Evaluation, queries_as_lists_from_files
from ndcg_core.trec.files import TrecFileError
from ndcg_core.trec.overlap import overlap_note, unjudged_note
from ui.exports import table_downloads
from ui.glossary import linked_note, term_link
from ui.navigation import PLAYGROUND
from ui.plain_text import plain
from ui.run_comparison import (
    DECIMALS,
    comparison_section,
    count_columns,
    playground_cutoff,
    remember_playground_query,
)
from ui.run_files import (
    BIG_RUNS,
    SAMPLE_CHOICES,
    UPLOADS_BUDGET,
    FilesGone,
    LoadedFiles,
    Results,
    RunFile,
    Settings,
    evaluated,
    file_limit_bytes,
    orphaned_uploads,
    release_uploads,
    sample_files,
    size_text,
)
from ui.state import many_queries as state
from ui.state.scenario import load_scenario

GONE = "The uploaded files are no longer on the server (cleared, or replaced in the uploader): upload them again."


def choose_files() -> tuple[LoadedFiles | None, list[str]]:
    """Uploads or a bundled sample; the last files that loaded stay until new ones load. Returns the
    files shown and the uploaders' file ids."""
    upload_tab, sample_tab = st.tabs(["Your files", "A bundled sample"])
    with upload_tab:
        held = uploads()
    with sample_tab:
        choice = st.selectbox("Sample", list(SAMPLE_CHOICES), key=state.SAMPLE_KEY)
        if st.button("Open this sample"):
            state.choose(sample_files(choice))
    return _accept_candidate(held), held


def uploads() -> list[str]:
    """The three uploaders, the limits and the command line for bigger runs, Evaluate and Clear."""
    qrels_column, a_column, b_column = st.columns(3)
    qrels = qrels_column.file_uploader("Qrels (judgments)", key=state.upload_key(state.QRELS_UPLOAD_KEY))
    run = a_column.file_uploader("Run A (results)", key=state.upload_key(state.RUN_UPLOAD_KEY))
    run_b = b_column.file_uploader(
        "Run B (optional: compare it with A)", key=state.upload_key(state.RUN_B_UPLOAD_KEY)
    )
    st.caption(
        "TREC or CSV/TSV. TREC qrels: “qid iter docno rel”; TREC run: “qid Q0 docno rank score tag” (any blanks "
        "between fields). CSV/TSV need a header: query, document, relevance / query, document, score."
    )
    st.markdown("**Size:** " + plain(limits_text()))
    held = [file for file in (qrels, run, run_b) if file is not None]
    evaluate_column, clear_column = st.columns(2)
    if evaluate_column.button(
        "Evaluate these files", type="primary", disabled=qrels is None or run is None, width="stretch"
    ):
        state.choose(
            LoadedFiles(*(RunFile(f.name, f.size, upload_id=f.file_id) for f in (qrels, run, run_b) if f))
        )
    shown = state.shown()
    clear_column.button(
        "Clear the uploaded files",
        disabled=not held and not (shown and shown.upload_ids),
        on_click=clear_uploads,
        args=([f.file_id for f in held],),
        width="stretch",
        help="Frees the server's memory of your files; the results stay on the page.",
    )
    return [f.file_id for f in held]


def limits_text() -> str:
    """What this server takes, and the way for bigger runs (shown next to the uploaders)."""
    per_file = file_limit_bytes()
    sizes = f"up to {size_text(UPLOADS_BUDGET)}, qrels and runs together" + (
        f" ({size_text(per_file)} a file)" if per_file < UPLOADS_BUDGET else ""
    )
    return (
        f"{sizes}: this server is shared by a class. {BIG_RUNS} Your files stay in this "
        "server's memory, never on disk, until you clear them or leave."
    )


def clear_uploads(held_ids: list[str]) -> None:
    """Free the uploads (the uploaders' and the shown files'); the results stay; empty uploaders."""
    shown = state.shown()
    ids = list(dict.fromkeys([*held_ids, *(shown.upload_ids if shown else [])]))
    removed = release_uploads(ids)
    state.empty_uploaders()
    state.forget_refusal()
    state.note(
        f"Cleared: {removed} uploaded file{'s' if removed != 1 else ''} freed from the server's memory. The results "
        "stay on the page; to change the settings or open a query, upload the files again."
    )


def _accept_candidate(held_ids: list[str]) -> LoadedFiles | None:
    """Evaluate newly chosen files; keep the previous ones if the new ones are broken or too big.
    Once new files are shown, the uploads nothing refers to any more are freed (``held_ids``: the
    uploaders' files, kept)."""
    candidate = state.chosen()
    if candidate is not None:
        try:
            names = " and ".join(file.name for file in candidate.files)
            with st.spinner(f"Reading {names}…"):
                evaluated(candidate, state.settings_in_force(), state.results_cache())
        except (TrecFileError, FilesGone) as error:
            state.refuse(candidate, str(error) or GONE)
        else:
            replaced = state.shown()
            state.show(candidate)
            state.forget_refusal()
            release_uploads(orphaned_uploads(replaced, candidate, held_ids))
    return state.shown()


def refused_files(held_ids: list[str]) -> bool:
    """Say why the files chosen last were not loaded (while they are still chosen); True if it did."""
    message = state.refusal(held_ids)
    if message is None:
        return False
    kept = state.shown()
    still = f" Still showing {kept.title()}." if kept else ""
    st.error(f"Not loaded: {plain(message)}{plain(still)}")
    return True


def coverage_notes(result: Evaluation, run_name: str) -> None:
    """When the run answers only some judged queries, or queries nobody judged: said above its numbers."""
    count_all = "“every qrels query” above"
    notes = [overlap_note(result, run_name, count_all), unjudged_note(result, run_name)]
    if any(notes):
        st.info(" ".join(plain(note) for note in notes if note))


def settings() -> Settings:
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
    return Settings(cutoffs or state.DEFAULT_CUTOFFS, gain, state.COUNTING[counting])


def results_for(files: LoadedFiles, wanted: Settings) -> Results | None:
    """The files' results under the settings; once the uploads are cleared, the last results shown."""
    try:
        with st.spinner("Evaluating every query…"):
            results = evaluated(files, wanted, state.results_cache())
    except FilesGone:
        last = state.last_results()
        if last is None or last.files.identity != files.identity:
            st.error(GONE)
            return None
        if last.settings != wanted:
            st.warning(
                plain(
                    "The uploaded files were cleared, so these are the results under the settings they were "
                    f"computed with: cutoffs {', '.join(map(str, last.settings.cutoffs))}, {last.settings.gain} "
                    "gain. Upload the files again to change the settings."
                )
            )
        return last
    except TrecFileError as error:
        st.error(plain(error))
        return None
    state.remember(results)
    return results


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
        st.dataframe(pd.DataFrame(rows), hide_index=True, height=36 + 35 * min(len(rows), 8))
    else:
        st.caption("Every query is in both files and has something relevant.")


def distribution(result: Evaluation, measure: str, key: str = state.MEASURE_KEY) -> None:
    """Each query's value of one measure as a dot, with the mean marked."""
    frame = result.per_query[["qid", measure]].rename(columns={measure: "value"})
    dots = (
        alt.Chart(frame, title=f"{measure} per query (one dot each)", height=160)
        .mark_circle(size=60, opacity=0.6, color="#0072B2")
        .encode(
            x=alt.X("value:Q", title=measure, scale=alt.Scale(domain=[0, 1])),
            y=alt.Y("jitter:Q", title=None, axis=None, scale=alt.Scale(domain=[-0.1, 1.1])),
            tooltip=["qid:N", alt.Tooltip("value:Q", format=".4f")],
        )
        .transform_calculate(jitter="random()")
    )
    mean = (
        alt.Chart(pd.DataFrame({"mean": [frame["value"].mean()]}))
        .mark_rule(color="#D55E00", size=2)
        .encode(x="mean:Q")
    )
    st.altair_chart(dots + mean, width="stretch", key=key)


def per_query(result: Evaluation, name: str, caption: str) -> None:
    """The per-query table (scrolling inside itself) and its downloads."""
    st.dataframe(
        result.per_query,
        hide_index=True,
        height=36 + 35 * min(len(result.per_query), 10),
        column_config={m: st.column_config.NumberColumn(format="%.4f") for m in result.measures}
        | count_columns(result),
    )
    table_downloads(result.per_query, name, DECIMALS, caption=caption)


def open_in_playground(results: Results) -> None:
    """Pick a query (and a run); its top documents become the Playground's list, with trec_eval's judged pool."""
    files = results.files
    runs = {f"A: {files.run_name}": 0, **({f"B: {files.run_b_name}": 1} if files.run_b_file else {})}
    run_label = (
        st.radio("Run", list(runs), key=state.OPEN_RUN_KEY, horizontal=True) if len(runs) > 1 else None
    )
    index = runs[run_label] if run_label else 0
    result, run_file = results.runs[index], files.runs[index]
    cutoff = playground_cutoff(results)  # the comparison's k (or the distribution's), not always the first
    worst_first = result.per_query.sort_values(f"ndcg_cut_{cutoff}")["qid"].tolist()
    left, middle, right = st.columns([2, 1, 1], vertical_alignment="bottom")
    qid = left.selectbox(f"Query (worst first at NDCG@{cutoff})", worst_first, key=state.OPEN_QID_KEY)
    depth = middle.number_input("Documents to show", 5, 100, 20, key=state.OPEN_DEPTH_KEY)
    if right.button("Open in the Playground", type="primary"):
        sources = [files.qrels_file.source(), run_file.source()]
        if any(source is None for source in sources):
            st.error(GONE)
            return
        (top,) = queries_as_lists_from_files(
            sources[0], sources[1:], str(qid), int(depth), [files.qrels_name, run_file.name]
        )
        load_scenario(state.scenario_of(top, files.qrels_name, run_file.name, result, cutoff))
        remember_playground_query(results, top)
        st.switch_page(PLAYGROUND.path)


def one_run(results: Results) -> None:
    """One run: summary, distribution, per-query table, what is left out, open a query."""
    result = results.a
    coverage_notes(result, results.files.run_name)
    summary(result)
    measure = st.selectbox("Distribution of", result.measures, index=1, key=state.MEASURE_KEY)
    distribution(result, measure)
    st.subheader("Per query")
    per_query(result, "ndcg_per_query", f"NDCG per query: {results.files.title()}")
    st.subheader("Queries left out, and why")
    left_out(result)
    st.subheader("Look at one query")
    open_in_playground(results)


def two_runs(results: Results) -> None:
    """Two runs: A against B (the verdict, every measure, query by query, Compare), each run alone."""
    files = results.files
    comparison_section(results)
    st.subheader("Each run on its own")
    for tab, result, label in zip(
        st.tabs([f"A: {files.run_name}", f"B: {files.run_b_name}"]), results.runs, "AB", strict=True
    ):
        with tab:
            coverage_notes(result, files.runs["AB".index(label)].name)
            summary(result)
            per_query(result, f"ndcg_per_query_{label}", f"NDCG per query: {files.qrels_name} + run {label}")
            st.markdown("**Queries left out, and why**")
            left_out(result)
    st.subheader("Look at one query in the Playground")
    open_in_playground(results)


def main() -> None:
    state.keep_settings()
    st.title("Many queries")
    linked_note(
        f"Upload a {term_link('run')} and its judgments (the {term_link('qrels')}), or open a sample: NDCG per "
        "query, the same numbers trec_eval prints. Add a second run to compare two systems query by query, with "
        "paired tests."
    )
    note = state.take_note()
    if note:
        st.success(note)
    files, held = choose_files()
    refused = refused_files(held)
    if files is None:
        if not refused:
            st.info("Choose a qrels file and a run (and a second run to compare), or open a bundled sample.")
        return
    wanted = settings()
    results = results_for(files, wanted)
    if results is None:
        return
    st.subheader(results.files.title())
    if results.comparison is None:
        one_run(results)
    else:
        two_runs(results)


main()
