"""A classroom at once: N sessions drag on one Playground server; how fast do the numbers come back?

    .venv/bin/python benchmarks/load_test.py                    # N = 10, 20, 40; 20 drops each
    .venv/bin/python benchmarks/load_test.py --sessions 40 --drops 30 --gc off
    .venv/bin/python benchmarks/load_test.py --replicas 2        # 2 replicas behind nginx (scripts/run_replicas.py)
    .venv/bin/python benchmarks/load_test.py --url ws://127.0.0.1:8080/_stcore/stream --pids 1234 1235
    .venv/bin/python benchmarks/load_test.py --replicas 2 --sessions 40 --kill-after 10   # a replica dies

Each session is a light Python client that speaks what the browser speaks to Streamlit: a
websocket to ``/_stcore/stream`` carrying protobuf ``BackMsg``s. It opens the Playground, then
repeatedly sends the message a drop sends (a ``rerun_script`` whose widget states carry the
sortable list's ``reorder`` trigger value with the new order of item ids), and times until the
NDCG@5 headline (a ``metric`` delta) comes back. It checks that value against ``ndcg_core``
for the order it sent, so a lost or mixed-up update counts as an error. Between drops a
session waits 0.5–1.5 s, as a student would. A client costs a few per cent of a core, so
the load measures the server, not the clients (Chromium clients saturate 2 cores at ~15).

Reported per N: drops, errors, the median and 95th percentile from drop to updated NDCG, the
server's peak resident memory (VmHWM), its resident memory at the end (VmRSS) and its CPU seconds.
With ``--memory-trace``, the resident memory is also sampled every 2 s and given after each
quarter of the drops: flat means no drop leaves memory behind (e.g. 40 sessions x 100 drops).
With ``--churn C``, C further sessions each open the page, drop once and leave (10 at a time);
the resident memory is given before, right after, after ``--settle`` seconds, and after one more
visit: Streamlit keeps a left session for ``server.disconnectedSessionTTL`` (120 s by default; at
most 128 such sessions) and drops the expired ones at its next write, i.e. the next visit. The script starts the server on
127.0.0.1 itself, stops it by its PID, and stops by itself.

With ``--replicas R`` it starts R replicas behind nginx instead (``scripts/run_replicas.py``, the
production settings) and sends every session through nginx; each session's websocket carries no
cookie, so nginx spreads them over the replicas at random, as new browsers. The memory column is
then the largest replica's peak and the CPU column the replicas' sum. With ``--url`` it uses a
server that is already running (no memory or CPU columns unless ``--pids`` names its processes).

With ``--kill-after S`` (and ``--replicas``) the first replica is killed with SIGKILL S seconds into
the run, as a crash would. Every session whose websocket closes then does what the browser does:
it reconnects (through nginx, which takes it to a live replica) and reruns the page with the query
string of its URL, which holds its scenario. The session checks that the NDCG shown then is the
one of the order its URL holds (the last drop the server confirmed; a drop in flight when the
replica died is lost, and counted), and goes on dropping. Reported besides: how many sessions
reconnected, the drops lost in flight, wrong numbers (any NDCG shown that is not the core's for the
order the server holds: must be 0), and the time from the lost connection to the restored numbers.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import ndcg_core  # noqa: E402
from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES  # noqa: E402
from scripts.run_replicas import start_cluster, stop_cluster  # noqa: E402
from tests.browser.conftest import start_streamlit, stop_streamlit  # noqa: E402
from ui.components.headline.headline import COMPONENT_NAME as HEADLINE  # noqa: E402
from ui.components.packed import unpacked  # noqa: E402
from ui.components.sortable_list.sortable_list import COMPONENT_NAME  # noqa: E402
from ui.state.link import decode  # noqa: E402

GRADES = dict(zip((f"i{i}" for i in range(7)), BLUETOOTH_HEADPHONES.grades, strict=True))
TIMEOUT_S = 30.0
SORTABLE_LIST = COMPONENT_NAME  # the component whose drops the sessions send


@dataclass
class Results:
    """What all sessions measured."""

    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    reconnected_sessions: set[int] = field(default_factory=set)
    lost_in_flight: int = 0
    wrong_numbers: int = 0
    recovery_s: list[float] = field(default_factory=list)
    memory_trace: list[tuple[int, float]] = field(default_factory=list)  # (drops so far, RSS MiB)

    def drops(self) -> int:
        """Drops answered so far, right or wrong."""
        return len(self.latencies_ms) + len(self.errors)


@dataclass
class Page:
    """What one run of the page told the client."""

    component_id: str = ""
    fragment_id: str = ""  # the fragment the sortable list is drawn in: a drop reruns that fragment
    page_hash: str = ""
    query: str = ""
    ndcg: str = ""
    seconds_to_ndcg: float = 0.0


async def run_page(
    ws: websockets.ClientConnection,
    trigger: tuple[str, list[str]] | None,
    page_hash: str = "",
    query: str = "",
    fragment_id: str = "",
) -> Page:
    """Send one rerun (optionally with a drop) and read until the script finishes.

    The page's hash and the URL's query go with every rerun, as the browser sends them: without
    the hash the server takes the rerun for a page change and drops the widget states, the
    drop's trigger among them. A drop in a fragment carries the fragment's id, as the browser
    sends it, and reruns that fragment only.
    """
    message = BackMsg()
    message.rerun_script.query_string = query
    message.rerun_script.page_script_hash = page_hash
    if trigger is not None and fragment_id:
        message.rerun_script.fragment_id = fragment_id
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
            component = element.bidi_component if element.WhichOneof("type") == "bidi_component" else None
            if component is not None and component.component_name.endswith(HEADLINE):
                figures = unpacked(json.loads(component.json))["figures"]
                page.ndcg = next(f["value"] for f in figures if f["name"] == "ndcg")
                page.seconds_to_ndcg = time.perf_counter() - start
            elif component is not None and component.component_name.endswith(SORTABLE_LIST):
                page.component_id, page.fragment_id = component.id, forward.delta.fragment_id
        elif kind == "navigation":
            page.page_hash = forward.navigation.page_script_hash
        elif kind == "page_info_changed":
            page.query = forward.page_info_changed.query_string
        elif kind == "script_finished" and forward.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
            return page  # (a callback's st.rerun ends the run early and starts the next: read on)


def expected_ndcg(order: list[str]) -> str:
    """The NDCG@5 the headline must show for this order of seed 000's items, as the page rounds it."""
    return f"{ndcg_core.ndcg([GRADES[i] for i in order], 5):.2f}"


