"""Many queries with two runs: is B better than A, how sure, where B lost and why, and a deck.

What it draws, in order:

1. the runs' names (typed, or the files'), whether plain ``ndcg`` is tested too, the query texts;
2. the **verdict** on the chosen measure (``ndcg_core.trec.comparison_verdict``: size, relative
   change, 95 % interval, p against the threshold with the correction named, counts, unjudged
   documents), the caution when several measures are tested, and "Download for slides";
3. every measure tested, as the verdict writes its numbers ("NDCG@10", "+0.0571", "< 0.0001");
4. query by query: the sentence, the B − A chart (titled, worst queries labelled) and the table
   with each run's Judged@k; the biggest win and loss, or any query, opened in Compare.

One direction everywhere: B − A.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ndcg_core.trec.comparison import Comparison, MeasureComparison
from ndcg_core.trec.comparison_tables import measures_caption, measures_table
from ndcg_core.trec.comparison_verdict import Verdict, stakeholder_summary, unjudged_here
from ndcg_core.trec.comparison_words import caution, comparison_sentence, measure_label, signed
from ndcg_core.trec.evaluation import Evaluation, QueryList, queries_as_lists_from_files
from ndcg_core.trec.judged import label as judged_label
from ndcg_core.trec.significance import TIE_TOLERANCE
from ndcg_core.trec.topics import labelled
from ui.charts.many_queries import DIAMOND, WHO, RunNames, differences_chart, who_is_higher
from ui.charts.many_queries import title as chart_title
from ui.comparison_deck import Deck
from ui.exports import table_downloads
from ui.glossary import linked_note, term_link
from ui.navigation import COMPARE
from ui.plain_text import plain
from ui.readable_text import text_colour
from ui.run_files import Results
from ui.state import compare as compare_state
from ui.state import many_queries as state
from ui.state import run_comparison as choices
from ui.state import run_query
from ui.state.keep import keep_widget_values

#: Decimals of NDCG values on this page (trec_eval prints 4).
DECIMALS = 4
#: A row's colours by who is higher: a pale tint with dark text, readable in light and dark mode.
ROW_STYLES = {
    WHO[0]: "background-color: #F6E3BF; color: #1F1F1F",  # B higher: B's orange, pale
    WHO[1]: "background-color: #CFE3F1; color: #1F1F1F",  # A higher: A's blue, pale
    WHO[2]: "",
}
#: The longest list Compare is given (a draggable list of more is no longer something to drag).
MOST_DOCUMENTS = 100


def comparison_section(results: Results) -> None:
    """Everything about A against B (see the module docstring)."""
    comparison = results.comparison
    assert comparison is not None
    names = names_row(results)
    topics = topics_row(results)
    tested = tested_measures(comparison)
    measure = measure_choice(tested)
    verdict_section(results, tested, measure, names, topics)
    st.subheader("Every measure tested")
    measures_section(tested, names)
    st.subheader("Query by query")
    per_query_section(tested.measures[measure], names, topics)
    compare_openers(results, tested, measure, names, topics)


# -- what the reader chooses --------------------------------------------------------------------


def names_row(results: Results) -> RunNames:
    """The runs' names (the files' unless typed) and whether plain ``ndcg`` is tested too."""
    files = results.files
    key_a, key_b = choices.names_keys(files)
    keep_widget_values((key_a, key_b))  # typed names stay while Compare or the Playground is shown
    a_column, b_column, whole_column = st.columns([2, 2, 3], vertical_alignment="bottom")
    a_column.text_input(
        "Run A's name",
        key=key_a,
        placeholder=choices.default_name(files.run_name),
        help="Used in the verdict, charts and deck",
    )
    b_column.text_input(
        "Run B's name",
        key=key_b,
        placeholder=choices.default_name(files.run_b_name or ""),
        help="Used in the verdict, charts and deck",
    )
    whole_column.checkbox(
        "Also test NDCG over the whole list (trec_eval's ndcg)",
        key=choices.WHOLE_LIST_KEY,
        help="Off: only the cutoffs chosen above are tested, so the correction for several measures counts only them.",
    )
    return choices.run_names(files)


def topics_row(results: Results) -> dict[str, str] | None:
    """An optional topics file: query texts beside their ids in tables, charts and the deck."""
    held = choices.topics_for(results.files)
    label = "Query texts (optional): " + (
        f"from {held[0]}, {len(held[1]):,} queries" if held else "a topics file"
    )
    with st.expander(plain(label)):
        upload = st.file_uploader(
            "Topics: TREC topics (<top> <num> <title>) or one query a line: id, a tab, its text",
            key=choices.TOPICS_UPLOAD_KEY,
        )
        if upload is not None and (
            held is None or st.session_state.get(choices.TOPICS_KEY, ("",))[0] != upload.file_id
        ):
            error = choices.remember_topics(upload.file_id, upload.name, upload.getvalue())
            if error:
                st.error(plain(error))
            else:
                st.rerun()
        elif upload is None and st.session_state.get(choices.TOPICS_KEY):
            choices.forget_topics()
            st.rerun()
    return held[1] if held else None


def tested_measures(comparison: Comparison) -> Comparison:
    """The measures tested: the cutoffs chosen, and plain ``ndcg`` only when asked for (if that
    leaves none, ``ndcg`` alone)."""
    names = [m for m in comparison.measures if m != "ndcg" or choices.whole_list_tested()]
    return comparison.only(names or ["ndcg"])


def measure_choice(tested: Comparison) -> str:
    """The measure of the verdict, the chart and the table (NDCG@10 when it is tested)."""
    names = list(tested.measures)
    if st.session_state.get(state.COMPARE_MEASURE_KEY) not in names:
        st.session_state[state.COMPARE_MEASURE_KEY] = "ndcg_cut_10" if "ndcg_cut_10" in names else names[0]
    return st.selectbox("Measure", names, key=state.COMPARE_MEASURE_KEY, format_func=measure_label)


# -- the verdict ------------------------------------------------------------------------------


def verdict_section(
    results: Results, tested: Comparison, measure: str, names: RunNames, topics: dict[str, str] | None
) -> None:
    """The verdict in a box, the caution when several measures are tested, the deck's button."""
    verdict = Verdict(tested.measures[measure], len(tested.measures))
    with st.container(border=True):
        st.markdown(f"#### {plain(verdict.headline())}")
        st.markdown(with_p_linked(f"A = {names.a}, B = {names.b}. {verdict.text()}"))
        deck_button(results, tested, measure, names, topics)
    warning = caution(len(tested.measures))
    if warning:
        st.caption(plain(warning))


