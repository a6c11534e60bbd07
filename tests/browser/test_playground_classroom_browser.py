"""The Playground's classroom view and the drop preview, in Chromium (issue 14).

* In the classroom view on a 1280×720 projector, with seed 000 loaded, every item of the list
  (wholly, not hidden by the list's own scrolling box), the DCG@k / IDCG@k / NDCG@k headline,
  the per-rank table, a chart and "Ask the class" lie inside the viewport, and the page does not
  scroll, before and after a drag.
* While an item is held (a mouse drag, or a keyboard move), the list shows what NDCG@k would be
  if it were dropped there; the keyboard's live region says it too. The number is the one the
  headline shows after the drop, and the core's NDCG@k of the order the drop makes.

Each expected number is computed by ``ndcg_core`` for the order the gesture should produce.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

import ndcg_core
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.browser.conftest import HEADLINE, HEADLINE_LABELS, wait_for_app_idle
from tests.browser.gestures import ROW, center, row

APP = Path(__file__).resolve().parents[2] / "app.py"
GRADES = list(BLUETOOTH_HEADPHONES.grades)
BOSE, SONY = "i6", "i3"  # ids follow the scenario's order: i0 … i6
#: The held row's preview; its words are CSS generated content from ``data-text`` (see the JS).
PREVIEW = '[data-testid="sortable-preview"]'
LIVE = '[data-testid="sortable-live"]'
PROJECTOR = {"width": 1280, "height": 720}
CLASSROOM, NORMAL = "/?present=1", "/"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app_url(streamlit_server: Callable[..., str]) -> str:
    return streamlit_server(APP)


def open_view(page: Page, url: str, path: str) -> None:
    """Open the Playground (``path``: the classroom view or the normal one) and wait for its list."""
    page.goto(url + path)
    wait_for_app_idle(page, "NDCG@5")
    expect(page.locator(ROW)).to_have_count(len(GRADES))
    wait_for_charts(page)


def wait_for_charts(page: Page) -> None:
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')]
                 .every(chart => chart.querySelector('svg, canvas'))"""
    )
    wait_for_app_idle(page)


def expect_ndcg(page: Page, grades: list[float], k: int = 5) -> str:
    """The headline's three numbers equal the core's for ``grades``; returns NDCG@k as shown."""
    numbers = ndcg_core.headline(grades, k)
    shown = [f"{numbers.dcg:.2f}", f"{numbers.idcg:.2f}", f"{numbers.ndcg:.2f}"]
    expect(page.locator(HEADLINE)).to_have_text(shown, timeout=15_000)
    return shown[2]


def outside_the_viewport(page: Page, what: str, locator: Locator) -> list[str]:
    """One line for each element of ``locator`` that is not wholly inside the viewport."""
    size = page.viewport_size or PROJECTOR
    problems = []
    for index in range(locator.count()):
        box = locator.nth(index).bounding_box()
        if box is None or box["width"] == 0:
            problems.append(f"{what} {index + 1} is not drawn")
            continue
        inside = (
            box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= size["width"] + 0.5
            and box["y"] + box["height"] <= size["height"] + 0.5
        )
        if not inside:
            problems.append(f"{what} {index + 1} at {box}")
    return problems


def cut_by_the_list_box(page: Page) -> list[str]:
    """One line for each row of the list that its scrolling box hides, wholly or in part
    (a row can be inside the viewport and still hidden by the box that holds it)."""
    box = page.locator('[data-testid="sortable-box"]').bounding_box()
    rows = page.locator(ROW)
    problems = []
    for index in range(rows.count()):
        drawn = rows.nth(index).bounding_box()
        if box is None or drawn is None:
            problems.append(f"row {index + 1} or the list's box is not drawn")
        elif drawn["y"] < box["y"] - 0.5 or drawn["y"] + drawn["height"] > box["y"] + box["height"] + 0.5:
            problems.append(f"row {index + 1} at {drawn} is cut by the list's box at {box}")
    return problems


