"""Settings for every test.

Hypothesis' per-example deadline (200 ms) measures the machine, not the code: on a busy
2-core CI machine a correct property can miss it. Speed is measured by the benchmarks instead.

The tests run in parallel (pytest-xdist, ``-n auto`` in pyproject.toml); ``-p no:xdist`` or ``-n 0``
runs them in one process.
"""

import functools

import pytest
from hypothesis import settings
from streamlit.components.v2 import manifest_scanner

settings.register_profile("ndcg", deadline=None)
settings.load_profile("ndcg")

# Each new AppTest scans the metadata of every installed distribution for Streamlit component
# manifests (about 200 of them here: 0.3-1.5 s an AppTest, most of a page test's time). The app's
# components are inline (ui/components/inline.py) and nothing is installed during a test session,
# so each test process scans once and every AppTest reuses the result.
manifest_scanner.scan_component_manifests = functools.cache(manifest_scanner.scan_component_manifests)


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (``-n``, on by default), every browser test runs in one worker, one at a
    time, as before: they share one Chromium and time what they see, and two at once on a 2-core
    machine would measure each other. The fast tests spread over the other workers beside them."""
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.xdist_group("browser"))
