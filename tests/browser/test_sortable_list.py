"""Tests of the sortable list widget: in Chromium, and through AppTest.

The browser tests run ``sortable_demo_app.py`` (7 items, cutoff 5) and drag
with a mouse, with touch, and with the keyboard. The AppTest tests send the
component's "reorder" trigger the way the browser does, to check that stale or
unchanged orders never reach ``on_reorder``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect
from streamlit.testing.v1 import AppTest

from tests.browser.conftest import wait_for_app_idle
from tests.browser.gestures import center, mouse_drag, row, touch_drag
from ui.components.sortable_list.sortable_list import REORDER_EVENT, handle_reported_order, is_new_order

APP = Path(__file__).with_name("sortable_demo_app.py")
START = ["i1", "i2", "i3", "i4", "i5", "i6", "i7"]
ROW = '[data-testid="sortable-item"]'
LIVE = '[data-testid="sortable-live"]'
LIST = '[data-testid="sortable-list"]'


# --------------------------------------------------------------------------
# Fixtures and helpers
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def app_url(streamlit_server: Callable[..., str]) -> str:
    """Base URL of the demo app (light theme)."""
    return streamlit_server(APP)


def open_app(page: Page, url: str) -> None:
    """Load the demo app (a new session, so the order starts at i1..i7)."""
    page.goto(url)
    wait_for_app_idle(page, "order: ")
    expect(page.locator(ROW)).to_have_count(len(START))


def order_text(ids: list[str]) -> str:
    """The line the demo app writes for ``ids``."""
    return "order: " + ",".join(ids)


def shown_ids(page: Page) -> list[str]:
    """Ids of the rows in the order the page shows them."""
    return page.locator(ROW).evaluate_all("rows => rows.map(r => r.dataset.id)")


def expect_order(page: Page, ids: list[str]) -> None:
    """Wait until Python reports ``ids`` and the page shows the same order."""
    wait_for_app_idle(page, order_text(ids))
    expect(page.get_by_text(order_text(ids), exact=True)).to_be_visible()
    rows = page.locator(ROW)
    expect(rows).to_have_count(len(ids))
    for index, item_id in enumerate(ids):
        expect(rows.nth(index)).to_have_attribute("data-id", item_id)
    assert shown_ids(page) == ids


# --------------------------------------------------------------------------
# Browser tests
# --------------------------------------------------------------------------


@pytest.mark.browser
def test_renders_ranks_labels_and_cutoff(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    assert shown_ids(page) == START
    first = row(page, "i1")
    expect(first).to_contain_text("1")
    expect(first).to_contain_text("Portable Bluetooth Speaker")
    expect(first).to_contain_text("grade 1")
    expect(first).to_have_attribute("aria-label", "1 Portable Bluetooth Speaker, grade 1 (rank 1 of 7)")
    expect(row(page, "i6")).to_have_attribute(
        "aria-label", "6 Gaming Headset, grade 0 (rank 6 of 7, below cutoff 5)"
    )
    expect(page.locator('[data-testid="sortable-cutoff"]')).to_have_text("cutoff k = 5")
    expect(page.locator('[data-testid="sortable-list"] [role="listbox"]')).to_have_attribute(
        "aria-label", "Search results, best first"
    )


@pytest.mark.browser
def test_mouse_drag_last_item_to_top(
    page: Page, app_url: str, screenshot: Callable[[Page, str], Path]
) -> None:
    open_app(page, app_url)
    mouse_drag(page, row(page, "i7"), row(page, "i1"))
    expect_order(page, ["i7", "i1", "i2", "i3", "i4", "i5", "i6"])
    expect(row(page, "i7")).to_have_attribute(
        "aria-label", "1 Bose Wireless Headphones, grade 3 (rank 1 of 7)"
    )
    expect(page.locator('[data-testid="sortable-placeholder"]')).to_have_count(0)
    assert screenshot(page, "after_mouse_drag").stat().st_size > 0


@pytest.mark.browser
def test_mouse_drag_down_across_the_cutoff(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    mouse_drag(page, row(page, "i2"), row(page, "i6"), above=False)
    expect_order(page, ["i1", "i3", "i4", "i5", "i6", "i2", "i7"])
    expect(row(page, "i2")).to_have_attribute(
        "aria-label", "6 Wired Headphones, grade 0 (rank 6 of 7, below cutoff 5)"
    )


@pytest.mark.browser
def test_mouse_click_without_moving_reports_nothing(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    row(page, "i3").click()
    expect(row(page, "i3")).to_be_focused()
    page.wait_for_timeout(500)
    wait_for_app_idle(page)
    expect(page.get_by_text("reorders: 0", exact=True)).to_be_visible()
    assert shown_ids(page) == START


@pytest.mark.browser
def test_keyboard_move_up_keeps_focus(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    sony = row(page, "i4")
    sony.focus()
    page.keyboard.press("Space")
    live = page.locator(LIVE)
    expect(live).to_have_text(
        "Picked up Sony Bluetooth Headphones, rank 4 of 7. "
        "Use arrow keys to move, Space to drop, Escape to cancel."
    )
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    assert shown_ids(page) == ["i4", "i1", "i2", "i3", "i5", "i6", "i7"]
    page.keyboard.press("Space")
    expect(live).to_have_text("Dropped at rank 1 of 7.")
    expect_order(page, ["i4", "i1", "i2", "i3", "i5", "i6", "i7"])
    # Python has answered and the list was redrawn from its data...
    expect(page.locator(LIST)).to_have_attribute("data-revision", "1")
    # ...and the moved item still has the focus.
    expect(sony).to_be_focused()
    expect(sony).to_have_attribute("tabindex", "0")


@pytest.mark.browser
def test_keyboard_announces_each_move(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    row(page, "i4").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    expect(page.locator(LIVE)).to_have_text("Moved to rank 3 of 7.")
    expect(row(page, "i4")).to_have_attribute(
        "aria-label", "3 Sony Bluetooth Headphones, grade 3 (rank 3 of 7)"
    )
    assert shown_ids(page) == ["i1", "i2", "i4", "i3", "i5", "i6", "i7"]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.locator(LIVE)).to_contain_text("Moved to rank 5 of 7.")
    page.keyboard.press("Enter")
    expect(page.locator(LIVE)).to_have_text("Dropped at rank 5 of 7.")
    expect_order(page, ["i1", "i2", "i3", "i5", "i4", "i6", "i7"])
    expect(row(page, "i4")).to_be_focused()


@pytest.mark.browser
def test_keyboard_escape_cancels(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    sony = row(page, "i4")
    sony.focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert shown_ids(page) == ["i1", "i4", "i2", "i3", "i5", "i6", "i7"]
    page.keyboard.press("Escape")
    expect(page.locator(LIVE)).to_have_text("Cancelled; back at rank 4.")
    assert shown_ids(page) == START
    expect(sony).to_be_focused()
    page.wait_for_timeout(500)
    wait_for_app_idle(page)
    expect(page.get_by_text(order_text(START), exact=True)).to_be_visible()
    expect(page.get_by_text("reorders: 0", exact=True)).to_be_visible()


@pytest.mark.browser
def test_keyboard_arrows_move_focus_when_nothing_is_picked_up(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    row(page, "i1").focus()
    page.keyboard.press("ArrowDown")
    expect(row(page, "i2")).to_be_focused()
    page.keyboard.press("End")
    expect(row(page, "i7")).to_be_focused()
    expect(row(page, "i7")).to_have_attribute("tabindex", "0")
    expect(row(page, "i1")).to_have_attribute("tabindex", "-1")
    assert shown_ids(page) == START


@pytest.mark.browser
def test_touch_drag_by_the_handle(page_factory: Callable[..., Page], app_url: str) -> None:
    page = page_factory(has_touch=True, viewport={"width": 430, "height": 900})
    open_app(page, app_url)
    handle = row(page, "i7").locator('[data-testid="sortable-handle"]')
    touch_drag(page, handle, row(page, "i2"))
    expect_order(page, ["i1", "i7", "i2", "i3", "i4", "i5", "i6"])


@pytest.mark.browser
def test_synthetic_touch_pointer_events(page: Page, app_url: str) -> None:
    """One code path: pointer events with pointerType "touch" drag as well."""
    open_app(page, app_url)
    handle = row(page, "i5").locator('[data-testid="sortable-handle"]')
    x, y = center(handle)
    _, target_y = center(row(page, "i1"))
    handle.evaluate(
        """(handle, [x, y, targetY]) => {
            const list = handle.closest('[role="listbox"]');
            const fire = (el, type, clientY) => el.dispatchEvent(new PointerEvent(type, {
                pointerId: 7, pointerType: "touch", isPrimary: true, bubbles: true,
                composed: true, cancelable: true, clientX: x, clientY, button: 0,
            }));
            fire(handle, "pointerdown", y);
            for (let step = 1; step <= 10; step++) {
                fire(list, "pointermove", y + (targetY - 10 - y) * step / 10);
            }
            fire(list, "pointerup", targetY - 10);
        }""",
        [x, y, target_y],
    )
    expect_order(page, ["i5", "i1", "i2", "i3", "i4", "i6", "i7"])


@pytest.mark.browser
def test_python_side_reset_then_drag_again(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    mouse_drag(page, row(page, "i7"), row(page, "i1"))
    expect_order(page, ["i7", "i1", "i2", "i3", "i4", "i5", "i6"])

    page.get_by_role("button", name="Reverse").click()
    reversed_order = ["i6", "i5", "i4", "i3", "i2", "i1", "i7"]
    expect_order(page, reversed_order)
    expect(row(page, "i6")).to_have_attribute("aria-label", "1 Gaming Headset, grade 0 (rank 1 of 7)")

    mouse_drag(page, row(page, "i7"), row(page, "i6"))
    expect_order(page, ["i7", "i6", "i5", "i4", "i3", "i2", "i1"])

    # After several redraws, one key press still moves exactly one step
    # (listeners are not added again on each redraw).
    row(page, "i1").focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Space")
    expect_order(page, ["i7", "i6", "i5", "i4", "i1", "i3", "i2"])
    expect(page.locator(LIST)).to_have_attribute("data-revision", "3")
    expect(row(page, "i1")).to_be_focused()


@pytest.mark.browser
def test_page_returns_to_python_order_when_the_app_ignores_a_drop(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    page.get_by_text("Lock order").click()
    wait_for_app_idle(page)
    expect(page.get_by_role("checkbox", name="Lock order")).to_be_checked()
    mouse_drag(page, row(page, "i7"), row(page, "i1"))
    expect(page.locator(LIST)).to_have_attribute("data-revision", "1")
    expect_order(page, START)
    expect(page.get_by_text("reorders: 0", exact=True)).to_be_visible()


@pytest.mark.browser
def test_labels_are_text_not_html(page: Page, app_url: str) -> None:
    label = '<img src="x" onerror="window.__injected = 1"><b>Bold</b> & co'
    page.goto(f"{app_url}/?{urlencode({'extra': label})}")
    wait_for_app_idle(page, "order: ")
    extra = row(page, "x1")
    expect(extra).to_be_visible()
    label_element = extra.locator(".sortable__label")
    expect(label_element).to_have_text(label)
    assert label_element.evaluate("el => el.children.length") == 0
    assert page.evaluate("() => window.__injected") is None


def parse_css_color(value: str) -> tuple[float, float, float, float]:
    """Parse ``rgb()``, ``rgba()`` or ``color(srgb ...)`` into 0..1 RGBA."""
    numbers = [float(n) for n in re.findall(r"[\d.]+", value)]
    if value.startswith("color("):
        red, green, blue, *alpha = numbers
        return red, green, blue, alpha[0] if alpha else 1.0
    red, green, blue, *alpha = numbers
    return red / 255, green / 255, blue / 255, alpha[0] if alpha else 1.0


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG contrast of ``foreground`` painted (with its alpha) over ``background``."""
    back = parse_css_color(background)[:3]
    *front, alpha = parse_css_color(foreground)
    mixed = [f * alpha + b * (1 - alpha) for f, b in zip(front, back, strict=True)]

    def luminance(rgb: list[float] | tuple[float, ...]) -> float:
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted([luminance(mixed), luminance(back)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.browser
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_readable_in_light_and_dark_theme(
    page: Page,
    streamlit_server: Callable[..., str],
    screenshot: Callable[[Page, str], Path],
    theme: str,
) -> None:
    open_app(page, streamlit_server(APP, "--theme.base", theme))
    page.locator(LIST).scroll_into_view_if_needed()
    colours = page.locator(LIST).evaluate(
        """root => {
            const style = (el) => getComputedStyle(el);
            const top = root.querySelector('[data-id="i1"]');
            const below = root.querySelector('[data-id="i7"]');
            const app = document.querySelector('[data-testid="stApp"]');
            return {
                topText: style(top.querySelector('.sortable__label')).color,
                topBack: style(top).backgroundColor,
                belowText: style(below.querySelector('.sortable__label')).color,
                page: style(app).backgroundColor,
            };
        }"""
    )
    assert contrast_ratio(colours["topText"], colours["topBack"]) >= 7
    assert contrast_ratio(colours["belowText"], colours["page"]) >= 4.5
    page_is_dark = contrast_ratio("rgb(0, 0, 0)", colours["page"]) < 5
    assert page_is_dark == (theme == "dark")
    assert screenshot(page, f"sortable_{theme}").stat().st_size > 0


# --------------------------------------------------------------------------
# The callback path, without a browser
# --------------------------------------------------------------------------


def send_reorder(at: AppTest, ids: list[str]) -> AppTest:
    """Rerun ``at`` as if the browser had reported the order ``ids``.

    The browser sends a trigger value to the component's "events" widget,
    whose id is built from the component's element id.
    """
    component = next(e for e in at.main if getattr(e.proto, "component_name", "") == "ndcg_sortable_list")
    widget_states = at._tree.get_widget_states()
    trigger = widget_states.widgets.add()
    trigger.id = f"$$STREAMLIT_INTERNAL_KEY_{component.proto.id}__events"
    trigger.json_trigger_value = json.dumps({"event": REORDER_EVENT, "value": ids})
    return at._run(widget_state=widget_states)


def app_order(at: AppTest) -> str:
    """The "order: ..." line of the demo app."""
    return next(t.value for t in at.text if t.value.startswith("order: "))


def test_callback_applies_a_new_order_and_ignores_stale_ones() -> None:
    at = AppTest.from_file(str(APP)).run()
    assert app_order(at) == order_text(START)

    moved = ["i7", "i1", "i2", "i3", "i4", "i5", "i6"]
    send_reorder(at, moved)
    assert not at.exception
    assert app_order(at) == order_text(moved)
    assert at.session_state["reorders"] == 1

    send_reorder(at, ["i1", "i2", "i3", "i4", "i5", "i6", "i9"])  # an unknown id
    send_reorder(at, ["i1", "i2", "i3", "i4", "i5", "i6"])  # one id missing
    send_reorder(at, ["i7", "i7", "i1", "i2", "i3", "i4", "i5"])  # a duplicate
    send_reorder(at, moved)  # unchanged
    assert app_order(at) == order_text(moved)
    assert at.session_state["reorders"] == 1

    at.run()  # a trigger lasts for one run only
    assert at.session_state["reorders"] == 1


def test_is_new_order() -> None:
    current = ["a", "b", "c"]
    assert is_new_order(["c", "a", "b"], current)
    assert not is_new_order(["a", "b", "c"], current)
    assert not is_new_order(["a", "b"], current)
    assert not is_new_order(["a", "b", "d"], current)
    assert not is_new_order(["a", "a", "b"], current)
    assert not is_new_order(None, current)
    assert not is_new_order("abc", current)
    assert not is_new_order([1, 2, 3], current)


def test_handle_reported_order_calls_back_only_for_new_orders() -> None:
    calls: list[list[str]] = []
    assert handle_reported_order(["b", "a"], ["a", "b"], calls.append)
    assert not handle_reported_order(["b", "x"], ["a", "b"], calls.append)
    assert not handle_reported_order(["a", "b"], ["a", "b"], calls.append)
    assert calls == [["b", "a"]]
