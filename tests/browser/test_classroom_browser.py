"""Every page on the projector, in Chromium (issue 25).

* The Playground's Settings popover, at 1280×720 and 1920×1080, lays out (its Decimals label on
  one line, its box showing the value) and leaves the list and the headline in view.
* After a click on Ideal or Worst, no tooltip covers the list.
* The top navigation keeps the classroom view: Playground → Compare → What if → Playground.
* The headline's line "NDCG@5 = 6.31 / 14.60 = 0.43" changes with a drop, in numbers the core gives.
* With 100 items the classroom chart's rank axis starts at 1, and every text of it (the "k = 5"
  label too) is drawn inside the chart.
* An edge drag in the normal view lands at the rank under the pointer: the page scrolls only as far
  as it takes to show the list's first row, and the held row with its preview stays on screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

import ndcg_core
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.browser.conftest import HEADLINE, wait_for_app_idle
from tests.browser.gestures import ROW, center, row
from tests.browser.test_screens import CHART_TEXTS

APP = Path(__file__).resolve().parents[2] / "app.py"
GRADES = list(BLUETOOTH_HEADPHONES.grades)
PROJECTORS = {"1280x720": {"width": 1280, "height": 720}, "1920x1080": {"width": 1920, "height": 1080}}
RELATION = '[data-testid="headline-relation"]'
LIST_BOX = '[data-testid="sortable-list"]'

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app_url(streamlit_server: Callable[..., str]) -> str:
    return streamlit_server(APP)


def open_page(page: Page, url: str, path: str, ready: str = "NDCG@5") -> None:
    page.goto(url + path)
    wait_for_app_idle(page, ready)
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')]
                 .every(chart => chart.querySelector('svg, canvas'))"""
    )
    wait_for_app_idle(page)


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"] - 1
        and b["x"] < a["x"] + a["width"] - 1
        and a["y"] < b["y"] + b["height"] - 1
        and b["y"] < a["y"] + a["height"] - 1
    )


# ------------------------------------------------------------- the classroom view --


@pytest.mark.parametrize("size", list(PROJECTORS))
def test_the_settings_popover_lays_out_and_leaves_list_and_headline_in_view(
    page_factory: Callable[..., Page], app_url: str, size: str, screenshot
) -> None:
    page = page_factory(viewport=PROJECTORS[size])
    open_page(page, app_url, "/?present=1")
    page.get_by_role("button", name="Settings").click()
    popover = page.locator('[data-testid="stPopoverBody"]')
    expect(popover.get_by_text("Decimals")).to_be_visible()
    wait_for_app_idle(page)
    screenshot(page, f"settings_{size}")
    label = popover.locator('[data-testid="stWidgetLabel"]').filter(has_text="Decimals").locator("p")
    line = float(label.evaluate("p => parseFloat(getComputedStyle(p).lineHeight)"))
    assert box(label)["height"] < 1.5 * line  # "Decimals" on one line, not "Deci / mal / s"
    decimals = popover.get_by_role("combobox", name="Decimals")
    expect(decimals).to_have_value("2")
    assert box(decimals)["width"] >= 24  # wide enough to show its value
    shown = box(popover)
    for what in (page.locator(LIST_BOX), *(page.locator(HEADLINE).all()), page.locator(RELATION)):
        assert not overlap(shown, box(what)), f"the popover covers {what}"


@pytest.mark.parametrize("button", ["Ideal", "Worst"])
def test_no_tooltip_covers_the_list_after_an_order_button_is_clicked(
    page_factory: Callable[..., Page], app_url: str, button: str
) -> None:
    page = page_factory(viewport=PROJECTORS["1280x720"])
    open_page(page, app_url, "/?present=1")
    page.get_by_role("button", name=button, exact=True).click()  # the mouse stays on the button
    wait_for_app_idle(page)
    page.wait_for_timeout(1500)  # a tooltip shows after a hover delay
    listed = box(page.locator(LIST_BOX))
    tips = page.locator('[data-testid="stTooltipContent"]')
    assert not [tip for tip in tips.all() if tip.is_visible() and overlap(box(tip), listed)]


def test_the_top_navigation_keeps_the_classroom_view(page_factory: Callable[..., Page], app_url: str) -> None:
    page = page_factory(viewport=PROJECTORS["1280x720"])
    open_page(page, app_url, "/?present=1")
    for link, ready in (
        ("Compare", "Who wins at which k"),
        ("What if", "Every swap"),
        ("Playground", "NDCG@5"),
    ):
        page.get_by_role("link", name=link).click()
        wait_for_app_idle(page, ready)
        expect(page).to_have_url(re.compile(r"[?&]present=1"))
        expect(page.get_by_text("k = 5 · gain 2^rel − 1")).to_be_visible()  # the classroom bar
        expect(page.get_by_role("switch", name="Classroom view")).to_be_checked()