def order_in_link(query: str) -> list[str] | None:
    """The order of item ids that a page's URL query holds (None when it holds no list)."""
    scenario = decode(dict(parse_qsl(query))).scenario
    return None if scenario is None else [f"i{index}" for index in scenario.order]


async def connect(url: str) -> websockets.ClientConnection:
    """A websocket to the app; after a crash nginx may answer 502 for a moment, so retry for a while."""
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        try:
            return await websockets.connect(
                url, subprotocols=["streamlit"], max_size=None, open_timeout=TIMEOUT_S
            )
        except (OSError, websockets.WebSocketException):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.5)


async def one_session(url: str, drops: int, seed: int, results: Results, survive: bool = False) -> None:
    """Open the Playground and drop ``drops`` times: the last item to the top, each time.

    With ``survive``, a lost connection is what a browser does with it: reconnect and rerun the page
    with the URL's query; the numbers shown then must be those of the order that the URL holds.
    """
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, 1.0))  # students do not all arrive in the same millisecond
    confirmed = list(GRADES)  # the order the server last showed numbers for
    page = Page()
    sent, done, lost_at = 0, 0, None
    while done < drops:
        try:
            ws = await connect(url)
            async with ws:
                page = await run_page(ws, None, page.page_hash, page.query)
                if lost_at is not None:  # back after a crash: the link's scenario, its numbers
                    results.recovery_s.append(time.perf_counter() - lost_at)
                    linked = order_in_link(page.query) or confirmed
                    if linked != confirmed or page.ndcg != expected_ndcg(confirmed):
                        results.wrong_numbers += 1
                        results.errors.append(f"after reconnecting: shown {page.ndcg!r} for {linked}")
                    lost_at = None
                while done < drops:
                    await asyncio.sleep(rng.uniform(0.5, 1.5))
                    order = [confirmed[-1], *confirmed[:-1]]
                    sent += 1
                    page_after = await run_page(
                        ws, (page.component_id, order), page.page_hash, page.query, page.fragment_id
                    )
                    done += 1
                    if page_after.ndcg != expected_ndcg(order):
                        results.wrong_numbers += 1
                        results.errors.append(f"shown {page_after.ndcg!r}, expected {expected_ndcg(order)}")
                    else:
                        results.latencies_ms.append(1000 * page_after.seconds_to_ndcg)
                        confirmed = order
                    page = page_after if page_after.component_id else page
        except (TimeoutError, OSError, websockets.WebSocketException) as error:
            if not survive or lost_at is not None:
                results.errors.append(f"{type(error).__name__}: {error}")
                return
            results.reconnected_sessions.add(seed)
            results.lost_in_flight += (
                1  # the drop being sent, or about to be: the URL still holds the last one
            )
            done += 1
            lost_at = time.perf_counter()


