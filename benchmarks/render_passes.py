"""What the browser redraws on a drop: Streamlit's render passes, counted, not timed.

Run it from the repository root (after ``bash scripts/setup.sh --dev``)::

    .venv/bin/python benchmarks/render_passes.py              # the Playground, 7 and 50 items
    .venv/bin/python benchmarks/render_passes.py --present    # its classroom view
    .venv/bin/python benchmarks/render_passes.py --drops 20 --app /path/to/another/checkout

Timings on a shared 2-core machine move by a third from one run to the next; counts do not. For
each keyboard drop (``drop_latency.py``'s drops, on the same lists) this script counts:

* **message waves**: the server's messages for the drop's run, grouped into waves (a gap of more
  than 8 ms between two arrivals starts a new wave). Streamlit's frontend handles a wave at a time.
* **React commits**: every time React commits the page's tree. A hook installed before the page
  loads (React calls ``__REACT_DEVTOOLS_GLOBAL_HOOK__.onCommitFiberRoot`` on every commit, in
  production builds too) walks the committed tree.
* **fibers rendered per commit**: the tree's nodes whose component ran in that commit (React's
  "performed work" flag, and props or state that changed since the last commit), out of all the
  page's nodes; and, for the last commit, where they are: Streamlit's shell, its top navigation,
  toolbar, tabs and expanders, and each element on the page by its kind.

What it showed (2026-11-23, Streamlit 1.67): a drop's run arrives in 1–6 waves, and each wave costs
3 commits in which React renders about 1,100 of the normal view's 3,000 nodes (520 of the classroom
view's 1,370) whatever changed: the shell about 340, the top navigation 104, the chart tabs 105, the
toolbar 97, the settings 170, each inline component 11. The per-drop cost left is Streamlit
redrawing the whole page, not the parts that changed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections import Counter
from itertools import pairwise
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from drop_latency import SEED000, keyboard_drop, long_list, open_playground, start_server  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM_ARGS, chromium_path, stop_streamlit  # noqa: E402

#: A gap longer than this between two messages from the server starts a new wave.
WAVE_GAP_MS = 8

#: Installed before the page loads: the React hook, and the arrival time of every message.
COUNTING_JS = r"""
window.__recording = false; window.__commits = []; window.__arrivals = []; window.__parts = {};
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', () => {
      if (window.__recording) window.__arrivals.push(performance.now());
    });
  }
};
// The parts of the page the last commit is counted by (Streamlit's data-testid values).
const PARTS = ['stTopNavLinkContainer', 'stToolbar', 'stTabs', 'stExpander', 'stSidebar'];
const testid = (fiber) => typeof fiber.type === 'string' ? fiber.memoizedProps?.['data-testid'] : undefined;
const rendered = (fiber) => {
  const before = fiber.alternate;
  return (fiber.flags & 1) !== 0 && before !== null && typeof fiber.type !== 'string'
    && (fiber.memoizedProps !== before.memoizedProps || fiber.memoizedState !== before.memoizedState);
};
// Every node of the committed tree with the part it belongs to: a part of the shell, an element
// (named by the first data-testid inside its stElementContainer), or the shell itself.
const count = (root) => {
  const parts = {}; let all = 0, ran = 0, elements = 0;
  const stack = [[root, 'Streamlit shell']];
  while (stack.length) {
    const [fiber, inherited] = stack.pop();
    let part = inherited;
    const id = testid(fiber);
    if (id === 'stElementContainer') { elements += 1; part = `element ${elements}`; }
    else if (PARTS.includes(id)) part = id;
    else if (id && /^element \d+$/.test(inherited) && !(inherited in window.__names)) window.__names[inherited] = id;
    const tally = parts[part] ??= [0, 0];
    tally[0] += 1; all += 1;
    if (rendered(fiber)) { tally[1] += 1; ran += 1; }
    if (fiber.sibling) stack.push([fiber.sibling, inherited]);
    if (fiber.child) stack.push([fiber.child, part]);
  }
  return {all, ran, parts};
};
window.__names = {};
window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true, renderers: new Map(), isDisabled: false,
  inject(renderer) { const id = this.renderers.size + 1; this.renderers.set(id, renderer); return id; },
  checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {},
  onCommitFiberRoot(_id, root) {
    if (!window.__recording) return;
    window.__names = {};
    const {all, ran, parts} = count(root.current);
    window.__commits.push([all, ran]);
    window.__parts = parts;
  },
};
"""


def open_page(browser: Browser, url: str, grades: list[int], present: bool) -> Page:
    """The Playground showing ``grades``, with the counting hook, after a first drop."""
    page = open_playground(browser, url, grades, present, before_load=COUNTING_JS)
    keyboard_drop(page, 0, len(grades))  # a first drop: the page as it is after any drop
    page.wait_for_timeout(1500)
    return page


def waves(arrivals: list[float]) -> int:
    """How many waves the messages came in (a gap over WAVE_GAP_MS starts a new one)."""
    if not arrivals:
        return 0
    return 1 + sum(1 for a, b in pairwise(arrivals) if b - a > WAVE_GAP_MS)


def count_drops(page: Page, n: int, drops: int) -> tuple[list[int], list[int], list[int], dict, dict]:
    """Waves and commits per drop, nodes rendered per commit, and the last commit's parts."""
    per_drop_waves, per_drop_commits, per_commit = [], [], []
    for step in range(1, drops + 1):
        page.evaluate("() => { window.__commits = []; window.__arrivals = []; window.__recording = true; }")
        keyboard_drop(page, step, n)
        page.wait_for_timeout(1200)
        arrivals, commits = page.evaluate("() => [window.__arrivals, window.__commits]")
        page.evaluate("() => { window.__recording = false; }")
        per_drop_waves.append(waves(arrivals))
        per_drop_commits.append(len(commits))
        per_commit += [ran for _, ran in commits]
    parts, names = page.evaluate("() => [window.__parts, window.__names]")
    return per_drop_waves, per_drop_commits, per_commit, parts, names


