"""Many queries with two runs (AppTest): the per-query differences are pytrec_eval's, the paired
t-test's p is scipy's, B's biggest win and loss open in Compare as that query's two lists over its
judged pool, and uploads beyond the server's limits get a message naming the command line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

import ui.run_files
from ndcg_core.trec.files import TrecFileError
from tests.pages.conftest import NewApp, sample_open
from ui.navigation import MANY_QUERIES
from ui.run_files import UPLOADS_BUDGET, LoadedFiles, RunFile, check_server_holds, file_limit_bytes, size_text
from ui.state import compare as compare_state
from ui.state import many_queries as state

ROOT = Path(__file__).resolve().parents[2]
TWO = ROOT / "data" / "two_systems"
CLI = "python -m ndcg_core compare QRELS RUN_A RUN_B"


def sample_label() -> str:
    from ui.run_files import SAMPLE_CHOICES

    return next(label for label in SAMPLE_CHOICES if label.startswith("Two systems"))


def press(at: AppTest, label: str) -> AppTest:
    labels = [b.label for b in at.button]
    at.button[labels.index(label)].click().run()
    return at


def opened() -> AppTest:
    """The page with the bundled two-system sample open, as a copy (``sample_open``)."""
    return sample_open("Two systems")


@pytest.fixture(scope="module")
def two_runs() -> AppTest:
    """One app for the read-only tests."""
    return opened()


def pytrec(run: Path, measure: str) -> dict[str, float]:
    """Per-query values of one run as pytrec_eval computes them."""
    pytrec_eval = pytest.importorskip("pytrec_eval")
    with (TWO / "qrels.txt").open() as f:
        qrels = pytrec_eval.parse_qrel(f)
    with run.open() as f:
        ranked = pytrec_eval.parse_run(f)
    values = pytrec_eval.RelevanceEvaluator(qrels, {measure}).evaluate(ranked)
    return {qid: v[measure] for qid, v in values.items()}


def per_query_frame(at: AppTest):
    """The comparison's per-query table (the one with a "B − A" and a "higher" column)."""
    for frame in at.dataframe:
        value = frame.value
        value = value.data if hasattr(value, "data") else value
        if "higher" in value.columns:
            return value
    raise AssertionError("no per-query comparison table")


def unescaped(text: str) -> str:
    """Text as the reader sees it: the page escapes Markdown's characters (``ui.plain_text``)."""
    return re.sub(r"\\(.)", r"\1", text)


def texts(at: AppTest) -> str:
    return "\n".join(
        unescaped(e.value) for e in [*at.markdown, *at.caption, *at.error, *at.info, *at.warning]
    )


def test_per_query_differences_are_pytrec_evals(two_runs):
    table = per_query_frame(two_runs)
    a = pytrec(TWO / "run_a.txt", "ndcg_cut_10")
    b = pytrec(TWO / "run_b.txt", "ndcg_cut_10")
    assert sorted(table["query"]) == sorted(a) == sorted(b)  # every query answered by both runs
    for row in table.itertuples(index=False):
        assert pytest.approx(a[row.query], abs=1e-12) == row.A
        assert pytest.approx(b[row.query], abs=1e-12) == row.B
    difference = (table["B"] - table["A"]).to_numpy()
    assert list(difference) == sorted(difference, reverse=True)  # B's biggest win first
    for shown, exact in zip(table["B − A"], difference, strict=True):  # signed, "0" only for a tie
        if abs(exact) <= 1e-9:
            assert shown == "0"
        else:
            assert shown[0] == ("+" if exact > 0 else "−") and float(shown[1:]) == pytest.approx(
                abs(exact), abs=5e-5
            )
    who = np.where(difference > 1e-9, "B higher", np.where(difference < -1e-9, "A higher", "tied"))
    assert list(table["higher"]) == list(who)


