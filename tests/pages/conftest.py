"""What every page test shares: the whole app, run headless by Streamlit's AppTest.

``new_app(page, params=…)`` runs ``app.py`` as a browser's first request would (with the link's
query parameters, if any) and then switches to ``page``; each test module's ``app`` fixture is
one call of it. The list's order lives in session state, so a test sets an order there exactly
as a drag would.

``app_copy(page, params=…)`` gives the same app without running it again: a copy of the one this
test process opened first for that page and link (a :class:`Snapshot`). A module's tests start
from copies when the app's first runs do not depend on what a test changes (no monkeypatch, no
shared store); ``tests/pages/test_app_copies.py`` checks that a copy runs on as the app does.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Hashable, Mapping
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.fragment import MemoryFragmentStorage
from streamlit.runtime.state.safe_session_state import SafeSessionState
from streamlit.testing.v1 import AppTest, local_script_runner
from streamlit.testing.v1.app_test import _AppTestSessionState
from streamlit.testing.v1.element_tree import ElementTree, parse_tree_from_messages

from ui.components.headline.headline import COMPONENT_NAME as HEADLINE
from ui.components.packed import unpacked
from ui.navigation import MANY_QUERIES, PLAYGROUND, PageFile

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


class Snapshot:
    """An app as its runs so far left it, to start many tests from without running it again.

    ``Snapshot(build)`` calls ``build()`` (which makes and runs an AppTest) once; each call of the
    snapshot then gives a new AppTest in the state the last run left: a deep copy of the session
    state, the elements parsed again from that run's messages, a copy of the fragments it
    registered, the same page and query parameters. The next run of a copy is the next run the app
    itself would make (``tests/pages/test_app_copies.py``). Copies share nothing a run or a test
    changes; they share the component registry, as the sessions of one server do.

    Opening the Playground and switching to a page costs one or two runs of the whole app
    (30-400 ms each); a copy costs about 5 ms.
    """

    #: AppTest's attributes (Streamlit 1.67): those copied here by kind, and those shared. A new
    #: attribute in a later Streamlit fails loudly here instead of being shared unseen.
    SHARED = frozenset({"_script_path", "default_timeout", "args", "kwargs", "_bidi_component_manager"})
    STRINGS = frozenset({"_page_hash", "_finished_page_script_hash"})
    DEEP = frozenset({"query_params", "secrets", "user", "context", "_registered_pages", "_cleared_form_ids"})
    OWN = frozenset({"_session_state", "session_state", "_fragment_storage", "_tree"})

    def __init__(self, build: Callable[[], AppTest]) -> None:
        parsed: list[tuple[ElementTree, list[bytes]]] = []

        def keep_messages(messages: list[ForwardMsg]) -> ElementTree:
            tree = parse_tree_from_messages(messages)
            parsed.append((tree, [message.SerializeToString() for message in messages]))
            return tree

        with mock.patch.object(local_script_runner, "parse_tree_from_messages", keep_messages):
            app = build()
        unknown = set(vars(app)) - self.SHARED - self.STRINGS - self.DEEP - self.OWN
        assert not unknown, f"AppTest has state a Snapshot does not copy: {sorted(unknown)}"
        (self._messages,) = [messages for tree, messages in parsed if tree is app._tree]
        self._app = app  # never run again: each copy runs instead
        self._state = copy.deepcopy(app._session_state._state)  # what the copies start from

    def __call__(self) -> AppTest:
        app = self._app
        at = copy.copy(app)
        for name in self.DEEP:
            setattr(at, name, copy.deepcopy(getattr(app, name)))
        at._session_state = SafeSessionState(copy.deepcopy(self._state), lambda: None)
        at.session_state = _AppTestSessionState(at._session_state)
        at._fragment_storage = _copied_fragments(app._fragment_storage)
        at._tree = parse_tree_from_messages([ForwardMsg.FromString(m) for m in self._messages])
        at._tree._runner = at
        return at


def _copied_fragments(storage: MemoryFragmentStorage) -> MemoryFragmentStorage:
    """A new storage holding what ``storage`` holds (it refuses ``copy``: it holds a lock): the
    fragments of the last run, for a callback that reruns one before the next run registers it."""
    copied = MemoryFragmentStorage()
    for name, value in vars(storage).items():
        if isinstance(value, dict):  # its registries, some of them dicts of dicts
            value = {k: dict(v) if isinstance(v, dict) else v for k, v in value.items()}
        if name != "_lock":
            setattr(copied, name, value)
    return copied


_SNAPSHOTS: dict[Hashable, Snapshot] = {}


def copy_of(name: Hashable, build: Callable[[], AppTest]) -> AppTest:
    """A copy of the app ``build()`` makes; ``build`` runs once in this test process for each ``name``."""
    if name not in _SNAPSHOTS:
        _SNAPSHOTS[name] = Snapshot(build)
    return _SNAPSHOTS[name]()


def opened_copy(page: PageFile = PLAYGROUND, *, params: Mapping[str, str] | None = None) -> AppTest:
    """:func:`open_app`'s app for ``page`` and ``params``, as a copy."""
    return copy_of((page.path, *sorted((params or {}).items())), lambda: open_app(page, params=params))