def resident_mib(pids: list[int]) -> float:
    """The servers' resident memory now (VmRSS, MiB, summed over ``pids``)."""
    total_kib = 0
    for pid in pids:
        status = Path(f"/proc/{pid}/status").read_text()
        total_kib += int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")))
    return total_kib / 1024


async def trace_memory(pids: list[int], results: Results, every_s: float = 2.0) -> None:
    """Sample the servers' resident memory with the number of drops answered so far, until cancelled."""
    while True:
        results.memory_trace.append((results.drops(), resident_mib(pids)))
        await asyncio.sleep(every_s)


def memory_by_quarter(trace: list[tuple[int, float]]) -> str:
    """The resident memory after the first drop and after each quarter of the drops."""
    if not trace:
        return "no samples"
    total = trace[-1][0]
    marks = [next((rss for done, rss in trace if done >= total * q / 4), trace[-1][1]) for q in (1, 2, 3, 4)]
    first = next((rss for done, rss in trace if done > 0), trace[0][1])  # once the page has been drawn
    return (
        f"after the first drop {first:.0f}, "
        + ", ".join(f"{q}/4 of drops {rss:.0f}" for q, rss in zip((1, 2, 3, 4), marks, strict=True))
        + " MiB"
    )


async def one_visit(url: str, seed: int) -> None:
    """A student who opens the page, drops once and leaves (the websocket closes)."""
    async with await connect(url) as ws:
        page = await run_page(ws, None)
        order = [*list(GRADES)[1:], next(iter(GRADES))]
        await run_page(ws, (page.component_id, order), page.page_hash, page.query, page.fragment_id)


async def churn(url: str, visits: int, at_once: int = 10) -> None:
    """``visits`` students come and go, ``at_once`` at a time."""
    for start in range(0, visits, at_once):
        await asyncio.gather(*(one_visit(url, seed) for seed in range(start, min(visits, start + at_once))))


def memory_and_cpu(pid: int) -> tuple[float, float]:
    """The server's peak resident memory (MiB) and CPU seconds so far."""
    status = Path(f"/proc/{pid}/status").read_text()
    peak_kib = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM")))
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return peak_kib / 1024, (int(fields[11]) + int(fields[12])) / ticks


async def classroom(
    url: str,
    sessions: int,
    drops: int,
    kill: tuple[float, subprocess.Popen[bytes]] | None = None,
    traced_pids: list[int] | None = None,
) -> Results:
    """N sessions at once; with ``kill`` = (seconds, process), that process is killed (SIGKILL) after that long.

    With ``traced_pids``, those servers' resident memory is sampled while the sessions drop.
    """
    results = Results()
    runs = [one_session(url, drops, seed, results, survive=kill is not None) for seed in range(sessions)]
    if kill is not None:
        runs.append(kill_after(*kill))
    tracer = asyncio.create_task(trace_memory(traced_pids, results)) if traced_pids else None
    await asyncio.gather(*runs)
    if tracer is not None:
        tracer.cancel()
        results.memory_trace.append((results.drops(), resident_mib(traced_pids)))
    return results


async def kill_after(seconds: float, process: subprocess.Popen[bytes]) -> None:
    """Kill one replica by its PID, as a crash would."""
    await asyncio.sleep(seconds)
    process.send_signal(signal.SIGKILL)
    print(f"   killed replica pid {process.pid} after {seconds:g} s", flush=True)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else float("nan")


def servers_memory_and_cpu(pids: list[int]) -> tuple[float, float]:
    """The largest peak resident memory (MiB) of the servers ``pids`` and their CPU seconds summed."""
    figures = [memory_and_cpu(pid) for pid in pids]
    if not figures:
        return float("nan"), float("nan")
    return max(peak for peak, _ in figures), sum(cpu for _, cpu in figures)


