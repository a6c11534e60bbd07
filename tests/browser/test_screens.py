"""Every page on a phone (390×844) and on a projector (1280×720), light and dark (issue 17.1, 17.2, 17.11).

On a phone no page scrolls sideways, every chart fits the width, and nothing inside a chart is
clipped (a legend entry, an axis label, a point) or overlaps another label; a wide table may
scroll inside itself. On a projector no metric label is cut with "…" (a projector has no hover)
and no chart clips its points. The console holds no error but the two 404s Streamlit's own
frontend causes on a page opened by its address (see :data:`KNOWN_404S`).

The pages are a parameter, :data:`SCREENS`: one entry a page (or a state of a page, such as a
step of the lesson), with the text it shows once drawn. Each test saves a screenshot of the whole
page; set ``NDCG_SCREENSHOTS`` to a folder to keep them (default: the test's temporary folder).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Page

from tests.browser.conftest import open_two_run_sample, wait_for_app_idle

APP = Path(__file__).resolve().parents[2] / "app.py"
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 720}
SCHEMES = ("light", "dark")

pytestmark = pytest.mark.browser


@dataclass(frozen=True)
class Screen:
    """One page (or one state of it) to open by its address."""

    name: str
    path: str
    ready: str
    prepare: Callable[[Page], None] | None = None


def _check_my_table(page: Page) -> None:
    page.get_by_role("tab", name="Check my table").click()
    wait_for_app_idle(page, "Work out the table by hand")


def _biggest_win_in_compare(page: Page) -> None:
    """From the two-run page, B's biggest win opened in Compare: that query's two lists."""
    open_two_run_sample(page)
    page.get_by_role("button", name=re.compile("B's biggest win")).click()
    wait_for_app_idle(page, "Opened from Many queries")


#: The pages under test: every page, and the states of a page that draw differently.
SCREENS: list[Screen] = [
    Screen("playground", "", "Rank by rank"),
    Screen("playground_classroom", "?present=1", "NDCG@5"),
    Screen("step_1", "step_by_step", "Step 1 of 8"),
    Screen("step_3", "step_by_step?step=3", "Step 3 of 8"),
    Screen("step_5", "step_by_step?step=5", "Step 5 of 8"),
    Screen("step_8", "step_by_step?step=8", "Step 8 of 8"),
    Screen("step_8_presenting", "step_by_step?step=8&present=1", "Step 8 of 8"),
    Screen("variants", "variants", "Intent-aware NDCG"),
    Screen("compare", "compare", "Same binary pattern"),
    Screen("what_if", "what_if", "Every order"),
    Screen("practice", "practice", "Exercise set"),
    Screen("practice_table", "practice", "Exercise set", _check_my_table),
    Screen("glossary", "glossary", "IA-NDCG"),
    Screen("many_queries", "many_queries", "Choose a qrels file"),
    Screen("many_queries_two_runs", "many_queries", "Choose a qrels file", open_two_run_sample),
    Screen("compare_biggest_win", "many_queries", "Choose a qrels file", _biggest_win_in_compare),
]

#: Streamlit's frontend, on a page opened by its own address (/what_if), first asks for
#: /what_if/_stcore/health and /what_if/_stcore/host-config as if the page were the app's base
#: path, gets 404 and then asks the right addresses: streamlit/streamlit issue #7074 ("404 health
#: check when navigating directly to a subpage", open; PR #11537 prepares a fix). Not ours, and
#: harmless: the app connects on the second try.
KNOWN_404S = re.compile(r"/[a-z_]+/_stcore/(health|host-config)$")


@pytest.fixture(scope="module")
def app_url(streamlit_server: Callable[..., str]) -> str:
    return streamlit_server(APP)


def open_screen(page: Page, url: str, screen: Screen) -> None:
    """Open the page by its address and wait until it and its charts are drawn."""
    page.goto(f"{url}/{screen.path}")
    wait_for_app_idle(page, screen.ready)
    if screen.prepare:
        screen.prepare(page)
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')]
                 .every(chart => chart.querySelector('svg, canvas'))"""
    )
    wait_for_app_idle(page)


