"""A real server's memory around one upload on Many queries: growth, peak, and what stays, stage by stage.

    .venv/bin/python benchmarks/server_memory.py                      # 10, 40, 81 MB; 3 fresh servers each
    .venv/bin/python benchmarks/server_memory.py --sizes 81 --repeat 3 --two-runs
    .venv/bin/python benchmarks/server_memory.py --sizes 10 --ttl 120   # Streamlit's own session TTL

What a student does, in headless Chromium against ``streamlit run app.py`` (this repository's
``.streamlit/config.toml``; ``--server.maxUploadSize`` raised to the size measured, so that the
page's own limit is what refuses): open Many queries, give the uploaders a qrels and a run (and a
second run with ``--two-runs``) with Playwright's ``set_input_files`` (the browser uploads them to
``/_stcore/upload_file`` as it does for a user), press "Evaluate these files", wait until the
results are drawn, press "Clear the uploaded files", close the tab. The files have the realistic
shape of ``benchmarks/many_queries_speed.py`` (its ``trec`` case scaled: 1,000 documents per query,
document ids distinct across queries, lines shuffled, score ties); the second run is a copy of the
first under another name (another upload of the same size: the same memory).

First the page opens the bundled two-system sample, so the server has loaded what any evaluation
loads (a server in use has). A thread samples the server's resident memory (VmRSS of
``/proc/PID/status``) every 20 ms, and the kernel's peak mark (VmHWM) is reset at that idle point.
Reported, in MiB against that idle size (each figure once per fresh server, ``--repeat`` servers per size):

* ``upload``: after the files arrived (the uploader holds them);
* ``+peak``: the highest sample from the upload to the drawn results, and VmHWM (the kernel's mark,
  which no sampling can miss);
* ``drawn``: 3 s after the results are drawn (what the session holds while it shows them);
* ``cleared``: 3 s after "Clear the uploaded files";
* ``ended``: after the tab is closed and Streamlit has let the session go. Streamlit keeps a closed
  tab's session for ``server.disconnectedSessionTTL`` seconds (120 by default) in case the browser
  reconnects; this script sets it to ``--ttl`` (10 by default, to keep the run short), waits that
  long, then opens and closes one more tab (a session ending is when Streamlit reaps expired ones).

Also reported: the uploaded-file manager's bytes (Streamlit's ``/_stcore/metrics``) after the
upload and at the end, and the seconds from "Evaluate" to the drawn results. Memory figures are
reliable on a shared machine; the seconds are not.

With ``--student``, another student drags on the Playground of the same server meanwhile (a
websocket client of ``benchmarks/load_test.py``: one drop every 0.5–1.5 s, each NDCG checked
against the core), and the script reports how long that student's drops took to come back while
the evaluation ran (from sending the drop to the NDCG@5 headline's element arriving; the browser
draws it about 0.15 s later, see ``drop_latency.py``). Target (issue 18, item 2): within 1.5 s.

Targets (issue 18, item 1): one evaluation of the 81 MB case grows the server by at most 350 MiB;
memory returns near the idle size when the session clears its files or ends.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from load_test import GRADES, connect, expected_ndcg, run_page  # noqa: E402
from many_queries_speed import Case, write_data  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from tests.browser.conftest import (  # noqa: E402
    CHROMIUM_ARGS,
    chromium_path,
    start_streamlit,
    stop_streamlit,
    wait_for_app_idle,
)

MIB = 2**20
SETTLE_S = 3.0
#: A big evaluation on a busy 2-core machine: give the page this long to draw.
DRAW_TIMEOUT_MS = 300_000


def status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of a process, in bytes."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(("VmRSS", "VmHWM")):
            fields[line.split(":")[0]] = int(line.split()[1]) * 1024
    return fields


def reset_peak(pid: int) -> None:
    """Set the kernel's peak mark (VmHWM) of the process to its current resident memory."""
    Path(f"/proc/{pid}/clear_refs").write_text("5")


def uploaded_bytes(url: str) -> int:
    """Bytes held by Streamlit's uploaded-file manager, from its metrics endpoint (0 when none)."""
    with urllib.request.urlopen(f"{url}/_stcore/metrics", timeout=10) as response:
        text = response.read().decode()
    found = re.search(r'cache_memory_bytes\{cache_type="UploadedFileManager"[^}]*\} (\d+)', text)
    return int(found[1]) if found else 0


@dataclass
class Sampler:
    """Samples a process's VmRSS every 20 ms in a thread; ``peak_since(mark)`` gives the highest."""

    pid: int
    samples: list[tuple[float, int]] = field(default_factory=list)
    running: bool = True

    def start(self) -> Sampler:
        threading.Thread(target=self._run, daemon=True).start()
        return self

    def _run(self) -> None:
        while self.running:
            try:
                self.samples.append((time.monotonic(), status(self.pid)["VmRSS"]))
            except (FileNotFoundError, ProcessLookupError):
                return
            time.sleep(0.02)

    def peak_since(self, mark: float) -> int:
        return max((rss for when, rss in self.samples if when >= mark), default=0)


