"""Ask the class under load: 60 students answer within seconds; does the projector's count keep up?

    .venv/bin/python benchmarks/class_load.py                          # one server, classes in its memory
    .venv/bin/python benchmarks/class_load.py --replicas 2             # 2 replicas behind nginx, one Redis
    .venv/bin/python benchmarks/class_load.py --replicas 2 --kill-after 3   # SIGKILL the instructor's replica
    .venv/bin/python benchmarks/class_load.py --memory-only            # memory per class, nothing else

What it does, in one run:

* **memory per class**: a class with a 10-item question and 60 answers (10-item orders), measured in
  this process (``tracemalloc``, the in-memory store) and in a redis-server of its own (``MEMORY
  USAGE`` of the class's keys);
* starts the app (``--replicas R``: R replicas behind nginx, ``scripts/run_replicas.py``, sharing a
  redis-server through ``NDCG_CLASS_STORE``); every process is stopped by its PID;
* **the instructor** is headless Chromium at 1280×720: the classroom view on a 10-item list
  (grades 3,2,3,0,1,2,0,1,3,0; k = 5), "Ask the class", the highest NDCG@5; the projector's
  "N answers" is read every 50 ms, with the time it changes;
* **the room**: ``--students`` websocket clients (60) that speak what a phone's browser speaks to
  Streamlit: they open the join link with an id of their own (``?class=CODE&me=ID``), replay the
  page's check of the class every 5 seconds (its ``run_every`` fragment, as the browser reruns it),
  then, each at a random moment within ``--window`` seconds, drop one item (the sortable list's
  ``reorder`` trigger, in its fragment) and press Send (the button's trigger). A third of them
  change their mind and send again a second later. Each checks that the page says "Received" with
  the order it sent (the store's copy), so a lost or mixed-up answer counts as an error;
* **browser students**: ``--browser-students`` (2) headless Chromium phones (390×844) join, move an
  item by keyboard and send; the time from the click to "Received" on screen is reported;
* **other students dragging**: ``--draggers`` (10) sessions drag on the Playground of the same
  server (``benchmarks/load_test.py``'s client: drop → the NDCG@5 shown, checked against the core)
  for the whole window, and once before the class alone, so the two can be compared;
* with ``--kill-after S`` (and ``--replicas``), the replica that serves the instructor is killed
  (SIGKILL) S seconds into the window. Students whose websocket closes do what the browser does:
  reconnect through nginx (to a live replica) and rerun their page from its link; one whose last
  Send was not confirmed sends it again. The instructor reopens their link (a reload through nginx).

Reported: the answers' time from the first to the last confirmed Send (target: within 10 s), each
Send's round trip, the time from the last confirmed answer to the projector showing the full count
(target: ≤ 1 s), whether the count ever passed the number of students (double counting) or ended
below it (a lost answer), the drops' times on the students' page and on the Playground beside the
class against the Playground alone, and the servers' peak memory and CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks import load_test  # noqa: E402
from ndcg_core.classroom.question import make_question  # noqa: E402
from scripts.run_replicas import start_cluster, stop_cluster  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, start_streamlit, stop_streamlit  # noqa: E402
from tests.redis_server import start_redis, stop_redis  # noqa: E402
from ui.classroom.service import Classes, new_student  # noqa: E402
from ui.classroom.store import MemoryStore, RedisStore  # noqa: E402
from ui.components.packed import unpacked  # noqa: E402
from ui.components.sortable_list.sortable_list import COMPONENT_NAME as SORTABLE  # noqa: E402
from ui.state.classroom import STORE_VARIABLE  # noqa: E402

GRADES = [3, 2, 3, 0, 1, 2, 0, 1, 3, 0]  # a 10-item list: what "60 answers of a 10-item list" measures
NAMES = [f"item {i + 1}" for i in range(len(GRADES))]  # what a link with grades and no names shows
LINK = "/?present=1&grades=" + ",".join(map(str, GRADES)) + "&k=5"
TIMEOUT_S = 30.0
#: Students open the join link one after another, this many seconds apart (a room scanning a QR code).
OPEN_EVERY_S = 0.5
#: A page that does not open is tried this many times (as a student reloads it) before the room goes on.
OPEN_ATTEMPTS = 3


# ------------------------------------------------------------------ memory --


def memory_per_class(students: int = 60, redis_url: str | None = None) -> tuple[float, float | None]:
    """KiB one class with ``students`` answers (10-item orders) holds: in this process's memory
    store (tracemalloc), and in Redis (MEMORY USAGE of its keys) when ``redis_url`` is given."""
    question = make_question("highest", NAMES, GRADES, 5, "exponential")
    ids = [f"i{i}" for i in range(len(GRADES))]

    def fill(classes: Classes) -> str:
        code, _ = classes.start(question)
        rng = random.Random(1)
        for _ in range(students):
            classes.send(code, new_student(), 1, rng.sample(ids, len(ids)))
        return code

    store = MemoryStore()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    fill(Classes(store))
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    in_memory = sum(stat.size_diff for stat in after.compare_to(before, "filename")) / 1024
    if redis_url is None:
        return in_memory, None
    import redis

    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    code = fill(Classes(RedisStore(redis_url)))
    keys = client.keys(f"ndcg:class:{code}*")
    in_redis = sum(client.memory_usage(key) or 0 for key in keys) / 1024
    return in_memory, in_redis


# -------------------------------------------------------------- a phone, replayed --


@dataclass
class Phone:
    """What a student's page told the client: ids to send back, and what it says."""

    page_hash: str = ""
    query: str = ""
    sortable: tuple[str, str] = ("", "")  # component id, fragment id
    send_button: str = ""
    follow: tuple[str, float] = ("", 0.0)  # the class check's fragment id and interval
    received: str = ""
    order: list[str] = field(default_factory=list)


