"""The deployment files, checked without a Docker engine or a cluster: Dockerfile, configs, manifests.

No Docker engine runs in CI, so the Dockerfile is never built here. These tests read it as text
and check what would break a build or a deployment: a COPY source that does not exist, the app
importing a local package the image leaves out, root at run time, no health check, the wrong port,
and a production config that does not parse or lacks a setting.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from scripts.run_replicas import nginx_config, production_flags

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
PRODUCTION = ROOT / "deploy" / "streamlit-production.toml"
NGINX = ROOT / "deploy" / "nginx.conf"
KUBERNETES = ROOT / "deploy" / "kubernetes.yaml"


def instructions(path: Path = DOCKERFILE) -> list[tuple[str, str]]:
    """The Dockerfile as (INSTRUCTION, arguments): comments dropped, continued lines joined."""
    text = re.sub(r"\\\n", " ", path.read_text(encoding="utf-8"))
    parsed = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, arguments = line.partition(" ")
            parsed.append((keyword.upper(), arguments.strip()))
    return parsed


def arguments_of(keyword: str) -> list[str]:
    """The arguments of every ``keyword`` instruction, in order."""
    return [arguments for name, arguments in instructions() if name == keyword]


def copies() -> list[tuple[list[str], str]]:
    """Every COPY as (sources, destination), options such as --chown left out."""
    result = []
    for arguments in arguments_of("COPY"):
        words = [word for word in arguments.split() if not word.startswith("--")]
        result.append((words[:-1], words[-1]))
    return result


def test_the_base_is_slim_python_3_11() -> None:
    assert arguments_of("FROM")[0].startswith("python:3.11-slim")


def test_every_copy_source_exists_in_the_repository() -> None:
    assert copies(), "the Dockerfile copies nothing"
    for sources, _ in copies():
        for source in sources:
            assert (ROOT / source).exists(), f"COPY {source}: no such file in the repository"


def test_the_image_holds_every_local_module_the_app_imports() -> None:
    """A local package imported by the app (e.g. ``tests``) but not copied would fail at run time."""
    copied = {Path(source).parts[0] for sources, _ in copies() for source in sources}
    local = {path.stem for path in ROOT.iterdir() if path.suffix == ".py" or (path / "__init__.py").exists()}
    files = [
        ROOT / "app.py",
        *(f for d in ("app_pages", "ui", "ndcg_core") for f in (ROOT / d).rglob("*.py")),
    ]
    for file in files:
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for top in {name.split(".")[0] for name in names} & local:
                assert top in copied or f"{top}.py" in copied, f"{file.name} imports {top}, not copied"


def test_the_requirements_are_pinned_and_installed() -> None:
    assert any("requirements.txt" in arguments for arguments in arguments_of("RUN"))
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            assert "==" in line, f"not pinned: {line}"


def test_it_runs_as_a_user_that_is_not_root() -> None:
    users = arguments_of("USER")
    assert users, "no USER: the app would run as root"
    assert users[-1].split(":")[0] not in {"root", "0"}
    # the last USER comes before the command, so the server runs as that user
    keywords = [name for name, _ in instructions()]
    assert len(keywords) - 1 - keywords[::-1].index("USER") < keywords.index("CMD")


def test_the_health_check_asks_streamlit() -> None:
    checks = arguments_of("HEALTHCHECK")
    assert len(checks) == 1 and re.search(r"127\.0\.0\.1:8501/_stcore/health\b(?![/\w])", checks[0])


def test_it_exposes_and_serves_port_8501_on_every_interface() -> None:
    assert "8501" in arguments_of("EXPOSE")[0].split()
    command = arguments_of("CMD")[-1]
    assert re.search(r'"streamlit", "run", "app.py"', command)
    assert '"--server.address", "0.0.0.0"' in command and '"--server.port", "8501"' in command


def test_the_production_config_becomes_the_app_config() -> None:
    assert arguments_of("WORKDIR")[-1] == "/app"
    assert (["deploy/streamlit-production.toml"], ".streamlit/config.toml") in copies()
    # it is copied after .streamlit/, so it is the file that stays
    order = [sources for sources, _ in copies()]
    assert order.index(["deploy/streamlit-production.toml"]) > order.index([".streamlit/"])


def test_the_dockerignore_lets_every_copy_source_through() -> None:
    kept = [
        line[1:].rstrip("/")
        for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.startswith("!")
    ]
    for sources, _ in copies():
        for source in sources:
            name = source.rstrip("/")
            assert any(name == k or name.startswith(f"{k}/") or k.startswith(f"{name}/") for k in kept), (
                source
            )


def test_the_production_config_has_the_course_settings() -> None:
    settings = tomllib.loads(PRODUCTION.read_text(encoding="utf-8"))
    assert settings["server"]["maxUploadSize"] == 80
    assert settings["browser"]["gatherUsageStats"] is False
    assert settings["server"]["enableXsrfProtection"] is True
    assert settings["server"]["runOnSave"] is False
    assert settings["client"]["toolbarMode"] in {"viewer", "minimal"}
    assert settings["runner"]["magicEnabled"] is False
    assert settings["server"]["scriptHealthCheckEnabled"] is True  # the startup probe's warm-up


def test_the_production_config_becomes_command_line_flags_for_the_local_replicas() -> None:
    flags = dict(zip(production_flags()[::2], production_flags()[1::2], strict=True))
    assert flags["--server.enableXsrfProtection"] == "true"
    assert flags["--server.maxUploadSize"] == "80"
    assert flags["--runner.magicEnabled"] == "false"


def test_nginx_balances_sticky_websockets_with_passive_health_checks() -> None:
    text = NGINX.read_text(encoding="utf-8")
    upstream = re.search(r"upstream streamlit \{(.*?)\}", text, re.S)
    assert upstream is not None
    servers = re.findall(r"^\s*server \S+:8501 (.*);", upstream[1], re.M)
    assert len(servers) >= 2 and all("max_fails=" in s and "fail_timeout=" in s for s in servers)
    assert re.search(r"hash \$\S+ consistent;", upstream[1])
    assert "proxy_next_upstream error timeout http_502 http_503;" in text
    stream = re.search(r"location /_stcore/stream \{(.*?)\}", text, re.S)
    assert stream is not None
    for directive in (
        "proxy_http_version 1.1;",
        "proxy_set_header Upgrade $http_upgrade;",
        "proxy_set_header Connection $connection_upgrade;",
    ):
        assert directive in stream[1]
    timeout = re.search(r"proxy_read_timeout (\d+)s;", stream[1])
    assert timeout is not None and int(timeout[1]) >= 3600
    assert "client_max_body_size 80m;" in text


def test_the_local_nginx_config_keeps_every_setting_but_ports_and_paths(tmp_path: Path) -> None:
    template = NGINX.read_text(encoding="utf-8")
    local = nginx_config(template, [40001, 40002], 40000, tmp_path)
    assert "server 127.0.0.1:40001 max_fails=1 fail_timeout=10s;" in local
    assert "server 127.0.0.1:40002 max_fails=1 fail_timeout=10s;" in local
    assert "listen 127.0.0.1:40000;" in local and "daemon off;" in local
    assert "/var/" not in local and ":8501" not in local
    assert f"pid {tmp_path / 'nginx.pid'};" in local
    kept = [
        line for line in template.splitlines() if not re.search(r"server \S+:8501|listen|/var/|^pid ", line)
    ]
    assert all(line in local.splitlines() for line in kept), "a setting of deploy/nginx.conf was lost"


@pytest.mark.parametrize(
    "needle",
    [
        "kind: Deployment",
        "kind: Service",
        "kind: Ingress",
        "readinessProbe:",
        "livenessProbe:",
        "path: /_stcore/health",
        "containerPort: 8501",
        "resources:",
        'nginx.ingress.kubernetes.io/affinity: "cookie"',
        "nginx.ingress.kubernetes.io/session-cookie-name:",
        "nginx.ingress.kubernetes.io/proxy-read-timeout:",
    ],
)
def test_the_kubernetes_manifest_has(needle: str) -> None:
    assert needle in KUBERNETES.read_text(encoding="utf-8")


def test_a_replica_runs_the_app_once_before_it_takes_students() -> None:
    """The startup probe runs the app's script in the server (its imports and chart specs built
    before the first visit); readiness and liveness begin only once it has answered."""
    text = KUBERNETES.read_text(encoding="utf-8")
    block = re.search(r"startupProbe:\n((?:\s{12,}.*\n)+)", text)
    assert block is not None
    assert "path: /_stcore/script-health-check" in block[1] and "port: 8501" in block[1]
    assert text.index("startupProbe:") < text.index("readinessProbe:")


def test_both_kubernetes_probes_ask_streamlit_on_8501() -> None:
    text = KUBERNETES.read_text(encoding="utf-8")
    for probe in ("readinessProbe", "livenessProbe"):
        block = re.search(rf"{probe}:\n((?:\s{{12,}}.*\n)+)", text)
        assert block is not None, probe
        assert "path: /_stcore/health" in block[1] and "port: 8501" in block[1], probe


def test_every_replica_names_the_one_redis_service_of_ask_the_class() -> None:
    """The app's Deployment sets NDCG_CLASS_STORE to redis://SERVICE:PORT/DB, and that Service exists,
    in front of a Redis Deployment with a pinned image; deploy/README.md says how to set it elsewhere."""
    from ui.state.classroom import STORE_VARIABLE

    text = KUBERNETES.read_text(encoding="utf-8")
    setting = re.search(rf"- name: {STORE_VARIABLE}\n\s+value: \"(redis://[^\"]+)\"", text)
    assert setting is not None, f"{STORE_VARIABLE} is not set on the app's containers"
    found = re.fullmatch(r"redis://([a-z0-9-]+):(\d+)/(\d+)", setting[1])
    assert found is not None, setting[1]
    service, port = found[1], found[2]
    block = re.search(rf"kind: Service\nmetadata:\n  name: {service}\nspec:\n(.*?)(?=\n---|\Z)", text, re.S)
    assert block is not None and f"port: {port}" in block[1], f"no Service {service} on port {port}"
    selector = re.search(r"selector:\n\s+app: (\S+)", block[1])
    assert selector is not None and f"app: {selector[1]}" in text.split(f"name: {service}\n")[1]
    image = re.search(r"image: (redis:\S+)", text)
    assert image is not None and not image[1].endswith(":latest")
    assert f"{STORE_VARIABLE}=redis://" in (ROOT / "deploy" / "README.md").read_text(encoding="utf-8")