def test_the_headline_states_the_division_and_follows_a_drop(
    page_factory: Callable[..., Page], app_url: str
) -> None:
    page = page_factory(viewport=PROJECTORS["1280x720"])
    open_page(page, app_url, "/?present=1")
    numbers = ndcg_core.headline(GRADES, 5)
    expect(page.locator(RELATION)).to_have_text(
        f"NDCG@5 = {numbers.dcg:.2f} / {numbers.idcg:.2f} = {numbers.ndcg:.2f}"
    )
    row(page, "i3").focus()  # Sony, rank 4, to rank 1 by keyboard
    page.keyboard.press("Space")
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("Space")
    after = ndcg_core.headline([GRADES[3], *GRADES[:3], *GRADES[4:]], 5)
    expect(page.locator(RELATION)).to_have_text(
        f"NDCG@5 = {after.dcg:.2f} / {after.idcg:.2f} = {after.ndcg:.2f}"
    )
    expect(page.locator(HEADLINE).nth(2)).to_have_text(f"{after.ndcg:.2f}")


def test_with_100_items_the_rank_axis_starts_at_1_and_the_cutoff_is_whole(
    page_factory: Callable[..., Page], app_url: str, screenshot
) -> None:
    grades = ",".join(str(i % 4) for i in range(100))
    page = page_factory(viewport=PROJECTORS["1280x720"])
    page.add_init_script(CHART_TEXTS)
    open_page(page, app_url, f"/?present=1&grades={grades}&k=5&gain=exp&dec=2")
    page.wait_for_timeout(500)
    screenshot(page, "classroom_100_items")
    texts = page.evaluate("() => window.__chartTexts")
    canvas_w, _canvas_h = texts[-1]["canvas"]
    outside = [t["text"] for t in texts if t["box"][0] < -1 or t["box"][2] > canvas_w + 1 or t["box"][1] < -1]
    assert not outside, f"drawn outside the chart: {outside}"
    assert any(t["text"] == "k = 5" for t in texts)
    # The x axis's labels: the row of texts lowest on the chart but its title.
    rows: dict[int, list[dict]] = {}
    for text in texts:
        rows.setdefault(round(text["box"][1]), []).append(text)
    axis = max((r for r in rows.values() if len(r) >= 4), key=lambda r: r[0]["box"][1])
    labels = [t["text"] for t in sorted(axis, key=lambda t: t["box"][0])]
    assert labels[0] == "1" and labels[-1] == "100", labels
    assert all(1 <= int(label) <= 100 for label in labels), labels


# ------------------------------------------------------------------ edge drag --


def held_boxes(page: Page) -> dict[str, dict[str, float] | None]:
    return {
        "row": page.locator(f"{ROW}.is-lifted").bounding_box(),
        "preview": page.locator('[data-testid="sortable-preview"]').bounding_box(),
    }


@pytest.mark.parametrize("hold_ms", [0, 1000], ids=["dropped-at-once", "held-a-second"])
def test_an_edge_drag_lands_at_the_rank_under_the_pointer(
    page_factory: Callable[..., Page], app_url: str, hold_ms: int
) -> None:
    """Rank 1 hidden under the navigation bar, rank 2 just below it: Gaming Headset (rank 6) taken to
    rank 2's visible part, in the edge band, and dropped at once or held there a second. Dropped at
    once, nothing scrolls (the band must be held a moment); held, the page scrolls until the list's
    first row shows and no further (never to the top of the page).
    Either way the item lands at the rank under the pointer (dropped at once: rank 2, as aimed),
    and the held row and its preview never leave the screen."""
    page = page_factory(viewport=PROJECTORS["1280x720"])
    open_page(page, app_url, "/", "Rank by rank")
    main = "document.querySelector('[data-testid=\"stMain\"]')"
    header = page.evaluate(
        "() => document.querySelector('[data-testid=\"stHeader\"]').getBoundingClientRect().bottom"
    )
    first = box(row(page, "i0"))
    page.evaluate(f"(by) => {main}.scrollBy(0, by)", first["y"] - (header - first["height"] - 20))
    page.wait_for_timeout(300)
    scrolled = page.evaluate(f"() => {main}.scrollTop")
    aim = box(row(page, "i1"))  # rank 2: its top under the bar, its lower part in view
    x, y = center(row(page, "i5"))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 8, steps=2)
    target_y = aim["y"] + aim["height"] - 12
    page.mouse.move(x, target_y, steps=10)
    seen = [held_boxes(page)]
    for _ in range(hold_ms // 100):
        page.wait_for_timeout(100)
        seen.append(held_boxes(page))
    after = page.evaluate(f"() => {main}.scrollTop")
    page.mouse.up()
    wait_for_app_idle(page)
    hidden = first["height"] + 20 + 12  # of the list, above the bar, when the drag began (gap and padding)
    assert 0 <= scrolled - after <= hidden, (scrolled, after)  # bounded: the list's top, no more
    for held in seen:
        assert held["row"] is not None
        assert held["row"]["y"] >= header - 1 and held["row"]["y"] + held["row"]["height"] <= 721, held
        if held["preview"] is not None:
            assert held["preview"]["y"] >= header - 1, held
            assert held["preview"]["y"] + held["preview"]["height"] <= 721, held
    dropped = box(row(page, "i5"))
    assert dropped["y"] - 5 <= target_y <= dropped["y"] + dropped["height"] + 5, (dropped, target_y)
    order = page.locator(ROW).evaluate_all("rows => rows.map(r => r.dataset.id)")
    if hold_ms == 0:
        assert after == scrolled  # passing through the edge band scrolls nothing
        assert order.index("i5") == 1  # rank 2, as aimed
    expect(page.locator(HEADLINE).nth(2)).to_have_text(
        f"{ndcg_core.ndcg([GRADES[int(i[1:])] for i in order], 5):.2f}"
    )
