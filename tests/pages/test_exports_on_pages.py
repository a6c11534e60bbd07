"""Exports and the stakeholder summary on the pages, run headless with AppTest."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from ndcg_core.teaching.scenarios import BLUETOOTH_HEADPHONES
from ndcg_core.teaching.summary import stakeholder_summary
from tests.pages.conftest import NewApp
from ui.navigation import COMPARE, MANY_QUERIES


@pytest.fixture
def app(app_copy: NewApp) -> AppTest:
    return app_copy()


def download_keys(at: AppTest) -> list[str]:
    return [button.key for button in at.get("download_button")]


def test_playground_shows_the_summary_as_plain_copyable_text(app: AppTest):
    assert not app.exception
    assert not app.code  # drawn only once its expander is open: a drop does not pay for it
    app.session_state["playground_summary_open"] = True  # as a click on "In plain words" does
    app.run()
    expected = stakeholder_summary(list(BLUETOOTH_HEADPHONES.grades), list(BLUETOOTH_HEADPHONES.labels), 5)
    assert [block.value for block in app.code] == [expected]
    assert (
        "with “Bose Wireless Headphones” (rank 7) raises NDCG@5 from 0.43 to 0.91"
        in expected  # derived in test_what_if
    )


def test_playground_has_table_and_chart_downloads_with_distinct_keys(app: AppTest):
    assert not [key for key in download_keys(app) if key.endswith(("_png", "_svg"))]  # until opened
    app.session_state["playground_chart_exports"] = True  # as a click on "Export charts" does
    app.run()
    keys = download_keys(app)
    assert keys[:3] == [
        "download_ndcg_per_rank_csv",
        "download_ndcg_per_rank_md",
        "download_ndcg_per_rank_tex",
    ]
    charts = [key for key in keys if key.endswith(("_png", "_svg"))]
    assert len(charts) == 6 and len(set(keys)) == len(keys) == 9


def test_compare_has_the_side_by_side_downloads(app: AppTest):
    app.switch_page(COMPARE.path).run()
    assert not app.exception
    assert download_keys(app) == [
        "download_compare_side_by_side_csv",
        "download_compare_side_by_side_md",
        "download_compare_side_by_side_tex",
    ]


def test_many_queries_offers_the_per_query_table_in_three_formats(app: AppTest):
    app.switch_page(MANY_QUERIES.path).run()
    app.button[[b.label for b in app.button].index("Open this sample")].click().run()
    assert not app.exception
    assert download_keys(app) == [
        "download_ndcg_per_query_csv",
        "download_ndcg_per_query_md",
        "download_ndcg_per_query_tex",
    ]
