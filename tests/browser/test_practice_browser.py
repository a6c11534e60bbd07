"""Practice in a real browser: answer an exercise with the keyboard only (type, Enter submits the form),
and Check my table's marks, each under its own cell, at a laptop's and a phone's size, light and dark.

Screenshots go to the test's temporary folder, or to ``NDCG_SCREENSHOTS`` when it names a folder.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ndcg_core.practice.exercises import exercise_set
from ndcg_core.practice.table_check import PRACTICE_LIST
from tests.browser.conftest import wait_for_app_idle
from tests.core.test_practice_table import by_hand
from ui.state.practice import cell_widget_key

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


# --- Check my table: marks in place, at a laptop's and a phone's size, light and dark ---------------

SCREEN_SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module", params=("light", "dark"))
def themed_url(request: pytest.FixtureRequest, streamlit_server: Callable[..., str]) -> tuple[str, str]:
    """The app in Streamlit's light theme, then in its dark theme."""
    return request.param, streamlit_server(APP, "--theme.base", request.param)


def fill_a_table_with_a_carried_error(page: Page) -> None:
    """Check my table's default list worked out by hand, with linear gain at rank 2 carried forward."""
    typed = {
        key: f"{value:.2f}" for key, value in by_hand(list(PRACTICE_LIST.grades), PRACTICE_LIST.k).items()
    }
    typed |= {"gain_2": "3", "contribution_2": "1.89", "dcg": "5.32", "ndcg": "0.37"}  # 3 × 0.63; their sum
    page.get_by_role("tab", name="Check my table").click()
    wait_for_app_idle(page, "Work out the table by hand")
    for key, text in typed.items():
        page.locator(f".st-key-{cell_widget_key('practice', key)} input").fill(text)
    page.get_by_role("button", name="Check my table").click()
    wait_for_app_idle(page, "cells right")


@pytest.mark.browser
@pytest.mark.parametrize("size", SCREEN_SIZES)
def test_check_my_table_marks_each_cell_in_place(
    page_factory: Callable[..., Page], themed_url: tuple[str, str], size: str, tmp_path: Path
):
    theme, url = themed_url
    page = page_factory(viewport=SCREEN_SIZES[size], color_scheme=theme)
    page.goto(f"{url}/practice?practice_seed={SEED}")
    wait_for_app_idle(page)
    fill_a_table_with_a_carried_error(page)

    def mark_under(key: str):
        """The verdict drawn in the same column, right under the cell's input."""
        field = page.locator(f".st-key-{cell_widget_key('practice', key)}")
        column = page.locator('[data-testid="stColumn"]').filter(has=field)
        return column.get_by_text(re.compile("^(✓|✗)")).first

    expect(mark_under("gain_2")).to_have_text("✗ wrong")
    expect(mark_under("contribution_2")).to_have_text("✓ right given your earlier cell")
    expect(mark_under("dcg")).to_have_text("✓ right given your earlier cell")
    expect(mark_under("ideal_contribution_4")).to_have_text("✓ right")
    expect(
        page.get_by_text("23 of 27 cells right, 3 more right given an earlier wrong cell, 1 wrong")
    ).to_be_visible()
    below, above = (
        page.locator(f".st-key-{cell_widget_key('practice', key)}").bounding_box()["y"]
        for key in ("gain_2", "gain_1")
    )
    mark = mark_under("gain_2").bounding_box()
    assert below > above and mark["y"] > below  # under its own cell
    assert (
        page.evaluate("document.documentElement.scrollWidth") <= SCREEN_SIZES[size]["width"]
    )  # no sideways scroll
    folder = Path(os.environ.get("NDCG_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"check_my_table_{size}_{theme}_page.png"), full_page=True)
    page.locator(f".st-key-{cell_widget_key('practice', 'gain_2')}").scroll_into_view_if_needed()
    page.screenshot(path=str(folder / f"check_my_table_{size}_{theme}_cells.png"))
