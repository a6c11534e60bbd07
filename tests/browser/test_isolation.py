"""Two students on one server never see each other's list, settings or answers."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import ndcg_core
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.browser.conftest import HEADLINE, wait_for_app_idle
from tests.browser.gestures import mouse_drag, row

APP = Path(__file__).resolve().parents[2] / "app.py"
GRADES = list(BLUETOOTH_HEADPHONES.grades)

pytestmark = pytest.mark.browser


def shown(page: Page, grades: list[float], k: int = 5) -> None:
    """The headline shows the core's numbers for ``grades``."""
    numbers = ndcg_core.headline(grades, k)
    expected = [f"{numbers.dcg:.2f}", f"{numbers.idcg:.2f}", f"{numbers.ndcg:.2f}"]
    expect(page.locator(HEADLINE)).to_have_text(expected, timeout=15_000)


def test_two_sessions_keep_their_own_lists_and_settings(
    streamlit_server: Callable[..., str], page_factory: Callable[..., Page], screenshot
) -> None:
    url = streamlit_server(APP)
    alice, bob = page_factory(), page_factory()  # two browser contexts: two students
    for student in (alice, bob):
        student.goto(url)
        wait_for_app_idle(student, "NDCG at a glance")
        shown(student, GRADES)

    mouse_drag(alice, row(alice, "i6"), row(alice, "i0"))  # Alice drags Bose to the top
    shown(alice, [GRADES[-1], *GRADES[:-1]])  # at once, from the headline's map
    expect(alice).to_have_url(re.compile(r"order=6%2C0%2C1"))  # and the server has the new order
    bob.get_by_role("button", name="Worst order").click()  # Bob asks for the worst order
    worst = [GRADES[i] for i in ndcg_core.worst_order(GRADES)]
    shown(bob, worst)

    alice.reload()  # a new look at Alice's page: still hers, from her own URL
    wait_for_app_idle(alice, "NDCG at a glance")
    shown(alice, [GRADES[-1], *GRADES[:-1]])
    bob.get_by_text("linear: rel", exact=True).click()  # Bob's gain changes, Alice's does not
    expect(bob.locator(HEADLINE).nth(2)).to_have_text(f"{ndcg_core.ndcg(worst, 5, gain='linear'):.2f}")
    expect(alice.locator(HEADLINE).nth(2)).to_have_text(
        f"{ndcg_core.ndcg([GRADES[-1], *GRADES[:-1]], 5):.2f}"
    )
    screenshot(alice, "alice")
    screenshot(bob, "bob")