FULL_RUN = ForwardMsg.FINISHED_SUCCESSFULLY
FRAGMENT_RUN = ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY


class Link:
    """One phone's websocket: a reader that takes in every message the server sends (the page's ids,
    what it says, each run's end with the fragments it drew), and requests sent one at a time, each
    waiting for the end of its own run: a full run, or a fragment run that drew the fragment it reran.
    The page's check of the class is sent beside them without waiting, as the browser sends it (it
    draws nothing, so its end is never taken for another run's)."""

    def __init__(self, ws: websockets.ClientConnection, phone: Phone) -> None:
        self.ws, self.phone = ws, phone
        self.ends: asyncio.Queue[tuple[int, frozenset[str]]] = asyncio.Queue()
        self.drawn: set[str] = set()  # fragments that drew something since the last end
        self.lock = asyncio.Lock()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        phone = self.phone
        async for raw in self.ws:
            forward = ForwardMsg()
            forward.ParseFromString(raw)
            kind = forward.WhichOneof("type")
            if kind == "delta":
                self.drawn.add(forward.delta.fragment_id)
            if kind == "delta" and forward.delta.WhichOneof("type") == "new_element":
                element = forward.delta.new_element
                which = element.WhichOneof("type")
                if which == "bidi_component" and element.bidi_component.component_name.endswith(SORTABLE):
                    phone.sortable = (element.bidi_component.id, forward.delta.fragment_id)
                    phone.order = [
                        item["id"] for item in unpacked(json.loads(element.bidi_component.json))["items"]
                    ]
                elif which == "button" and element.button.label == "Send":
                    phone.send_button = element.button.id
                elif which == "alert" and "Received." in element.alert.body:
                    phone.received = element.alert.body
            elif kind == "auto_rerun":
                phone.follow = (forward.auto_rerun.fragment_id, forward.auto_rerun.interval)
            elif kind == "navigation":
                phone.page_hash = forward.navigation.page_script_hash
            elif kind == "page_info_changed":
                phone.query = forward.page_info_changed.query_string
            elif kind == "script_finished" and forward.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                self.ends.put_nowait((forward.script_finished, frozenset(self.drawn)))
                self.drawn = set()

    def message(
        self, fragment: str = "", widget: tuple[str, str, object] | None = None, auto: bool = False
    ) -> bytes:
        """A rerun as the browser sends it: the page, the link's query, a fragment, a widget's trigger."""
        message = BackMsg()
        message.rerun_script.query_string = self.phone.query
        message.rerun_script.page_script_hash = self.phone.page_hash
        message.rerun_script.is_auto_rerun = auto
        if fragment:
            message.rerun_script.fragment_id = fragment
        if widget is not None:
            state = message.rerun_script.widget_states.widgets.add()
            state.id, kind, value = widget
            if kind == "json_trigger_value":
                state.json_trigger_value = value  # type: ignore[assignment]
            else:
                state.trigger_value = True
        return message.SerializeToString()

    async def check(self, fragment: str) -> None:
        """The page's check of the class: sent, not waited for (it draws nothing unless the class moved on)."""
        await self.ws.send(self.message(fragment, auto=True))

    async def request(
        self, *, fragment: str = "", widget: tuple[str, str, object] | None = None, timeout: float = TIMEOUT_S
    ) -> float:
        """Send one rerun and wait for its run to end (the full page's, or one that drew ``fragment``)."""
        message = self.message(fragment, widget)
        async with self.lock:
            while not self.ends.empty():
                self.ends.get_nowait()
            start = time.perf_counter()
            await self.ws.send(message)
            deadline = start + timeout
            while True:
                if self.reader.done():
                    raise websockets.ConnectionClosed(None, None)
                try:
                    status, drew = await asyncio.wait_for(
                        self.ends.get(), max(0.01, min(1.0, deadline - time.perf_counter()))
                    )
                    if (status == FULL_RUN and not fragment) or (status == FRAGMENT_RUN and fragment in drew):
                        return time.perf_counter() - start
                except TimeoutError:
                    if time.perf_counter() >= deadline:
                        raise

    def close(self) -> None:
        self.reader.cancel()


