"""How long a new tab takes to show the Playground, side by side with the floor: a bare Streamlit
page with one metric and one chart. Also how long the first visit after a server start takes.

Run it from the repository root (after ``bash scripts/setup.sh --dev``)::

    .venv/bin/python benchmarks/first_draw.py                     # 8 tabs of each page
    .venv/bin/python benchmarks/first_draw.py --tabs 12 --before /tmp/main --restarts 4

What is measured: headless Chromium (1280×720) opens a new tab on each page, one after the
other, in one browser context, so its HTTP cache is warm after the first visit, as for a user
who opens another tab of an app they have open (the first visit of each page is a warm-up and
not counted). A script installed in the tab before the page loads checks every animation frame
and stamps two moments:

* **headline and first chart**: the NDCG headline is shown (``stMetricValue`` on the bare pages,
  the headline component's values on the Playground), the sortable list has drawn its rows (where
  there is one) and a chart has drawn (a canvas or an SVG with a size). Issue 25 measures this:
  what a new tab shows of the page's main interaction;
* **whole page**: the app has finished its run (no "running" icon, no loading skeleton, nothing
  greyed out), every chart has drawn, every inline component its rows (the sortable list, the
  per-rank table) and every data grid its canvas, and no headline is marked as a new tab's first
  run (``data-first-run``): the Playground's first run in a tab draws the title, the caption, the
  list, the headline's numbers and the first chart, and the rest once the browser has drawn them
  (``ui/state/first_paint.py``), so its whole page is the end of its second run.

The pages: **bare**, a Streamlit page with one ``st.metric`` and nothing else (written to a
temporary folder, run with this repository's ``.streamlit/config.toml`` by the same Streamlit,
with the same options); **bare + one chart**, the same page with the one chart a new tab of the
Playground draws (CG, DCG and IDCG of seed 000, the Playground's own spec and data, made by
``ui.charts``): the floor, the lightest page that shows a metric and a chart; **the floor + the
app's navigation**, the floor's page behind the app's own navigation bar (its eight pages at the top,
the wide layout; the other pages are stubs), which every page of the app pays for; the **Playground**
(``/``) and its **classroom view** (``/?present=1``); with ``--before DIR`` (repeatable), the
Playground of other checkouts too. Each is served by its own ``streamlit run`` on 127.0.0.1, all
started the same way, visited in turn (the order reversed every other round). The script prints
the median and the spread of each, and each one's ratio to the floor: the ratio of the medians
(issue 25's measure) and the ratio round by round (:func:`by_round`). The machine's load average
is printed too: on a shared machine, read the ratios, not the milliseconds.

``--restarts N`` also measures the **first visit after a server start**: N times, a Playground
server is started on one fixed port (one origin: the browser's cache holds Streamlit's scripts
across restarts, as it does for a student) and its first tab timed, then a later tab; once cold,
and once after ``/_stcore/script-health-check`` has run the app's script in the server, which is
what the Kubernetes startup probe and ``scripts/run_replicas.py`` do before a replica takes
students (``scriptHealthCheckEnabled`` in deploy/streamlit-production.toml).

Target (issue 25): the Playground within 1.2 × the floor (bare + one chart).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from playwright.sync_api import BrowserContext, sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM_ARGS, chromium_path, free_port, stop_streamlit  # noqa: E402

#: The floor: the lightest page with a metric and a chart (issue 25's target is 1.2 × this).
FLOOR = "bare + one chart (the floor)"

BARE_APP = 'import streamlit as st\n\nst.metric("NDCG@5", "0.43")\n'

#: The bare page and the chart a new tab of the Playground draws, with this repository's code.
ONE_CHART_APP = f"""import sys

sys.path.insert(0, {str(REPO)!r})

import streamlit as st

from ndcg_core import Ranking
from ndcg_core.metric.breakdown import breakdown_columns
from ui.charts.playground import cumulative_data, with_data

ranking = Ranking.of([0, 1, 2, 3, 2, 0, 3], 5)  # seed 000, as the Playground opens
st.metric("NDCG@5", f"{{ranking.ndcg:.2f}}")
table = breakdown_columns(ranking, [f"item {{rank}}" for rank in range(1, 8)])
st.vega_lite_chart(with_data("cumulative", cumulative_data(table), 5), width="stretch")
"""

#: The floor behind the app's own navigation bar (its eight pages, titles and icons, at the top, in
#: the wide layout): the floor's page is the default one, the others are stubs. What the bar costs
#: a new tab is Streamlit's, and every page of the app pays it.
NAVIGATION_APP = f"""import sys

sys.path.insert(0, {str(REPO)!r})