@dataclass
class Student:
    """Another student dragging on the Playground, in a thread: (when sent, seconds to the number)."""

    url: str
    drops: list[tuple[float, float]] = field(default_factory=list)
    wrong: int = 0
    running: bool = True

    def start(self) -> Student:
        threading.Thread(target=lambda: asyncio.run(self._drag()), daemon=True).start()
        return self

    async def _drag(self) -> None:
        order = list(GRADES)
        async with await connect(self.url.replace("http://", "ws://") + "/_stcore/stream") as ws:
            page = await run_page(ws, None)
            rng = random.Random(0)
            while self.running:
                await asyncio.sleep(rng.uniform(0.5, 1.5))
                order = [order[-1], *order[:-1]]
                sent = time.monotonic()
                after = await run_page(
                    ws, (page.component_id, order), page.page_hash, page.query, page.fragment_id
                )
                self.drops.append((sent, time.monotonic() - sent))
                self.wrong += after.ndcg != expected_ndcg(order)
                page = after if after.component_id else page

    def during(self, start: float, end: float) -> list[float]:
        """Seconds each drop sent between ``start`` and ``end`` took to come back."""
        return [seconds for sent, seconds in self.drops if start <= sent <= end]


@dataclass
class Measurement:
    """One fresh server's figures, in bytes (idle) and bytes above idle (the rest)."""

    idle: int
    upload: int
    peak: int
    hwm: int
    drawn: int
    cleared: int
    ended: int
    manager_after_upload: int
    manager_at_end: int
    seconds: float
    student_s: list[float] = field(default_factory=list)  # another student's drops during the evaluation
    student_wrong: int = 0


def open_many_queries(browser: Browser, url: str) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(DRAW_TIMEOUT_MS)
    page.goto(f"{url}/many_queries")
    wait_for_app_idle(page, "Choose a qrels file")
    return page


def warm_up(page: Page) -> None:
    """Open the bundled two-system sample: the server loads what any evaluation and comparison loads
    (pyarrow's readers, scipy's t distribution, the charts), as a server in use has."""
    page.get_by_role("tab", name="A bundled sample").click()
    page.get_by_role("combobox", name="Sample").click()
    page.keyboard.type("Two systems")
    page.get_by_role("option").filter(has_text="Two systems compared").click()
    wait_for_app_idle(page)
    page.get_by_role("button", name="Open this sample").click()
    wait_for_app_idle(page, "B is higher on")
    page.get_by_role("tab", name="Your files").click()


def upload(page: Page, files: list[Path]) -> None:
    """Give each uploader its file, as a user's file chooser would, and wait until all arrived."""
    inputs = page.locator('[data-testid="stFileUploaderDropzoneInput"]')
    for index, path in enumerate(files):
        inputs.nth(index).set_input_files(str(path))
        page.locator('[data-testid="stFileChipName"]').nth(index).wait_for(timeout=DRAW_TIMEOUT_MS)
        wait_for_app_idle(page, timeout_ms=DRAW_TIMEOUT_MS)