def save_screenshot(page: Page, name: str, folder: Path) -> Path:
    """The whole page as one PNG: the viewport is made as tall as the page's own scrolling area."""
    viewport = page.viewport_size or PHONE
    height = page.evaluate(
        """() => { const main = document.querySelector('[data-testid="stMain"]');
                   return Math.ceil(main ? main.scrollHeight : document.body.scrollHeight); }"""
    )
    page.set_viewport_size(
        {"width": viewport["width"], "height": min(max(height, viewport["height"]), 16000)}
    )
    page.wait_for_timeout(300)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(viewport)
    return path


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("NDCG_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


#: What a page draws beyond its width or clips, in the browser's own measurements.
LAYOUT_PROBLEMS = """() => {
  const width = document.documentElement.clientWidth, problems = [];
  if (document.documentElement.scrollWidth > width) problems.push(`page ${document.documentElement.scrollWidth} px wide`);
  const main = document.querySelector('[data-testid="stMain"]');
  if (main && main.scrollWidth > main.clientWidth) problems.push(`main area scrolls sideways: ${main.scrollWidth} px`);
  // A text's box is its font's whole line (ascent to descent), a few px more than its glyphs:
  // a title at the very top of a chart overhangs by 3 px and shows whole. Clipping that shows
  // ("idea" for "ideal", "0.6" for "0.61") is far more than this slack. A point gets none.
  const inside = (box, outer, slack) => box.left >= outer.left - slack && box.right <= outer.right + slack
                                        && box.top >= outer.top - slack && box.bottom <= outer.bottom + slack;
  const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const shown = t => t.textContent.trim() && getComputedStyle(t).opacity !== '0' && t.getBoundingClientRect().width > 0;
  const overlaps = (title, texts, what) => {
    const boxes = texts.filter(shown).map(t => [t.textContent, t.getBoundingClientRect()]);
    boxes.forEach(([a, boxA], i) => boxes.slice(i + 1).forEach(([b, boxB]) => {
      if (overlap(boxA, boxB)) problems.push(`${title}: ${what} "${a}" and "${b}" overlap`);
    }));
  };
  document.querySelectorAll('[data-testid="stVegaLiteChart"], .vega-embed').forEach(chart => {
    const box = chart.getBoundingClientRect();
    if (box.left < -1 || box.right > width + 1) problems.push(`chart from ${box.left} to ${box.right} px`);
  });
  document.querySelectorAll('.vega-embed svg').forEach((svg, n) => {
    // what shows of the chart: its drawing, cut by its box on the page and by the window
    const drawing = svg.getBoundingClientRect(), holder = svg.closest('.vega-embed').getBoundingClientRect();
    const frame = {left: Math.max(drawing.left, holder.left, 0), right: Math.min(drawing.right, holder.right, width),
                   top: Math.max(drawing.top, holder.top), bottom: Math.min(drawing.bottom, holder.bottom)};
    const title = (svg.querySelector('.role-title-text') || {}).textContent || `chart ${n + 1}`;
    svg.querySelectorAll('text').forEach(text => {
      if (!shown(text)) return;
      if (!inside(text.getBoundingClientRect(), frame, 4)) problems.push(`${title}: "${text.textContent}" is cut at the chart's edge`);
      if (text.textContent.endsWith('…')) problems.push(`${title}: "${text.textContent}" is shortened`);
    });
    svg.querySelectorAll('.mark-symbol path').forEach(point => {
      const box = point.getBoundingClientRect();
      if (box.width > 0 && !inside(box, frame, 0.5)) problems.push(`${title}: a point is cut at the chart's edge`);
    });
    svg.querySelectorAll('.role-axis-label').forEach(group => overlaps(title, [...group.querySelectorAll('text')], 'axis labels'));
    // the labels a chart writes beside its marks
    overlaps(title, [...svg.querySelectorAll('.mark-text text')], 'labels');
  });
  return problems;
}"""

#: Metric labels that Streamlit cut with "…" (their text is wider than their box).
CUT_LABELS = """() => [...document.querySelectorAll('[data-testid="stMetricLabel"] .stMarkdownEllipsis')]
  .filter(label => label.offsetParent !== null && label.scrollWidth > label.clientWidth)
  .map(label => label.textContent)"""


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: s.name)
def test_a_phone_never_scrolls_sideways_and_charts_fit(
    page_factory: Callable[..., Page], app_url: str, shots: Path, screen: Screen, scheme: str
) -> None:
    page = page_factory(viewport=PHONE, color_scheme=scheme, has_touch=True, is_mobile=True)
    open_screen(page, app_url, screen)
    problems = page.evaluate(LAYOUT_PROBLEMS)
    save_screenshot(page, f"{screen.name}_390x844_{scheme}", shots)
    assert problems == []


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: s.name)
def test_a_projector_shows_every_label_whole(
    page_factory: Callable[..., Page], app_url: str, shots: Path, screen: Screen, scheme: str
) -> None:
    page = page_factory(viewport=PROJECTOR, color_scheme=scheme)
    open_screen(page, app_url, screen)
    cut = page.evaluate(CUT_LABELS)
    problems = page.evaluate(LAYOUT_PROBLEMS)
    save_screenshot(page, f"{screen.name}_1280x720_{scheme}", shots)
    assert cut == []
    assert problems == []


@pytest.mark.parametrize("screen", [s for s in SCREENS if not s.prepare], ids=lambda s: s.name)
def test_the_console_holds_no_error_but_streamlits_known_404s(
    page_factory: Callable[..., Page], app_url: str, screen: Screen
) -> None:
    page = page_factory()
    errors: list[str] = []

    def record(message: ConsoleMessage) -> None:
        where = message.location.get("url", "")
        if message.type == "error" and not ("404" in message.text and KNOWN_404S.search(where)):
            errors.append(f"{message.text} ({where})")

    page.on("console", record)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    open_screen(page, app_url, screen)
    page.wait_for_timeout(1000)  # late errors: a chart's or a component's
    assert errors == []
