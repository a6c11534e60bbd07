"""Ask the class in Chromium: an instructor's projector (1280×720) and three students' phones
(390×844), each in a browser context of its own, on one server.

The instructor asks the room to raise NDCG@5 of seed 000's list as much as one move can (Bose, rank
7, to the top: 0.43 → 0.79). The students drag (by touch, mouse and keyboard) and send; the
projector's count rises to 3 without a click; one student starts over and sends again, and the
count stays 3. Reveal shows the share of the room that had it and the best order; the phones then
show the answer and whether theirs was right. Screenshots of both screens are saved in the test's tmp_path.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.classroom_steps import (
    COUNT,
    PHONE,
    PROJECTOR,
    ask_the_class,
    expect_count,
    join,
    move_to_top,
    send,
)
from tests.browser.conftest import wait_for_app_idle

APP = Path(__file__).resolve().parents[2] / "app.py"
BOSE, SONY, JBL = "i6", "i3", "i2"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app_url(streamlit_server: Callable[..., str]) -> str:
    return streamlit_server(APP)


def fits(page: Page, selector: str) -> bool:
    """True when the element lies inside the viewport."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return (
        box is not None and size is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
    )


def test_three_phones_answer_and_the_projector_follows_without_a_click(
    page_factory: Callable[..., Page], app_url: str, screenshot: Callable[[Page, str], Path]
) -> None:
    projector = page_factory(viewport=PROJECTOR)
    url = ask_the_class(projector, app_url, asks="raise NDCG@5 with one move")
    assert "host=" not in url and url.startswith(app_url)
    expect(projector.get_by_role("img", name="QR code of the join link")).to_be_visible()
    expect_count(projector, 0)
    for shown in (COUNT, '[data-testid="class-qr"]'):
        assert fits(projector, shown), f"{shown} is outside the 1280×720 screen"
    expect(projector.get_by_role("button", name="Reveal")).to_be_in_viewport()
    screenshot(projector, "projector_asking")

    phones = [page_factory(**PHONE) for _ in range(3)]
    for phone in phones:
        join(phone, url)
        assert "host" not in phone.url and "names=" not in phone.url
        expect(phone.get_by_text("Move one item to raise NDCG@5 as much as you can.")).to_be_visible()
        expect(phone.locator('[data-testid="headline-value"]')).to_have_count(0)  # no number gives it away
    screenshot(phones[0], "phone_question")
    moves = [(phones[0], BOSE, "touch"), (phones[1], SONY, "mouse"), (phones[2], JBL, "keyboard")]
    for count, (phone, item, how) in enumerate(moves, start=1):
        move_to_top(phone, item, how)
        send(phone)
        expect_count(projector, count)  # no click on the projector: it follows by itself
    screenshot(phones[0], "phone_sent")
    phones[1].get_by_role("button", name="Start over").click()  # a second thought: Bose, not Sony
    wait_for_app_idle(phones[1])
    move_to_top(phones[1], BOSE, "mouse")
    send(phones[1])
    projector.wait_for_timeout(2_000)  # two refreshes of the count
    expect_count(projector, 3)  # the same three students: sending again replaces, never adds
    screenshot(projector, "projector_three_answers")

    projector.get_by_role("button", name="Reveal").click()
    wait_for_app_idle(projector, "had it right")
    expect(projector.get_by_text("2 of 3 had it right (67%)")).to_be_visible()
    expect(
        projector.get_by_text("1 of you moved an item worth less than “Bose Wireless Headphones” (grade 3)")
    ).to_be_visible()
    expect(projector.get_by_text("The best order", exact=True)).to_be_visible()
    expect(
        projector.get_by_text(
            "The best order sent reaches NDCG@5 = 0.79, the highest possible (2 of you reached it)."
        )
    ).to_be_visible()
    screenshot(projector, "projector_revealed")
    expect(phones[0].get_by_text("Right: your move raised DCG@5")).to_be_visible(timeout=10_000)
    expect(phones[2].get_by_text("The best single move")).to_be_visible(timeout=10_000)
    screenshot(phones[2], "phone_revealed")
    for page in (projector, *phones):
        expect(page.locator('[data-testid="stException"]')).to_have_count(0)
