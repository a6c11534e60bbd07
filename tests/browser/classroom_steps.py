"""What an instructor and a student do in "Ask the class", in Chromium: shared by the browser tests,
the accessibility audit and the test across two servers sharing Redis."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import wait_for_app_idle
from tests.browser.gestures import ROW, mouse_drag, row, touch_drag

PROJECTOR = {"width": 1280, "height": 720}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
#: The room's count ("3 answers") on the projector, and the join link as text.
COUNT = ".st-key-class_count"
JOIN_URL = ".st-key-class_join_url"
KINDS = {"order": "Order: drag the list", "number": "Number: type a value", "choice": "Choice: A or B"}


def ask_the_class(
    page: Page, base_url: str, kind: str = "order", asks: str | None = None, path: str = "/?present=1"
) -> str:
    """Open the classroom view, ask the class a question of ``kind`` (``asks``: the option's words,
    e.g. "raise NDCG@5 with one move"); return the join link shown."""
    page.goto(base_url + path)
    wait_for_app_idle(page, "NDCG@5")
    start_a_question(page, kind, asks)
    return join_link(page)


def start_a_question(page: Page, kind: str = "order", asks: str | None = None) -> None:
    """In the classroom view: "Ask the class", the kind (and what it asks), "Start the question"."""
    open_the_form(page, kind)
    if asks is not None:
        page.get_by_text(asks).click()
        wait_for_app_idle(page)
    page.get_by_role("button", name="Start the question").click()
    wait_for_app_idle(page, "Answer on your phone")


def join_on_a_phone(page: Page, url: str) -> None:
    """The same browser page turned into a phone (390×844) that opens the join link."""
    page.set_viewport_size(PHONE["viewport"])
    join(page, url)


def open_the_form(page: Page, kind: str = "order") -> None:
    """Press "Ask the class" and choose the kind of question."""
    page.get_by_role("button", name="Ask the class").click()
    wait_for_app_idle(page, "Kind of question")
    if kind != "order":
        page.get_by_text(KINDS[kind]).click()
        wait_for_app_idle(page)


def join_link(page: Page) -> str:
    """The join link the projector shows (a full URL ending in ?class=CODE)."""
    text = page.locator(JOIN_URL).inner_text().strip()
    assert re.fullmatch(r"https?://\S+/\?class=[a-z0-9]{8}", text), text
    return text


def join(page: Page, url: str) -> None:
    """A student opens the join link."""
    page.goto(url)
    wait_for_app_idle(page, "Class ")
    expect(page.get_by_role("button", name="Send")).to_be_visible()


def student_row(page: Page, item_id: str) -> Locator:
    return row(page, item_id)


def move_to_top(page: Page, item_id: str, how: str) -> None:
    """Move item ``item_id`` to rank 1 by touch, mouse or keyboard, and wait for the drop to land."""
    source, first = student_row(page, item_id), page.locator(ROW).first
    expect(source).to_be_visible()  # the list is a component: it draws after the page's text
    if how == "touch":  # a finger drags a row by its handle (the rest of the row scrolls the page)
        touch_drag(page, source.locator('[data-testid="sortable-handle"]'), first)
    elif how == "mouse":
        mouse_drag(page, source, first)
    else:
        rank = page.locator(ROW).evaluate_all(f"rows => rows.findIndex(r => r.dataset.id === '{item_id}')")
        source.focus()
        page.keyboard.press("Space")
        for _ in range(rank):
            page.keyboard.press("ArrowUp")
        page.keyboard.press("Space")
    expect(page.locator(ROW).first).to_have_attribute("data-id", item_id)
    wait_for_app_idle(page)


def send(page: Page) -> None:
    """Press Send and wait until the page says the answer was received."""
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_text("Received.")).to_be_visible()
    wait_for_app_idle(page)


def expect_count(page: Page, count: int, timeout_ms: int = 10_000) -> None:
    """The projector's count reads "N answers" (it follows the room by itself)."""
    words = f"{count} answer" + ("" if count == 1 else "s")
    expect(page.locator(COUNT)).to_contain_text(words, timeout=timeout_ms)
