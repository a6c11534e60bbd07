"""How long from a drop to the updated NDCG, in a real browser, and how long a rerun takes on the server.

Run it from the repository root (after ``bash scripts/setup.sh --dev``):

    .venv/bin/python benchmarks/drop_latency.py            # 7 and 50 items, 20 drops each
    .venv/bin/python benchmarks/drop_latency.py --drops 40

What is measured:

* **drop → numbers**: the Playground runs on 127.0.0.1 and headless Chromium moves an item by
  keyboard (Space, arrows, Space). A listener in the page stamps the moment of the dropping key
  press; a MutationObserver stamps the moment the NDCG@k headline shows the value the core
  computes for the new order. The difference is one sample; the script reports the median and
  the 95th percentile. Drops alternate between "last item to rank 1" and back, so every drop
  changes NDCG.
* **script run**: the Playground's script run on the server for the same change, timed with
  Streamlit's AppTest (no browser, no network): the median of the same number of runs.

Targets (issue 2): median under 200 ms from drop to numbers for 7 items, under 300 ms for 50.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

import ndcg_core  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, chromium_path, start_streamlit, stop_streamlit  # noqa: E402
from ui.state.scenario import LIST_KEY  # noqa: E402

STAMPS_JS = """() => {
  window.__drop = null; window.__shown = null; window.__want = null;
  document.addEventListener('keydown', (event) => {
    if (event.key === ' ') window.__drop = performance.now();
  }, true);
  const value = () => document.querySelectorAll('[data-testid="stMetricValue"]')[2]?.textContent.trim();
  new MutationObserver(() => {
    if (window.__want !== null && window.__shown === null && value() === window.__want) {
      window.__shown = performance.now();
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def long_list(n: int) -> str:
    """A pasteable list of n items: grade 0 first, grade 3 last, mixed grades between."""
    grades = [0] + [(i * 7) % 4 for i in range(1, n - 1)] + [3]
    return "\n".join(f"Item {i + 1}, {g}" for i, g in enumerate(grades))


def paste(page: Page, text: str) -> None:
    """Replace the Playground's list through its editor, as a user would."""
    page.get_by_text("Edit the list").click()
    page.get_by_label("Paste a list").fill(text)
    page.get_by_role("button", name="Replace the list").click()
    page.wait_for_timeout(1500)
    page.get_by_text("Edit the list").click()  # closed again, as while dragging
    page.wait_for_timeout(1000)


def move_by_keyboard(page: Page, from_rank: int, to_rank: int) -> None:
    """Focus the row at from_rank, pick it up, move it to to_rank, drop it."""
    rows = page.locator('[data-testid="sortable-item"]')
    rows.nth(from_rank - 1).focus()
    page.keyboard.press(" ")
    key = "ArrowUp" if to_rank < from_rank else "ArrowDown"
    for _ in range(abs(from_rank - to_rank)):
        page.keyboard.press(key)
    page.keyboard.press(" ")


def browser_samples(page: Page, grades: list[float], k: int, drops: int) -> list[float]:
    """Milliseconds from each drop to the updated NDCG@k headline."""
    page.evaluate(STAMPS_JS)
    samples, n = [], len(grades)
    for drop in range(drops):
        grades = [grades[-1], *grades[:-1]] if drop % 2 == 0 else [*grades[1:], grades[0]]
        want = f"{ndcg_core.ndcg(grades, k):.2f}"
        page.evaluate(f"() => {{ window.__want = {want!r}; window.__shown = null; }}")
        if drop % 2 == 0:
            move_by_keyboard(page, n, 1)
        else:
            move_by_keyboard(page, 1, n)
        page.wait_for_function("() => window.__shown !== null", timeout=15_000)
        samples.append(page.evaluate("() => window.__shown - window.__drop"))
        page.wait_for_timeout(150)
    return samples


def script_samples(pasted: str | None, runs: int) -> list[float]:
    """Milliseconds of one Playground script run after a new order, timed with AppTest."""
    at = AppTest.from_file(str(REPO / "app.py"), default_timeout=60).run()
    if pasted:
        at.session_state["editor_open"] = True
        at.run().text_area(key="editor_paste").input(pasted)
        at.button[[b.label for b in at.button].index("Replace the list")].click().run()
        at.session_state["editor_open"] = False
    samples = []
    for _ in range(runs):
        ranked = at.session_state[LIST_KEY]
        at.session_state[LIST_KEY] = ranked.reordered([ranked.ids[-1], *ranked.ids[:-1]])
        start = time.perf_counter()
        at.run()
        samples.append(1000 * (time.perf_counter() - start))
    return samples


def summary(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"{name:<34} median {statistics.median(samples):7.1f} ms   p95 {p95:7.1f} ms   (n = {len(samples)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--drops", type=int, default=20)
    parser.add_argument(
        "--streamlit-arg",
        action="append",
        default=[],
        help="passed to streamlit run, e.g. --runner.postScriptGC=false",
    )
    args = parser.parse_args()
    log = Path(tempfile.mkdtemp()) / "streamlit.log"
    process, url = start_streamlit(REPO / "app.py", tuple(args.streamlit_arg), log)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for n in (7, 50):
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(url)
                page.locator('[data-testid="sortable-item"]').first.wait_for()
                pasted = None if n == 7 else long_list(n)
                if pasted:
                    paste(page, pasted)
                grades = (
                    [0, 1, 2, 3, 2, 0, 3]
                    if n == 7
                    else [float(line.rsplit(",", 1)[1]) for line in pasted.splitlines()]
                )
                print(summary(f"drop → NDCG shown, {n} items", browser_samples(page, grades, 5, args.drops)))
                print(summary(f"script run (AppTest), {n} items", script_samples(pasted, args.drops)))
                page.close()
            browser.close()
    finally:
        stop_streamlit(process)


if __name__ == "__main__":
    main()
