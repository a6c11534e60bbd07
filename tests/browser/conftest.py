"""Shared fixtures for browser tests: a Streamlit server and headless Chromium.

Typical use in a test module::

    APP = Path(__file__).with_name("my_app.py")

    @pytest.fixture(scope="module")
    def app_url(streamlit_server):
        return streamlit_server(APP)

    @pytest.mark.browser
    def test_something(page, app_url):
        page.goto(app_url)
        wait_for_app_idle(page)
        ...

Fixtures:
    streamlit_server: factory ``(app_path, *extra_args) -> base_url``; every
        server it starts is stopped at the end of the test session.
    browser: one headless Chromium per session (Debian's ``/usr/bin/chromium``
        or ``$CHROMIUM_PATH``).
    page: a fresh context and page per test, viewport 1280x900.
    page_factory: ``(**context_options) -> Page`` for other contexts (touch,
        phone-sized viewport, dark colour scheme...).
    screenshot: ``(page, name) -> Path``, saves a PNG in the test's tmp_path.

Helpers (plain functions, import them from ``tests.browser.conftest`` or use the
``wait_for_app_idle`` fixture):
    wait_for_app_idle(page, text=None, timeout_ms=...)
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Streamlit apps the tests start; not test modules, so pytest (and its
# --doctest-modules option) must not import them.
collect_ignore_glob = ["*_app.py"]

VIEWPORT = {"width": 1280, "height": 900}
#: The Playground's headline (a component): its three numbers, DCG@k, IDCG@k, NDCG@k, and labels.
HEADLINE = '[data-testid="headline-value"]'
HEADLINE_LABELS = '[data-testid="headline-label"]'
SERVER_START_TIMEOUT_S = 60.0
SERVER_STOP_TIMEOUT_S = 10.0
APP_IDLE_TIMEOUT_MS = 20_000

StreamlitServerFactory = Callable[..., str]


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``browser`` marker (``-m "not browser"`` skips them)."""
    config.addinivalue_line("markers", "browser: test drives a real Chromium against a Streamlit server")


# --------------------------------------------------------------------------
# Streamlit server
# --------------------------------------------------------------------------


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _health_ok(base_url: str) -> bool:
    """True if the server's health endpoint answers ``ok``."""
    try:
        with urllib.request.urlopen(f"{base_url}/_stcore/health", timeout=2) as resp:
            return resp.status == 200 and resp.read().decode().strip() == "ok"
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return False


def _wait_until_healthy(process: subprocess.Popen[bytes], base_url: str, log: Path) -> None:
    """Block until the server is healthy; fail with its log if it dies or hangs."""
    deadline = time.monotonic() + SERVER_START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Streamlit exited with code {process.returncode}:\n{log.read_text()}")
        if _health_ok(base_url):
            return
        time.sleep(0.2)
    raise TimeoutError(f"Streamlit did not become healthy:\n{log.read_text()}")


def stop_streamlit(process: subprocess.Popen[bytes]) -> None:
    """Stop one server process by its PID: terminate, wait, then kill."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=SERVER_STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=SERVER_STOP_TIMEOUT_S)


def start_streamlit(
    app_path: Path, extra_args: tuple[str, ...], log: Path, port: int | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``streamlit run app_path`` on ``port`` (default: a free one); return (process, base_url)."""
    port = port or free_port()
    base_url = f"http://127.0.0.1:{port}"
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(app_path),
        "--server.headless",
        "true",
        "--server.address",
        "127.0.0.1",
        "--server.port",
        str(port),
        "--browser.gatherUsageStats",
        "false",
        *extra_args,
    ]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p)
    with log.open("wb") as log_file:
        process = subprocess.Popen(command, cwd=REPO_ROOT, env=env, stdout=log_file, stderr=subprocess.STDOUT)
    try:
        _wait_until_healthy(process, base_url, log)
    except BaseException:
        stop_streamlit(process)
        raise
    return process, base_url


@pytest.fixture(scope="session")
def streamlit_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[StreamlitServerFactory]:
    """Factory that starts a Streamlit server and returns its base URL.

    Call it as ``streamlit_server(app_path, *extra_args)``, for example
    ``streamlit_server(APP, "--theme.base", "dark")``. The same app with the
    same arguments is started only once per session. All servers are stopped
    (by PID) when the session ends. Each server's output goes to
    ``streamlit.log`` in a temporary folder, shown if start-up fails.
    """
    started: dict[tuple[str, tuple[str, ...]], tuple[subprocess.Popen[bytes], str]] = {}

    def start(app_path: str | os.PathLike[str], *extra_args: str) -> str:
        app = Path(app_path).resolve()
        cache_key = (str(app), tuple(extra_args))
        if cache_key not in started:
            log = tmp_path_factory.mktemp("streamlit") / "streamlit.log"
            started[cache_key] = start_streamlit(app, tuple(extra_args), log)
        return started[cache_key][1]

    yield start
    for process, _url in started.values():
        stop_streamlit(process)