@dataclass
class Room:
    """What the room measured."""

    sends_s: list[float] = field(default_factory=list)
    drops_s: list[float] = field(default_factory=list)
    confirmed_at: dict[int, float] = field(default_factory=dict)  # student → time of their last "Received"
    first_confirmed_at: dict[int, float] = field(default_factory=dict)  # … and of their first
    errors: list[str] = field(default_factory=list)
    reconnected: set[int] = field(default_factory=set)
    resent_after_kill: int = 0
    t0: float = 0.0  # when the window opens: once every student's page is open
    opened: int = 0
    everyone_in: asyncio.Event = field(default_factory=asyncio.Event)
    sent_at: dict[int, float] = field(default_factory=dict)  # student → when their first Send left
    expected: int = 0  # websocket students

    def came_in(self) -> None:
        """One more student's page is open; the window opens a second after the last one's."""
        self.opened += 1
        self._maybe_open()

    def left_out(self) -> None:
        """A student whose page never opened: the room goes on without them."""
        self.expected -= 1
        self._maybe_open()

    def _maybe_open(self) -> None:
        if self.opened >= self.expected and not self.everyone_in.is_set():
            self.t0 = time.perf_counter() + 1.0
            self.everyone_in.set()


async def student(url: str, code: str, number: int, window: float, room: Room, survive: bool) -> None:
    """One phone: open the link, keep checking the class, drop once and Send (a third send twice)."""
    rng = random.Random(number)
    phone = Phone(query=f"class={code}&me={new_student()}")
    sends = 2 if number % 3 == 0 else 1
    sent, confirmed, at, attempts = 0, None, None, 0
    await asyncio.sleep(number * OPEN_EVERY_S)  # a room joins over some seconds, not in one millisecond
    while True:
        try:
            async with await load_test.connect(url) as ws:
                link = Link(ws, phone)
                try:
                    await link.request(timeout=90.0)  # a page opened while the rest of the room joins
                    checking = asyncio.create_task(follow(link))  # the page checks the class from now on
                    try:
                        if at is None:  # the first time in: wait for the room, then answer within the window
                            room.came_in()
                            await room.everyone_in.wait()
                            at = room.t0 + rng.uniform(0.0, window - (1.5 if sends == 2 else 0.0))
                        if confirmed is not None and confirmed not in phone.received:  # back after a crash
                            room.resent_after_kill += 1
                            sent -= 1  # the last one was not confirmed: send it again
                        while sent < sends:
                            await asyncio.sleep(max(0.0, at - time.perf_counter()))
                            confirmed = await drop_and_send(link, rng, room, number)
                            sent += 1
                            at = time.perf_counter() + rng.uniform(0.8, 1.5)
                    finally:
                        checking.cancel()
                finally:
                    link.close()
                return
        except (TimeoutError, OSError, websockets.WebSocketException) as error:
            attempts += 1
            if at is None and attempts < OPEN_ATTEMPTS:  # a browser retries a page that did not open
                await asyncio.sleep(1.0)
                continue
            if not survive or at is None:
                room.errors.append(
                    f"student {number} ({'in' if at else 'opening'}): {type(error).__name__}: {error}"
                )
                if at is None:  # never got in: the room does not wait for this one
                    room.left_out()
                return
            room.reconnected.add(number)
            await asyncio.sleep(0.3)


async def follow(link: Link) -> None:
    """What the page's browser does every few seconds: rerun the fragment that checks the class."""
    fragment, interval = link.phone.follow
    while fragment:
        await asyncio.sleep(interval or 2.0)
        await link.check(fragment)