def report(n: int, result: tuple[list[int], list[int], list[int], dict, dict]) -> None:
    """Print one list's counts."""
    per_drop_waves, per_drop_commits, per_commit, parts, names = result
    total = sum(all_ for all_, _ in parts.values())
    print(f"\n{n} items, {len(per_drop_waves)} keyboard drops")
    print(f"  message waves per drop: median {statistics.median(per_drop_waves):g} {Counter(per_drop_waves)}")
    print(f"  React commits per drop: median {statistics.median(per_drop_commits):g}")
    print(f"  nodes rendered per commit: median {statistics.median(per_commit):g} of {total}")
    print("  the last commit, by part (rendered / nodes):")
    by_kind: Counter[str] = Counter()
    for part, (all_, ran) in parts.items():
        kind = names.get(part, part) if part.startswith("element") else part
        by_kind[f"{kind}"] += ran
        by_kind[f"{kind} (nodes)"] += all_
    kinds = sorted({k for k in by_kind if not k.endswith("(nodes)")}, key=lambda k: -by_kind[k])
    for kind in kinds:
        print(f"    {by_kind[kind]:5d} / {by_kind[kind + ' (nodes)']:5d}  {kind}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--drops", type=int, default=12, help="keyboard drops per list")
    parser.add_argument("--present", action="store_true", help="the classroom view (?present=1)")
    parser.add_argument("--app", type=Path, default=REPO, help="the checkout to measure (default: this one)")
    args = parser.parse_args()
    process, url = start_server(args.app.resolve(), Path(tempfile.mkdtemp()) / "streamlit.log")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for grades in (SEED000, long_list(50)):
                page = open_page(browser, url, grades, args.present)
                report(len(grades), count_drops(page, len(grades), args.drops))
                page.close()
            browser.close()
    finally:
        stop_streamlit(process)


if __name__ == "__main__":
    main()