import streamlit as st

from ui.navigation import PAGES

st.set_page_config(layout="wide")
pages = [st.Page("floor.py", title=PAGES[0].title, icon=PAGES[0].icon, default=True)]
pages += [st.Page("stub.py", title=p.title, icon=p.icon, url_path=f"page{{n}}") for n, p in enumerate(PAGES[1:])]
st.navigation(pages, position="top").run()
"""

#: Installed in every tab before its page loads: stamps the first frame at which the page is whole.
WHOLE_JS = """
window.__whole = null; window.__headline = null; window.__first = null;
const headlineShown = () =>
  [...document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')].some(
    (host) => host.shadowRoot?.querySelector('[data-testid="headline-value"]')?.textContent)
  || document.querySelectorAll('[data-testid="stMetricValue"]').length > 0;
const chartDrawn = (chart) => {
  const picture = chart.querySelector('canvas, svg');
  return picture && picture.getBoundingClientRect().width > 0;
};
const listsDrawn = () => [...document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')].every((host) => {
  const list = host.shadowRoot?.querySelector('[data-testid="sortable-list"]');
  return !list || list.querySelector('[data-testid="sortable-item"]');
});
// The headline, the list's rows and a chart: the page's main interaction.
const first = () => headlineShown() && listsDrawn()
  && [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')].some(chartDrawn);
const drawn = () => {
  if (!document.querySelector('[data-testid="stAppViewContainer"]')) return false;
  if (document.querySelector('[data-testid="stStatusWidgetRunningIcon"], [data-testid="stSkeleton"], '
      + '[data-testid="stAppSkeleton"], [data-stale="true"]')) return false;
  if (!headlineShown()) return false;
  // A new tab's first run draws the main interaction only; the rest follows (ui/state/first_paint.py).
  if ([...document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')].some(
      (host) => host.shadowRoot?.querySelector('[data-first-run]'))) return false;
  if (window.__headline === null) window.__headline = performance.now();
  for (const chart of document.querySelectorAll('[data-testid="stVegaLiteChart"]')) {
    if (!chartDrawn(chart)) return false;
  }
  for (const grid of document.querySelectorAll('[data-testid="stDataFrame"]')) {
    if (!grid.querySelector('canvas')) return false;
  }
  for (const host of document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')) {
    const root = host.shadowRoot;
    if (!root) return false;
    const list = root.querySelector('[data-testid="sortable-list"]');
    if (list && !list.querySelector('[data-testid="sortable-item"]')) return false;
    const table = root.querySelector('[data-testid="rank-table"]');
    if (table && !table.querySelector('[data-testid="rank-table-row"]')) return false;
  }
  return true;
};
const tick = () => {
  if (window.__first === null && first()) window.__first = performance.now();
  if (drawn()) { window.__whole = performance.now(); window.__first ??= window.__whole; return; }
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
"""


def start(
    app_dir: Path, script: str, log: Path, port: int | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """``streamlit run script`` from ``app_dir`` on ``port`` (a free one by default), as every page
    here is started; the script health check is on (see ``--restarts``)."""
    port = port or free_port()
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        script,
        "--server.headless=true",
        "--server.address=127.0.0.1",
        f"--server.port={port}",
        "--browser.gatherUsageStats=false",
        "--server.fileWatcherType=none",
        "--server.scriptHealthCheckEnabled=true",
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=app_dir,
            env=dict(os.environ, PYTHONPATH=str(app_dir)),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1):
                return process, url
        except OSError:
            time.sleep(0.2)
    stop_streamlit(process)
    raise RuntimeError(f"{script} did not start:\n{log.read_text()}")


def bare_app_dir(script: str = BARE_APP, **other_scripts: str) -> Path:
    """A folder with a bare page (``script``, as app.py; ``other_scripts`` by name) and this
    repository's Streamlit configuration."""
    folder = Path(tempfile.mkdtemp(prefix="bare_page_"))
    (folder / "app.py").write_text(script)
    for name, text in other_scripts.items():
        (folder / f"{name}.py").write_text(text)
    shutil.copytree(REPO / ".streamlit", folder / ".streamlit")
    return folder


def open_once(context: BrowserContext, url: str) -> tuple[float, float]:
    """A new tab on ``url``: milliseconds to the headline and first chart, and to the whole page."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__whole !== null", timeout=120_000, polling=50)
    first, whole = page.evaluate("() => [window.__first, window.__whole]")
    page.close()
    return first, whole


def restarts(context: BrowserContext, rounds: int, logs: Path) -> dict[str, tuple[list[float], list[float]]]:
    """First and later visits after each of ``rounds`` server starts, cold and warmed (see above)."""
    port = free_port()
    found: dict[str, tuple[list[float], list[float]]] = {"cold": ([], []), "warmed": ([], [])}
    for round_ in range(rounds):
        for how in ("cold", "warmed") if round_ % 2 == 0 else ("warmed", "cold"):
            process, url = start(REPO, "app.py", logs / f"restart-{round_}-{how}.log", port=port)
            try:
                if how == "warmed":
                    urllib.request.urlopen(f"{url}/_stcore/script-health-check", timeout=120).read()
                found[how][0].append(open_once(context, url + "/")[1])
                found[how][1].append(open_once(context, url + "/")[1])
            finally:
                stop_streamlit(process)
    return found


def by_round(samples: list[tuple[float, float]], floor: list[tuple[float, float]]) -> str:
    """The ratio to the floor round by round (each page's tab over the floor's tab of the same
    round, seconds apart, so a change in the machine's load touches both): the median of the
    rounds' ratios and, in brackets, the middle half of them (first to third quartile).

    >>> by_round([(150, 0), (120, 0), (110, 0), (140, 0), (130, 0)], [(100, 0)] * 5)
    '1.30 (1.20–1.40)'
    """
    ratios = [page / base for (page, _), (base, _) in zip(samples, floor, strict=True)]
    low, middle, high = statistics.quantiles(ratios, n=4, method="inclusive")
    return f"{middle:.2f} ({low:.2f}–{high:.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tabs", type=int, default=8, help="new tabs per page (after one warm-up tab)")
    parser.add_argument(
        "--before", type=Path, action="append", default=[], help="another checkout (repeatable)"
    )
    parser.add_argument("--restarts", type=int, default=0, help="server starts for the first-visit rows")
    args = parser.parse_args()
    logs = Path(tempfile.mkdtemp())
    servers = {
        "bare page (one st.metric)": start(bare_app_dir(), "app.py", logs / "bare.log"),
        FLOOR: start(bare_app_dir(ONE_CHART_APP), "app.py", logs / "one_chart.log"),
        "the floor + the app's navigation": start(
            bare_app_dir(
                NAVIGATION_APP, floor=ONE_CHART_APP, stub='import streamlit as st\n\nst.write("stub")\n'
            ),
            "app.py",
            logs / "navigation.log",
        ),
        "Playground": start(REPO, "app.py", logs / "playground.log"),
    }
    for index, checkout in enumerate(args.before):
        name = f"Playground, {checkout.resolve().name}"
        servers[name] = start(checkout.resolve(), "app.py", logs / f"before-{index}.log")
    pages = {name: url + "/" for name, (_, url) in servers.items()}
    pages["Playground, classroom view"] = servers["Playground"][1] + "/?present=1"
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in pages}
    load = os.getloadavg()[0]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            context.add_init_script(WHOLE_JS)
            for url in pages.values():
                open_once(context, url)  # warm-up: the browser's cache and the server's imports
            for tab in range(args.tabs):
                order = list(pages.items()) if tab % 2 == 0 else list(reversed(pages.items()))
                for name, url in order:
                    results[name].append(open_once(context, url))
            for process, _ in servers.values():
                stop_streamlit(process)
            after_start = restarts(context, args.restarts, logs) if args.restarts else {}
            browser.close()
    finally:
        for process, _ in servers.values():
            stop_streamlit(process)
    floor_first, floor_whole = (statistics.median(column) for column in zip(*results[FLOOR], strict=True))
    print(f"\nnew tab, median of {args.tabs} tabs (1280×720, warm browser cache)")
    print(f"load average {load:.2f} → {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores\n")
    print(
        f"{'':34}{'headline + chart':>17}{'× floor':>8}{'by round':>18}{'whole page':>12}{'× floor':>8}{'range':>14}"
    )
    for name, samples in results.items():
        first = statistics.median(f for f, _ in samples)
        wholes = [w for _, w in samples]
        whole = statistics.median(wholes)
        spread = f"{min(wholes):.0f}–{max(wholes):.0f}"
        print(
            f"{name:34}{first:15.0f}ms{first / floor_first:8.2f}{by_round(samples, results[FLOOR]):>18}"
            f"{whole:10.0f}ms{whole / floor_whole:8.2f}{spread:>14}"
        )
    for how, (firsts, laters) in after_start.items():
        print(
            f"first visit after a start, {how:7}: {statistics.median(firsts):6.0f} ms "
            f"(a later visit {statistics.median(laters):.0f} ms) {[round(x) for x in firsts]}"
        )


if __name__ == "__main__":
    main()
