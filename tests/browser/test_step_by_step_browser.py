"""The lesson in Chromium: first screens, drops inside the steps, presentation mode, the keys.

* At 1366×768 and 1280×720 each step's title, its question, the whole list and the step's figure
  are on the first screen; on a 390×844 phone the question, then the list (from the first screen),
  then the step's figure within 1.5 screens.
* A keyboard drop inside steps 5–8 changes the step's DCG@k or NDCG@k to the core's value for the
  new order; step 3 marks the held item's place; step 4's two small lists leave the session's list
  (the Playground's) as it was.
* Presentation mode fits 1280×720 on every step (light and dark) and sets body text at 26 px or more
  at 1920×1080; a plain click draws no focus frame, the keyboard's focus stays visible.

Screenshots of every step are saved (normal mode at 1366×768, presentation at 1280×720); the
numbers are computed by ``ndcg_core`` here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from playwright.sync_api import Locator, Page, expect

import ndcg_core
from ndcg_core.metric.orders import moved
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES, CG_RANKING_B
from tests.browser.conftest import HEADLINE, wait_for_app_idle
from ui.lesson.steps import CHART_REM, STEPS

APP = Path(__file__).resolve().parents[2] / "app.py"
KEYS_APP = Path(__file__).with_name("step_keys_app.py")
GRADES = [float(grade) for grade in BLUETOOTH_HEADPHONES.grades]
NAMES = list(BLUETOOTH_HEADPHONES.labels)
K = BLUETOOTH_HEADPHONES.k
COUNT = len(STEPS)
LAPTOP = {"width": 1366, "height": 768}
PROJECTOR = {"width": 1280, "height": 720}
BIG_SCREEN = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
THEMES = {"light": (), "dark": ("--theme.base", "dark")}
#: The lesson's list (the session's), and a row of it.
LESSON_LIST = '[data-testid="sortable-list"][data-list="lesson_sortable"]'
LESSON_ROW = f'{LESSON_LIST} [data-testid="sortable-item"]'
#: What each step shows as its figure, beside the list.
FIGURES = {
    1: '[data-testid="stTable"]',
    2: '[data-testid="rank-table"]',
    3: '[data-testid="rank-bars"]',
    4: '[data-testid="rank-table"]',
    5: '[data-testid="rank-table"]',
    6: '[data-testid="rank-table"]',
    7: '[data-testid="headline"]',
    8: '[data-testid="stTable"]',
}
#: On a phone, where the figure comes under the list: the step's first number or figure (step 4's
#: CG@k and step 6's DCG@k stand above their tables).
PHONE_FIGURES = {**FIGURES, 4: '[data-testid="stMetric"]', 6: '[data-testid="headline"]'}

pytestmark = pytest.mark.browser


def listening(page: Page, keys: str = "arrows") -> None:
    """Wait until the keyboard listener is mounted (it marks ``<html>`` then)."""
    page.wait_for_selector(f'html[data-step-keys="{keys}"]', state="attached", timeout=15_000)


def open_step(page: Page, url: str, step: int, present: bool = False) -> None:
    """Open the lesson at ``step`` by its link (as an instructor's link does)."""
    page.goto(f"{url}/step_by_step?step={step}" + ("&present=1" if present else ""))
    expect_step(page, step)
    expect(page.locator(LESSON_ROW)).to_have_count(len(NAMES))
    listening(page, "all" if present else "arrows")


def heading(page: Page) -> Locator:
    return page.get_by_role("heading", name=f"of {COUNT}:")


def expect_step(page: Page, step: int) -> None:
    """The lesson shows step ``step`` (1-based) and has finished drawing it."""
    expect(heading(page)).to_have_text(f"Step {step} of {COUNT}: {STEPS[step - 1].title}", timeout=20_000)
    wait_for_app_idle(page)


def bottom(locator: Locator) -> float:
    box = locator.bounding_box()
    assert box is not None
    return box["y"] + box["height"]


def skip(page: Page) -> None:
    page.get_by_role("button", name="Skip: show me").click()
    expect(page.get_by_text("You skipped this question")).to_be_visible(timeout=15_000)
    wait_for_app_idle(page)


def keyboard_move(page: Page, source: int, key: str) -> None:
    """Pick the lesson's row at ``source`` (1-based) up with Space, press ``key``, drop with Space."""
    row = page.locator(LESSON_ROW).nth(source - 1)
    row.focus()
    page.keyboard.press("Space")
    page.keyboard.press(key)
    page.keyboard.press("Space")


# ------------------------------------------------------------ first screens --


@pytest.mark.parametrize("size", [LAPTOP, PROJECTOR], ids=["1366x768", "1280x720"])
def test_each_step_shows_its_question_the_whole_list_and_its_figure_on_the_first_screen(
    streamlit_server: Callable[..., str], page_factory: Callable[..., Page], screenshot, size: dict
) -> None:
    page = page_factory(viewport=size)
    url = streamlit_server(APP)
    for step in range(1, COUNT + 1):
        open_step(page, url, step)
        page.wait_for_timeout(500)  # components draw after the run
        height = size["height"]
        assert bottom(heading(page)) <= height
        assert bottom(page.get_by_text("Question.", exact=False).first) <= height, step
        rows = page.locator(LESSON_ROW)
        assert bottom(rows.nth(len(NAMES) - 1)) <= height, (
            f"step {step}: the list's last row is below the fold"
        )
        assert bottom(page.locator(FIGURES[step]).first) <= height, (
            f"step {step}: the figure is below the fold"
        )
        screenshot(page, f"lesson_step{step}_{size['width']}x{size['height']}")


def top(locator: Locator) -> float:
    box = locator.bounding_box()
    assert box is not None
    return box["y"]


def test_on_a_phone_each_step_shows_its_question_then_the_list_then_its_figure_within_one_and_a_half_screens(
    streamlit_server: Callable[..., str], page_factory: Callable[..., Page], screenshot
) -> None:
    """390×844: the question, then the list (starting on the first screen), then the step's figure,
    whose top is within 1.5 screens; nothing scrolls sideways."""
    page = page_factory(viewport=PHONE, has_touch=True, is_mobile=True)
    url = streamlit_server(APP)
    height = PHONE["height"]
    for step in range(1, COUNT + 1):
        open_step(page, url, step)
        page.wait_for_timeout(500)  # components draw after the run
        assert page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollTop") == 0
        rows = page.locator(LESSON_ROW)
        question = bottom(page.get_by_text("Question.", exact=False).first)
        first_row, last_row = top(rows.first), bottom(rows.nth(len(NAMES) - 1))
        figure = top(page.locator(PHONE_FIGURES[step]).first)
        assert question < first_row < height, f"step {step}: the list does not start on the first screen"
        assert last_row < figure <= 1.5 * height, f"step {step}: list to {last_row}, figure at {figure}"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        screenshot(page, f"lesson_step{step}_390x844")


# --------------------------------------------------------- drops in the steps --


def expect_headline_value(page: Page, name: str, value: str) -> None:
    expect(page.locator(f'[data-testid="headline"] [data-name="{name}"] dd')).to_have_text(
        value, timeout=15_000
    )


@pytest.mark.parametrize("step", [5, 6, 7, 8])
def test_a_keyboard_drop_in_steps_5_to_8_changes_the_steps_number_to_the_cores(
    streamlit_server: Callable[..., str], page_factory: Callable[..., Page], step: int
) -> None:
    page = page_factory(viewport=LAPTOP)
    open_step(page, streamlit_server(APP), step)
    if step != 5:
        skip(page)  # the number the question hides is shown
    keyboard_move(page, 7, "Home")  # Bose to the top
    after = ndcg_core.headline(moved(GRADES, 7, 1), K)
    name, value = ("dcg", after.dcg) if step in (5, 6) else ("ndcg", after.ndcg)
    expect_headline_value(page, name, f"{value:.2f}")
    wait_for_app_idle(page)
    if step == 5:  # the prose says what the drop did, from the core
        expect(page.get_by_text(f"raised DCG@5 from 6.31 to {after.dcg:.2f}")).to_be_visible()
        table = page.locator('[data-testid="rank-table"] [data-testid="rank-table-row"]')
        expect(table.nth(K - 1)).to_contain_text(f"{after.dcg:.2f}")
    if step == 8:  # NDCG at every k follows too
        every = ndcg_core.ndcg_at_every_k(moved(GRADES, 7, 1))
        expect(page.get_by_text("This list looks best at")).to_contain_text(f"{every.max():.2f}")


def test_step3_marks_the_discount_where_the_held_item_would_land(
    streamlit_server: Callable[..., str], page_factory: Callable[..., Page], screenshot
) -> None:
    page = page_factory(viewport=LAPTOP)
    open_step(page, streamlit_server(APP), 3)
    skip(page)
    sony = page.locator(LESSON_ROW).nth(3)
    sony.focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowUp")  # held over rank 3
    held = page.locator('[data-testid="rank-bars-column"].is-held')
    expect(held).to_have_count(1)
    expect(held).to_contain_text("3")
    d3 = 1 / np.log2(3 + 1)  # the discount at rank 3
    expect(page.locator('[data-testid="rank-bars-held"]')).to_have_text(
        f"“Sony Bluetooth Headphones” at rank 3: discount {d3:.3f}, its gain 7 counts {7 * d3:.2f}"
    )
    screenshot(page, "lesson_step3_holding")
    page.keyboard.press("Escape")
    expect(held).to_have_count(0)


def test_step4_examples_leave_the_playgrounds_order_unchanged(
    streamlit_server: Callable[..., str], page_factory: Callable[..., Page]
) -> None:
    page = page_factory(viewport=LAPTOP)
    open_step(page, streamlit_server(APP), 4)
    example = page.locator('[data-testid="sortable-list"][data-list="lesson_example_b_sortable"]')
    example.scroll_into_view_if_needed()
    example.locator('[data-testid="sortable-item"]').nth(3).focus()  # B's grade-3 item to the top
    page.keyboard.press("Space")
    page.keyboard.press("Home")
    page.keyboard.press("Space")
    grades = moved(list(CG_RANKING_B.grades), 4, 1)
    expect(page.get_by_text(f"DCG@4 = {ndcg_core.dcg(grades, 4):.2f}")).to_be_visible(timeout=15_000)
    wait_for_app_idle(page)
    page.get_by_role("link", name="Playground").first.click()
    wait_for_app_idle(page, "NDCG at a glance")
    expect(page.locator(HEADLINE)).to_have_text(["6.31", "14.60", "0.43"], timeout=15_000)
    names = page.locator('[data-testid="sortable-item"] .sortable__label')
    expect(names).to_have_text(NAMES)


def test_try_it_opens_the_playground_on_this_list_and_back_to_the_step(
    streamlit_server: Callable[..., str], page_factory: Callable[..., Page]
) -> None:
    page = page_factory(viewport=LAPTOP)
    open_step(page, streamlit_server(APP), 4)
    keyboard_move(page, 7, "Home")
    wait_for_app_idle(page)
    page.get_by_role("button", name="Open the Playground").click()
    wait_for_app_idle(page, "NDCG at a glance")
    after = ndcg_core.headline(moved(GRADES, 7, 1), K)
    expect(page.locator(HEADLINE).nth(2)).to_have_text(f"{after.ndcg:.2f}")  # the lesson's list, as dropped
    page.get_by_role("button", name="← Back to step 4").click()
    expect_step(page, 4)


# ------------------------------------------------------------ presentation --


def expect_fits(page: Page, size: dict) -> None:
    """Nothing but the lesson, and the whole step within the screen."""
    assert (
        page.locator('[data-testid="stSidebar"]').count() == 0
        or not page.locator('[data-testid="stSidebar"]').is_visible()
    )
    expect(page.get_by_role("link", name="Playground", exact=True)).to_be_hidden()
    overflow = page.evaluate(
        """() => { const main = document.querySelector('[data-testid="stMain"]');
                   return main.scrollHeight - main.clientHeight; }"""
    )
    assert overflow <= 1, f"the step overflows the screen by {overflow} px"
    assert bottom(page.get_by_role("button", name="Open the Playground")) <= size["height"]
    assert bottom(page.locator(LESSON_ROW).nth(len(NAMES) - 1)) <= size["height"]


@pytest.mark.parametrize("theme", THEMES)
def test_every_step_in_presentation_mode_fits_1280x720(
    streamlit_server: Callable[..., str], page_factory: Callable[..., Page], screenshot, theme: str
) -> None:
    page = page_factory(viewport=PROJECTOR)
    open_step(page, streamlit_server(APP, *THEMES[theme]), 1, present=True)
    for step in range(1, COUNT + 1):
        expect_step(page, step)
        page.wait_for_timeout(500)
        expect_fits(page, PROJECTOR)
        screenshot(page, f"lesson_{theme}_presentation_step{step}")
        page.get_by_role("button", name="Reveal").click()  # the answer shown fits too
        expect(page.get_by_role("button", name="Ask me again")).to_be_visible(timeout=15_000)
        wait_for_app_idle(page)
        page.wait_for_timeout(500)
        expect_fits(page, PROJECTOR)
        if step < COUNT:
            page.keyboard.press("ArrowRight")


def test_presentation_text_is_at_least_26px_at_1920x1080(
    streamlit_server: Callable[..., str], page_factory: Callable[..., Page], screenshot
) -> None:
    page = page_factory(viewport=BIG_SCREEN)
    open_step(page, streamlit_server(APP), 1, present=True)
    for step in range(1, COUNT + 1):
        expect_step(page, step)
        sizes = page.locator('[data-testid="stMain"] [data-testid="stMarkdownContainer"] p').evaluate_all(
            "ps => ps.filter(p => p.offsetParent !== null).map(p => parseFloat(getComputedStyle(p).fontSize))"
        )
        assert sizes and min(sizes) >= 26, (step, sizes)
        overflow = page.evaluate(
            "() => { const m = document.querySelector('[data-testid=\"stMain\"]'); return m.scrollHeight - m.clientHeight; }"
        )
        assert overflow <= 1
        screenshot(page, f"lesson_presentation_1920_step{step}")
        page.get_by_role("button", name="Reveal").click()  # the answer shown: its figure grows too
        expect(page.get_by_role("button", name="Ask me again")).to_be_visible(timeout=15_000)
        wait_for_app_idle(page)
        if step in CHART_REM:  # a chart's box is in rem: 1.44 × its height at 1280×720 (root 23 px, not 16)
            chart = page.locator('[data-testid="stVegaLiteChart"]').first
            expect(chart.locator("canvas")).to_be_visible(timeout=15_000)
            assert chart.bounding_box()["height"] >= 1.35 * CHART_REM[step] * 16, step
        assert (
            page.evaluate(
                "() => { const m = document.querySelector('[data-testid=\"stMain\"]'); return m.scrollHeight - m.clientHeight; }"
            )
            <= 1
        )
        screenshot(page, f"lesson_presentation_1920_step{step}_revealed")
        if step < COUNT:
            page.keyboard.press("PageDown")


def test_a_click_draws_no_focus_frame_and_the_keyboard_focus_shows(
    streamlit_server: Callable[..., str], page_factory: Callable[..., Page]
) -> None:
    page = page_factory(viewport=PROJECTOR)
    open_step(page, streamlit_server(APP), 5, present=True)
    page.mouse.click(PROJECTOR["width"] - 8, PROJECTOR["height"] - 8)  # an empty part of the page
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "none"
    page.locator(LESSON_ROW).first.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    focused = page.evaluate(
        "() => { const a = document.activeElement.shadowRoot?.activeElement ?? document.activeElement;"
        " return [a.matches(':focus-visible'), getComputedStyle(a).outlineStyle]; }"
    )
    assert focused[0] and focused[1] != "none", focused


# ---------------------------------------------------------------------- keys --


def test_keyboard_and_clicker_keys_step_through_the_lesson(
    streamlit_server: Callable[..., str], page_factory: Callable[..., Page]
) -> None:
    page = page_factory(viewport=PROJECTOR)
    open_step(page, streamlit_server(APP), 1, present=True)
    for key, step in (("ArrowRight", 2), ("PageDown", 3), ("PageDown", 4), ("PageUp", 3), ("ArrowLeft", 2)):
        page.keyboard.press(key)
        expect_step(page, step)
    page.keyboard.press("Escape")  # leaves presentation mode, on the same step
    expect(page.locator('[data-testid="stHeader"]')).to_be_visible(timeout=15_000)  # the navigation is back
    expect_step(page, 2)


def test_keys_typed_into_a_field_do_not_step(streamlit_server: Callable[..., str], page: Page) -> None:
    open_step(page, streamlit_server(APP), 1)
    page.keyboard.press("ArrowRight")  # outside any field: next step
    expect_step(page, 2)
    field = page.get_by_placeholder("your answer, e.g. 0.43")
    field.click()
    for key in ("ArrowRight", "ArrowLeft", "ArrowRight"):
        page.keyboard.press(key)
    field.fill("7")
    wait_for_app_idle(page)
    expect_step(page, 2)


def test_item_names_are_shown_as_typed(streamlit_server: Callable[..., str], page: Page) -> None:
    name = "**Sony** [x](http://example.com) $1$ <b>bold</b> :red[hot]"
    page.goto(streamlit_server(APP))
    wait_for_app_idle(page, "NDCG at a glance")
    page.get_by_text("Edit the list").click()
    page.get_by_label("Paste a list").fill(f"{name}, 3\nWired Headphones, 1")
    page.get_by_role("button", name="Replace the list").click()
    wait_for_app_idle(page, "Replaced the list")
    page.get_by_role("link", name="Step by step").click()
    wait_for_app_idle(page, "Step 1 of")
    expect(page.locator(LESSON_ROW).first).to_contain_text(name)
    page.get_by_role("button", name="Next →").click()
    expect_step(page, 2)
    cell = (
        page.locator('[data-testid="rank-table"] [data-testid="rank-table-row"]').first.locator("td").nth(1)
    )
    expect(cell).to_have_text(name)
    assert cell.locator("a, strong, b, .katex").count() == 0


# ------------------------------------------------- the listener on its own --


@pytest.fixture(scope="module")
def keys_url(streamlit_server: Callable[..., str]) -> str:
    return streamlit_server(KEYS_APP)


def expect_counts(page: Page, step: int, exits: int = 0) -> None:
    expect(page.get_by_text(f"step = {step} · exits = {exits}")).to_be_visible(timeout=15_000)
    wait_for_app_idle(page)


def test_the_listener_leaves_fields_and_the_sortable_list_alone(keys_url: str, page: Page) -> None:
    from tests.browser.gestures import row

    page.goto(keys_url)
    wait_for_app_idle(page, "step = 0")
    listening(page, "all")
    for key, step in (("ArrowRight", 1), ("PageDown", 2), ("ArrowLeft", 1), ("PageUp", 0)):
        page.keyboard.press(key)
        expect_counts(page, step)
    page.keyboard.press("Escape")
    expect_counts(page, 0, exits=1)
    page.get_by_label("Type here").click()
    for key in ("ArrowRight", "ArrowLeft", "PageDown", "Escape"):
        page.keyboard.press(key)
    page.get_by_label("Type here").fill("typed text")
    expect_counts(page, 0, exits=1)
    row(page, "a").focus()
    page.keyboard.press("Space")  # pick the row up
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Escape")  # the list's own Escape: cancel the move
    page.keyboard.press("PageDown")
    wait_for_app_idle(page)
    expect_counts(page, 0, exits=1)
