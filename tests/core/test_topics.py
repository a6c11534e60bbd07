"""Query texts from a topics file: TREC topics, or one ``qid<TAB>text`` line a query."""

from __future__ import annotations

import pytest

from ndcg_core.trec.topics import TopicsError, read_topics


def test_tab_lines_skip_blank_lines_and_comments():
    data = b"# query texts of the sample\n401\tforeign minorities, Germany\n\n   \n402\tbehavioral genetics\n"
    assert read_topics(data) == {"401": "foreign minorities, Germany", "402": "behavioral genetics"}


def test_a_line_without_a_tab_is_refused_with_its_number():
    with pytest.raises(TopicsError, match="line 2"):
        read_topics(b"401\tforeign minorities\n402 behavioral genetics\n")


def test_trec_topics_give_each_number_its_title():
    data = b"<top>\n<num> Number: 401\n<title> foreign minorities, Germany\n</top>\n"
    assert read_topics(data) == {"401": "foreign minorities, Germany"}
