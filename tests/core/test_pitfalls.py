"""Each pitfall's wrong and right numbers, from the seeds and by hand."""

import math

import pytest

import ndcg_core
from ndcg_core.teaching.pitfalls import (
    SEED001_TRUNCATED,
    SEED002_DOCUMENTS,
    TIE_EXAMPLE,
    binary_labels,
    empty_ideal_rules,
    misread_discount,
    mixed_gains,
    tied_scores,
    truncated_ideal,
)

SEED000 = [0, 1, 2, 3, 2, 0, 3]


def values(pitfall):
    return [reading.value for reading in pitfall.readings]


def test_truncated_ideal_seed001():
    # [3, 0, 2] at k = 3: DCG = 7 + 0 + 3/2 = 8.5
    # wrong IDCG = 7 + 3/log2 3 + 0 = 8.893 → 0.956 ; right IDCG = 7 + 7/log2 3 + 3/2 = 12.917 → 0.658
    pitfall = truncated_ideal(*SEED001_TRUNCATED)
    wrong, right = pitfall.reading("wrong").value, pitfall.reading("right").value
    assert wrong == pytest.approx(8.5 / (7 + 3 / math.log2(3)))
    assert right == pytest.approx(8.5 / (7 + 7 / math.log2(3) + 3 / 2))
    assert (round(wrong, 3), round(right, 3)) == (0.956, 0.658)


def test_misread_discount_seed002():
    # DCG = 3 + 1/log2 3 + 2/2 + 0 + 1/log2 6 = 5.018
    # printed IDCG = 3 + 2·0.631 + 1·0.5 + 1·0.387 (rank 5's discount at rank 4) = 5.149 → 0.975
    # right IDCG   = 3 + 2/log2 3 + 1/2 + 1/log2 5 = 5.193 → 0.966
    pitfall = misread_discount(SEED002_DOCUMENTS)
    dcg = 3 + 1 / math.log2(3) + 1 + 1 / math.log2(6)
    wrong_idcg = 3 + 2 / math.log2(3) + 1 / 2 + 1 / math.log2(6)
    assert round(wrong_idcg, 3) == 5.149
    assert pitfall.reading("wrong").value == pytest.approx(dcg / wrong_idcg)
    assert (round(pitfall.reading("wrong").value, 3), round(pitfall.reading("right").value, 3)) == (
        0.975,
        0.966,
    )


def test_misread_discount_changes_nothing_on_a_list_shorter_than_the_rank():
    pitfall = misread_discount([2, 1], rank=4)
    assert pitfall.reading("wrong").value == pitfall.reading("right").value


def test_mixed_gains_on_seed000():
    pitfall = mixed_gains(SEED000, 5)
    exponential, linear, gap, zero = values(pitfall)
    assert exponential == pytest.approx(ndcg_core.ndcg(SEED000, 5))
    assert linear == pytest.approx(ndcg_core.ndcg(SEED000, 5, gain="linear"))
    assert gap == pytest.approx(exponential - linear) and zero == 0.0
    assert round(exponential, 2) == 0.43  # seed 000


def test_binary_labels_make_every_all_relevant_order_score_1():
    # seed 000's relevant grades, worst first: [1, 2, 2, 3, 3]; on 0/1 labels that is ideal
    pitfall = binary_labels(SEED000, None)
    assert pitfall.reading("wrong").value == 1.0
    assert pitfall.reading("right").value == pytest.approx(ndcg_core.ndcg([1, 2, 2, 3, 3]))
    assert pitfall.reading("right").value < 0.8
    assert "1, 2, 2, 3, 3" in pitfall.why


def test_empty_ideal_means_seed000():
    # x = NDCG@5 of seed 000 = 0.4323; the second query has IDCG = 0:
    # zero → x/2, one → (x + 1)/2, skip → x
    x = ndcg_core.ndcg(SEED000, 5)
    assert values(empty_ideal_rules(SEED000, 5)) == pytest.approx([x / 2, (x + 1) / 2, x])


def test_tied_scores_issue_example():
    # averaged 0.5; trec_eval with ids d1 … d5 puts d2 (label 0) first: 0.0; best 1.0; worst 0.0
    assert values(tied_scores(*TIE_EXAMPLE)) == [0.5, 0.0, 1.0, 0.0]
    assert values(tied_scores(*TIE_EXAMPLE, doc_ids=["z", "a", "b", "c", "d"]))[1] == 1.0


def test_pitfalls_need_a_cutoff_where_they_are_about_one():
    with pytest.raises(ndcg_core.NDCGInputError, match="needs a cutoff"):
        truncated_ideal([1, 2], None)
