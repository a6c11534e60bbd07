"""Bad input raises NDCGInputError (a ValueError) with a message a learner understands."""

import math

import pytest

import ndcg_core
from ndcg_core import NDCGInputError


@pytest.mark.parametrize(
    ("grades", "words"),
    [
        ([1, -1], "rank 2 is -1"),
        ([math.nan], "not a number (NaN)"),
        ([1, 2, math.inf], "rank 3 is infinite"),
        ([-math.inf], "infinite"),
        (["3"], "not a number"),
        ([None], "not a number"),
        ([True], "not a number"),
        ("3,2,1", "list of numbers"),
    ],
)
def test_bad_grades_are_refused_with_their_rank(grades, words):
    with pytest.raises(NDCGInputError, match=words.replace("(", r"\(").replace(")", r"\)")):
        ndcg_core.ndcg(grades)


@pytest.mark.parametrize("k", [0, -1, 2.5, "5", True, math.nan])
def test_bad_cutoffs_are_refused(k):
    with pytest.raises(ValueError, match="k must"):
        ndcg_core.ndcg([1, 2], k)


def test_whole_float_cutoff_is_accepted():
    assert ndcg_core.ndcg([1, 2], 2.0) == ndcg_core.ndcg([1, 2], 2)


def test_bad_pool_grades_name_the_pool():
    with pytest.raises(NDCGInputError, match="judged pool grade at rank 2"):
        ndcg_core.ndcg([1], ideal=[1, -2])


def test_unknown_gain_is_refused():
    with pytest.raises(NDCGInputError, match="Unknown gain 'square'"):
        ndcg_core.ndcg([1], gain="square")


def test_grade_too_large_for_exponential_gain_but_fine_for_linear():
    with pytest.raises(NDCGInputError, match="too large for exponential gain"):
        ndcg_core.dcg([2000])
    assert ndcg_core.dcg([2000], gain="linear") == 2000


def test_label_count_must_match():
    with pytest.raises(NDCGInputError, match="2 labels for 3 grades"):
        ndcg_core.breakdown([1, 2, 3], labels=["a", "b"])