async def drop_and_send(link: Link, rng: random.Random, room: Room, number: int) -> str:
    """One drop (a new order) and Send; checks the page says the order was received."""
    phone = link.phone
    order = list(phone.order)
    rng.shuffle(order)
    component, fragment = phone.sortable
    trigger = json.dumps([{"event": "reorder", "value": order}])
    key = f"$$STREAMLIT_INTERNAL_KEY_{component}__events"
    try:
        room.drops_s.append(
            await link.request(fragment=fragment, widget=(key, "json_trigger_value", trigger))
        )
    except TimeoutError:
        raise TimeoutError("no end of the drop's run (the answer was not sent)") from None
    phone.received = ""
    room.sent_at.setdefault(number, time.perf_counter())
    try:
        room.sends_s.append(await link.request(widget=(phone.send_button, "trigger", True)))
    except TimeoutError:
        raise TimeoutError("no end of the Send's run") from None
    names = ", ".join(NAMES[int(i[1:])] for i in order)
    if names not in phone.received:
        room.errors.append(f"student {number}: sent {names}, page says {phone.received[:80]!r}")
    room.confirmed_at[number] = time.perf_counter()
    room.first_confirmed_at.setdefault(number, room.confirmed_at[number])
    return names


# ------------------------------------------------------------- the instructor --


@dataclass
class Projector:
    """The count the projector showed, with when."""

    seen: list[tuple[float, int]] = field(default_factory=list)

    def first_at(self, count: int) -> float | None:
        return next((t for t, c in self.seen if c >= count), None)

    @property
    def most(self) -> int:
        return max((c for _, c in self.seen), default=0)


async def watch_count(page, projector: Projector, stop: asyncio.Event) -> None:
    """Read the projector's "N answers" every 50 ms; note each change with its time."""
    last = None
    while not stop.is_set():
        try:
            text = await page.locator(".st-key-class_count").inner_text(timeout=500)
            found = re.search(r"(\d+) answers?", text)
            count = int(found[1]) if found else None
        except Exception:  # the page reloading after a failover
            count = None
        if count is not None and count != last:
            projector.seen.append((time.perf_counter(), count))
            last = count
        await asyncio.sleep(0.05)


async def open_class(page, base: str) -> tuple[str, str]:
    """The instructor asks the class for the highest NDCG@5; returns (join link, instructor's link)."""
    await page.goto(base + LINK)
    await page.get_by_role("button", name="Ask the class").click()
    await page.get_by_role("button", name="Start the question").click()
    join = page.locator(".st-key-class_join_url")
    await join.wait_for(timeout=30_000)
    await page.wait_for_url(re.compile(r".*[?&]host="), timeout=30_000)  # the link holds the class now
    return (await join.inner_text()).strip(), page.url


async def browser_student(browser, url: str, results: list[float], errors: list[str], room: Room) -> None:
    """A real phone: join, move the last item to the top by keyboard, Send; time to "Received" shown."""
    await room.everyone_in.wait()
    context = await browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = await context.new_page()
    try:
        await page.goto(url)
        rows = page.locator('[data-testid="sortable-item"]')
        await rows.last.wait_for(timeout=30_000)
        await rows.last.focus()
        await page.keyboard.press("Space")
        for _ in range(len(GRADES) - 1):
            await page.keyboard.press("ArrowUp")
        await page.keyboard.press("Space")
        await page.wait_for_timeout(800)
        start = time.perf_counter()
        key = -1 - len(room.sent_at)  # a browser student's place among the room's answers
        room.sent_at[key] = start
        await page.get_by_role("button", name="Send").click()
        await page.get_by_text("Received.").first.wait_for(timeout=30_000)
        results.append(time.perf_counter() - start)
        room.first_confirmed_at[key] = room.confirmed_at[key] = time.perf_counter()
    except Exception as error:  # reported, not raised: the rest of the run goes on
        errors.append(f"browser student: {type(error).__name__}: {str(error)[:120]}")
    finally:
        await context.close()


# ------------------------------------------------------------------- the run --


def upstream_of(cluster, cookie: str) -> str | None:
    """The replica nginx sent this browser to, from its access log."""
    for line in reversed(cluster.access_log.read_text().splitlines()):
        if f"cookie={cookie} " in line and (found := re.search(r"upstream=(127\.0\.0\.1:\d+)", line)):
            return found[1]
    return None