def cluster_alive(pid: int, cluster: object) -> bool:
    """False for a replica that was killed (a zombie until reaped: its /proc entry stays)."""
    replicas = getattr(cluster, "replicas", [])
    return all(r.process.poll() is None for r in replicas if r.process.pid == pid)


def report_churn(url: str, visits: int, settle_s: float, pids: list[int]) -> None:
    """Memory before ``visits`` students come and go, right after, and once their sessions are gone."""
    before = resident_mib(pids)
    started = time.perf_counter()
    asyncio.run(churn(url, visits))
    after = resident_mib(pids)
    print(
        f"   {visits} sessions came and went in {time.perf_counter() - started:.0f} s: resident memory "
        f"{before:.0f} MiB before, {after:.0f} right after",
        end="",
        flush=True,
    )
    time.sleep(settle_s)
    print(f", {resident_mib(pids):.0f} after {settle_s:.0f} s", end="", flush=True)
    # Streamlit keeps a left session for server.disconnectedSessionTTL (120 s), at most 128 of them,
    # and drops the expired ones at its next write: the next student's visit.
    asyncio.run(churn(url, 1))
    time.sleep(5)
    print(f", {resident_mib(pids):.0f} once one more student came and went")


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
    parser.add_argument(
        "--kill-after", type=float, help="with --replicas: SIGKILL the first replica after S s"
    )
    parser.add_argument(
        "--memory-trace", action="store_true", help="sample resident memory every 2 s; report it by quarter"
    )
    parser.add_argument(
        "--churn", type=int, default=0, help="afterwards, this many sessions open, drop once and leave"
    )
    parser.add_argument(
        "--churn-rounds",
        type=int,
        default=1,
        help="with --churn: repeat it; memory that does not grow round after round is reused, not leaked",
    )
    parser.add_argument(
        "--settle", type=float, default=150.0, help="with --churn: seconds to wait for left sessions to go"
    )
    args = parser.parse_args()
    if args.kill_after is not None and not args.replicas:
        parser.error("--kill-after needs --replicas (sessions must have a live replica to reconnect to)")
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
    print(
        f"{'N':>4} {'drops':>6} {'errors':>6} {'median ms':>10} {'p95 ms':>8} {'peak MiB':>9} "
        f"{'RSS MiB':>8} {'CPU s':>7}"
    )
    try:
        for sessions in args.sessions:
            live = [pid for pid in pids if Path(f"/proc/{pid}").exists()]
            _, cpu_before = servers_memory_and_cpu(live)
            kill = None
            if (
                args.kill_after is not None
                and cluster is not None
                and cluster.replicas[0].process.poll() is None
            ):
                kill = (args.kill_after, cluster.replicas[0].process)
            traced = live if args.memory_trace and kill is None else None
            results = asyncio.run(classroom(url, sessions, args.drops, kill, traced))
            live = [pid for pid in live if Path(f"/proc/{pid}").exists() and cluster_alive(pid, cluster)]
            peak, cpu_after = servers_memory_and_cpu(live)
            rss = resident_mib(live) if live else float("nan")
            median = statistics.median(results.latencies_ms) if results.latencies_ms else float("nan")
            print(
                f"{sessions:>4} {len(results.latencies_ms) + len(results.errors):>6} {len(results.errors):>6} "
                f"{median:>10.0f} {percentile(results.latencies_ms, 0.95):>8.0f} {peak:>9.0f} "
                f"{rss:>8.0f} {cpu_after - cpu_before:>7.1f}"
            )
            if traced:
                print("   resident memory:", memory_by_quarter(results.memory_trace))
            if kill is not None:
                recovery = results.recovery_s or [float("nan")]
                print(
                    f"   after the kill: {len(results.reconnected_sessions)} sessions reconnected, "
                    f"{results.lost_in_flight} drops lost in flight, {results.wrong_numbers} wrong numbers, "
                    f"numbers back in {statistics.median(recovery):.1f} s median, {max(recovery):.1f} s at most"
                )
            for error in sorted(set(results.errors))[:5]:
                print("   error:", error)
        for _ in range(args.churn_rounds if args.churn else 0):
            report_churn(url, args.churn, args.settle, [p for p in pids if Path(f"/proc/{p}").exists()])
    finally:
        if process is not None:
            stop_streamlit(process)
        if cluster is not None:
            stop_cluster(cluster)
    subprocess.run(["true"], check=True)


if __name__ == "__main__":
    main()
