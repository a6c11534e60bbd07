"""Practice in a real browser: answer an exercise with the keyboard only (type, Enter submits the form)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ndcg_core.practice.exercises import exercise_set
from tests.browser.conftest import wait_for_app_idle

APP = Path(__file__).resolve().parents[2] / "app.py"
SEED = 1


@pytest.fixture(scope="module")
def app_url(streamlit_server: Callable[..., str]) -> str:
    return streamlit_server(APP)


@pytest.mark.browser
def test_answer_an_exercise_by_keyboard(page: Page, app_url: str):
    dcg_exercise = next(e for e in exercise_set(SEED) if e.kind == "dcg")
    page.goto(f"{app_url}/practice?practice_seed={SEED}")
    wait_for_app_idle(page)
    fields = page.locator("input[aria-label='Your answer (2 decimals)']")
    field = fields.nth(dcg_exercise.number - 1)  # the numeric exercises come first, in order
    field.focus()
    page.keyboard.type(f"{float(dcg_exercise.answer):.2f}")
    page.keyboard.press("Enter")
    expect(page.get_by_text("✓ Right:")).to_be_visible(timeout=20_000)
    expect(page.get_by_text("1 right of 1 answered")).to_be_visible()
    page.keyboard.press("Tab")  # from the field, the next stop is the form's Check button
    assert page.evaluate("document.activeElement.innerText") == "Check"
