"""Settings for every test.

Hypothesis' per-example deadline (200 ms) measures the machine, not the code: on a busy
2-core CI machine a correct property can miss it. Speed is measured by the benchmarks instead.

The tests run in parallel (pytest-xdist, ``-n auto`` in pyproject.toml); ``-p no:xdist`` or ``-n 0``
runs them in one process.
"""

from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests.redis_server import redis_server_path, start_redis, stop_redis

settings.register_profile("ndcg", deadline=None)
settings.load_profile("ndcg")


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (``-n``, on by default), every browser test runs in one worker, one at a
    time, as before: they share one Chromium and time what they see, and two at once on a 2-core
    machine would measure each other. The fast tests spread over the other workers beside them."""
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A redis-server of this test session's own on 127.0.0.1 (stopped by its PID at the end)."""
    if redis_server_path() is None:
        pytest.skip(
            "redis-server is not installed: `bash scripts/setup.sh --dev` installs Debian's redis-server"
        )
    process, url = start_redis(tmp_path_factory.mktemp("redis"))
    yield url
    stop_redis(process)
