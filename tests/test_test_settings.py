"""tests/conftest.py's settings: each process that runs tests has Hypothesis' profile (every example
whenever the slow sweeps may run, fewer in the fast layer) and the AppTest speed-ups; the browser tests
stay in one worker whenever ``-m`` can select one, and the fast layer, which selects none, gets xdist's
plain ``load``."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import settings
from streamlit.components.v2 import manifest_scanner
from streamlit.testing.v1 import app_test
from xdist.scheduler import LoadScheduling

from tests.conftest import FAST_EXAMPLES, may_select, pytest_xdist_make_scheduler, runs_tests


def test_this_process_runs_tests_with_the_profile_and_the_speed_ups(pytestconfig):
    assert runs_tests(pytestconfig)
    chosen = pytestconfig.getoption("--hypothesis-profile")  # a profile asked for by name
    profile = chosen or ("ndcg" if may_select(pytestconfig, "slow") else "ndcg-fast")
    assert settings.default == settings.get_profile(profile)
    assert settings.get_profile("ndcg").max_examples == 100 and settings.get_profile("ndcg").deadline is None
    assert settings.get_profile("ndcg-fast").max_examples == FAST_EXAMPLES < 100
    assert settings.get_profile("ndcg-fast").deadline is None
    assert hasattr(manifest_scanner.scan_component_manifests, "cache_info")
    assert hasattr(app_test.ScriptCache, "cache_info")


def test_xdists_controller_runs_no_test_and_needs_none_of_it():
    assert not runs_tests(SimpleNamespace(getoption=lambda name, default=None: 2))  # -n 2: the controller
    worker = SimpleNamespace(getoption=lambda name, default=None: 2, workerinput={"workerid": "gw0"})
    assert runs_tests(worker)
    assert runs_tests(SimpleNamespace(getoption=lambda name, default=None: 0))  # -n 0
    assert runs_tests(SimpleNamespace(getoption=lambda name, default=None: default))  # -p no:xdist


def options(markexpr: str, dist: str = "loadgroup", config: pytest.Config | None = None) -> SimpleNamespace:
    """This run's options (``config``'s), but for ``-m``, ``--dist`` and two workers (``-n 2``)."""
    values = {"markexpr": markexpr, "dist": dist, "tx": ["2*popen"]}

    def get(name: str):
        return values[name] if name in values else config.getoption(name)

    return SimpleNamespace(getoption=get, getvalue=get)


@pytest.mark.parametrize(
    ("markexpr", "browser_tests_may_run"),
    [
        ("", True),  # the whole suite (CI)
        ("browser", True),
        ("not slow", True),
        ("slow", True),  # a browser test marked slow would be chosen
        ("browser or not browser", True),
        ("not browser", False),
        ("not browser and not slow", False),  # the fast layer
        ("not (browser or slow)", False),
    ],
)
def test_browser_tests_may_run_unless_m_leaves_every_one_out(markexpr, browser_tests_may_run):
    assert may_select(options(markexpr), "browser") is browser_tests_may_run


@pytest.mark.parametrize(
    ("markexpr", "slow_tests_may_run"),
    [
        ("", True),  # the whole suite (CI): every example
        ("slow", True),
        ("not browser", True),
        ("browser", True),  # a browser test marked slow would be chosen
        ("not slow", False),
        ("not browser and not slow", False),  # the fast layer: fewer examples
    ],
)
def test_slow_sweeps_may_run_unless_m_leaves_every_one_out(markexpr, slow_tests_may_run):
    assert may_select(options(markexpr), "slow") is slow_tests_may_run


def test_the_fast_layer_gets_load_and_the_rest_xdists_own_choice(pytestconfig):
    if not pytestconfig.pluginmanager.hasplugin("xdist"):
        pytest.skip("xdist's options (its scheduler reads them) exist only with its plugin: -p no:xdist")
    fast = pytest_xdist_make_scheduler(options("not browser and not slow", config=pytestconfig), log=None)
    assert isinstance(fast, LoadScheduling) and fast.numnodes == 2
    assert pytest_xdist_make_scheduler(options(""), log=None) is None  # loadgroup, from pyproject.toml
    assert pytest_xdist_make_scheduler(options("not browser", dist="load"), log=None) is None
