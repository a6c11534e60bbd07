"""The first-draw benchmark's ratio to the floor, round by round (benchmarks/first_draw.py)."""

from __future__ import annotations

import doctest

import pytest

first_draw = pytest.importorskip("benchmarks.first_draw")  # needs Playwright (the --dev setup)


def test_each_round_is_divided_by_the_floor_of_the_same_round():
    # Page tabs 200, 300, 400 against floor tabs 100, 300, 200: ratios 2.0, 1.0, 2.0. Quartiles
    # (inclusive) of [1, 2, 2]: 1.5, 2.0, 2.0. Dividing the medians instead would give 300 / 200 = 1.5.
    samples = [(200.0, 0.0), (300.0, 0.0), (400.0, 0.0)]
    floor = [(100.0, 0.0), (300.0, 0.0), (200.0, 0.0)]
    assert first_draw.by_round(samples, floor) == "2.00 (1.50–2.00)"


def test_the_floor_against_itself_is_one():
    floor = [(1400.0, 0.0), (1700.0, 0.0), (1500.0, 0.0)]
    assert first_draw.by_round(floor, floor) == "1.00 (1.00–1.00)"


def test_its_docstring_example():
    result = doctest.testmod(first_draw)
    assert result.attempted >= 1 and result.failed == 0