def everything_in_view(page: Page) -> list[str]:
    """What of the classroom view lies outside the 1280×720 viewport, or needs the page scrolled."""
    charts = page.locator('[data-testid="stVegaLiteChart"]')
    visible_charts = [charts.nth(i) for i in range(charts.count()) if charts.nth(i).is_visible()]
    problems = (
        outside_the_viewport(page, "item", page.locator(ROW))
        + outside_the_viewport(page, "headline number", page.locator(HEADLINE))
        + outside_the_viewport(page, "headline label", page.locator(HEADLINE_LABELS))
        + outside_the_viewport(page, "table", page.locator('[data-testid="rank-table"]'))
        + outside_the_viewport(page, "table row", page.locator('[data-testid="rank-table-row"]'))
        + outside_the_viewport(page, "button", page.get_by_role("button", name="Ask the class"))
        + cut_by_the_list_box(page)
    )
    if not visible_charts:
        problems.append("no chart is shown")
    for chart in visible_charts:
        problems += outside_the_viewport(page, "chart", chart)
    scrolls = page.evaluate(
        """() => { const main = document.querySelector('[data-testid="stMain"]');
                   return [main.scrollHeight - main.clientHeight,
                           document.documentElement.scrollHeight - document.documentElement.clientHeight]; }"""
    )
    if max(scrolls) > 0:
        problems.append(f"the page scrolls by {max(scrolls)} px")
    return problems


# ------------------------------------------------------------ classroom view --


def test_the_classroom_view_shows_list_headline_table_and_a_chart_at_1280x720_before_and_after_a_drag(
    page_factory: Callable[..., Page], app_url: str, screenshot
) -> None:
    page = page_factory(viewport=PROJECTOR)
    open_view(page, app_url, CLASSROOM)
    expect_ndcg(page, GRADES)
    assert page.locator('[data-testid="rank-table-row"]').count() == len(GRADES)
    assert not everything_in_view(page), everything_in_view(page)
    screenshot(page, "classroom_before_drag")
    drag(page, row(page, BOSE), row(page, "i0"))
    expect_ndcg(page, [GRADES[-1], *GRADES[:-1]])
    expect(page.locator('[data-testid="rank-table-row"]').first).to_contain_text("Bose Wireless Headphones")
    wait_for_charts(page)
    assert not everything_in_view(page), everything_in_view(page)
    screenshot(page, "classroom_after_drag")


def test_leaving_the_classroom_view_returns_the_normal_page(page: Page, app_url: str) -> None:
    open_view(page, app_url, CLASSROOM)
    page.get_by_text("Classroom view").click()
    wait_for_app_idle(page, "NDCG Playground")
    expect(page.get_by_role("heading", name="Rank by rank")).to_be_visible()
    expect(page).not_to_have_url(re.compile(r"present=1"))


# --------------------------------------------------------------- the preview --


def press(page: Page, source: Locator) -> tuple[float, float]:
    """Press the mouse on ``source`` (scrolled into view) and start a drag; returns where."""
    source.scroll_into_view_if_needed()
    x, y = center(source)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 6, steps=2)
    return x, y


def hold_over(page: Page, x: float, target: Locator) -> None:
    """Move the held mouse over the top part of ``target``, without letting go."""
    box = target.bounding_box()
    assert box is not None
    page.mouse.move(x, box["y"] + box["height"] * 0.25, steps=15)


def drag(page: Page, source: Locator, target: Locator) -> None:
    x, _ = press(page, source)
    hold_over(page, x, target)
    page.mouse.up()


def preview_number(text: str) -> str:
    """The NDCG@k value in "drop here → NDCG@5 0.79 (+0.36)"."""
    found = re.search(r"NDCG@5 (\d\.\d\d)", text)
    assert found, text
    return found.group(1)


@pytest.mark.parametrize("path", [CLASSROOM, NORMAL], ids=["classroom", "normal"])
def test_a_mouse_drag_previews_the_ndcg_the_drop_then_shows(
    page: Page, app_url: str, path: str, screenshot
) -> None:
    open_view(page, app_url, path)
    bose_first = [GRADES[-1], *GRADES[:-1]]
    after = f"{ndcg_core.ndcg(bose_first, 5):.2f}"
    rise = f"{float(after) - float(f'{ndcg_core.ndcg(GRADES, 5):.2f}'):+.2f}"
    x, _ = press(page, row(page, BOSE))
    hold_over(page, x, row(page, "i0"))
    preview = page.locator(PREVIEW)
    expect(preview).to_be_visible()
    expect(preview).to_have_attribute("data-text", f"drop here → NDCG@5 {after} ({rise})")
    expect(row(page, BOSE).locator(PREVIEW)).to_have_count(1)  # on the held row
    expect(page.locator(HEADLINE).nth(2)).to_have_text(
        f"{ndcg_core.ndcg(GRADES, 5):.2f}"
    )  # nothing dropped yet
    screenshot(page, "preview_mid_drag")
    promised = preview_number(preview.get_attribute("data-text") or "")
    page.mouse.up()
    expect(preview).to_have_count(0)  # gone with the drop
    assert expect_ndcg(page, bose_first) == promised


