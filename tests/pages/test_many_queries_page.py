"""The Many queries page with AppTest: the bundled sample gives trec_eval's means; bad files keep the last good ones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.conftest import NewApp, headline
from ui.navigation import MANY_QUERIES
from ui.run_files import LoadedFiles

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "data" / "trec_eval" / "out.test.aq"


def trec_eval_mean(measure: str) -> str:
    """trec_eval's own 'all' value for a measure, from its test output."""
    for line in REFERENCE.read_text().splitlines():
        name, qid, value = line.split("\t")
        if name.strip() == measure and qid == "all":
            return value
    raise KeyError(measure)


@pytest.fixture
def page(new_app: NewApp) -> AppTest:
    return new_app(MANY_QUERIES)


def open_sample(at: AppTest) -> AppTest:
    at.button[[b.label for b in at.button].index("Open this sample")].click().run()
    return at


def summary_table(at: AppTest):
    return at.dataframe[0].value


def test_sample_means_equal_trec_evals(page):
    open_sample(page)
    assert not page.exception
    stats = summary_table(page)
    for measure in ("ndcg", "ndcg_cut_5", "ndcg_cut_10", "ndcg_cut_20"):
        assert f"{stats.loc[measure, 'mean']:.4f}" == trec_eval_mean(measure)
    assert any("As trec_eval computes" in caption.value for caption in page.caption)


def test_broken_files_keep_the_last_good_ones(page):
    open_sample(page)
    page.session_state["many_candidate"] = LoadedFiles.of_bytes(
        "q.txt", b"301 0 doc one\n", "r.txt", b"301 Q0 d 1 1 t\n"
    )
    page.run()
    shown = [re.sub(r"\\(.)", r"\1", error.value) for error in page.error]  # as read: escapes removed
    assert any("q.txt, line 1" in text and "Still showing qrels.test" in text for text in shown)
    assert f"{summary_table(page).loc['ndcg', 'mean']:.4f}" == trec_eval_mean("ndcg")


def test_bad_cutoffs_say_so_and_fall_back(page):
    open_sample(page)
    page.text_input(key="many_cutoffs").input("5, ten").run()
    assert any("whole numbers" in error.value for error in page.error)
    assert "ndcg_cut_10" in summary_table(page).index


def test_open_a_query_in_the_playground_keeps_its_ndcg(page):
    open_sample(page)
    worst = page.selectbox(key="many_open_qid").value
    per_query = page.dataframe[1].value.set_index("qid")
    page.button[[b.label for b in page.button].index("Open in the Playground")].click().run()
    assert not page.exception
    shown = headline(page)
    assert shown["NDCG@5"] == f"{per_query.loc[worst, 'ndcg_cut_5']:.2f}"
    caption = re.sub(r"\\(.)", r"\1", page.caption[0].value)
    assert caption.startswith(f"Query {worst} of results.test · qrels.test + results.test")