def measure_once(
    browser: Browser, files: list[Path], ttl: int, log: Path, clear: bool = True, student: bool = False
) -> Measurement:
    """One fresh server through every stage (see the module docstring)."""
    limit = str(max(200, 2 * max(path.stat().st_size for path in files) // MIB))
    process, url = start_streamlit(
        REPO / "app.py",
        ("--server.maxUploadSize", limit, "--server.disconnectedSessionTTL", str(ttl)),
        log,
    )
    sampler = Sampler(process.pid).start()
    try:
        page = open_many_queries(browser, url)
        warm_up(page)
        time.sleep(SETTLE_S)
        idle = status(process.pid)["VmRSS"]
        reset_peak(process.pid)
        mark = time.monotonic()
        upload(page, files)
        time.sleep(SETTLE_S)
        after_upload = status(process.pid)["VmRSS"]
        manager_after_upload = uploaded_bytes(url)
        other = Student(url).start() if student else None
        time.sleep(3.0 if student else 0.0)  # the other student is dragging before Evaluate is pressed
        evaluation_began = time.monotonic()
        start = time.perf_counter()
        page.get_by_role("button", name="Evaluate these files").click()
        title = (
            f"{files[0].name}: A = {files[1].name}"
            if len(files) == 3
            else f"{files[0].name} + {files[1].name}"
        )
        wait_for_app_idle(page, title, timeout_ms=DRAW_TIMEOUT_MS)
        seconds = time.perf_counter() - start
        student_s = other.during(evaluation_began, time.monotonic()) if other else []
        if other is not None:
            other.running = False
        time.sleep(SETTLE_S)
        drawn = status(process.pid)["VmRSS"]
        peak, hwm = sampler.peak_since(mark), status(process.pid)["VmHWM"]
        if clear:
            page.get_by_role("button", name="Clear the uploaded files").click()
            wait_for_app_idle(page, "Cleared:", timeout_ms=DRAW_TIMEOUT_MS)
            time.sleep(SETTLE_S)
        cleared = status(process.pid)["VmRSS"]
        page.context.close()
        time.sleep(ttl + 2)
        open_many_queries(browser, url).context.close()  # a session ending reaps the expired ones
        time.sleep(SETTLE_S)
        ended = status(process.pid)["VmRSS"]
        manager_at_end = uploaded_bytes(url)
    finally:
        sampler.running = False
        stop_streamlit(process)
    return Measurement(
        idle,
        after_upload - idle,
        peak - idle,
        hwm - idle,
        drawn - idle,
        cleared - idle,
        ended - idle,
        manager_after_upload,
        manager_at_end,
        seconds,
        student_s,
        other.wrong if other is not None else 0,
    )


def files_of_size(folder: Path, megabytes: float, two_runs: bool) -> list[Path]:
    """A qrels and a run of about ``megabytes`` MB together (and a copy of the run as run B)."""
    queries = max(1, round(2000 * megabytes / 80))  # the 2,000 × 1,000 case is ~80 MB
    qrels, run = write_data(folder, Case(f"upload{megabytes:g}", queries, 1000, "trec", 4.0), "msmarco")
    if not two_runs:
        return [qrels, run]
    run_b = folder / f"{run.stem}_b.run"
    shutil.copyfile(run, run_b)
    return [qrels, run, run_b]


def mib(values: list[int]) -> str:
    return " ".join(f"{v / MIB:+.0f}" for v in values) + f" (median {statistics.median(values) / MIB:+.0f})"


def report(files: list[Path], runs: list[Measurement]) -> None:
    size = sum(path.stat().st_size for path in files)
    print(
        f"\n{size / 1e6:.1f} MB in ({len(files)} files, {size / MIB:.1f} MiB); idle server "
        f"{' '.join(f'{r.idle / MIB:.0f}' for r in runs)} MiB; MiB above idle, one figure per fresh server:"
    )
    for name in ("upload", "peak", "hwm", "drawn", "cleared", "ended"):
        label = {"peak": "+peak (sampled)", "hwm": "+peak (VmHWM)"}.get(name, name)
        print(f"  {label:<16} {mib([getattr(r, name) for r in runs])}")
    hwm = statistics.median(r.hwm for r in runs)
    print(f"  peak per MB in   {hwm / MIB / (size / 1e6):.2f} MiB per MB (VmHWM, median)")
    print(
        f"  uploaded-file manager: {' '.join(f'{r.manager_after_upload / MIB:.1f}' for r in runs)} MiB after the "
        f"upload, {' '.join(f'{r.manager_at_end / MIB:.1f}' for r in runs)} MiB at the end"
    )
    print(f"  Evaluate → drawn {' '.join(f'{r.seconds:.1f}' for r in runs)} s")
    during = [seconds for r in runs for seconds in r.student_s]
    if during:
        print(
            f"  another student's drops during the evaluation: {len(during)}, median "
            f"{statistics.median(during):.2f} s, slowest {max(during):.2f} s, "
            f"wrong numbers {sum(r.student_wrong for r in runs)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=float, nargs="+", default=[10, 40, 81], help="MB of qrels + run")
    parser.add_argument("--repeat", type=int, default=3, help="fresh servers per size")
    parser.add_argument("--two-runs", action="store_true", help="upload a second run (a copy of the first)")
    parser.add_argument("--ttl", type=int, default=10, help="server.disconnectedSessionTTL, seconds")
    parser.add_argument(
        "--keep", action="store_true", help="close the tab without clearing the files (cleared = drawn)"
    )
    parser.add_argument(
        "--student", action="store_true", help="another student drags on the Playground during the evaluation"
    )
    args = parser.parse_args()
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as folder:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for megabytes in args.sizes:
            size_folder = Path(folder) / f"{megabytes:g}"
            size_folder.mkdir()
            files = files_of_size(size_folder, megabytes, args.two_runs)
            runs = [
                measure_once(
                    browser,
                    files,
                    args.ttl,
                    Path(folder) / f"streamlit-{megabytes:g}-{i}.log",
                    not args.keep,
                    args.student,
                )
                for i in range(args.repeat)
            ]
            report(files, runs)
        browser.close()


if __name__ == "__main__":
    main()