@pytest.mark.parametrize("path", [CLASSROOM, NORMAL], ids=["classroom", "normal"])
def test_a_keyboard_move_previews_and_announces_the_ndcg_the_drop_then_shows(
    page: Page, app_url: str, path: str
) -> None:
    open_view(page, app_url, path)
    row(page, SONY).focus()
    page.keyboard.press("Space")
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    sony_first = [GRADES[3], *GRADES[:3], *GRADES[4:]]
    after = f"{ndcg_core.ndcg(sony_first, 5):.2f}"
    preview = page.locator(PREVIEW)
    expect(preview).to_be_visible()
    expect(preview).to_have_attribute(
        "data-text", re.compile("^" + re.escape(f"drop here → NDCG@5 {after} "))
    )
    expect(page.locator(LIVE)).to_contain_text(f"Moved to rank 1 of {len(GRADES)}.")
    expect(page.locator(LIVE)).to_contain_text(f"NDCG@5 would be {after}")  # a screen reader hears it
    promised = preview_number(preview.get_attribute("data-text") or "")
    page.keyboard.press("Space")
    expect(preview).to_have_count(0)
    assert expect_ndcg(page, sony_first) == promised
    expect(row(page, SONY)).to_be_focused()


def test_a_second_held_item_previews_from_the_new_order(page: Page, app_url: str) -> None:
    """After a drop, the preview is computed for the order on screen, not the one before it."""
    open_view(page, app_url, CLASSROOM)
    drag(page, row(page, BOSE), row(page, "i0"))
    bose_first = [GRADES[-1], *GRADES[:-1]]
    expect_ndcg(page, bose_first)
    wait_for_app_idle(page)
    x, _ = press(page, row(page, SONY))  # Sony is at rank 5 now; hold it over rank 2 (Portable)
    hold_over(page, x, row(page, "i0"))
    then = [bose_first[0], bose_first[4], *bose_first[1:4], *bose_first[5:]]
    expected = f"drop here → NDCG@5 {ndcg_core.ndcg(then, 5):.2f} "
    expect(page.locator(PREVIEW)).to_have_attribute("data-text", re.compile(f"^{re.escape(expected)}"))
    page.mouse.up()
    expect_ndcg(page, then)


def test_a_long_list_scrolls_in_its_own_box_while_headline_and_table_stay_in_view(
    page_factory: Callable[..., Page], app_url: str
) -> None:
    """50 items at 1280×720: the list and the table scroll inside their boxes, the page does not."""
    grades = [i % 4 for i in range(50)]
    page = page_factory(viewport=PROJECTOR)
    page.goto(f"{app_url}/?present=1&grades={','.join(map(str, grades))}&k=5&gain=exp&dec=2")
    wait_for_app_idle(page, "NDCG@5")
    expect(page.locator(ROW)).to_have_count(len(grades))
    wait_for_charts(page)
    expect_ndcg(page, grades)
    box = page.locator('[data-testid="sortable-box"]')
    problems = (
        outside_the_viewport(page, "list box", box)
        + outside_the_viewport(page, "headline number", page.locator(HEADLINE))
        + outside_the_viewport(page, "table", page.locator('[data-testid="rank-table"]'))
    )
    charts = page.locator('[data-testid="stVegaLiteChart"]')
    problems += [
        p
        for i in range(charts.count())
        if charts.nth(i).is_visible()
        for p in outside_the_viewport(page, "chart", charts.nth(i))
    ]
    assert not problems, problems
    assert box.evaluate("box => box.scrollHeight > box.clientHeight")  # the list scrolls inside its box
    assert page.evaluate(
        """() => { const main = document.querySelector('[data-testid="stMain"]');
                   return main.scrollHeight <= main.clientHeight; }"""
    )