def editor_open() -> AppTest:
    """The Playground with "Edit the list" open, as after a click on it, as a copy."""

    def build() -> AppTest:
        at = open_app()
        at.session_state["editor_open"] = True
        return at.run()

    return copy_of("editor open", build)


def sample_open(sample: str | None = None) -> AppTest:
    """Many queries with a bundled sample open, as a copy: the one the page offers first, or the one
    whose label starts with ``sample`` (chosen in its select box); then "Open this sample"."""

    def build() -> AppTest:
        from ui.run_files import SAMPLE_CHOICES
        from ui.state.many_queries import SAMPLE_KEY

        at = open_app(MANY_QUERIES)
        if sample is not None:
            at.selectbox(key=SAMPLE_KEY).select(next(s for s in SAMPLE_CHOICES if s.startswith(sample))).run()
        next(b for b in at.button if b.label == "Open this sample").click().run()
        assert not at.exception
        return at

    return copy_of(("sample", sample), build)


@pytest.fixture
def app_copy() -> NewApp:
    """An app just opened, as ``new_app`` gives it, without running it again: ``app_copy(COMPARE)``.

    For modules whose app's first runs depend on nothing a test changes; a test that sets
    something up before it opens the app (a monkeypatch, a class in the store) uses ``new_app``."""
    return opened_copy


def all_component_data(at: AppTest, name: str) -> list[dict[str, Any]]:
    """The data the page sent to each component named ``name`` (the list, the table, the headline)."""
    return [
        unpacked(json.loads(e.proto.json)) for e in at.get("bidi_component") if e.proto.component_name == name
    ]


def component_data(at: AppTest, name: str) -> dict[str, Any]:
    """The data the page sent to its one component named ``name``."""
    (data,) = all_component_data(at, name)
    return data


def headline_lines(at: AppTest) -> list[str]:
    """The lines the page's one headline writes under its numbers, as it shows them: the reading
    with its share, the division with its numbers (the headline fills the placeholders)."""
    data = component_data(at, HEADLINE)
    values = {figure["name"]: figure["value"] for figure in data["figures"]}
    lines = []
    if data.get("reading") is not None:
        lines.append(data["reading"].replace("{share}", data["share"]))
    if data.get("relation") is not None:
        lines.append(re.sub(r"\{(dcg|idcg|ndcg)\}", lambda m: values.get(m.group(1), ""), data["relation"]))
    return lines


def headline(at: AppTest) -> dict[str, str]:
    """The numbers the page shows, by label: its ``st.metric`` elements, and the Playground's
    headline (a component, whose numbers are in the data Python sends it)."""
    shown = {metric.label: metric.value for metric in at.metric}
    for data in all_component_data(at, HEADLINE):
        shown |= {figure["label"]: figure["value"] for figure in data["figures"]}
    return shown
