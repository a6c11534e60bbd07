"""A classroom at once: N sessions drag on one Playground server; how fast do the numbers come back?

    .venv/bin/python benchmarks/load_test.py                    # N = 10, 20, 40; 20 drops each
    .venv/bin/python benchmarks/load_test.py --sessions 40 --drops 30 --gc off
    .venv/bin/python benchmarks/load_test.py --replicas 2        # 2 replicas behind nginx (scripts/run_replicas.py)
    .venv/bin/python benchmarks/load_test.py --url ws://127.0.0.1:8080/_stcore/stream --pids 1234 1235

Each session is a light Python client that speaks what the browser speaks to Streamlit: a
websocket to ``/_stcore/stream`` carrying protobuf ``BackMsg``s. It opens the Playground, then
repeatedly sends the message a drop sends (a ``rerun_script`` whose widget states carry the
sortable list's ``reorder`` trigger value with the new order of item ids), and times until the
NDCG@5 headline (a ``metric`` delta) comes back. It checks that value against ``ndcg_core``
for the order it sent, so a lost or mixed-up update counts as an error. Between drops a
session waits 0.5–1.5 s, as a student would. A client costs a few per cent of a core, so
the load measures the server, not the clients (Chromium clients saturate 2 cores at ~15).

Reported per N: drops, errors, the median and 95th percentile from drop to updated NDCG, the
server's peak resident memory (VmHWM) and its CPU seconds. The script starts the server on
127.0.0.1 itself, stops it by its PID, and stops by itself.

With ``--replicas R`` it starts R replicas behind nginx instead (``scripts/run_replicas.py``, the
production settings) and sends every session through nginx; each session's websocket carries no
cookie, so nginx spreads them over the replicas at random, as new browsers. The memory column is
then the largest replica's peak and the CPU column the replicas' sum. With ``--url`` it uses a
server that is already running (no memory or CPU columns unless ``--pids`` names its processes).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import ndcg_core  # noqa: E402
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES  # noqa: E402
from scripts.run_replicas import start_cluster, stop_cluster  # noqa: E402
from tests.browser.conftest import start_streamlit, stop_streamlit  # noqa: E402

GRADES = dict(zip((f"i{i}" for i in range(7)), BLUETOOTH_HEADPHONES.grades, strict=True))
TIMEOUT_S = 30.0


@dataclass
class Results:
    """What all sessions measured."""

    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@dataclass
class Page:
    """What one run of the page told the client."""

    component_id: str = ""
    page_hash: str = ""
    query: str = ""
    ndcg: str = ""
    seconds_to_ndcg: float = 0.0


async def run_page(
    ws: websockets.ClientConnection,
    trigger: tuple[str, list[str]] | None,
    page_hash: str = "",
    query: str = "",
) -> Page:
    """Send one rerun (optionally with a drop) and read until the script finishes.

    The page's hash and the URL's query go with every rerun, as the browser sends them: without
    the hash the server takes the rerun for a page change and drops the widget states, the
    drop's trigger among them.
    """
    message = BackMsg()
    message.rerun_script.query_string = query
    message.rerun_script.page_script_hash = page_hash
    if trigger is not None:
        component_id, ids = trigger
        widget = message.rerun_script.widget_states.widgets.add()
        widget.id = f"$$STREAMLIT_INTERNAL_KEY_{component_id}__events"
        widget.json_trigger_value = json.dumps([{"event": "reorder", "value": ids}])  # as Chromium sends it
    start = time.perf_counter()
    await ws.send(message.SerializeToString())
    page = Page(page_hash=page_hash, query=query)
    while True:
        forward = ForwardMsg()
        forward.ParseFromString(await asyncio.wait_for(ws.recv(), TIMEOUT_S))
        kind = forward.WhichOneof("type")
        if kind == "delta" and forward.delta.WhichOneof("type") == "new_element":
            element = forward.delta.new_element
            if element.WhichOneof("type") == "metric" and element.metric.label.startswith("NDCG"):
                page.ndcg, page.seconds_to_ndcg = element.metric.body, time.perf_counter() - start
            elif element.WhichOneof("type") == "bidi_component":
                page.component_id = element.bidi_component.id
        elif kind == "navigation":
            page.page_hash = forward.navigation.page_script_hash
        elif kind == "page_info_changed":
            page.query = forward.page_info_changed.query_string
        elif kind == "script_finished":
            return page


async def one_session(url: str, drops: int, seed: int, results: Results) -> None:
    """Open the Playground and drop ``drops`` times: the last item to the top, each time."""
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, 1.0))  # students do not all arrive in the same millisecond
    try:
        async with websockets.connect(
            url, subprotocols=["streamlit"], max_size=None, open_timeout=TIMEOUT_S
        ) as ws:
            page = await run_page(ws, None)
            order = list(GRADES)
            for _ in range(drops):
                await asyncio.sleep(rng.uniform(0.5, 1.5))
                order = [order[-1], *order[:-1]]
                page_after = await run_page(ws, (page.component_id, order), page.page_hash, page.query)
                expected = f"{ndcg_core.ndcg([GRADES[i] for i in order], 5):.2f}"
                if page_after.ndcg != expected:
                    results.errors.append(f"shown {page_after.ndcg!r}, expected {expected}")
                else:
                    results.latencies_ms.append(1000 * page_after.seconds_to_ndcg)
                page = page_after if page_after.component_id else page
    except (TimeoutError, OSError, websockets.WebSocketException) as error:
        results.errors.append(f"{type(error).__name__}: {error}")


def memory_and_cpu(pid: int) -> tuple[float, float]:
    """The server's peak resident memory (MiB) and CPU seconds so far."""
    status = Path(f"/proc/{pid}/status").read_text()
    peak_kib = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM")))
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return peak_kib / 1024, (int(fields[11]) + int(fields[12])) / ticks


