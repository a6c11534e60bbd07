"""Links reopen a scenario: the URL the app writes, opened in a new session, shows the same numbers."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

import ndcg_core
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.pages.conftest import NewApp, open_app
from ui.navigation import STEP_BY_STEP


def opened(params: dict[str, str]) -> AppTest:
    """A fresh session opened on a link with these query parameters."""
    return open_app(params=params)


def headline(at: AppTest) -> dict[str, str]:
    return {metric.label: metric.value for metric in at.metric}


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
