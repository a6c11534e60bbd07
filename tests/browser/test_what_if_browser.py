"""The What if page in Chromium: click a swap-map cell, and the list and every number follow.

Each expected number is computed by ``ndcg_core`` for the order the click should produce.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

import ndcg_core
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.browser.conftest import wait_for_app_idle

APP = Path(__file__).resolve().parents[2] / "app.py"
GRADES = list(BLUETOOTH_HEADPHONES.grades)
NAMES = list(BLUETOOTH_HEADPHONES.labels)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app_url(streamlit_server: Callable[..., str]) -> str:
    return streamlit_server(APP)


def cell(page: Page, first: int, second: int) -> Locator:
    """The swap map's cell (i, j), found by the accessible label Vega gives each mark."""
    return (
        page.locator('[data-testid="stVegaLiteChart"]')
        .first.locator("g.mark-rect path")
        .and_(page.locator(f'[aria-label^="swap with rank j: {second}; rank i: {first};"]'))
    )


def now(page: Page) -> Locator:
    return (
        page.locator('[data-testid="stMetric"]')
        .filter(has_text="NDCG@5 now")
        .locator('[data-testid="stMetricValue"]')
    )


def list_names(page: Page) -> list[str]:
    rows = page.locator('[data-testid="sortable-item"] .sortable__label')
    return [text.strip() for text in rows.all_inner_texts()]


def test_clicking_a_cell_swaps_the_two_ranks_and_clicking_again_swaps_back(
    page: Page, app_url: str, screenshot
):
    page.goto(f"{app_url}/what_if")
    wait_for_app_idle(page, "Every swap")
    expect(now(page)).to_have_text(f"{ndcg_core.ndcg(GRADES, 5):.2f}")
    swapped = [GRADES[6], *GRADES[1:6], GRADES[0]]

    cell(page, 1, 7).click()
    expect(now(page)).to_have_text(f"{ndcg_core.ndcg(swapped, 5):.2f}")
    wait_for_app_idle(page)
    assert list_names(page) == [NAMES[6], *NAMES[1:6], NAMES[0]]
    screenshot(page, "what_if_after_click")

    cell(page, 7, 1).click()  # the same pair, from the other side of the diagonal
    expect(now(page)).to_have_text(f"{ndcg_core.ndcg(GRADES, 5):.2f}")
    wait_for_app_idle(page)
    assert list_names(page) == NAMES


def test_the_keyboard_path_swaps_without_a_mouse(page: Page, app_url: str):
    page.goto(f"{app_url}/what_if")
    wait_for_app_idle(page, "Every swap")
    page.get_by_role("button", name="Make this change").focus()
    page.keyboard.press("Enter")
    swapped = [GRADES[6], *GRADES[1:6], GRADES[0]]
    expect(now(page)).to_have_text(f"{ndcg_core.ndcg(swapped, 5):.2f}")