# --------------------------------------------------------------------------
# Browser and page
# --------------------------------------------------------------------------


def chromium_path() -> str:
    """Path of the Chromium binary: ``$CHROMIUM_PATH`` or Debian's default."""
    return os.environ.get("CHROMIUM_PATH", DEFAULT_CHROMIUM)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole session (Playwright sync API)."""
    executable = chromium_path()
    if not (Path(executable).is_file() or shutil.which(executable)):
        pytest.skip(
            f"Chromium not found at {executable!r}: install Debian's `chromium` "
            "package or set CHROMIUM_PATH to a Chromium binary."
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page_factory(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Factory ``(**context_options) -> Page`` for pages with special contexts.

    Each call opens a new browser context (closed after the test) with a
    1280x900 viewport unless ``context_options`` say otherwise, e.g.
    ``page_factory(has_touch=True, viewport={"width": 390, "height": 844})``.
    """
    contexts: list[BrowserContext] = []

    def new_page(**context_options: Any) -> Page:
        context = browser.new_context(**{"viewport": VIEWPORT, **context_options})
        context.set_default_timeout(APP_IDLE_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield new_page
    for context in contexts:
        context.close()


@pytest.fixture()
def page(page_factory: Callable[..., Page]) -> Page:
    """A fresh browser context and page for one test (1280x900 viewport)."""
    return page_factory()


@pytest.fixture()
def screenshot(tmp_path: Path) -> Callable[[Page, str], Path]:
    """Return ``save(page, name) -> Path`` that writes ``name.png`` to tmp_path."""

    def save(target_page: Page, name: str) -> Path:
        path = tmp_path / f"{name}.png"
        target_page.screenshot(path=str(path), full_page=True)
        return path

    return save


# --------------------------------------------------------------------------
# Waiting for Streamlit
# --------------------------------------------------------------------------


def wait_for_app_idle(page: Page, text: str | None = None, timeout_ms: int = APP_IDLE_TIMEOUT_MS) -> None:
    """Wait until Streamlit has finished its current run.

    The app is idle when the app view has been drawn, the "Running..." icon
    of the status widget is gone, no loading skeleton is shown and no element
    is marked stale (greyed out while a rerun is pending), and no headline is marked as a new
    tab's first run (:mod:`ui.state.first_paint`: the rest of the page is still to come). If
    ``text`` is given, also wait until that text is visible on the page (in any
    element that shows it: a collapsed expander may hold it too), which proves
    that the rerun you caused has happened (Streamlit may not have started it
    yet when this function is called).
    """
    page.wait_for_selector('[data-testid="stAppViewContainer"]', state="attached", timeout=timeout_ms)
    if text is not None:
        page.get_by_text(text, exact=False).filter(visible=True).first.wait_for(
            state="visible", timeout=timeout_ms
        )
    page.wait_for_function(
        """() => {
            const running = document.querySelector(
                '[data-testid="stStatusWidgetRunningIcon"], [data-testid="stSkeleton"], [data-testid="stAppSkeleton"]'
            );
            const stale = document.querySelector('[data-stale="true"]');
            // A new tab's first run draws the main interaction only; the rest follows (first_paint.py).
            const firstRun = [...document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')].some(
                (host) => host.shadowRoot?.querySelector('[data-first-run]'));
            return !running && !stale && !firstRun;
        }""",
        timeout=timeout_ms,
    )


@pytest.fixture(name="wait_for_app_idle")
def wait_for_app_idle_fixture() -> Callable[..., None]:
    """The :func:`wait_for_app_idle` helper, as a fixture."""
    return wait_for_app_idle


def open_two_run_sample(page: Page) -> None:
    """Many queries with the bundled two-system sample open: A against B, query by query."""
    page.get_by_role("tab", name="A bundled sample").click()
    page.get_by_role("combobox", name="Sample").click()
    page.get_by_role("option").filter(has_text="Two systems compared").click()
    wait_for_app_idle(page)
    page.get_by_role("button", name="Open this sample").click()
    wait_for_app_idle(page, "B is higher on")
