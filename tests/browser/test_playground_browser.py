"""The Playground in Chromium: drag with mouse, keyboard and touch, and check the numbers shown.

Each expected number is computed by ``ndcg_core`` for the order the gesture should produce,
so the test fails if the page shows a stale or a wrong value.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import ndcg_core
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from tests.browser.conftest import HEADLINE, wait_for_app_idle
from tests.browser.gestures import mouse_drag, row, touch_drag

APP = Path(__file__).resolve().parents[2] / "app.py"
GRADES = list(BLUETOOTH_HEADPHONES.grades)
NAMES = list(BLUETOOTH_HEADPHONES.labels)
BOSE, SONY = "i6", "i3"  # ids follow the scenario's order: i0 … i6

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app_url(streamlit_server: Callable[..., str]) -> str:
    return streamlit_server(APP)


def open_playground(page: Page, url: str) -> None:
    page.goto(url)
    wait_for_app_idle(page, "NDCG at a glance")
    expect(page.locator('[data-testid="sortable-item"]')).to_have_count(len(NAMES))


def expect_headline(page: Page, grades: list[float], k: int = 5) -> None:
    """The three headline numbers equal the core's for ``grades`` (2 decimals, as shown)."""
    numbers = ndcg_core.headline(grades, k)
    expected = [f"{numbers.dcg:.2f}", f"{numbers.idcg:.2f}", f"{numbers.ndcg:.2f}"]
    expect(page.locator(HEADLINE)).to_have_text(expected, timeout=15_000)


def shown_names(page: Page) -> list[str]:
    """The rows' accessible names, once the list has been drawn."""
    expect(page.locator('[data-testid="sortable-item"]')).to_have_count(len(NAMES))
    return page.locator('[data-testid="sortable-item"]').evaluate_all(
        "rows => rows.map(r => r.getAttribute('aria-label'))"
    )


def test_opens_with_the_seed000_numbers(page: Page, app_url: str, screenshot) -> None:
    open_playground(page, app_url)
    expect_headline(page, GRADES)
    expect(page.locator(HEADLINE)).to_have_text(["6.31", "14.60", "0.43"])
    screenshot(page, "playground_default")


def test_mouse_drag_bose_from_rank_7_to_rank_1(page: Page, app_url: str, screenshot) -> None:
    open_playground(page, app_url)
    mouse_drag(page, row(page, BOSE), row(page, "i0"))
    bose_first = [GRADES[-1], *GRADES[:-1]]
    expect_headline(page, bose_first)
    assert shown_names(page)[0].startswith("1 Bose Wireless Headphones, grade 3 (rank 1 of 7")
    screenshot(page, "playground_after_mouse_drag")


def test_keyboard_moves_sony_to_rank_1_and_keeps_focus(page: Page, app_url: str, screenshot) -> None:
    open_playground(page, app_url)
    row(page, SONY).focus()
    page.keyboard.press("Space")
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("Space")
    sony_first = [GRADES[3], *GRADES[:3], *GRADES[4:]]
    expect_headline(page, sony_first)
    expect(row(page, SONY)).to_be_focused()
    screenshot(page, "playground_after_keyboard_move")


#: Keyboard drops of ``row`` (Space, a key, Space for each key of ``moves``), all in one task of
#: the page, so no answer from the server can be drawn in between; then the headline as it is.
DROPS_IN_ONE_TASK = """(row, moves) => {
  const press = (key) => row.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, composed: true}));
  for (const move of moves) { row.focus(); press(' '); press(move); press(' '); }
  const host = [...document.querySelectorAll('*')].find((e) => e.shadowRoot?.querySelector('[data-testid="headline"]'));
  const root = host.shadowRoot;
  return {
    values: [...root.querySelectorAll('[data-testid="headline-value"]')].map((v) => v.textContent),
    busy: root.querySelector('.headline__row').getAttribute('aria-busy'),
    lines: [...root.querySelectorAll('[data-testid="headline-reading"], [data-testid="headline-relation"]')]
      .map((line) => line.textContent),
  };
}"""


