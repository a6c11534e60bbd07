"""Issue 27 on the pages (AppTest): the verdict on Many queries, the deck's files and their contents,
a query opened from two runs keeping the comparison's k and gain, and documents without a judgment
marked "not judged" in Compare's lists and table."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ndcg_core.trec.comparison import compare_files
from ndcg_core.trec.comparison_verdict import Verdict, unjudged_here
from ndcg_core.trec.judged import NOT_JUDGED
from tests.pages.conftest import all_component_data, sample_open
from ui.charts.many_queries import RunNames
from ui.comparison_deck import Deck
from ui.navigation import MANY_QUERIES, PLAYGROUND
from ui.run_comparison import read_lists
from ui.state import compare as compare_state
from ui.state import many_queries as state
from ui.state import run_comparison as choices
from ui.state import scenario

TWO = Path(__file__).resolve().parents[2] / "data" / "two_systems"
FILES = (TWO / "qrels.txt", TWO / "run_a.txt", TWO / "run_b.txt")


def unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def opened() -> AppTest:
    """Many queries with the two-run sample open (a copy: see ``sample_open``)."""
    return sample_open("Two systems")


@pytest.fixture(scope="module")
def sample() -> AppTest:
    return opened()


def verdict_on_page(at: AppTest) -> tuple[str, str]:
    """The verdict's headline and paragraph as the reader sees them."""
    texts = [unescaped(m.value) for m in at.markdown]
    headline = next(t for t in texts if t.startswith("#### "))
    paragraph = next(t for t in texts if t.startswith("A = "))
    return headline.removeprefix("#### "), re.sub(r"\[p\]\([^)]*\)", "p", paragraph)


def test_the_verdict_on_the_page_is_the_cores_for_the_measures_tested(sample: AppTest):
    comparison = compare_files(*FILES, ["ndcg_cut_5", "ndcg_cut_10", "ndcg_cut_20"])
    verdict = Verdict(comparison.measures["ndcg_cut_10"], tested=3)  # the cutoffs 5, 10, 20: ndcg not forced
    headline, paragraph = verdict_on_page(sample)
    assert headline == verdict.headline() == "B is better on NDCG@10"
    assert paragraph == f"A = run_a, B = run_b. {verdict.text()}"
    assert "0.0167 (α = 0.05 / 3 measures: Bonferroni)" in paragraph
    assert "10 of B's top 10 on query 420 are unjudged" in paragraph
    cautions = [c.value for c in sample.caption if "measures at once" in c.value]
    assert len(cautions) == 1 and "compare p with 0.0167 (Bonferroni)" in unescaped(cautions[0])
    measures = next(f.value for f in sample.dataframe if "verdict" in f.value.columns)
    assert list(measures["measure"]) == ["NDCG@5", "NDCG@10", "NDCG@20"]
    m = comparison.measures["ndcg_cut_10"]
    row = measures.set_index("measure").loc["NDCG@10"]
    low, high = m.ci95
    assert (
        row["B − A"] == f"+{m.mean_difference:.4f}" and row["95% CI of B − A"] == f"+{low:.4f} to +{high:.4f}"
    )
    assert row["B vs A"] == f"+{100 * m.relative_change:.1f}%" and row["verdict"] == "B better"


def test_one_cutoff_is_one_measure_no_caution_and_plain_ndcg_only_when_asked():
    at = opened()
    at.text_input(key=state.CUTOFFS_KEY).input("10").run()
    _, paragraph = verdict_on_page(at)
    assert "Bonferroni" not in paragraph and "< α = 0.05" in paragraph
    assert not [c for c in at.caption if "measures at once" in c.value]
    at.checkbox(key=choices.WHOLE_LIST_KEY).check().run()
    _, paragraph = verdict_on_page(at)
    assert "0.025 (α = 0.05 / 2 measures: Bonferroni)" in paragraph
    assert [c for c in at.caption if "Testing 2 measures" in c.value]


