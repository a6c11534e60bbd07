"""Issue 28 in Chromium: Many queries with a run that shares no query with its qrels, and with a run
that answers only some of them, uploaded through the page's own uploaders.

No overlap: one plain error naming a few query ids of each file; no table of "None", no empty chart,
no download buttons, no "Open in the Playground", and no "Choose a qrels file…" under it (both files
were chosen). Partial overlap: the numbers, with a note saying how many judged queries the run answers
and what -c would do. Screenshots at 1280×720 are saved in the test's tmp_path (and, with
``NDCG_SHOTS=folder``, there too).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import wait_for_app_idle

APP = Path(__file__).resolve().parents[2] / "app.py"
PROJECTOR = {"width": 1280, "height": 720}
QRELS = "".join(f"{q} 0 d{q}_{i} {i % 3}\n" for q in range(101, 121) for i in range(6))
NO_OVERLAP = "".join(f"{q} Q0 d{q}_0 1 1.0 t\n" for q in range(401, 411))
PARTIAL = "".join(f"{q} Q0 d{q}_{i} {i} {10 - i} t\n" for q in range(101, 117) for i in range(6))


def shot(page: Page, tmp_path: Path, name: str) -> None:
    page.screenshot(path=str(tmp_path / f"{name}.png"))
    if folder := os.environ.get("NDCG_SHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def evaluate_uploads(page: Page, url: str, files: list[Path]) -> None:
    """Open Many queries at projector size, give each uploader its file, press Evaluate."""
    page.set_viewport_size(PROJECTOR)
    page.goto(url + "/many_queries")
    wait_for_app_idle(page, "Many queries")
    inputs = page.locator('[data-testid="stFileUploaderDropzoneInput"]')
    for index, path in enumerate(files):
        inputs.nth(index).set_input_files(str(path))
        page.locator('[data-testid="stFileChipName"]').nth(index).wait_for()
        wait_for_app_idle(page)
    page.get_by_role("button", name="Evaluate these files").click()
    wait_for_app_idle(page)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


@pytest.mark.browser
def test_a_run_sharing_no_query_is_refused_in_plain_words(
    page: Page, streamlit_server: Callable[..., str], tmp_path: Path
) -> None:
    files = [write(tmp_path, "qrels.txt", QRELS), write(tmp_path, "wrong_run.txt", NO_OVERLAP)]
    evaluate_uploads(page, streamlit_server(APP), files)
    error = page.locator('[data-testid="stAlertContentError"]')
    error.first.wait_for()
    text = error.first.inner_text()
    assert text.startswith("Not loaded: wrong_run.txt and qrels.txt have no query in common")
    assert "the run answers 10 queries (401, 402, 403, …), the qrels judge 20 (101, 102, 103, …)" in text
    assert "A swapped or wrong file is the usual cause" in text
    assert error.count() == 1
    assert page.locator('[data-testid="stDataFrame"]').count() == 0  # no table of None
    assert page.locator('[data-testid="stVegaLiteChart"]').count() == 0  # no empty chart
    assert page.locator('[data-testid="stDownloadButton"]').count() == 0
    assert page.get_by_role("button", name="Open in the Playground").count() == 0
    assert page.get_by_text("Choose a qrels file and a run").count() == 0  # both were chosen
    error.first.scroll_into_view_if_needed()
    box = error.first.bounding_box()
    assert box and box["y"] + box["height"] <= PROJECTOR["height"]  # seen without scrolling further
    shot(page, tmp_path, "many_queries_no_shared_query")


@pytest.mark.browser
def test_a_partial_overlap_is_said_above_the_numbers(
    page: Page, streamlit_server: Callable[..., str], tmp_path: Path
) -> None:
    files = [write(tmp_path, "qrels.txt", QRELS), write(tmp_path, "short_run.txt", PARTIAL)]
    evaluate_uploads(page, streamlit_server(APP), files)
    note = page.locator('[data-testid="stAlertContentInfo"]').filter(has_text="judged queries")
    note.first.wait_for()
    text = note.first.inner_text()
    assert "short_run.txt answers 16 of the 20 judged queries; the mean is over those 16" in text
    assert "(with “every qrels query” above, the other 4 count 0)" in text
    assert page.locator('[data-testid="stAlertContentError"]').count() == 0
    page.get_by_role("button", name="Open in the Playground").wait_for()  # the page drawn to its end
    page.locator('[data-testid="stDataFrame"]').nth(1).wait_for()  # the summary and the queries
    assert page.get_by_role("button", name="Open in the Playground").count() == 1
    note.first.scroll_into_view_if_needed()
    shot(page, tmp_path, "many_queries_partial_overlap")