def with_p_linked(text: str) -> str:
    """``text`` escaped, its first "p" of a p-value linked to the glossary's entry (first use on the page)."""
    at = text.find("(p ")
    if at < 0:
        return plain(text)
    return plain(text[: at + 1]) + term_link("p-value", "p") + plain(text[at + 2 :])


def deck_button(
    results: Results, tested: Comparison, measure: str, names: RunNames, topics: dict[str, str] | None
) -> None:
    """ "Download for slides": one zip folder (ui.comparison_deck), built only when clicked."""
    deck = Deck(tested, measure, names, topics, read_lists=lambda qid, depth: read_lists(results, qid, depth))
    st.download_button(
        "⬇ Download for slides",
        deck.zip_bytes,
        file_name=f"{deck.folder}.zip",
        mime="application/zip",
        key="many_download_slides",
        help="One folder: the verdict (text, Markdown), the measures table (Markdown, LaTeX), the B − A chart "
        "(PNG, SVG) and B's biggest loss side by side",
        on_click="ignore",
        type="primary",
    )


def read_lists(results: Results, qid: str, depth: int) -> tuple[QueryList, QueryList] | None:
    """Query ``qid``'s top ``depth`` documents of both runs, or None when an upload is gone."""
    sources = results.files.sources()
    if sources is None:
        return None
    a, b = queries_as_lists_from_files(
        sources[0], sources[1:], qid, depth, [file.name for file in results.files.files]
    )
    return a, b


