"""Most page tests start from a copy of an opened app (``app_copy``, a ``Snapshot`` in
``tests/pages/conftest.py``) instead of opening it again. A copy must be the app: right away and
after the same runs it shows the same elements and holds the same session state as a freshly
opened app, and copies share nothing a run changes.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages.conftest import Snapshot, headline, open_app, opened_copy
from ui.navigation import PAGES, PLAYGROUND, STEP_BY_STEP, PageFile
from ui.state.scenario import LIST_KEY


def shown(at: AppTest) -> list[str]:
    """Every block and element the last run sent, in order, as protobuf text (the ids drawn anew at
    each run, a styled table's and a download's, written as ``<id>``)."""
    texts = []
    for node in at._tree:
        if getattr(node, "proto", None) is not None:
            text = str(node.proto)
            for drawn in re.findall(r'(?:uuid|deferred_file_id): "(\w+)"', text):
                text = text.replace(drawn, "<id>")
            texts.append(text)
    return texts


def state(at: AppTest) -> dict[str, Any]:
    return dict(at.session_state.items())


def assert_same(copied: AppTest, fresh: AppTest) -> None:
    assert not copied.exception and not fresh.exception
    assert shown(copied) == shown(fresh)
    assert state(copied) == state(fresh)
    assert copied.query_params == fresh.query_params


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.title)
def test_a_copy_of_an_opened_page_is_the_page_and_runs_on_as_it(page: PageFile):
    copied, fresh = opened_copy(page), open_app(page)  # (the copy the page tests start from)
    assert len(shown(fresh)) > 10  # a page, not an empty tree
    assert_same(copied, fresh)
    assert_same(copied.run(), fresh.run())


def test_a_copy_runs_a_callback_s_fragment_rerun_as_the_app_does():
    """The order buttons' callbacks rerun the list's fragments, which the last run registered."""
    snapshot = Snapshot(lambda: open_app(params={"present": "1"}))
    copied, fresh = snapshot(), open_app(params={"present": "1"})
    for key in ("order_ideal", "order_undo", "order_worst"):
        copied.button(key=key).click().run()
        fresh.button(key=key).click().run()
        assert_same(copied, fresh)
    assert headline(copied)["NDCG@5"] != headline(snapshot())["NDCG@5"]


def test_copies_share_nothing_a_run_or_a_test_changes():
    snapshot = Snapshot(lambda: open_app(STEP_BY_STEP))
    first, second = snapshot(), snapshot()
    before = shown(second), state(second)
    ranked = first.session_state[LIST_KEY]
    first.session_state[LIST_KEY] = ranked.reordered(list(reversed(ranked.ids)))
    first.button(key="lesson_next").click().run()
    first.switch_page(PLAYGROUND.path).run()
    assert first.session_state[LIST_KEY] != ranked and headline(first)["NDCG@5"] != "0.43"
    assert (shown(second), state(second)) == before
    third = snapshot()
    assert (shown(third), state(third)) == before
    assert third.session_state[LIST_KEY] == ranked and third.session_state[LIST_KEY] is not ranked
    assert_same(second.run(), open_app(STEP_BY_STEP).run())  # nothing of the first's clicks
