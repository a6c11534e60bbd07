"""Run the Playground as N replicas behind Debian's nginx, all on 127.0.0.1: a school on one machine.

    .venv/bin/python scripts/run_replicas.py                # 2 replicas, prints the nginx URL
    .venv/bin/python scripts/run_replicas.py --replicas 3

The nginx config is derived from ``deploy/nginx.conf``: the same upstream (cookie hash, passive health
checks), websocket and timeout settings, with the upstream's ``server`` lines pointing at the local
replicas, ``listen`` on a free port of 127.0.0.1, ``daemon off``, and the pid file, logs and temp files
in a temporary directory, so it runs as root or not without touching ``/etc/nginx``. Each replica runs
with the settings of ``deploy/streamlit-production.toml`` (as command-line flags). Ctrl-C or SIGTERM
stops nginx and every replica by its PID.

The functions are imported by ``tests/browser/test_failover.py`` and ``benchmarks/load_test.py``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tests.browser.conftest import free_port, start_streamlit, stop_streamlit  # noqa: E402

NGINX_TEMPLATE = REPO / "deploy" / "nginx.conf"
PRODUCTION_TOML = REPO / "deploy" / "streamlit-production.toml"
NGINX_START_TIMEOUT_S = 15.0
STOP_TIMEOUT_S = 10.0
TEMP_PATHS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


@dataclass
class Replica:
    """One Streamlit server: its process, port and log."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def address(self) -> str:
        """``127.0.0.1:port``, as nginx's ``$upstream_addr`` names it."""
        return f"127.0.0.1:{self.port}"


@dataclass
class Cluster:
    """Replicas behind nginx; ``url`` is nginx's address."""

    workdir: Path
    replicas: list[Replica] = field(default_factory=list)
    nginx: subprocess.Popen[bytes] | None = None
    url: str = ""

    @property
    def access_log(self) -> Path:
        """nginx's access log: one line per request, naming the replica (``upstream=``)."""
        return self.workdir / "access.log"


def nginx_path() -> str | None:
    """The nginx binary (``/usr/sbin`` is not on every user's PATH), or None."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    return found


def production_flags(toml_path: Path = PRODUCTION_TOML) -> tuple[str, ...]:
    """The production config as ``streamlit run`` flags (``--section.option value``)."""
    settings = tomllib.loads(toml_path.read_text(encoding="utf-8"))
    flags: list[str] = []
    for section, options in settings.items():
        for option, value in options.items():
            text = str(value).lower() if isinstance(value, bool) else str(value)
            flags += [f"--{section}.{option}", text]
    return tuple(flags)


UPSTREAM_SERVER = re.compile(r"^(\s*)server\s+\S+:8501(.*);$")


def nginx_config(template: str, replica_ports: list[int], listen_port: int, workdir: Path) -> str:
    """``deploy/nginx.conf`` rewritten to run locally: same settings, local ports and paths.

    The upstream's ``server`` lines become one line per local replica (with the same parameters,
    ``max_fails`` and ``fail_timeout``); nothing else in the template changes but the paths and
    the ``listen`` line.
    """
    lines: list[str] = []
    replaced = False
    for line in template.splitlines():
        match = UPSTREAM_SERVER.match(line)
        if match is None:
            lines.append(line)
        elif not replaced:  # the first of the template's replicas: the local ones go here
            lines += [f"{match[1]}server 127.0.0.1:{port}{match[2]};" for port in replica_ports]
            replaced = True
    if not replaced:
        raise ValueError("deploy/nginx.conf has no upstream `server …:8501` line")
    config = "\n".join(lines) + "\n"
    replacements = [
        (r"^(\s*)listen\s+80;", rf"\g<1>listen 127.0.0.1:{listen_port};"),
        (r"^pid .*;", f"pid {workdir / 'nginx.pid'};\ndaemon off;"),
        (r"^error_log \S+", f"error_log {workdir / 'error.log'}"),
        (r"^(\s*)access_log \S+", rf"\g<1>access_log {workdir / 'access.log'}"),
    ]
    for pattern, replacement in replacements:
        config, count = re.subn(pattern, replacement, config, count=1, flags=re.MULTILINE)
        if count != 1:
            raise ValueError(f"deploy/nginx.conf has no line matching {pattern!r}")
    temp = "\n".join(f"    {name}_temp_path {workdir / name};" for name in TEMP_PATHS)
    return config.replace("http {\n", f"http {{\n{temp}\n", 1)


def _healthy(url: str) -> bool:
    """True if ``url``/_stcore/health answers ``ok``."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return response.status == 200 and response.read().decode().strip() == "ok"
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return False