# -- every measure ----------------------------------------------------------------------------


def measures_section(tested: Comparison, names: RunNames) -> None:
    """The table of every measure tested, as the verdict writes its numbers; its conventions; downloads."""
    table = measures_table(tested.measures)
    st.dataframe(table, hide_index=True)
    linked_note(plain(conventions(tested)))
    runs = (names.qrels, names.a, names.b)
    table_downloads(
        table,
        "runs_compared",
        DECIMALS,
        caption=measures_caption(tested.measures, runs, tested.gain, tested.samples),
    )


def conventions(comparison: Comparison) -> str:
    """Which queries, what a tie is, how each test works: named beside the numbers."""
    n = len(comparison.qids)
    return (
        f"{n:,} quer{'y' if n == 1 else 'ies'} compared: the judged queries that either run answers; a query one "
        f"run misses scores 0 for it (A misses {len(comparison.missing_in_a):,}, B misses "
        f"{len(comparison.missing_in_b):,}). So these means can differ from each run's own mean below. "
        f"Tied: |B − A| ≤ {TIE_TOLERANCE:g}, for the counts and the t-test alike. B vs A: (mean B − mean A) / "
        "mean A. 95% CI: the paired t interval of mean(B − A). Paired t-test: two-sided, t = mean(B − A) / "
        f"(sd / √n), n − 1 degrees of freedom. Randomization test: paired sign flip, two-sided, "
        f"{comparison.samples:,} samples, seed {comparison.seed}, p = (1 + samples at least as extreme) / "
        "(1 + samples). Everything is computed before rounding."
    )


# -- query by query -----------------------------------------------------------------------------


def per_query_table(measure: MeasureComparison, topics: dict[str, str] | None = None) -> pd.DataFrame:
    """Every query's A, B and B − A, B's biggest win first, who is higher, and each run's Judged@k."""
    columns: dict[str, object] = {"query": measure.qids.astype(str)}
    if topics:
        columns["text"] = [topics.get(str(q), "") for q in measure.qids]
    columns |= {
        "A": measure.a,
        "B": measure.b,
        "B − A": measure.difference,
        "higher": who_is_higher(measure.difference),
    }
    cover = measure.coverage
    if cover is not None:
        columns[f"A {judged_label(cover.k)}"] = cover.a
        columns[f"B {judged_label(cover.k)}"] = cover.b
        flagged = {(u.qid, u.side): u for u in measure.unjudged()}
        columns["unjudged"] = [
            "; ".join(
                f"{u.unjudged} of {side}'s top {u.shown} unjudged"
                for side in "AB"
                if (u := flagged.get((str(q), side))) is not None
            )
            for q in measure.qids
        ]
    return pd.DataFrame(columns)


