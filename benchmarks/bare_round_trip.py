"""The framework's floor for a drop: a bare Streamlit page, one button, one metric.

    .venv/bin/python benchmarks/bare_round_trip.py            # 40 clicks
    .venv/bin/python benchmarks/bare_round_trip.py --clicks 100

A page with a button whose callback changes the value of one ``st.metric`` is started on
127.0.0.1; headless Chromium clicks the button and a MutationObserver stamps the moment the
metric shows its new value, as ``drop_latency.py`` does for the Playground's NDCG@k headline. What
the Playground takes beyond this figure is its own drawing (its fragment, charts and components),
not Streamlit's round trip. Measured 2026-11-23, load 0.7: median 21 ms, p95 33 ms (the Playground:
158–168 ms median for 7 items).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.browser.conftest import (  # noqa: E402
    CHROMIUM_ARGS,
    chromium_path,
    start_streamlit,
    stop_streamlit,
    wait_for_app_idle,
)

BARE_APP = """
import streamlit as st

st.session_state.setdefault("n", 0)


def bump():
    st.session_state.n += 1


st.button("Drop", on_click=bump)
st.metric("NDCG@5", f"{st.session_state.n}")
"""

#: Click the button; resolve with the milliseconds until the metric shows ``want``.
CLICK_AND_TIME = """(want) => new Promise(resolve => {
    const shown = () => document.querySelector('[data-testid="stMetricValue"]').textContent.trim();
    const start = performance.now();
    const observer = new MutationObserver(() => {
        if (shown() === want) { observer.disconnect(); resolve(performance.now() - start); }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true});
    [...document.querySelectorAll('button')].find(b => b.textContent.trim() === 'Drop').click();
})"""


def measure(clicks: int) -> list[float]:
    """Milliseconds from each click to the new value on screen."""
    with tempfile.TemporaryDirectory() as folder:
        app = Path(folder) / "bare.py"
        app.write_text(BARE_APP)
        process, url = start_streamlit(app, (), Path(folder) / "streamlit.log")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(url)
                wait_for_app_idle(page, "NDCG@5")
                times = []
                for click in range(1, clicks + 1):
                    page.wait_for_timeout(300)
                    times.append(page.evaluate(CLICK_AND_TIME, str(click)))
                browser.close()
        finally:
            stop_streamlit(process)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clicks", type=int, default=40)
    times = sorted(measure(parser.parse_args().clicks))
    p95 = times[round(0.95 * (len(times) - 1))]
    print(
        f"bare Streamlit page: click → metric shown, median {statistics.median(times):.0f} ms, p95 {p95:.0f} ms"
    )


if __name__ == "__main__":
    main()
