"""A redis-server of our own for the tests: Debian's ``redis-server`` on 127.0.0.1, stopped by its PID.

``scripts/setup.sh --dev`` installs it. Nothing is written to disk (no snapshots, no append-only
file): a class's answers live for the test only.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

from scripts.run_replicas import stop_process
from tests.browser.conftest import free_port

START_TIMEOUT_S = 15.0


def redis_server_path() -> str | None:
    """Debian's redis-server (``/usr/bin``), or None when it is not installed."""
    return shutil.which("redis-server") or shutil.which("redis-server", path="/usr/bin:/usr/sbin")


def _answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def start_redis(workdir: Path, port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """Start redis-server on 127.0.0.1 (a free port unless given); return (process, redis:// URL)."""
    binary = redis_server_path()
    if binary is None:
        raise FileNotFoundError("redis-server is not installed (Debian: apt-get install redis-server)")
    port = port or free_port()
    command = [
        binary,
        "--bind", "127.0.0.1",
        "--port", str(port),
        "--save", "",
        "--appendonly", "no",
        "--dir", str(workdir),
        "--daemonize", "no",
        "--logfile", "",
    ]  # fmt: skip
    log = (workdir / f"redis-{port}.log").open("wb")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=workdir)
    deadline = time.monotonic() + START_TIMEOUT_S
    while not _answers_ping(port):
        if process.poll() is not None or time.monotonic() > deadline:
            stop_redis(process)
            raise RuntimeError(f"redis-server did not start on port {port}")
        time.sleep(0.05)
    return process, f"redis://127.0.0.1:{port}/0"


def stop_redis(process: subprocess.Popen[bytes]) -> None:
    """Stop the server by its PID: SIGTERM, wait, then SIGKILL."""
    stop_process(process)
