"""What every page test shares: the whole app, run headless by Streamlit's AppTest.

``new_app(page, params=…)`` runs ``app.py`` as a browser's first request would (with the link's
query parameters, if any) and then switches to ``page``; each test module's ``app`` fixture is
one call of it. The list's order lives in session state, so a test sets an order there exactly
as a drag would.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from ui.components.headline.headline import COMPONENT_NAME as HEADLINE
from ui.components.packed import unpacked
from ui.navigation import PLAYGROUND, PageFile

APP = Path(__file__).resolve().parents[2] / "app.py"
#: Seconds a run may take: generous, for a busy 2-core CI machine.
TIMEOUT = 60

NewApp = Callable[..., AppTest]


def open_app(page: PageFile = PLAYGROUND, *, params: Mapping[str, str] | None = None) -> AppTest:
    """The app after its first run on ``page`` (the first run shows the Playground, as in a browser)."""
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    for key, value in (params or {}).items():
        at.query_params[key] = value
    at.run()
    if page is not PLAYGROUND:
        at.switch_page(page.path).run()
    return at


@pytest.fixture
def new_app() -> NewApp:
    """A fresh app for each call: ``new_app(COMPARE)``, ``new_app(params={"grades": "3,2"})``."""
    return open_app


def all_component_data(at: AppTest, name: str) -> list[dict[str, Any]]:
    """The data the page sent to each component named ``name`` (the list, the table, the headline)."""
    return [
        unpacked(json.loads(e.proto.json)) for e in at.get("bidi_component") if e.proto.component_name == name
    ]


def component_data(at: AppTest, name: str) -> dict[str, Any]:
    """The data the page sent to its one component named ``name``."""
    (data,) = all_component_data(at, name)
    return data


def headline(at: AppTest) -> dict[str, str]:
    """The numbers the page shows, by label: its ``st.metric`` elements, and the Playground's
    headline (a component, whose numbers are in the data Python sends it)."""
    shown = {metric.label: metric.value for metric in at.metric}
    for data in all_component_data(at, HEADLINE):
        shown |= {figure["label"]: figure["value"] for figure in data["figures"]}
    return shown