async def drags(url: str, sessions: int, seconds: float) -> load_test.Results:
    """``sessions`` Playground sessions dragging for about ``seconds`` (about one drop a second each)."""
    results = load_test.Results()
    await asyncio.gather(
        *(load_test.one_session(url, int(seconds), seed, results) for seed in range(sessions))
    )
    return results


async def drags_in_the_window(url: str, sessions: int, seconds: float, room: Room) -> load_test.Results:
    """Playground drags while the room answers (from the moment every student's page is open)."""
    await room.everyone_in.wait()
    return await drags(url, sessions, seconds)


async def run(args: argparse.Namespace, base: str, ws_url: str, cluster=None) -> None:
    from playwright.async_api import async_playwright

    if args.draggers:
        alone = await drags(ws_url, args.draggers, args.window + 4)
        print(f"   Playground drops, alone: {summary(alone.latencies_ms, 'ms')}, errors {len(alone.errors)}")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS
        )
        context = await browser.new_context(viewport={"width": 1280, "height": 720})
        page = await context.new_page()
        page.set_default_timeout(30_000)
        join, instructor_link = await open_class(page, base)
        code = re.search(r"class=([a-z0-9]+)", join)[1]
        cookie = next((c["value"] for c in await context.cookies() if c["name"] == "ndcg_replica"), "")
        projector, stop, room = Projector(), asyncio.Event(), Room()
        watcher = asyncio.create_task(watch_count(page, projector, stop))
        phones: list[float] = []
        phone_errors: list[str] = []
        room.expected = args.students
        tasks = [
            student(ws_url, code, n, args.window, room, cluster is not None) for n in range(args.students)
        ]
        jobs = [asyncio.gather(*tasks)]
        jobs += [
            browser_student(browser, join, phones, phone_errors, room) for _ in range(args.browser_students)
        ]
        beside = (
            asyncio.create_task(drags_in_the_window(ws_url, args.draggers, args.window + 4, room))
            if args.draggers
            else None
        )
        killed = None
        if cluster is not None and args.kill_after is not None:
            jobs.append(
                kill_instructors_replica(cluster, cookie, room, args.kill_after, page, instructor_link)
            )
        done = await asyncio.gather(*jobs)
        if cluster is not None and args.kill_after is not None:
            killed = done[-1]
        expected = args.students + len(phones)
        deadline = time.perf_counter() + 15
        while projector.first_at(expected) is None and time.perf_counter() < deadline:
            await asyncio.sleep(0.1)
        await asyncio.sleep(2.5)  # two more refreshes: a count that passes the room would show now
        stop.set()
        await watcher
        beside_results = await beside if beside is not None else None
        await browser.close()
    report(args, room, projector, phones, phone_errors, expected, beside_results, killed)


async def kill_instructors_replica(cluster, cookie: str, room: Room, after: float, page, link: str) -> str:
    """SIGKILL the replica nginx sends the instructor to, ``after`` seconds into the window; then
    reopen the instructor's link."""
    await room.everyone_in.wait()
    await asyncio.sleep(max(0.0, room.t0 + after - time.perf_counter()))
    address = upstream_of(cluster, cookie)
    replica = next(r for r in cluster.replicas if r.address == address)
    replica.process.kill()
    killed_at = time.perf_counter()
    print(f"   killed the instructor's replica {address} (pid {replica.process.pid})", flush=True)
    await asyncio.sleep(1.0)
    try:
        await page.goto(link)  # the instructor's link again: nginx takes it to the live replica
        await page.locator(".st-key-class_count").wait_for(timeout=120_000)
    except Exception as error:  # reported, not raised: the students' figures still count
        return f"{address}; the instructor's link did not show the count again: {type(error).__name__}"
    return f"{address}, the instructor's link showed the count again {time.perf_counter() - killed_at:.1f} s after the kill"


def summary(values: list[float], unit: str) -> str:
    """Median, p95 and max of ``values`` (already in ``unit``)."""
    if not values:
        return "none"
    return (
        f"median {statistics.median(values):.0f} {unit}, p95 {load_test.percentile(values, 0.95):.0f} {unit}, "
        f"max {max(values):.0f} {unit} (n = {len(values)})"
    )