def test_the_sentence_gives_scipys_t_test_and_the_tally(two_runs):
    scipy_stats = pytest.importorskip("scipy.stats")
    table = per_query_frame(two_runs)
    p = scipy_stats.ttest_rel(table["B"], table["A"]).pvalue
    d = (table["B"] - table["A"]).to_numpy()
    wins, losses = int((d > 1e-9).sum()), int((d < -1e-9).sum())
    sentence = next(unescaped(m.value) for m in two_runs.markdown if m.value.startswith("B is higher on"))
    assert f"B is higher on {wins} of {len(d)} queries (lower on {losses}" in sentence
    shown = float(sentence.split("; p = ")[1].split(",")[0])
    assert shown == float(f"{p:.2g}")  # two significant digits of scipy's p
    assert "randomization test with 10,000 samples" in sentence
    mean = float(sentence.split("mean B − A = ")[1].split(";")[0].replace("−", "-"))
    assert mean == pytest.approx(d.mean(), abs=0.5e-4)
    assert any("measures at once" in c.value for c in two_runs.caption)  # the caution


def test_the_uploaders_name_the_limits_and_the_command_line(two_runs):
    limits = next(
        m.value for m in two_runs.markdown if m.value.startswith("**Size:** ")
    )  # bold, not "\\*\\*"
    assert f"up to {UPLOADS_BUDGET // 2**20} MiB ({UPLOADS_BUDGET / 1e6:.1f} MB)" in unescaped(
        limits
    ) and CLI in unescaped(limits)


@pytest.mark.parametrize("kind", ["win", "loss"])
def test_the_biggest_win_and_loss_open_in_compare_with_the_querys_lists_and_pool(kind):
    at = opened()
    table = per_query_frame(at)
    qid = table["query"].iloc[0 if kind == "win" else -1]
    row = table.iloc[0 if kind == "win" else -1]
    button = next(b for b in at.button if b.key == f"many_open_compare_{kind}")
    topics = dict(line.split("\t") for line in (TWO / "topics.txt").read_text().splitlines())
    assert unescaped(button.label) == f"Query {qid}: {topics[qid]}: B's biggest {kind}"
    button.click().run()
    assert not at.exception
    assert at.title[0].value == "Compare two rankings"
    pair = at.session_state[compare_state.PAIR_KEY]
    assert pair.qid == qid and pair.k == 10
    # Each list: that run's documents for the query in trec_eval's order (score, then docno, descending).
    judged = {}
    for line in (TWO / "qrels.txt").read_text().splitlines():
        q, _, doc, grade = line.split()
        if q == qid:
            judged[doc] = float(grade)
    for side, name in (("A", "run_a.txt"), ("B", "run_b.txt")):
        lines = [line.split() for line in (TWO / name).read_text().splitlines() if line.split()[0] == qid]
        ranked = [
            doc for _, _, doc, _, _, _ in sorted(lines, key=lambda f: (float(f[4]), f[2]), reverse=True)
        ]
        shown = at.session_state[compare_state.SIDES[side]]
        assert [item.name for item in shown.items] == ranked[: len(shown.items)]
        assert [item.grade for item in shown.items] == [
            judged.get(d, 0.0) for d in ranked[: len(shown.items)]
        ]
    # One judged pool for both: every grade above 0 the qrels give the query.
    assert at.session_state[compare_state.POOL_KEY] == sorted(
        [g for g in judged.values() if g > 0], reverse=True
    )
    # The page's NDCG@10 of each list is Many queries' value, and the convention is named.
    metrics = {m.label: m.value for m in at.metric}
    for side in "AB":
        shown = metrics[f"{side} · NDCG@10"]
        assert shown == f"{row[side]:.{len(shown.split('.')[1])}f}"
    words = texts(at)
    assert f"query {qid} has" in words and "judged pool" in words.lower()
    assert "same documents, same judged pool" in words
    assert f"({row['A']:.4f} and {row['B']:.4f})" in words
    assert any(
        m.value.startswith("**Judgments (the same for both):** query") for m in at.markdown
    )  # bold, not "\\*\\*"


def uploaded(name: str, size: int) -> RunFile:
    """A file as the uploader holds it (its id; no bytes needed: sizes are checked before reading)."""
    return RunFile(name, size, upload_id=f"id-{name}")


