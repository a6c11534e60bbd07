"""Issue 27 in Chromium: the B − A chart on a projector's screen (its title, the runs' names, the worst
queries labelled, text dark on light and light on dark), the verdict beside its "Download for slides"
button, and documents without a judgment marked "not judged" in Compare's lists. Screenshots are
saved in the test's tmp_path."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import open_two_run_sample, wait_for_app_idle

APP = Path(__file__).resolve().parents[2] / "app.py"
PROJECTOR = {"width": 1280, "height": 720}
#: The chart's text as the SVG draws it: every text element with its fill colour.
CHART_TEXTS = """el => [...el.querySelectorAll('svg text')].map(t => [t.textContent, getComputedStyle(t).fill || t.getAttribute('fill')])"""


def luminance(colour: str) -> float:
    """WCAG relative luminance of an ``rgb(r, g, b)`` or ``#rrggbb`` colour."""
    if colour.startswith("#"):
        channels = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    else:
        channels = [int(float(c)) for c in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3]]
    linear = [
        (c / 255) / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in channels
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def open_sample_at(page: Page, url: str) -> None:
    page.set_viewport_size(PROJECTOR)
    page.goto(url + "/many_queries")
    wait_for_app_idle(page, "Many queries")
    open_two_run_sample(page)


def chart_texts(page: Page) -> dict[str, str]:
    chart = page.locator('[data-testid="stVegaLiteChart"]').first
    chart.scroll_into_view_if_needed()
    page.wait_for_timeout(1500)  # Vega draws after the script run ends
    return dict(chart.evaluate(CHART_TEXTS))


@pytest.mark.browser
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_b_minus_a_chart_names_measure_runs_and_worst_queries_in_text_a_projector_shows(
    page: Page, streamlit_server: Callable[..., str], theme: str, screenshot, tmp_path: Path
) -> None:
    open_sample_at(page, streamlit_server(APP, "--theme.base", theme))
    texts = chart_texts(page)
    chart = page.locator('[data-testid="stVegaLiteChart"]').first
    box = chart.bounding_box()
    assert box and box["width"] >= 1000 and box["height"] >= 380  # the plot is 300 px tall, titles on top
    heading = page.get_by_text("NDCG@10 per query: run_b (B) − run_a (A), 50 queries", exact=True)
    assert heading.is_visible()  # above the chart, where it wraps on a phone
    assert page.get_by_text(
        "B's worst: 420: home espresso machine (−0.522); 442: baby monitor with camera"
    ).is_visible()
    for qid in ("420", "442", "448"):  # B's three worst queries, labelled on their bars
        assert qid in texts
    assert {"run_b (B) higher", "run_a (A) higher"} <= set(texts)
    assert page.get_by_text("◇ on the zero line: a loss or a 0 where more than half").is_visible()
    assert "tied" not in texts and "level" not in texts  # no query is tied: the legend does not list it
    colour = texts["run_b (B) higher"]
    background = 1.0 if theme == "light" else luminance("#0e1117")
    contrast = (max(luminance(colour), background) + 0.05) / (min(luminance(colour), background) + 0.05)
    assert contrast >= 12, f"chart text {colour} on the {theme} theme: {contrast:.1f}:1"
    heading.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"b_minus_a_chart_{theme}.png"))
    page.get_by_role("button", name="⬇ Download for slides").scroll_into_view_if_needed()
    assert page.get_by_role("heading", name="B is better on NDCG@10").is_visible()
    screenshot(page, f"verdict_{theme}")


@pytest.mark.browser
def test_compare_marks_documents_without_a_judgment(
    page: Page, streamlit_server: Callable[..., str], screenshot
):
    open_sample_at(page, streamlit_server(APP))
    page.get_by_role("button", name="Query 420: home espresso machine: B's biggest loss").click()
    wait_for_app_idle(page, "Compare two rankings")
    page.wait_for_timeout(1000)
    lists = page.locator('[data-testid="sortable-list"]')
    assert lists.count() == 2
    a_details = lists.nth(0).locator(".sortable__detail").all_text_contents()
    b_details = lists.nth(1).locator(".sortable__detail").all_text_contents()
    assert b_details[:10] == ["not judged"] * 10  # B's ten new documents: nobody judged them
    assert "not judged" in a_details and any(d.startswith("grade 0") for d in a_details)  # both kinds, apart
    assert page.get_by_text("query 420 has 40 judged documents in qrels.txt").is_visible()
    assert page.get_by_text(
        "10 of B's top 10 here have no judgment, so B's 0 here may only mean"
    ).is_visible()
    lists.nth(1).locator(".sortable__detail").nth(3).scroll_into_view_if_needed()
    screenshot(page, "compare_not_judged")
    page.get_by_text("In plain words, for a slide or an e-mail: the whole comparison").click()
    page.get_by_text("The query that shows it best").first.wait_for(state="visible")
    page.get_by_text("The query that shows it best").first.scroll_into_view_if_needed()
    screenshot(page, "compare_summary")


@pytest.mark.browser
def test_the_playground_opened_from_two_runs_marks_documents_without_a_judgment(
    page: Page, streamlit_server: Callable[..., str], screenshot
):
    """Query 420 of run B in the Playground: its top 10 "not judged", at the comparison's k, and the
    comparison in plain words in place of the single list's summary."""
    open_sample_at(page, streamlit_server(APP))
    page.get_by_text("B: run_b.txt").last.click()
    wait_for_app_idle(page)
    page.get_by_role("combobox", name="Query (worst first at NDCG@10)").click()
    page.get_by_role("option").filter(has_text="420").first.click()
    wait_for_app_idle(page)
    page.get_by_role("button", name="Open in the Playground").click()
    wait_for_app_idle(page, "NDCG at a glance")
    details = page.locator('[data-testid="sortable-list"] .sortable__detail')
    details.first.wait_for(state="visible")
    assert details.all_text_contents()[:10] == ["not judged"] * 10
    assert page.get_by_text("cutoff k = 10").first.is_visible()  # the comparison's k, not 5
    screenshot(page, "playground_not_judged")
    page.get_by_text("In plain words, for a slide or an e-mail").first.click()
    summary = page.get_by_text("The query that shows it best is 443")
    summary.first.wait_for(state="visible")
    summary.first.scroll_into_view_if_needed()
    screenshot(page, "playground_comparison_summary")