def per_query_section(measure: MeasureComparison, names: RunNames, topics: dict[str, str] | None) -> None:
    """The sentence, the sorted differences as a chart and as a table, the table's downloads."""
    st.markdown(plain(comparison_sentence(measure, DECIMALS)))
    heading = chart_title(measure, names, topics)
    st.markdown(f"**{plain(heading['text'])}**")  # above the chart, where it wraps on a phone
    lines = list(heading["subtitle"])
    if measure.unjudged():
        lines.append(DIAMOND.format(k=measure.coverage.k if measure.coverage else 10))
    st.caption("  \n".join(plain(line) for line in lines))
    st.vega_lite_chart(
        differences_chart(measure, names, topics, text_colour=text_colour(), titled=False, stacked=True),
        width="stretch",
    )
    table = per_query_table(measure, topics)
    shown = table.assign(**{"B − A": [signed(d, DECIMALS) for d in table["B − A"]]})
    styles = pd.DataFrame("", index=shown.index, columns=shown.columns)
    for column in ("B − A", "higher"):
        styles[column] = [ROW_STYLES[who] for who in table["higher"]]
    config = {
        "A": st.column_config.NumberColumn(f"A: {names.a}", format=f"%.{DECIMALS}f"),
        "B": st.column_config.NumberColumn(f"B: {names.b}", format=f"%.{DECIMALS}f"),
        "B − A": st.column_config.TextColumn("B − A", help="B's value minus A's (0: tied, within 1e-9)"),
        "higher": st.column_config.TextColumn("higher", help="Who scores more on this query"),
    }
    if measure.coverage is not None:
        k = measure.coverage.k
        for side in "AB":
            config[f"{side} {judged_label(k)}"] = st.column_config.NumberColumn(
                format="%.2f",
                help=f"Share of run {side}'s top {k} that has a judgment in the qrels (ir_measures' Judged@{k})",
            )
        config["unjudged"] = st.column_config.TextColumn(
            help="A loss or a 0 that comes with a top k more than half unjudged: judge those documents first"
        )
    st.dataframe(
        shown.style.apply(lambda _: styles, axis=None),
        hide_index=True,
        height=36 + 35 * min(len(table), 10),
        column_config=config,
    )
    table_downloads(
        table,
        f"per_query_{measure.measure}",
        DECIMALS,
        caption=f"{measure_label(measure.measure)} per query: {names.b} (B) − {names.a} (A), judged by {names.qrels}",
    )


# -- opening a query in Compare -----------------------------------------------------------------


def extremes(measure: MeasureComparison) -> list[tuple[str, str]]:
    """B's biggest win and its biggest loss on this measure, where there is one: (query, "win"/"loss")."""
    found = []
    for qid, kind in ((measure.biggest_win, "win"), (measure.biggest_loss, "loss")):
        if qid is not None:
            found.append((qid, kind))
    return found


def compare_openers(
    results: Results, tested: Comparison, measure: str, names: RunNames, topics: dict[str, str] | None
) -> None:
    """B's biggest win and biggest loss, and any query, opened in Compare as two draggable lists."""
    st.subheader("Open a query in Compare")
    linked_note(
        "Compare shows the query's top documents of run A and of run B as two lists you can drag, both scored "
        f"against the query's judged pool (its {term_link('qrels')}), with every number rank by rank, at this "
        "measure's k and gain."
    )
    depth = st.number_input("Documents per list", 5, MOST_DOCUMENTS, 20, key=state.COMPARE_DEPTH_KEY)
    m = tested.measures[measure]
    found = extremes(m)
    columns = st.columns(max(len(found), 1))
    for column, (qid, kind) in zip(columns, found, strict=False):
        row = list(m.qids).index(qid)
        why = f"B's biggest {kind} on {measure_label(measure)} ({m.a[row]:.{DECIMALS}f} → {m.b[row]:.{DECIMALS}f})"
        label = f"Query {labelled(qid, topics, 30)}: B's biggest {kind}"
        if column.button(plain(label), key=f"many_open_compare_{kind}", width="stretch", help=plain(why)):
            open_in_compare(results, tested, qid, measure, int(depth), why, names, topics)
    if not found:
        st.caption("A and B are tied on every query: no win or loss to open.")
    left, right = st.columns([3, 1], vertical_alignment="bottom")
    qid = left.selectbox(
        "Or any query",
        list(m.qids),
        key=state.COMPARE_QID_KEY,
        format_func=lambda q: labelled(str(q), topics, 60),
    )
    if right.button("Open in Compare", width="stretch"):
        open_in_compare(
            results,
            tested,
            str(qid),
            measure,
            int(depth),
            f"query {qid}, chosen on {measure_label(measure)}",
            names,
            topics,
        )