def test_the_deck_holds_every_file_with_names_signs_and_p_as_on_the_page(sample: AppTest):
    buttons = [b for b in sample.get("download_button") if b.proto.label == "⬇ Download for slides"]
    assert len(buttons) == 1 and buttons[0].proto.url == ""  # built only when clicked
    results = sample.session_state[state.LAST_RESULTS_KEY]
    tested = results.comparison.only(["ndcg_cut_5", "ndcg_cut_10", "ndcg_cut_20"])
    names = RunNames("qrels.txt", "run_a", "run_b")
    topics = dict(line.split("\t") for line in (TWO / "topics.txt").read_text().splitlines())
    deck = Deck(tested, "ndcg_cut_10", names, topics, read_lists=lambda q, d: read_lists(results, q, d))
    archive = zipfile.ZipFile(io.BytesIO(deck.zip_bytes()))
    folder = "ndcg@10_run_b_vs_run_a"
    assert sorted(archive.namelist()) == sorted(
        f"{folder}/{name}"
        for name in (
            "README.txt",
            "ndcg@10_B_vs_A_verdict.txt",
            "ndcg@10_B_vs_A_verdict.md",
            "ndcg@10_measures_table.md",
            "ndcg@10_measures_table.tex",
            "ndcg@10_B_vs_A_difference.png",
            "ndcg@10_B_vs_A_difference.svg",
            "ndcg@10_biggest_loss_query_420.md",
            "ndcg@10_biggest_loss_query_420.tex",
        )
    )

    def read(name: str) -> str:
        return archive.read(f"{folder}/{name}").decode()

    verdict = Verdict(tested.measures["ndcg_cut_10"], 3)
    assert verdict.text() in read("ndcg@10_B_vs_A_verdict.txt")
    assert read("ndcg@10_B_vs_A_verdict.md").startswith("**B is better on NDCG@10.**")
    table = read("ndcg@10_measures_table.md")
    assert table.startswith(
        "Table: run_b (B) against run_a (A), judged by qrels.txt: NDCG@5, NDCG@10, NDCG@20"
    )
    assert "0.0167 (α = 0.05 / 3 measures: Bonferroni)" in table.splitlines()[0]
    assert "ndcg_cut" not in table and "0.0000" not in table
    row = next(line for line in table.splitlines() if line.startswith("| NDCG@10 "))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    m = tested.measures["ndcg_cut_10"]
    assert cells[3] == f"+{m.mean_difference:.4f}" and cells[4] == f"+{100 * m.relative_change:.1f}%"
    assert cells[9] == f"{m.t_test.p_value:.2g}" and cells[-1] == "B better"
    tex = read("ndcg@10_measures_table.tex")
    assert r"\caption{run\_b (B) against run\_a (A)" in tex and "NDCG@10" in tex and "+0.0571" in tex
    loss = read("ndcg@10_biggest_loss_query_420.md")
    assert loss.startswith("Table: Query 420: home espresso machine, B's biggest loss on NDCG@10")
    assert loss.count(f"| {NOT_JUDGED} |") >= 10  # B's ten new documents, nobody judged them
    svg = read("ndcg@10_B_vs_A_difference.svg")
    assert "NDCG@10 per query: run_b (B) − run_a (A), 50 queries" in svg and ">420<" in svg
    png = archive.read(f"{folder}/ndcg@10_B_vs_A_difference.png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert width >= 1600 and height >= 700  # twice the chart's size: sharp on a slide


def test_typed_names_reach_the_verdict_the_chart_and_the_deck():
    at = opened()
    key_a, key_b = choices.names_keys(at.session_state[state.FILES_KEY])
    at.text_input(key=key_a).input("first stage").run()
    at.text_input(key=key_b).input("re-ranker").run()
    _, paragraph = verdict_on_page(at)
    assert paragraph.startswith("A = first stage, B = re-ranker.")
    words = [unescaped(m.value) for m in at.markdown]
    assert "**NDCG@10 per query: re-ranker (B) − first stage (A), 50 queries**" in words  # the chart's title
    specs = [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]
    specs = [json.dumps(spec, ensure_ascii=False) for spec in specs]
    assert any(
        "re-ranker (B) higher" in spec and "first stage (A) higher" in spec for spec in specs
    )  # legend


def test_a_query_opened_from_two_runs_keeps_k_and_gain():
    at = opened()
    at.radio(key=state.GAIN_KEY).set_value("exponential").run()
    at.selectbox(key=state.COMPARE_MEASURE_KEY).select("ndcg_cut_20").run()
    next(b for b in at.button if b.key == "many_open_compare_loss").click().run()
    assert not at.exception and at.title[0].value == "Compare two rankings"
    assert at.slider(key=compare_state.K_KEY).value == 20
    assert at.radio(key=compare_state.GAIN_KEY).value == "exponential"
    pair = at.session_state[compare_state.PAIR_KEY]
    assert (pair.k, pair.gain, pair.measure) == (20, "exponential", "ndcg_cut_20")
    assert (
        pair.summary.startswith("NDCG@20 scores each query's top 20") and "shows it best is" in pair.summary
    )
    # The Playground, opened from the same comparison, keeps them too (not the first cutoff, 5).
    at.switch_page(MANY_QUERIES.path).run()
    assert at.selectbox(key=state.COMPARE_MEASURE_KEY).value == "ndcg_cut_20"
    qid = at.selectbox(key=state.OPEN_QID_KEY).value
    next(b for b in at.button if b.label == "Open in the Playground").click().run()
    assert not at.exception
    assert at.session_state[scenario.SCENARIO_KEY] == f"query-{qid}"
    assert at.session_state[scenario.K_KEY] == 20 and at.session_state[scenario.GAIN_KEY] == "exponential"


def test_unjudged_documents_are_marked_not_judged_in_compare():
    at = opened()
    next(b for b in at.button if b.key == "many_open_compare_loss").click().run()
    pair = at.session_state[compare_state.PAIR_KEY]
    assert pair.qid == "420"
    judged = {
        line.split()[2]: float(line.split()[3])
        for line in FILES[0].read_text().splitlines()
        if line.startswith("420 ")
    }
    assert pair.judged == len(judged) and len(pair.pool) == sum(g > 0 for g in judged.values())
    lists = {data["key"]: data["items"] for data in all_component_data(at, "ndcg_sortable_list")}
    for side in "ab":
        for item in lists[f"compare_sortable_{side}"]:
            expected = NOT_JUDGED if item["label"] not in judged else f"grade {judged[item['label']]:g}"
            assert item["detail"] == expected
    assert all(item["detail"] == NOT_JUDGED for item in lists["compare_sortable_b"][:10])
    table = at.dataframe[0].value
    assert list(table["B: grade"][:10]) == [NOT_JUDGED] * 10
    words = unescaped(" ".join(m.value for m in at.markdown))
    assert (
        f"query 420 has {len(judged)} judged documents in qrels.txt, {len(pair.pool)} of them relevant"
        in words
    )
    assert "Same binary pattern" not in " ".join(s.value for s in at.subheader)  # no teaching example
    (note,) = [w.value for w in at.warning if "no judgment" in w.value]  # B's 0 rests on unjudged documents
    measure = compare_files(*FILES, ["ndcg_cut_10"]).measures["ndcg_cut_10"]
    assert unescaped(note) == unjudged_here(measure, "420")
    assert unescaped(note).startswith("10 of B's top 10 here have no judgment, so B's 0 here")


def test_a_query_whose_loss_rests_on_judged_documents_gets_no_unjudged_note():
    at = opened()
    next(b for b in at.button if b.key == "many_open_compare_win").click().run()
    assert at.session_state[compare_state.PAIR_KEY].qid == "443"
    assert not [w for w in at.warning if "no judgment" in w.value]


def test_compare_says_b_minus_a_everywhere():
    at = opened()
    next(b for b in at.button if b.key == "many_open_compare_loss").click().run()
    table = at.dataframe[0].value
    assert "B − A" in table.columns and "A − B" not in table.columns
    assert (table["B − A"] == table["B: contribution"] - table["A: contribution"]).all()
    assert "A − B" not in " ".join(str(e.value) for e in [*at.markdown, *at.caption, *at.subheader])


def test_the_playground_opened_from_two_runs_marks_unjudged_documents_and_sums_up_the_comparison():
    at = opened()
    at.selectbox(key=state.OPEN_QID_KEY).select("420").run()
    at.radio(key=state.OPEN_RUN_KEY).set_value(
        next(o for o in at.radio(key=state.OPEN_RUN_KEY).options if o.startswith("B"))
    ).run()
    next(b for b in at.button if b.label == "Open in the Playground").click().run()
    assert not at.exception and at.session_state[scenario.SCENARIO_KEY] == "query-420"
    judged = {
        line.split()[2]: float(line.split()[3])
        for line in FILES[0].read_text().splitlines()
        if line.startswith("420 ")
    }
    (listed,) = [d for d in all_component_data(at, "ndcg_sortable_list")]
    assert all(item["detail"] == NOT_JUDGED for item in listed["items"][:10])  # B's ten new documents
    for item in listed["items"]:
        assert item["detail"] == (
            NOT_JUDGED if item["label"] not in judged else f"grade {judged[item['label']]:g}"
        )
    relevant = sum(g > 0 for g in judged.values())
    conventions = " ".join(c.value for c in [*at.caption, *at.markdown])  # a linked note is markdown
    assert f"({len(judged)} judged documents in qrels.txt, {relevant} relevant)" in conventions
    at.session_state["playground_summary_open"] = True  # as a click on "In plain words" does
    at.switch_page(PLAYGROUND.path).run()  # (AppTest's next run is of the page it was told, not the script's)
    comparison = compare_files(*FILES, ["ndcg_cut_5", "ndcg_cut_10", "ndcg_cut_20"])
    verdict = Verdict(comparison.measures["ndcg_cut_10"], 3)
    (summary,) = [block.value for block in at.code]
    assert summary.startswith("NDCG@10 scores each query's top 10") and verdict.text() in summary
    assert "A is run_a, B is run_b, over 50 queries judged in qrels.txt." in summary