async def classroom(url: str, sessions: int, drops: int) -> Results:
    results = Results()
    await asyncio.gather(*(one_session(url, drops, seed, results) for seed in range(sessions)))
    return results


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else float("nan")


def servers_memory_and_cpu(pids: list[int]) -> tuple[float, float]:
    """The largest peak resident memory (MiB) of the servers ``pids`` and their CPU seconds summed."""
    figures = [memory_and_cpu(pid) for pid in pids]
    if not figures:
        return float("nan"), float("nan")
    return max(peak for peak, _ in figures), sum(cpu for _, cpu in figures)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sessions", type=int, nargs="*", default=[10, 20, 40])
    parser.add_argument("--drops", type=int, default=20)
    parser.add_argument(
        "--gc",
        choices=("on", "off"),
        default="off",
        help="Streamlit's full GC after every rerun (the app config: off)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--replicas", type=int, help="start this many replicas behind nginx")
    where.add_argument("--url", help="a running server's websocket, ws://host:port/_stcore/stream")
    parser.add_argument("--pids", type=int, nargs="*", default=[], help="with --url: the servers' PIDs")
    args = parser.parse_args()
    extra = ("--runner.postScriptGC", "false" if args.gc == "off" else "true")
    process, cluster, pids = None, None, list(args.pids)
    if args.url:
        url = args.url
        print(f"server at {url}, pids {pids or 'not given'}", end="")
    elif args.replicas:
        cluster = start_cluster(args.replicas, extra_args=extra)
        pids = [replica.process.pid for replica in cluster.replicas]
        url = cluster.url.replace("http://", "ws://") + "/_stcore/stream"
        print(f"{args.replicas} replicas (pids {pids}) behind nginx at {cluster.url}", end="")
    else:
        log = Path(os.environ.get("TMPDIR", "/tmp")) / "load_test_streamlit.log"
        process, base = start_streamlit(REPO / "app.py", extra, log)
        pids = [process.pid]
        url = base.replace("http://", "ws://") + "/_stcore/stream"
        print(f"server pid {process.pid}", end="")
    print(f", runner.postScriptGC {args.gc}, {args.drops} drops per session")
    print(f"{'N':>4} {'drops':>6} {'errors':>6} {'median ms':>10} {'p95 ms':>8} {'peak MiB':>9} {'CPU s':>7}")
    try:
        for sessions in args.sessions:
            _, cpu_before = servers_memory_and_cpu(pids)
            results = asyncio.run(classroom(url, sessions, args.drops))
            peak, cpu_after = servers_memory_and_cpu(pids)
            median = statistics.median(results.latencies_ms) if results.latencies_ms else float("nan")
            print(
                f"{sessions:>4} {len(results.latencies_ms) + len(results.errors):>6} {len(results.errors):>6} "
                f"{median:>10.0f} {percentile(results.latencies_ms, 0.95):>8.0f} {peak:>9.0f} {cpu_after - cpu_before:>7.1f}"
            )
            for error in sorted(set(results.errors))[:5]:
                print("   error:", error)
    finally:
        if process is not None:
            stop_streamlit(process)
        if cluster is not None:
            stop_cluster(cluster)
    subprocess.run(["true"], check=True)


if __name__ == "__main__":
    main()