def open_in_compare(
    results: Results,
    tested: Comparison,
    qid: str,
    measure: str,
    depth: int,
    why: str,
    names: RunNames,
    topics: dict[str, str] | None,
) -> None:
    """One query of both runs as Compare's two lists, over the query's judged pool, at the
    comparison's k and gain, with the comparison in plain words; then go there."""
    cutoff = int(measure.removeprefix("ndcg_cut_")) if measure.startswith("ndcg_cut_") else None
    depth = min(max(depth, cutoff or 0), MOST_DOCUMENTS)
    lists = read_lists(results, qid, depth)
    if lists is None:
        st.error(
            "The uploaded files are no longer on the server (cleared, or replaced in the uploader): upload them again."
        )
        return
    a, b = lists
    m = tested.measures[measure]
    row = list(m.qids).index(qid)
    verdict = Verdict(m, len(tested.measures))
    pair = compare_state.QueryPair(
        qid=qid,
        qrels_name=names.qrels,
        run_names=(names.a, names.b),
        retrieved=(a.retrieved, b.retrieved),
        pool=compare_state.pool_of(a),
        k=min(cutoff or depth, depth),
        gain=results.settings.gain,
        measure=measure,
        values=(float(m.a[row]), float(m.b[row])),
        why=why,
        judged=a.judged_count,
        unjudged=(compare_state.unjudged_ids("A", a), compare_state.unjudged_ids("B", b)),
        text=(topics or {}).get(qid, ""),
        summary=stakeholder_summary(verdict, (names.qrels, names.a, names.b), topics),
        unjudged_note=unjudged_here(m, qid) or "",
    )
    compare_state.load_query_pair(a, b, pair)
    st.switch_page(COMPARE.path)


def playground_cutoff(results: Results) -> int:
    """The k a query opened in the Playground keeps: the comparison's measure's with two runs, the
    distribution's with one, when that measure has a cutoff; else the first cutoff."""
    key = state.COMPARE_MEASURE_KEY if results.comparison is not None else state.MEASURE_KEY
    measure = str(st.session_state.get(key, ""))
    if measure.startswith("ndcg_cut_") and int(measure.removeprefix("ndcg_cut_")) in results.settings.cutoffs:
        return int(measure.removeprefix("ndcg_cut_"))
    return results.settings.cutoffs[0]


def count_columns(result: Evaluation) -> dict[str, object]:
    """Column labels and help for a run's per-query counts: one definition of "judged", relevant apart,
    and Judged@k (a share, not a count)."""
    config: dict[str, object] = {
        "judged": st.column_config.NumberColumn(
            "judged", help="Documents of the query judged in the qrels, whatever their grade"
        ),
        "relevant": st.column_config.NumberColumn("relevant", help="Judged documents with a grade above 0"),
        "retrieved": st.column_config.NumberColumn(
            "retrieved", help="Documents the run returned for the query"
        ),
    }
    for k in result.judged_cutoffs:
        config[f"judged_{k}"] = st.column_config.NumberColumn(
            judged_label(k),
            format="%.2f",
            help=f"Share of the run's top {k} that has a judgment (Judged@{k})",
        )
    return config


def remember_playground_query(results: Results, top: QueryList) -> None:
    """What the Playground's list of this query cannot say by itself (``ui.state.run_query``): its
    unjudged documents, the qrels' judged and relevant counts, and, from two runs, the comparison
    in plain words on the measure shown here (its verdict over the measures tested)."""
    summary = None
    if results.comparison is not None:
        tested = tested_measures(results.comparison)
        measure = st.session_state.get(state.COMPARE_MEASURE_KEY)
        measure = measure if measure in tested.measures else next(iter(tested.measures))
        names = choices.run_names(results.files)
        verdict = Verdict(tested.measures[measure], len(tested.measures))
        held = choices.topics_for(results.files)
        summary = stakeholder_summary(verdict, (names.qrels, names.a, names.b), held[1] if held else None)
    unjudged = [doc for doc, judged in zip(top.documents, top.judged, strict=True) if not judged]
    run_query.remember(
        results.files.qrels_name, top.judged_count, len(compare_state.pool_of(top)), unjudged, summary
    )