def report(args, room: Room, projector: Projector, phones, phone_errors, expected, beside, killed) -> None:
    first = min(room.first_confirmed_at.values(), default=float("nan"))
    last = max(room.confirmed_at.values(), default=float("nan"))
    last_new = max(room.first_confirmed_at.values(), default=float("nan"))  # the count's last step
    last_sent = max(room.sent_at.values(), default=float("nan"))  # … whose Send left then
    full = projector.first_at(expected)
    print(
        f"   {sum(n >= 0 for n in room.confirmed_at)} of {args.students} websocket students confirmed, "
        f"errors {len(room.errors)}"
    )
    print(
        f"   answers confirmed from first to last: {last - first:.1f} s, every student's first one within "
        f"{last_new - first:.1f} s (window {args.window:g} s; a third send again a second later)"
    )
    print(f"   Send → 'Received' (websocket): {summary([s * 1000 for s in room.sends_s], 'ms')}")
    print(f"   drop on the student's page → its run done: {summary([s * 1000 for s in room.drops_s], 'ms')}")
    print(
        f"   browser students: Send → 'Received' shown: {summary([p * 1000 for p in phones], 'ms')}; errors {phone_errors}"
    )
    if full is not None:
        print(
            f"   projector shows {expected} answers {full - last_sent:+.2f} s after the last new answer left its "
            f"phone, {full - last_new:+.2f} s after its page said Received"
        )
    else:
        print(f"   projector never showed {expected} answers; the most it showed: {projector.most}")
    print(
        f"   the most the projector ever showed: {projector.most} (students: {expected}: more would be double counting)"
    )
    if beside is not None:
        print(
            f"   Playground drops beside the class: {summary(beside.latencies_ms, 'ms')}, errors {len(beside.errors)}"
        )
    if killed is not None:
        print(
            f"   killed {killed}; {len(room.reconnected)} students reconnected, {room.resent_after_kill} resent an unconfirmed answer"
        )
    for error in room.errors[:5]:
        print("   error:", error)
    if args.verbose:
        for number in sorted(n for n in room.confirmed_at if n >= 0):
            print(
                f"   student {number}: first {room.first_confirmed_at[number] - room.t0:.2f} s, last {room.confirmed_at[number] - room.t0:.2f} s"
            )


def _exit_on_sigterm(signum: int, frame: object) -> None:
    """SIGTERM (a timeout, Ctrl-C from a script) becomes SystemExit, so that ``finally`` stops every process."""
    raise SystemExit(128 + signum)


def main() -> None:
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--browser-students", type=int, default=2)
    parser.add_argument("--draggers", type=int, default=10)
    parser.add_argument("--window", type=float, default=8.0, help="seconds within which the students answer")
    parser.add_argument("--replicas", type=int)
    parser.add_argument("--kill-after", type=float, help="with --replicas: SIGKILL the instructor's replica")
    parser.add_argument("--memory-only", action="store_true")
    parser.add_argument("--verbose", action="store_true", help="each student's confirmed answers, in time")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="class-load-"))
    redis_process, redis_url = start_redis(workdir)
    process = cluster = None
    try:
        in_memory, in_redis = memory_per_class(60, redis_url)
        print(
            f"memory per class (60 answers of a 10-item list): {in_memory:.1f} KiB in the server's memory, "
            f"{in_redis:.1f} KiB in Redis"
        )
        if args.memory_only:
            return
        print(f"load average before: {os.getloadavg()[0]:.2f}")
        if args.replicas:
            os.environ[STORE_VARIABLE] = redis_url
            cluster = start_cluster(args.replicas, None, ("--runner.postScriptGC", "false"))
            base, pids = cluster.url, [r.process.pid for r in cluster.replicas]
            print(f"{args.replicas} replicas (pids {pids}) behind nginx at {base}, classes in Redis")
        else:
            process, base = start_streamlit(
                REPO / "app.py", ("--runner.postScriptGC", "false"), workdir / "app.log"
            )
            pids = [process.pid]
            print(f"one server (pid {process.pid}), classes in its memory")
        ws_url = base.replace("http://", "ws://") + "/_stcore/stream"
        cpu_before = sum(load_test.memory_and_cpu(p)[1] for p in pids)
        asyncio.run(run(args, base, ws_url, cluster))
        live = [p for p in pids if Path(f"/proc/{p}").exists() and load_test.cluster_alive(p, cluster)]
        peak, cpu = load_test.servers_memory_and_cpu(live)
        print(
            f"   servers: peak {peak:.0f} MiB (largest), CPU {cpu - cpu_before:.1f} s; load average after: {os.getloadavg()[0]:.2f}"
        )
    finally:
        if process is not None:
            stop_streamlit(process)
        if cluster is not None:
            stop_cluster(cluster)
        stop_redis(redis_process)
    subprocess.run(["true"], check=True)


if __name__ == "__main__":
    main()
