"""The wording helpers: shares never rounded to 1 or 0 falsely, pairs that differ read differently."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from ndcg_core.teaching.glossary import GLOSSARY, anchor, definition
from ndcg_core.teaching.wording import (
    change,
    is_one,
    is_zero,
    nothing_relevant,
    pair,
    percent,
    same,
    share,
    verb,
)

shares = st.floats(0, 1, allow_nan=False)


@given(shares, st.integers(0, 4))
def test_a_percentage_is_100_or_0_only_at_the_ends_and_reads_back_as_its_value(value, decimals):
    text = percent(value, decimals)
    shown = float(text.rstrip("%"))
    places = len(text.rstrip("%").partition(".")[2])
    assert abs(shown / 100 - value) <= 0.5 * 10.0 ** -(places + 2) + 1e-15
    assert (shown == 100) == is_one(value)
    assert (shown == 0) == is_zero(value)


@given(shares, st.integers(1, 4))
def test_a_share_is_1_or_0_only_at_the_ends(value, decimals):
    shown = float(share(value, decimals))
    assert (shown == 1) == is_one(value) and (shown == 0) == is_zero(value)
    assert abs(shown - value) <= 0.5 * 10.0 ** -len(share(value, decimals).partition(".")[2]) + 1e-15


@example(0.0, 1e-9, 1)  # one value (closer than SAME), though a share of 1e-9 needs 9 decimals
@given(shares, shares, st.integers(1, 4))
def test_a_pair_reads_differently_exactly_when_the_values_differ(a, b, decimals):
    first, second = pair(a, b, decimals)
    assert (first == second) == same(a, b)
    assert float(first) == pytest.approx(a, abs=0.51 * 10.0 ** -len(first.partition(".")[2]))


@given(shares, shares)
def test_a_change_sentence_agrees_with_its_numbers(before, after):
    text = change("moving it", "NDCG@5", before, after)
    if same(before, after):
        assert text == f"moving it leaves NDCG@5 at {share(before)}" and verb(before, after) == "leaves"
        return
    said, first, second = re.fullmatch(r"moving it (raises|lowers) NDCG@5 from (\S+) to (\S+)", text).groups()
    assert first != second
    assert said == ("raises" if after > before else "lowers")
    assert (float(second) > float(first)) == (after > before)


def test_the_issues_numbers():
    # [3,3,3,3,3,3,3,2,3,0] at k = 10 has NDCG 0.998: never "100%", never "from 1.00 to 1.00"
    assert percent(0.99784) == "99.8%" and share(0.99784) == "0.998"
    assert change("moving it", "NDCG@10", 0.99784, 1.0) == "moving it raises NDCG@10 from 0.998 to 1.000"
    assert pair(0.9975, 0.9982) == ("0.9975", "0.9982")
    assert percent(1 - 1e-13) == "100%"  # float noise is 1


def test_nothing_relevant_names_where_the_ideal_comes_from():
    assert nothing_relevant("listed items") == "nothing relevant is listed"
    assert nothing_relevant("judged pool") == "nothing relevant is judged"


def test_the_glossary_defines_every_term_issue_17_names():
    for term in ("judged pool", "IDCG = 0 gives NDCG = 0 (trec_eval)", "jk", "g_max"):
        assert definition(term)
    anchors = [anchor(term) for term in GLOSSARY]
    assert len(set(anchors)) == len(anchors) and all(re.fullmatch(r"[a-z0-9-]+", a) for a in anchors)
    for text in GLOSSARY.values():
        assert 0 < text.count(". ") + 1 <= 3 and len(text) < 300  # one or two plain sentences
    with pytest.raises(KeyError, match="the terms are"):
        definition("nDCG'")
