"""The Many queries page with AppTest: the bundled sample gives trec_eval's means; bad files keep the last good ones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.conftest import NewApp, headline, sample_open
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
def page(app_copy: NewApp) -> AppTest:
    return app_copy(MANY_QUERIES)


@pytest.fixture
def sample() -> AppTest:
    """The page after "Open this sample" (the sample it offers first: qrels.test and results.test)."""
    return sample_open()


def summary_table(at: AppTest):
    return at.dataframe[0].value


def test_sample_means_equal_trec_evals(sample):
    assert not sample.exception
    stats = summary_table(sample)
    for measure in ("ndcg", "ndcg_cut_5", "ndcg_cut_10", "ndcg_cut_20"):
        assert f"{stats.loc[measure, 'mean']:.4f}" == trec_eval_mean(measure)
    assert any("As trec_eval computes" in caption.value for caption in sample.caption)


def test_broken_files_keep_the_last_good_ones(sample):
    sample.session_state["many_candidate"] = LoadedFiles.of_bytes(
        "q.txt", b"301 0 doc one\n", "r.txt", b"301 Q0 d 1 1 t\n"
    )
    sample.run()
    shown = [re.sub(r"\\(.)", r"\1", error.value) for error in sample.error]  # as read: escapes removed
    assert any("q.txt, line 1" in text and "Still showing qrels.test" in text for text in shown)
    assert f"{summary_table(sample).loc['ndcg', 'mean']:.4f}" == trec_eval_mean("ndcg")


def test_bad_cutoffs_say_so_and_fall_back(sample):
    sample.text_input(key="many_cutoffs").input("5, ten").run()
    assert any("whole numbers" in error.value for error in sample.error)
    assert "ndcg_cut_10" in summary_table(sample).index


def test_open_a_query_in_the_playground_keeps_its_ndcg(sample):
    worst = sample.selectbox(key="many_open_qid").value
    per_query = sample.dataframe[1].value.set_index("qid")
    sample.button[[b.label for b in sample.button].index("Open in the Playground")].click().run()
    assert not sample.exception
    shown = headline(sample)
    assert shown["NDCG@5"] == f"{per_query.loc[worst, 'ndcg_cut_5']:.2f}"
    caption = re.sub(r"\\(.)", r"\1", sample.caption[0].value)
    assert caption.startswith(f"Query {worst} of results.test · qrels.test + results.test")


def unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


QRELS = b"".join(f"{q} 0 d{q}_{i} {i % 3}\n".encode() for q in range(101, 121) for i in range(6))


def choose(at: AppTest, qrels: bytes, run: bytes, run_name: str = "run.txt") -> AppTest:
    at.session_state["many_candidate"] = LoadedFiles.of_bytes("qrels.txt", qrels, run_name, run)
    return at.run()


def test_a_run_sharing_no_query_is_refused_with_ids_from_each_file(page):
    """Issue 28: the page filled its tables with "None" and kept "Open in the Playground" clickable."""
    run = b"".join(f"{q} Q0 d{q}_0 1 1.0 t\n".encode() for q in range(401, 411))
    choose(page, QRELS, run)
    assert not page.exception
    errors = [unescaped(error.value) for error in page.error]
    assert len(errors) == 1 and errors[0].startswith(
        "Not loaded: run.txt and qrels.txt have no query in common"
    )
    assert "the run answers 10 queries (401, 402, 403, …), the qrels judge 20 (101, 102, 103, …)" in errors[0]
    assert not page.dataframe and not page.get("altair_chart")  # no table of None, no empty chart
    assert "Open in the Playground" not in [b.label for b in page.button]
    assert not [info for info in page.info if "Choose a qrels file" in info.value]  # both were chosen
    page.run()  # another run (a widget touched): the refusal is still said, not "Choose…"
    assert [unescaped(e.value) for e in page.error] == errors
    assert not [info for info in page.info if "Choose a qrels file" in info.value]


def test_a_partial_overlap_is_said_above_the_numbers(page):
    run = b"".join(f"{q} Q0 d{q}_{i} {i} {10 - i} t\n".encode() for q in range(101, 117) for i in range(3))
    run += b"999 Q0 x 1 1.0 t\n"
    choose(page, QRELS, run)
    assert not page.exception and not page.error
    notes = " ".join(unescaped(info.value) for info in page.info)
    assert (
        "run.txt answers 16 of the 20 judged queries; the mean is over those 16 (with “every qrels query”"
        in notes
    )
    assert "the other 4 count 0)" in notes
    assert "answers 1 query that the qrels do not judge (999): left out" in notes
    page.radio(key="many_counting").set_value(
        "every qrels query; a query the run missed counts 0 (trec_eval -c)"
    ).run()
    notes = " ".join(unescaped(info.value) for info in page.info)
    assert "the other 4 count 0 in the mean" in notes


def test_a_csv_without_a_header_says_it_needs_one(page):
    choose(page, b"101,d1,2\n101,d2,0\n", b"query,document,score\n101,d1,1.5\n")
    message = unescaped(page.error[0].value)
    assert "qrels.txt, line 1: “101,d1,2” is separated by commas but has no header" in message
    assert "“query,document,relevance”" in message


def test_after_a_file_error_the_page_does_not_ask_to_choose_files(page):
    choose(page, b"301 0 doc one\n", b"301 Q0 d 1 1 t\n")
    assert any("qrels.txt, line 1" in unescaped(error.value) for error in page.error)
    assert not [info for info in page.info if "Choose a qrels file" in info.value]