def test_a_drop_shows_its_numbers_before_the_server_answers(page: Page, app_url: str) -> None:
    """The headline looks a drop's numbers up in the map Python sent with them (issue 14), and
    the reading in words and the division under them change with them, in the same task: no
    frame shows the new numbers over the old words."""
    open_playground(page, app_url)
    bose_first = ndcg_core.headline([GRADES[-1], *GRADES[:-1]], 5)
    dcg, idcg, ndcg = (f"{value:.2f}" for value in (bose_first.dcg, bose_first.idcg, bose_first.ndcg))
    seen = row(page, BOSE).evaluate(DROPS_IN_ONE_TASK, ["Home"])
    assert seen == {
        "values": [dcg, idcg, ndcg],
        "busy": "false",
        "lines": [ndcg_core.plain_reading(bose_first), f"NDCG@5 = DCG@5 / IDCG@5 = {dcg} / {idcg} = {ndcg}"],
    }
    expect_headline(page, [GRADES[-1], *GRADES[:-1]])  # and the server's run says the same
    expect(page).to_have_url(re.compile(r"order=6%2C0%2C1"))


def test_a_second_drop_before_the_answer_dims_the_headline_until_it_comes(page: Page, app_url: str) -> None:
    """The map is for the order Python last drew: a second drop cannot be looked up, so the headline
    says it is busy (and shows no number of another order) until the server's answer arrives."""
    open_playground(page, app_url)
    seen = row(page, BOSE).evaluate(DROPS_IN_ONE_TASK, ["Home", "End"])  # to the top, and back
    assert seen["busy"] == "true"
    expect(page.locator('[data-testid="headline"] .headline__row')).to_have_attribute("aria-busy", "false")
    expect_headline(page, GRADES)


def test_touch_drag_by_the_handle(page_factory: Callable[..., Page], app_url: str, screenshot) -> None:
    page = page_factory(has_touch=True, viewport={"width": 390, "height": 1400}, is_mobile=True)
    open_playground(page, app_url)
    handle = row(page, BOSE).locator('[data-testid="sortable-handle"]')
    page.locator('[data-testid="sortable-list"]').scroll_into_view_if_needed()
    screenshot(page, "playground_phone_before_touch_drag")
    touch_drag(page, handle, row(page, "i0"))
    expect_headline(page, [GRADES[-1], *GRADES[:-1]])
    screenshot(page, "playground_phone_after_touch_drag")


def test_ideal_button_then_undo(page: Page, app_url: str) -> None:
    open_playground(page, app_url)
    page.get_by_role("button", name="Ideal order").click()
    expect(page.locator(HEADLINE).nth(2)).to_have_text("1.00")
    page.get_by_role("button", name="Undo").click()
    expect_headline(page, GRADES)


def test_dark_theme_screenshot(streamlit_server: Callable[..., str], page: Page, screenshot) -> None:
    url = streamlit_server(APP, "--theme.base", "dark")
    open_playground(page, url)
    expect_headline(page, GRADES)
    screenshot(page, "playground_dark")


def test_a_copied_link_reopens_the_dragged_order_in_a_fresh_browser(
    page: Page, page_factory: Callable[..., Page], app_url: str, screenshot
) -> None:
    open_playground(page, app_url)
    mouse_drag(page, row(page, BOSE), row(page, "i0"))
    bose_first = [GRADES[-1], *GRADES[:-1]]
    expect_headline(page, bose_first)
    expect(page).to_have_url(re.compile(r"order=6%2C0%2C1"))
    fresh = page_factory()  # a new context: no cookies, no session
    fresh.goto(page.url)
    wait_for_app_idle(fresh, "NDCG at a glance")
    expect_headline(fresh, bose_first)
    assert shown_names(fresh)[0].startswith("1 Bose Wireless Headphones, grade 3 (rank 1 of 7")
    screenshot(fresh, "playground_reopened_from_link")


# ------------------------------------------------------------- first screens --


def bottom(locator) -> float:
    box = locator.bounding_box()
    assert box is not None
    return box["y"] + box["height"]


@pytest.mark.parametrize(
    "size", [{"width": 1280, "height": 720}, {"width": 1366, "height": 768}], ids=["1280x720", "1366x768"]
)
def test_the_first_screen_shows_the_whole_list_and_the_headline(
    page_factory: Callable[..., Page], app_url: str, screenshot, size: dict
) -> None:
    page = page_factory(viewport=size)
    open_playground(page, app_url)
    expect_headline(page, GRADES)
    rows = page.locator('[data-testid="sortable-item"]')
    assert bottom(rows.nth(len(NAMES) - 1)) <= size["height"], "the list's last row is below the fold"
    assert bottom(page.locator(HEADLINE).nth(2)) <= size["height"], "NDCG@k is below the fold"
    screenshot(page, f"playground_first_screen_{size['width']}x{size['height']}")


