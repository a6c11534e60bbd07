"""Variants' intent-aware NDCG in Chromium: drag a page of "jaguar", move P(the car), and every number follows.

Each expected number is the core's IA-NDCG@5 = P(car)·NDCG_car@5 + P(animal)·NDCG_animal@5 for the
order the gesture should produce (``ndcg_core.intent_aware``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from ndcg_core.metric.intent_aware import intent_aware
from ndcg_core.teaching.intents import JAGUAR
from tests.browser.conftest import wait_for_app_idle
from tests.browser.gestures import mouse_drag, row

APP = Path(__file__).resolve().parents[2] / "app.py"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app_url(streamlit_server: Callable[..., str]) -> str:
    return streamlit_server(APP)


def metric(page: Page, label: str) -> Locator:
    return (
        page.locator('[data-testid="stMetric"]')
        .filter(has=page.get_by_text(label, exact=True))
        .locator('[data-testid="stMetricValue"]')
    )


def expect_numbers(page: Page, order: list[int], p_car: float) -> None:
    """Each intent's NDCG@5 and IA-NDCG@5, to the session's 2 decimals, for this order and P(car)."""
    result = intent_aware(
        [
            (p_car, [JAGUAR.intents[0].grades[i] for i in order]),
            (1 - p_car, [JAGUAR.intents[1].grades[i] for i in order]),
        ],
        5,
    )
    expect(metric(page, "NDCG@5, the car")).to_have_text(f"{result.per_intent[0]:.2f}", timeout=15_000)
    expect(metric(page, "NDCG@5, the animal")).to_have_text(f"{result.per_intent[1]:.2f}", timeout=15_000)
    expect(metric(page, "IA-NDCG@5")).to_have_text(f"{result.value:.2f}", timeout=15_000)


def shown_order(page: Page) -> list[int]:
    ids = page.locator('[data-testid="sortable-item"]').evaluate_all(
        "rows => rows.map(r => r.getAttribute('data-id'))"
    )
    return [int(item_id[1:]) for item_id in ids]


def test_a_drag_and_the_slider_move_every_intents_ndcg(page: Page, app_url: str, screenshot) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(f"{app_url}/variants")
    wait_for_app_idle(page, "Intent-aware NDCG")
    order = list(range(len(JAGUAR.labels)))
    expect_numbers(page, order, 0.6)

    # drag "Jaguar habitat in the Amazon" (the animal's grade 3, position 5) onto rank 1
    mouse_drag(page, row(page, "j5"), row(page, "j0"))
    order = [5, *order[:5], *order[6:]]
    expect_numbers(page, order, 0.6)
    assert shown_order(page) == order

    # P(the car) from 0.60 down to 0.30 by keyboard: six steps of 0.05
    slider = page.get_by_role("slider", name="P(the car)")
    slider.scroll_into_view_if_needed()
    slider.focus()
    for _ in range(6):
        page.keyboard.press("ArrowLeft")
    expect(page.get_by_text("P(the car) = 0.30 · P(the animal) = 0.70")).to_be_visible(timeout=15_000)
    expect_numbers(page, order, 0.3)
    wait_for_app_idle(page)
    page.get_by_role("heading", name="Intent-aware NDCG").scroll_into_view_if_needed()
    screenshot(page, "variants_intent_aware")
