"""Gestures for browser tests of the sortable list: mouse drag, touch drag, finding rows."""

from __future__ import annotations

from playwright.sync_api import CDPSession, Locator, Page

ROW = '[data-testid="sortable-item"]'


def row(page: Page, item_id: str) -> Locator:
    """The row of item ``item_id``."""
    return page.locator(f'{ROW}[data-id="{item_id}"]')


def center(locator: Locator) -> tuple[float, float]:
    """Viewport coordinates of the centre of ``locator``."""
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page: Page, source: Locator, target: Locator, above: bool = True) -> None:
    """Drag ``source`` with the mouse onto ``target`` (its top or bottom part).

    The list is scrolled into view first: a pointer outside the viewport reaches nothing.
    """
    source.locator("xpath=ancestor::*[@data-testid='sortable-list']").scroll_into_view_if_needed()
    x, y = center(source)
    target_box = target.bounding_box()
    assert target_box is not None
    offset = 0.25 if above else 0.75
    end_y = target_box["y"] + target_box["height"] * offset
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y + (5 if end_y > y else -5), steps=2)
    page.mouse.move(x, end_y, steps=15)
    page.mouse.up()


def touch_drag(page: Page, source: Locator, target: Locator) -> None:
    """Drag ``source`` by touch onto the top part of ``target`` (CDP touch events)."""
    cdp: CDPSession = page.context.new_cdp_session(page)
    x, y = center(source)
    target_box = target.bounding_box()
    assert target_box is not None
    end_y = target_box["y"] + target_box["height"] * 0.25

    def touch(kind: str, touch_y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": touch_y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", y)
    steps = 15
    for step in range(1, steps + 1):
        touch("touchMove", y + (end_y - y) * step / steps)
    touch("touchEnd", end_y)
    cdp.detach()
