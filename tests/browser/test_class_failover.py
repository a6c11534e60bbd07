"""Ask the class on two servers that share one redis-server, and the instructor's server killed.

A redis-server and two Streamlit servers (A and B, both with ``NDCG_CLASS_STORE`` naming that Redis)
run on 127.0.0.1 and are stopped by their PIDs. The instructor asks on A; one student answers on A
and one on B (the same join link's query, on B's address: what nginx does with a browser it sends
to the other replica), and A's screen counts both. A is then killed (SIGKILL) while the room
answers: a student on B changes their answer and another joins on B and answers. The instructor's
own link, opened on B, shows the same class with every answer, from before and after the kill,
each counted once; the first student's link, opened on B, shows the answer it sent to A; Reveal works.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.classroom_steps import (
    PHONE,
    PROJECTOR,
    ask_the_class,
    expect_count,
    join,
    move_to_top,
    send,
)
from tests.browser.conftest import start_streamlit, stop_streamlit, wait_for_app_idle
from tests.redis_server import redis_server_path, start_redis, stop_redis
from ui.state.classroom import STORE_VARIABLE

APP = Path(__file__).resolve().parents[2] / "app.py"
BOSE, SONY, JBL = "i6", "i3", "i2"

pytestmark = pytest.mark.browser


@pytest.fixture()
def servers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[list, str, str]]:
    """A redis-server and two app servers sharing it: ([processes], A's URL, B's URL)."""
    if redis_server_path() is None:
        pytest.skip("redis-server is not installed: `bash scripts/setup.sh --dev` installs it")
    redis_process, redis_url = start_redis(tmp_path)
    monkeypatch.setenv(STORE_VARIABLE, redis_url)
    started = []
    try:
        for name in ("a", "b"):
            started.append(start_streamlit(APP, (), tmp_path / f"server-{name}.log"))
        yield [process for process, _ in started], started[0][1], started[1][1]
    finally:
        for process, _ in started:
            stop_streamlit(process)
        stop_redis(redis_process)


def on(base: str, url: str) -> str:
    """The same link on another server: ``url``'s path and query on ``base``."""
    return base + re.sub(r"^https?://[^/]+", "", url)


def test_a_class_survives_its_instructors_server(
    servers: tuple[list, str, str], page_factory: Callable[..., Page], screenshot: Callable[[Page, str], Path]
) -> None:
    (server_a, _), url_a, url_b = servers
    projector = page_factory(viewport=PROJECTOR)
    join_url = ask_the_class(projector, url_a, asks="raise NDCG@5 with one move")
    instructor_link = projector.url
    assert "host=" in instructor_link and "host=" not in join_url

    first, second = page_factory(**PHONE), page_factory(**PHONE)
    join(first, join_url)  # on A
    join(second, on(url_b, join_url))  # on B
    move_to_top(first, BOSE, "touch")
    send(first)
    move_to_top(second, SONY, "mouse")
    send(second)
    expect_count(projector, 2)  # A counts the answer sent to B
    screenshot(projector, "instructor_on_a_before_the_kill")
    first_link = first.url  # with the student's own id (me=…)

    server_a.kill()  # SIGKILL, as a crash: the instructor's server is gone
    server_a.wait(timeout=15)
    second.get_by_role("button", name="Start over").click()
    wait_for_app_idle(second)
    move_to_top(second, BOSE, "mouse")
    send(second)  # a second thought, after the kill: it replaces the first
    third = page_factory(**PHONE)
    join(third, on(url_b, join_url))
    move_to_top(third, JBL, "keyboard")
    send(third)

    reopened = page_factory(viewport=PROJECTOR)
    reopened.goto(on(url_b, instructor_link))  # the instructor's own link, on the other server
    wait_for_app_idle(reopened, "Answer on your phone")
    expect_count(reopened, 3)  # before and after the kill, each student once
    screenshot(reopened, "instructor_reopened_on_b")
    again = page_factory(**PHONE)
    again.goto(on(url_b, first_link))
    wait_for_app_idle(again, "Received.")
    expect(again.get_by_text("Your answer: the order Bose Wireless Headphones")).to_be_visible()

    reopened.get_by_role("button", name="Reveal").click()
    wait_for_app_idle(reopened, "had it right")
    expect(reopened.get_by_text("2 of 3 had it right (67%)")).to_be_visible()
    screenshot(reopened, "instructor_revealed_on_b")
    expect(reopened.locator('[data-testid="stException"]')).to_have_count(0)
