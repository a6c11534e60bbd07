"""The Compare page in Chromium: drag in one list, and both sides of the comparison follow.

Each expected number is computed by ``ndcg_core`` for the order the gesture should produce.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

import ndcg_core
from ndcg_core.metric.neighbours import SEED001_TWO_SYSTEMS
from ndcg_core.teaching import wording
from tests.browser.conftest import wait_for_app_idle
from tests.browser.gestures import mouse_drag

APP = Path(__file__).resolve().parents[2] / "app.py"
RATINGS = list(SEED001_TWO_SYSTEMS["ratings"])
A_ORDER = list(SEED001_TWO_SYSTEMS["a_order"])  # items 0, 7, 1, 3, 5, 2, 4, 6
B_ORDER = list(SEED001_TWO_SYSTEMS["b_order"])  # items 2, 5, 4, 6, 0, 1, 7, 3
METRIC = '[data-testid="stMetricValue"]'

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app_url(streamlit_server: Callable[..., str]) -> str:
    return streamlit_server(APP)


def open_compare(page: Page, url: str) -> None:
    """Open the app, wait for its own navigation (app.py's, not the pages folder's), go to Compare."""
    page.goto(url)
    wait_for_app_idle(page)
    expect(page.get_by_role("link", name="Variants and pitfalls", exact=True)).to_be_visible()
    page.get_by_role("link", name="Compare", exact=True).click()
    wait_for_app_idle(page, "System B")
    expect(page.locator('[data-testid="sortable-list"]')).to_have_count(2)
    expect(page.locator('[data-testid="sortable-item"]')).to_have_count(16)


def system(page: Page, side: str) -> Locator:
    """System A's or B's list."""
    return page.locator('[data-testid="sortable-list"]').nth(0 if side == "A" else 1)


def item(page: Page, side: str, index: int) -> Locator:
    """The row of seed 001's item ``index`` in system ``side``'s list (ids m0 … m7)."""
    return system(page, side).locator(f'[data-testid="sortable-item"][data-id="m{index}"]')


def grades(order: list[int]) -> list[float]:
    return [float(RATINGS[i]) for i in order]


def expect_both(page: Page, a_order: list[int], b_order: list[int], k: int = 5) -> None:
    """Both headline numbers equal the core's NDCG@k for these orders, as shown: the session's
    2 decimals, more where A and B would read alike (``wording.pair``)."""
    a = ndcg_core.ndcg(grades(a_order), k, ideal=RATINGS)
    b = ndcg_core.ndcg(grades(b_order), k, ideal=RATINGS)
    expect(page.locator(METRIC).first).to_have_text(wording.pair(a, b)[0], timeout=15_000)
    expect(page.locator(METRIC).nth(1)).to_have_text(wording.pair(a, b)[1], timeout=15_000)


def shown_order(page: Page, side: str) -> list[str]:
    return (
        system(page, side)
        .locator('[data-testid="sortable-item"]')
        .evaluate_all("rows => rows.map(r => r.getAttribute('data-id'))")
    )


def test_dragging_in_b_then_in_a_updates_both_sides(page: Page, app_url: str, screenshot) -> None:
    page.set_viewport_size({"width": 1400, "height": 3600})
    open_compare(page, app_url)
    expect_both(page, A_ORDER, B_ORDER)
    expect(page.get_by_text("no overtaking")).to_be_visible()
    expect(page.get_by_role("heading", name="Compare two rankings")).to_be_visible()
    screenshot(page, "compare_before")

    # B: drag item 0 (grade 5) from rank 5 onto rank 1
    mouse_drag(page, item(page, "B", 0), item(page, "B", 2))
    b_order = [0, 2, 5, 4, 6, 1, 7, 3]
    expect_both(page, A_ORDER, b_order)
    assert shown_order(page, "B") == [f"m{i}" for i in b_order]
    assert shown_order(page, "A") == [f"m{i}" for i in A_ORDER]
    # both start with the grade-5 item now: the race sentence, drawn from both lists, changed
    expect(page.get_by_text("A and B tie at k = 1")).to_be_visible()

    # A: drag item 6 (grade 0) from rank 8 onto rank 1
    mouse_drag(page, item(page, "A", 6), item(page, "A", 0))
    a_order = [6, 0, 7, 1, 3, 5, 2, 4]
    expect_both(page, a_order, b_order)
    expect(page.get_by_text("B leads at k = 1")).to_be_visible()
    screenshot(page, "compare_after_two_drags")


def test_keyboard_move_in_a(page: Page, app_url: str) -> None:
    open_compare(page, app_url)
    item(page, "A", 6).focus()
    page.keyboard.press("Space")
    for _ in range(7):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("Space")
    expect_both(page, [6, *A_ORDER[:-1]], B_ORDER)
    expect(item(page, "A", 6)).to_be_focused()


def test_dark_theme(streamlit_server: Callable[..., str], page: Page, screenshot) -> None:
    url = streamlit_server(APP, "--theme.base", "dark")
    page.set_viewport_size({"width": 1400, "height": 3600})
    open_compare(page, url)
    expect_both(page, A_ORDER, B_ORDER)
    screenshot(page, "compare_dark")
