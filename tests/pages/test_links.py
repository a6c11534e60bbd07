"""Links reopen a scenario: the URL the app writes, opened in a new session, shows the same numbers."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlencode

import pyarrow as pa
import pytest
from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES, Scenario
from ndcg_core.trec.evaluation import Evaluation, evaluate
from ndcg_core.trec.files import read_qrels, read_run
from tests.pages.conftest import NewApp, headline, open_app, sample_open
from ui.navigation import STEP_BY_STEP
from ui.run_files import SAMPLE_CHOICES, LoadedFiles, sample_files
from ui.state.link import UrlScenario, decode, encode
from ui.state.many_queries import OPEN_QID_KEY, query_scenario
from ui.state.settings import DEFAULTS


def opened(params: dict[str, str]) -> AppTest:
    """A fresh session opened on a link with these query parameters."""
    return open_app(params=params)


def test_a_hand_written_link_opens_seed004():
    at = opened({"grades": "3,2,3,0,1", "k": "5", "gain": "lin", "dec": "3"})
    assert not at.exception
    assert headline(at)["NDCG@5"] == f"{ndcg_core.ndcg([3, 2, 3, 0, 1], 5, gain='linear'):.3f}" == "0.972"


def test_the_first_run_writes_the_scenario_into_the_url(new_app: NewApp):
    at = new_app()
    link = {key: at.query_params[key] for key in at.query_params}
    assert link["grades"] == ",".join(f"{g:g}" for g in BLUETOOTH_HEADPHONES.grades)
    assert link["names"].split("~") == list(BLUETOOTH_HEADPHONES.labels)
    assert (link["k"], link["gain"], link["ideal"]) == ("5", "exp", "listed")
    assert headline(opened(link)) == headline(at)


def test_a_broken_link_falls_back_to_the_default_with_a_note():
    at = opened({"grades": "3,banana,1", "k": "5"})
    assert not at.exception
    assert any("could not be read" in warning.value for warning in at.warning)
    assert headline(at)["NDCG@5"] == "0.43"


def test_an_instructors_link_opens_the_lesson_at_a_step_in_presentation_mode(new_app: NewApp):
    link = {"grades": "3,2,3,0,1", "k": "5", "gain": "lin", "step": "5", "present": "1"}
    at = new_app(STEP_BY_STEP, params=link)
    assert not at.exception
    assert at.session_state["lesson_step"] == 4 and at.session_state["lesson_presenting"] is True
    assert any("Step 5 of" in header.value for header in at.subheader)


# ---------------------------------------------- every link the app makes --

#: The longest link a browser, a chat message or a slide is sure to keep (the README's promise).
LINK_LIMIT = 2000
ORIGIN = "https://ndcg.example.org/"  # a real deployment's origin and path, longer than localhost's


def link_length(params: dict[str, str]) -> int:
    """The link's length as the browser writes it (a comma is %2C)."""
    return len(ORIGIN + "?" + urlencode(params))


def link_of(scenario: Scenario) -> UrlScenario:
    """What the app's link holds right after a scenario is opened (checked against the app below)."""
    n = len(scenario.grades)
    return UrlScenario(
        names=scenario.labels,
        grades=scenario.grades,
        order=tuple(range(n)),
        unlisted=scenario.unlisted_grades,
        k=scenario.k,
        gain=scenario.gain,
        ideal=scenario.ideal_source,
        decimals=DEFAULTS.decimals,
        scenario=scenario.key,
    )


def sample_queries() -> Iterator[tuple[LoadedFiles, pa.Table, pa.Table, Evaluation, str]]:
    """Every query of every bundled sample that the run answers, with its files read and evaluated."""
    for choice in SAMPLE_CHOICES:
        files = sample_files(choice)
        qrels, run = read_qrels(files.qrels, files.qrels_name), read_run(files.run, files.run_name)
        result = evaluate(qrels, run, (5,), gain="linear", names=(files.qrels_name, files.run_name))
        for qid in result.per_query["qid"]:
            yield files, qrels, run, result, qid


def test_open_in_the_playground_writes_the_link_these_tests_check():
    """Query 301 of the sample: its pool holds 469 judged grades (2,289 characters before compression)."""
    at = sample_open()
    at.selectbox(key=OPEN_QID_KEY).select("301").run()
    at.button[[b.label for b in at.button].index("Open in the Playground")].click().run()
    link = {key: at.query_params[key] for key in at.query_params}
    files = sample_files(next(iter(SAMPLE_CHOICES)))
    qrels, run = read_qrels(files.qrels, files.qrels_name), read_run(files.run, files.run_name)
    result = evaluate(qrels, run, (5, 10, 20), gain="linear", names=(files.qrels_name, files.run_name))
    expected = encode(link_of(query_scenario(files, qrels, run, result, "301", 20, 5)))
    assert link == expected and link_length(link) < LINK_LIMIT


@pytest.mark.parametrize("depth", [20, 100])  # the page's default and its largest
def test_every_query_of_every_sample_opens_with_a_link_under_2000_characters(depth: int):
    longest = 0
    for files, qrels, run, result, qid in sample_queries():
        scenario = query_scenario(files, qrels, run, result, qid, depth, 5)
        params = encode(link_of(scenario))
        assert decode(params).scenario == link_of(scenario)
        longest = max(longest, link_length(params))
    assert 0 < longest < LINK_LIMIT