@pytest.mark.parametrize("case", ["over the budget in all", "one file over the uploader's limit"])
def test_uploads_too_large_name_the_command_line_and_keep_what_was_shown(case):
    at = opened()
    before = per_query_frame(at)
    if case == "over the budget in all":  # each file within the uploader's limit, together over the budget
        each = UPLOADS_BUDGET // 2
        files = LoadedFiles(
            uploaded("big.qrels", 1_000), uploaded("a.run", each), uploaded("b.run", each + 1_000)
        )
    else:
        files = LoadedFiles(uploaded("big.qrels", 1_000), uploaded("a.run", file_limit_bytes() + 1))
    at.session_state[state.CANDIDATE_KEY] = files
    at.run()
    assert not at.exception
    error = unescaped(" ".join(e.value for e in at.error))
    assert error.startswith("Not loaded:") and CLI in error
    assert "Still showing qrels.txt: A = run_a.txt, B = run_b.txt" in error
    assert per_query_frame(at).equals(before)  # the results shown stay


def test_the_file_limit_is_the_servers_upload_setting():
    """The page's limit is read from the config the server runs with, not typed twice."""
    settings = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert file_limit_bytes() == settings["server"]["maxUploadSize"] * 2**20


def test_an_evaluation_waits_while_the_server_holds_more_uploads_than_its_budget(monkeypatch):
    small = LoadedFiles(uploaded("q.txt", 1_000), uploaded("r.txt", 2_000))
    check_server_holds(small, UPLOADS_BUDGET)  # at the budget: starts
    check_server_holds(LoadedFiles.of_bytes("q", b"", "r", b""), 10 * UPLOADS_BUDGET)  # not uploads: no check
    with pytest.raises(TrecFileError) as told:
        check_server_holds(small, UPLOADS_BUDGET + 1)
    assert CLI in str(told.value) and f"({size_text(UPLOADS_BUDGET + 1 - 3_000)} of them other" in str(
        told.value
    )
    # On the page: the message, no traceback, the results shown stay.
    at = opened()
    before = per_query_frame(at)
    monkeypatch.setattr(ui.run_files, "held_upload_bytes", lambda: 2 * UPLOADS_BUDGET)
    at.session_state[state.CANDIDATE_KEY] = small
    at.run()
    assert not at.exception
    error = unescaped(" ".join(e.value for e in at.error))
    assert error.startswith("Not loaded: This server holds") and CLI in error
    assert per_query_frame(at).equals(before)


def test_after_clearing_the_uploads_the_results_stay_under_their_own_settings():
    """Cleared uploads (no longer on the server): the page keeps showing the last results, and says
    which settings they were computed with when the controls ask for others."""
    at = opened()
    shown = at.session_state[state.LAST_RESULTS_KEY]
    gone = LoadedFiles(uploaded("q.txt", 1_000), uploaded("a.run", 2_000), uploaded("b.run", 3_000))
    at.session_state[state.FILES_KEY] = gone  # as if these uploads had been evaluated, then cleared
    at.session_state[state.LAST_RESULTS_KEY] = ui.run_files.Results(
        gone, shown.settings, shown.runs, shown.comparison
    )
    numbers = ["query", "A", "B", "B − A", "higher", "A judged@10", "B judged@10"]
    before = per_query_frame(at)[numbers]
    at.run()
    assert not at.exception and not at.error and not at.warning
    assert per_query_frame(at)[numbers].equals(before)  # (the sample's query texts went with its files)
    at.text_input(key=state.CUTOFFS_KEY).input("3, 10").run()
    assert not at.exception
    warning = unescaped(" ".join(w.value for w in at.warning))
    assert "cutoffs 5, 10, 20, linear gain" in warning and "Upload the files again" in warning
    assert per_query_frame(at)[numbers].equals(before)


def test_uploads_nothing_refers_to_any_more_are_freed_when_new_files_are_shown(new_app: NewApp, monkeypatch):
    """Files evaluated earlier (the uploaders came back empty, as after a visit to another page) are
    freed once other files replace them; the files just shown and any uploader's files are not."""
    freed: list[list[str]] = []
    monkeypatch.setattr(ui.run_files, "release_uploads", lambda ids: freed.append(list(ids)) or len(ids))
    at = new_app(MANY_QUERIES)
    at.session_state[state.FILES_KEY] = LoadedFiles(uploaded("q.txt", 1_000), uploaded("a.run", 2_000))
    at.selectbox(key=state.SAMPLE_KEY).select(sample_label()).run()
    press(at, "Open this sample")
    assert not at.exception
    assert freed == [["id-q.txt", "id-a.run"]]
    press(at, "Open this sample")  # the same files again: nothing more to free
    assert freed[1:] in ([], [[]])