def test_on_a_phone_the_list_comes_first_and_the_headline_within_one_and_a_half_screens(
    page_factory: Callable[..., Page], app_url: str, screenshot
) -> None:
    page = page_factory(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    open_playground(page, app_url)
    expect_headline(page, GRADES)
    wait_for_app_idle(page)
    page.wait_for_timeout(500)  # the components and the charts lay out after the run
    assert page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollTop") == 0
    listed = page.locator('[data-testid="sortable-list"]').bounding_box()
    assert listed is not None
    headline_bottom = bottom(page.locator(HEADLINE).nth(2))  # page coordinates: nothing scrolled yet
    assert listed["y"] < headline_bottom  # the list first
    assert headline_bottom <= 1.5 * 844, (
        headline_bottom,
        listed,
        page.locator(HEADLINE).nth(2).bounding_box(),
    )
    screenshot(page, "playground_phone_first_screen")


#: Stamps, in the frame where a new tab first shows the headline, the list's rows and a chart, what
#: else is on the page and where the list and the headline are (inline components: shadow roots);
#: then, in every frame after it (for 8 s), where the list's first row is (``__rowTops``: the
#: lowest and the highest), so that a place held too short or too tall shows, however briefly.
FIRST_FRAME_JS = """
window.__firstFrame = null;
window.__rowTops = null;
const follow = (until) => {
  const row = find('[data-testid="sortable-item"]');
  if (row) {
    const top = row.getBoundingClientRect().top;
    window.__rowTops = [Math.min(window.__rowTops[0], top), Math.max(window.__rowTops[1], top)];
  }
  if (performance.now() < until) requestAnimationFrame(() => follow(until));
};
const roots = () => [...document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')]
  .map((host) => host.shadowRoot).filter(Boolean);
const find = (selector) => roots().map((root) => root.querySelector(selector)).find(Boolean);
const look = () => {
  const value = find('[data-testid="headline-value"]');
  const row = find('[data-testid="sortable-item"]');
  const chart = document.querySelector('[data-testid="stVegaLiteChart"] canvas, [data-testid="stVegaLiteChart"] svg');
  if (value?.textContent && row && chart && chart.getBoundingClientRect().width > 0) {
    window.__firstFrame = {
      slider: document.querySelector('[data-testid="stSlider"]') !== null,
      table: find('[data-testid="rank-table"]') !== undefined,
      firstRun: find('[data-first-run]') !== undefined,
      rowTop: row.getBoundingClientRect().top,
      valueTop: value.getBoundingClientRect().top,
    };
    window.__rowTops = [window.__firstFrame.rowTop, window.__firstFrame.rowTop];
    requestAnimationFrame(() => follow(performance.now() + 8000));
    return;
  }
  requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 720}, {"width": 390, "height": 844}])
def test_a_new_tab_shows_the_list_the_numbers_and_a_chart_first_then_the_rest(
    page_factory: Callable[..., Page], app_url: str, viewport: dict[str, int]
) -> None:
    """Issue 25's first draw: the first run draws the main interaction only; the rest (settings,
    order buttons, per-rank table) comes once the browser has drawn it, and nothing above moves
    (on a projector, and on a phone, where the page's columns stack)."""
    page = page_factory(viewport=viewport)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.add_init_script(FIRST_FRAME_JS)
    page.goto(app_url)
    page.wait_for_function("() => window.__firstFrame !== null")
    first = page.evaluate("() => window.__firstFrame")
    assert first["firstRun"] and not first["slider"] and not first["table"], first
    wait_for_app_idle(page, "NDCG at a glance")  # and for the rest: no first-run mark left
    expect(page.get_by_role("slider", name="Cutoff k")).to_be_visible()
    expect(page.get_by_role("button", name="Ideal order")).to_be_visible()
    expect(page.locator('[data-testid="rank-table-row"]')).to_have_count(len(NAMES))
    now = page.evaluate(
        """() => {
        const roots = [...document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')]
          .map((host) => host.shadowRoot).filter(Boolean);
        const find = (selector) => roots.map((root) => root.querySelector(selector)).find(Boolean);
        return {rowTop: find('[data-testid="sortable-item"]').getBoundingClientRect().top,
                valueTop: find('[data-testid="headline-value"]').getBoundingClientRect().top};
    }"""
    )
    assert now["rowTop"] == pytest.approx(first["rowTop"], abs=1)
    lowest, highest = page.evaluate("() => window.__rowTops")  # in every frame since the first
    assert highest - lowest <= 1, (lowest, highest)
    if first["valueTop"] < viewport["height"]:  # on a phone the headline is under the list, off screen
        assert now["valueTop"] == pytest.approx(first["valueTop"], abs=1)
    expect_headline(page, GRADES)
    assert not [e for e in errors if "404" not in e], errors