def stop_process(process: subprocess.Popen[bytes] | None) -> None:
    """Stop one process by its PID: SIGTERM, wait, then SIGKILL."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=STOP_TIMEOUT_S)


def start_nginx(cluster: Cluster, replica_ports: list[int]) -> None:
    """Write the local nginx config into the cluster's workdir, start nginx and wait for it."""
    binary = nginx_path()
    if binary is None:
        raise FileNotFoundError("nginx is not installed (Debian: apt-get install nginx-light)")
    port = free_port()
    config = cluster.workdir / "nginx.conf"
    template = NGINX_TEMPLATE.read_text(encoding="utf-8")
    config.write_text(nginx_config(template, replica_ports, port, cluster.workdir), encoding="utf-8")
    log = cluster.workdir / "nginx.out"
    command = [
        binary,
        "-p",
        str(cluster.workdir),
        "-e",
        str(cluster.workdir / "error.log"),
        "-c",
        str(config),
    ]
    with log.open("wb") as out:
        cluster.nginx = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    cluster.url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + NGINX_START_TIMEOUT_S
    while not _healthy(cluster.url):
        if cluster.nginx.poll() is not None or time.monotonic() > deadline:
            errors = (cluster.workdir / "error.log").read_text(errors="replace") if log.exists() else ""
            raise RuntimeError(f"nginx did not start:\n{log.read_text()}\n{errors}")
        time.sleep(0.1)


def warm_up(base_url: str, timeout_s: float = 120.0) -> None:
    """Run the app's script once in a replica (``/_stcore/script-health-check``, on in the production
    config), as the Kubernetes startup probe does: its imports and chart specs are built before the
    first student's visit. A replica without the check (an older config) is left as it is."""
    try:
        with urllib.request.urlopen(f"{base_url}/_stcore/script-health-check", timeout=timeout_s) as answer:
            answer.read()
    except urllib.error.HTTPError as error:
        if error.code != 404:  # 404: the check is off
            raise


def start_cluster(
    replicas: int = 2, workdir: Path | None = None, extra_args: tuple[str, ...] = ()
) -> Cluster:
    """Start ``replicas`` Streamlit servers and nginx in front of them; stop all if one fails."""
    workdir = Path(tempfile.mkdtemp(prefix="ndcg-replicas-")) if workdir is None else workdir
    workdir.chmod(0o755)  # nginx's workers (user nobody when started as root) write temp files here
    cluster = Cluster(workdir=workdir)
    try:
        for index in range(replicas):
            log = workdir / f"replica-{index + 1}.log"
            process, base_url = start_streamlit(REPO / "app.py", (*production_flags(), *extra_args), log)
            cluster.replicas.append(Replica(process, int(base_url.rsplit(":", 1)[1]), log))
            warm_up(base_url)
        start_nginx(cluster, [replica.port for replica in cluster.replicas])
    except BaseException:
        stop_cluster(cluster)
        raise
    return cluster


def stop_cluster(cluster: Cluster) -> None:
    """Stop nginx, then every replica, each by its PID."""
    stop_process(cluster.nginx)
    for replica in cluster.replicas:
        stop_streamlit(replica.process)


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    """Turn SIGTERM into SystemExit, so that ``finally`` stops everything."""
    raise SystemExit(128 + signum)


def main() -> None:
    """Start the cluster, print its URL, and stop it on Ctrl-C or SIGTERM."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even when started with SIGINT ignored (`&`)
    cluster = start_cluster(args.replicas)
    try:
        for replica in cluster.replicas:
            print(f"replica pid {replica.process.pid} on {replica.address} (log {replica.log})")
        print(f"nginx pid {cluster.nginx.pid if cluster.nginx else '?'}, logs in {cluster.workdir}")
        print(f"Open {cluster.url}  (Ctrl-C stops everything)", flush=True)
        while all(p.poll() is None for p in [cluster.nginx, *(r.process for r in cluster.replicas)] if p):
            time.sleep(1)
        print("A process ended by itself; stopping the rest.")
    except KeyboardInterrupt:
        pass
    finally:
        stop_cluster(cluster)


if __name__ == "__main__":
    main()
