"""How long from a drop to the updated numbers on the Playground, in a real browser, and what a drop
costs the server.

Run it from the repository root (after ``bash scripts/setup.sh --dev``)::

    .venv/bin/python benchmarks/drop_latency.py                      # this checkout: 7 and 50 items
    .venv/bin/python benchmarks/drop_latency.py --drops 30 --rounds 3
    .venv/bin/python benchmarks/drop_latency.py --before /tmp/main   # before/after, back to back
    .venv/bin/python benchmarks/drop_latency.py --step 5 --step 7   # lesson steps beside the Playground

``--before DIR`` runs the same measurements on another checkout of the app (e.g. ``git worktree
add /tmp/main main``, or ``git archive main | tar -x -C /tmp/main``) and on this one, one round
after the other (their order alternating), and prints both side by side: on a shared machine
the two then see the same load. The load average is printed with every round.

``--step N`` (5 to 8, repeatable) measures lesson step N beside the Playground, on the same server
in the same round, one after the other: a step embeds the same live list (its fragment, its
headline component), so a drop there should show its number as fast. A step's number is the one
its headline shows: DCG@k in steps 5 and 6, NDCG@k in steps 7 and 8 (their questions skipped first,
as a learner who pressed "Skip" sees it); "table and charts updated" follows step 5's per-rank table
(the other steps' figures are not a table of the list's order: their column is the headline's time).

What is measured, for each drop (the Playground on 127.0.0.1, headless Chromium, 1280×900):

* **drop → NDCG shown**: from the event that drops the item (the key press of Space for the
  keyboard; the pointer's release for the mouse) to the frame that shows the NDCG@k value
  ``ndcg_core`` computes for the new order: a MutationObserver sees the value (in the headline
  component's shadow root; in a checkout from before that component, the third ``st.metric``) and
  the stamp is taken two animation frames later, when that frame has been painted.
* **drop → table and charts updated**: from the same event to the frame, painted, in which
  both show the new order: the per-rank table's Grade column reads the dropped order (a
  MutationObserver in the table component's shadow root), and the open chart has drawn for
  the last time after the drop (every drawing call on a canvas is stamped; in a checkout from
  before the table component, st.dataframe's grid is a canvas too, so it counts there).
* **drop → whole run painted**: from the same event to the moment the page has painted
  everything the drop's run sent, Streamlit's own last passes included: two animation frames
  after the last message of the run arrived and after the last change of the page's elements
  (the document's and the components' shadow roots). The drop's run must have answered (a
  message after the drop), and nothing else changes the page meanwhile. It is never earlier
  than "updated", and later when the run sends more after the table and the chart (in the
  checkout before issue 14, whose drop reran the whole page, by 135–205 ms); now the chart
  redraws last, so the two coincide.
* **server CPU per drop**: the Streamlit server process's user + system CPU time
  (``/proc/<pid>/stat``) over all drops of a batch, divided by the drops. The server runs with
  ``--server.fileWatcherType none``, yet Streamlit still polls its config and secrets files
  every 200 ms (about 6 ms of CPU a second with nothing to do); each drop here takes 0.6–1 s of
  wall time with its settling, so the second figure, **less idle**, subtracts that idle rate
  (measured for 3 s before the batch) times the batch's wall time: what the drops themselves
  cost.

The drops: the keyboard picks up the last item and sends it to the top with Home, then the
first to the bottom with End; the mouse drags the item at rank 6 onto rank 1 and back (with 50
items, rank 50 is off screen). Each changes NDCG@5. The lists come from a link (``grades=``):
seed 000's 7 items, and 50 items with mixed grades (0 first, 3 last), k = 5, 2 decimals.

Targets (issue 14): drop → NDCG shown median ≤ 100 ms and p95 ≤ 200 ms for 7 items, median
≤ 150 ms for 50 items; the table and charts updated ≤ 200 ms median; server CPU ≤ 0.02 s per
drop.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

import ndcg_core  # noqa: E402
from ndcg_core.metric.orders import moved  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, chromium_path, free_port, stop_streamlit  # noqa: E402

K = 5
SEED000 = [0, 1, 2, 3, 2, 0, 3]
SETTLE_MS = 400  # no message and no change for this long: the drop's run is over

#: Installed before the app loads: stamps every message from the server and every change of the
#: page's elements, and the frame painted two animation frames after each (its "painted" time).
INIT_JS = """
window.__lastPainted = 0; window.__lastActivity = 0; window.__lastMessage = 0;
const painted = () => {
  window.__lastActivity = performance.now();
  requestAnimationFrame(() => requestAnimationFrame(() => { window.__lastPainted = performance.now(); }));
};
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', () => { window.__lastMessage = performance.now(); painted(); });
  }
};
const watch = {subtree: true, childList: true, characterData: true, attributes: true};
// The components (list, table, headline) draw inside shadow roots: watch those too.
const attachShadow = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (...args) {
  const root = attachShadow.apply(this, args);
  new MutationObserver(painted).observe(root, watch);
  return root;
};
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(painted).observe(document.body, watch);
});
// The charts (and, in a checkout from before the table component, st.dataframe's grid) draw on
// canvases: stamp the frame painted two animation frames after the last drawing call.
window.__canvasPainted = 0;
let canvasPending = false;
const canvasDrawn = () => {
  if (canvasPending) return;
  canvasPending = true;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    canvasPending = false; window.__canvasPainted = performance.now();
  }));
};
for (const name of ['clearRect', 'fillRect', 'fillText', 'fill', 'stroke', 'drawImage']) {
  const original = CanvasRenderingContext2D.prototype[name];
  CanvasRenderingContext2D.prototype[name] = function (...args) {
    canvasDrawn();
    return original.apply(this, args);
  };
}
"""

#: Stamps the dropping event, and the moment the NDCG headline shows the expected value.
STAMPS_JS = """([figure, followTable]) => {
  window.__drop = null; window.__shown = null; window.__want = null;
  // The last Space is the one that drops (the first picks the item up).
  const stamp = () => { window.__drop = performance.now(); };
  document.addEventListener('keydown', (event) => { if (event.key === ' ') stamp(); }, true);
  document.addEventListener('pointerup', stamp, true);
  // The headline component's NDCG value (inside the component's shadow root); in a checkout
  // from before that component, the third st.metric.
  const inHeadline = `[data-testid="headline"] [data-name="${figure}"] dd`;
  const host = [...document.querySelectorAll('*')].find((e) => e.shadowRoot?.querySelector(inHeadline));
  const value = () => (host ? host.shadowRoot.querySelector(inHeadline)
    : document.querySelectorAll('[data-testid="stMetricValue"]')[2])?.textContent.trim();
  // Stamped when the frame that shows it has been painted (two animation frames later).
  const check = () => {
    if (window.__want !== null && window.__shown === null && value() === window.__want) {
      window.__shown = -1;
      requestAnimationFrame(() => requestAnimationFrame(() => { window.__shown = performance.now(); }));
    }
  };
  const watch = {subtree: true, childList: true, characterData: true};
  new MutationObserver(check).observe(host ? host.shadowRoot : document.body, watch);
  // The per-rank table component: stamped when its Grade column shows the new order, painted.
  window.__tableWant = null; window.__tablePainted = null;
  const tableHost = [...document.querySelectorAll('*')].find(
    (e) => e.shadowRoot?.querySelector('[data-testid="rank-table"]'));
  window.__hasTable = Boolean(tableHost) && followTable;
  if (!window.__hasTable) return;
  const table = tableHost.shadowRoot;
  const grades = () => {
    const heads = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent.trim());
    const column = heads.indexOf('Grade');
    return [...table.querySelectorAll('[data-testid="rank-table-row"]')]
      .map((row) => row.children[column]?.textContent.trim()).join(',');
  };
  const checkTable = () => {
    if (window.__tableWant !== null && window.__tablePainted === null && grades() === window.__tableWant) {
      window.__tablePainted = -1;
      requestAnimationFrame(() => requestAnimationFrame(() => { window.__tablePainted = performance.now(); }));
    }
  };
  new MutationObserver(checkTable).observe(table, {...watch, attributes: true});
}"""


#: After a drop has settled: ms from the drop to the headline shown, to the table and charts
#: updated (the table showing the new order, the last chart redraw), and to the page settled.
UPDATED_JS = """() => {
  const drop = window.__drop;
  if (window.__hasTable && !(window.__tablePainted > drop)) throw new Error('the table never showed the drop');
  const table = window.__hasTable ? window.__tablePainted : drop;
  const canvas = window.__canvasPainted > drop ? window.__canvasPainted : drop;
  return [window.__shown - drop, Math.max(table, canvas) - drop, window.__lastPainted - drop];
}"""


@dataclass(frozen=True)
class View:
    """A page to drop on: its address, the headline number a drop is timed to, whether its table follows."""

    name: str
    path: str
    figure: str = "ndcg"
    table: bool = True
    skip: bool = False


PLAYGROUND = View("Playground", "")
#: The lesson's steps whose headline a drop changes (step 5: DCG@k; 6: DCG@k; 7 and 8: NDCG@k).
STEPS = {
    5: View("step 5", "step_by_step?step=5", "dcg"),
    6: View("step 6", "step_by_step?step=6", "dcg", table=False, skip=True),
    7: View("step 7", "step_by_step?step=7", "ndcg", table=False, skip=True),
    8: View("step 8", "step_by_step?step=8", "ndcg", table=False, skip=True),
}


@dataclass
class Samples:
    """One batch of drops: ms to the headline, to the table and charts updated, to the whole run
    painted; CPU seconds."""

    shown: list[float] = field(default_factory=list)
    updated: list[float] = field(default_factory=list)
    settled: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # per drop, one value per batch
    cpu_net: list[float] = field(default_factory=list)  # the same, less the idle server's CPU


def long_list(n: int) -> list[int]:
    """n grades: 0 first, 3 last, mixed between (the shape of a real run: relevant items scattered)."""
    return [0] + [(i * 7) % 4 for i in range(1, n - 1)] + [3]


def start_server(app_dir: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``streamlit run app.py`` of ``app_dir``, from that directory, on a free port."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        "app.py",
        "--server.headless=true",
        "--server.address=127.0.0.1",
        f"--server.port={port}",
        "--browser.gatherUsageStats=false",
        "--server.fileWatcherType=none",
    ]
    env = dict(os.environ, PYTHONPATH=str(app_dir))
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=app_dir, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            import urllib.request

            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1):
                return process, url
        except OSError:
            time.sleep(0.2)
    stop_streamlit(process)
    raise RuntimeError(f"the server did not start:\n{log.read_text()}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def open_playground(
    browser: Browser,
    url: str,
    grades: list[int],
    present: bool,
    *,
    before_load: str = "",
    view: View = PLAYGROUND,
) -> Page:
    """A new page with the Playground (or ``view``, a lesson step) showing ``grades`` (from a link),
    ready to drop.

    ``before_load`` is another script to install before the page loads (render_passes.py's hook).
    """
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    if before_load:
        page.add_init_script(before_load)
    page.add_init_script(INIT_JS)
    joint = "&" if "?" in view.path else "?"
    link = f"{url}/{view.path}{joint}grades={','.join(map(str, grades))}&k={K}&gain=exp&dec=2" + (
        "&present=1" if present else ""
    )
    page.goto(link)
    page.locator('[data-testid="sortable-item"]').nth(len(grades) - 1).wait_for(
        state="attached", timeout=60_000
    )
    if view.skip:  # the number the step's question hides is shown
        page.get_by_role("button", name="Skip: show me").click()
        page.get_by_role("button", name="Ask me again").wait_for(timeout=60_000)
    page.wait_for_timeout(3000)  # the charts and every lazy part drawn
    page.evaluate(STAMPS_JS, [view.figure, view.table])
    return page


def keyboard_drop(page: Page, step: int, n: int) -> None:
    """Even steps: the last item to the top (Home); odd steps: the first to the bottom (End)."""
    rows = page.locator('[data-testid="sortable-item"]')
    rows.nth(n - 1 if step % 2 == 0 else 0).focus()
    page.keyboard.press(" ")
    page.keyboard.press("Home" if step % 2 == 0 else "End")
    page.keyboard.press(" ")


def mouse_drop(page: Page, step: int, n: int) -> None:
    """Even steps: drag rank 6 onto rank 1; odd steps: rank 1 back onto rank 6 (both on screen)."""
    rows = page.locator('[data-testid="sortable-item"]')
    rows.nth(3).evaluate("row => row.scrollIntoView({block: 'center'})")  # ranks 1 to 6 on screen
    source, target = (rows.nth(5), rows.nth(0)) if step % 2 == 0 else (rows.nth(0), rows.nth(5))
    box, goal = source.bounding_box(), target.bounding_box()
    assert box is not None and goal is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    end = goal["y"] + goal["height"] * (0.25 if step % 2 == 0 else 0.75)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y + (6 if end > y else -6), steps=2)
    page.mouse.move(x, end, steps=12)
    page.mouse.up()


def after_drop(grades: list[int], step: int, how: str) -> list[int]:
    """The grades in the order the drop of ``step`` produces."""
    if how == "keyboard":
        return [grades[-1], *grades[:-1]] if step % 2 == 0 else [*grades[1:], grades[0]]
    return moved(grades, 6, 1) if step % 2 == 0 else moved(grades, 1, 6)


def idle_cpu_rate(pid: int, seconds: float = 3.0) -> float:
    """CPU seconds a second that process ``pid`` spends with nothing to do (its polling)."""
    before = cpu_seconds(pid)
    time.sleep(seconds)
    return (cpu_seconds(pid) - before) / seconds


def measure(
    page: Page, pid: int, grades: list[int], how: str, drops: int, view: View = PLAYGROUND
) -> Samples:
    """``drops`` drops by ``how`` ("keyboard" or "mouse"); the samples of each."""
    samples = Samples()
    idle = idle_cpu_rate(pid)
    started, cpu_before = time.perf_counter(), cpu_seconds(pid)
    for step in range(drops):
        grades = after_drop(grades, step, how)
        measure_of = ndcg_core.dcg if view.figure == "dcg" else ndcg_core.ndcg
        want = f"{measure_of(grades, K):.2f}"
        order = ",".join(map(str, grades))
        page.evaluate(
            f"() => {{ window.__want = {want!r}; window.__shown = null; window.__drop = null;"
            f" window.__tableWant = {order!r}; window.__tablePainted = null; }}"
        )
        (keyboard_drop if how == "keyboard" else mouse_drop)(page, step, len(grades))
        try:
            page.wait_for_function("() => window.__shown > 0", timeout=30_000)
        except Exception as error:
            shown = page.locator(
                '[data-testid="headline-value"], [data-testid="stMetricValue"]'
            ).all_inner_texts()
            raise RuntimeError(
                f"{view.name}: {how} drop {step} of {len(grades)} items: want {view.figure} {want}, shown {shown}"
            ) from error
        page.wait_for_function(  # the drop's run has answered, and nothing changed since
            f"() => window.__lastMessage > window.__drop && performance.now() - window.__lastActivity > {SETTLE_MS}"
            " && window.__lastPainted > window.__lastActivity",
            timeout=30_000,
            polling=50,
        )
        shown, updated, settled = page.evaluate(UPDATED_JS)
        samples.shown.append(shown)
        samples.updated.append(max(updated, shown))
        samples.settled.append(max(settled, updated, shown))
    spent, wall = cpu_seconds(pid) - cpu_before, time.perf_counter() - started
    samples.cpu.append(spent / drops)
    samples.cpu_net.append(max(0.0, spent - idle * wall) / drops)
    return samples


def one_round(
    app_dir: Path, drops: int, present: bool, views: tuple[View, ...] = (PLAYGROUND,)
) -> dict[str, dict[tuple[int, str], Samples]]:
    """Start the app of ``app_dir``, measure keyboard and mouse drops for 7 and 50 items on each of
    ``views`` (one after the other, on the same server), stop it."""
    log = Path(tempfile.mkdtemp()) / "streamlit.log"
    process, url = start_server(app_dir, log)
    results: dict[str, dict[tuple[int, str], Samples]] = {view.name: {} for view in views}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for grades in (SEED000, long_list(50)):
                for how in ("keyboard", "mouse"):
                    for view in views:
                        page = open_playground(browser, url, grades, present, view=view)
                        results[view.name][(len(grades), how)] = measure(
                            page, process.pid, list(grades), how, drops, view
                        )
                        page.close()
            browser.close()
    finally:
        stop_streamlit(process)
    return results


def merge(into: dict[tuple[int, str], Samples], more: dict[tuple[int, str], Samples]) -> None:
    for key, samples in more.items():
        kept = into.setdefault(key, Samples())
        kept.shown += samples.shown
        kept.updated += samples.updated
        kept.settled += samples.settled
        kept.cpu += samples.cpu
        kept.cpu_net += samples.cpu_net


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def cell(samples: Samples | None, what: str) -> str:
    """One table cell: median and p95 of a measure (ms), or CPU seconds per drop."""
    if samples is None:
        return "—"
    if what in ("cpu", "cpu_net"):
        return f"{statistics.median(getattr(samples, what)):.3f} s"
    values = getattr(samples, what)
    return f"{statistics.median(values):4.0f} ms (p95 {p95(values):4.0f})"


def report(versions: dict[str, dict[tuple[int, str], Samples]]) -> None:
    """A table: one row per (measure, list, input), one column per version."""
    names = list(versions)
    print(f"\n{'':54}" + "".join(f"{name:>24}" for name in names))
    for what, title in (
        ("shown", "drop → NDCG shown"),
        ("updated", "drop → table and charts updated"),
        ("settled", "drop → whole run painted"),
        ("cpu", "server CPU per drop"),
        ("cpu_net", "server CPU per drop, less idle"),
    ):
        for n in (7, 50):
            for how in ("keyboard", "mouse"):
                label = f"{title}, {n} items, {how}"
                print(f"{label:54}" + "".join(f"{cell(versions[v].get((n, how)), what):>24}" for v in names))
    drops = {name: len(next(iter(v.values())).shown) for name, v in versions.items() if v}
    print(f"\n(drops per row: {drops}; medians and 95th percentiles over all rounds' drops)")
    if any(name.startswith("step") for name in names):
        print("(a step's \"NDCG shown\" is its headline's number: DCG@k in steps 5 and 6, NDCG@k in 7 and 8)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--drops", type=int, default=20, help="drops per list and input, per round")
    parser.add_argument("--rounds", type=int, default=1, help="rounds (each starts the server afresh)")
    parser.add_argument("--before", type=Path, help="another checkout of the app, measured as 'before'")
    parser.add_argument("--present", action="store_true", help="measure the classroom view (?present=1)")
    parser.add_argument(
        "--step",
        type=int,
        action="append",
        choices=sorted(STEPS),
        help="also measure lesson step N beside the Playground, on the same server (repeatable)",
    )
    args = parser.parse_args()
    if args.step and args.before:
        parser.error("--step measures this checkout's steps beside its Playground; leave out --before")
    views = (PLAYGROUND, *(STEPS[n] for n in dict.fromkeys(args.step or ())))
    apps = {"before": args.before.resolve(), "after": REPO} if args.before else {"this checkout": REPO}
    names = [view.name for view in views] if args.step else list(apps)
    results: dict[str, dict[tuple[int, str], Samples]] = {name: {} for name in names}
    for round_number in range(args.rounds):
        order = list(apps) if round_number % 2 == 0 else list(reversed(apps))
        for name in order:
            load = os.getloadavg()[0]
            measured = one_round(apps[name], args.drops, args.present, views)
            for view_name, samples in measured.items():
                merge(results[view_name if args.step else name], samples)
            print(
                f"round {round_number + 1}, {name}: done (load average {load:.2f} → {os.getloadavg()[0]:.2f}"
                f" on {os.cpu_count()} cores)",
                flush=True,
            )
    report(results)


if __name__ == "__main__":
    main()
