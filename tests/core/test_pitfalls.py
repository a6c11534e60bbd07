"""Each pitfall's wrong and right numbers, from the seeds and by hand."""

import math

import pytest

import ndcg_core
from ndcg_core.teaching.pitfalls import (
    LOSES_INFORMATION,
    NO_EFFECT,
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


@pytest.mark.parametrize(
    ("grades", "k", "rank", "reason"),
    [
        ([2, 1], None, 4, "the ideal has 2 items"),  # the list is shorter than the rank
        ([3, 2, 1, 0, 2], 3, 4, "k = 3 stops before rank 4"),  # the issue's example: 0.905 and 0.905
        ([3, 2, 1, 0, 0], 5, 4, "grade 0 (gain 0) at rank 4"),  # the ideal's rank 4 holds a 0
        ([0, 0, 0, 2, 1], 3, 2, "DCG@3 = 0"),  # nothing relevant in the top 3
    ],
)
def test_misread_discount_that_changes_nothing_says_so_and_marks_neither(grades, k, rank, reason):
    pitfall = misread_discount(grades, k, rank=rank)
    slip, right = pitfall.readings
    assert slip.value == right.value
    assert {slip.verdict, right.verdict} == {"convention"}  # no ✗ beside a ✓ of the same value
    assert slip.note == NO_EFFECT and pitfall.changes_nothing
    assert reason in pitfall.why and "the slip changes nothing" in pitfall.why
    assert "shrinks" not in pitfall.why and "lifts" not in pitfall.why


def test_misread_discount_that_changes_the_number_says_by_how_much():
    # [3, 2, 1, 0, 2] at k = 5, linear: ideal [3, 2, 2, 1, 0]; rank 4 holds grade 1
    pitfall = misread_discount([3, 2, 1, 0, 2], 5)
    wrong, right = pitfall.reading("wrong").value, pitfall.reading("right").value
    right_idcg = 3 + 2 / math.log2(3) + 2 / 2 + 1 / math.log2(5)
    wrong_idcg = 3 + 2 / math.log2(3) + 2 / 2 + 1 / math.log2(6)
    assert right == pytest.approx(ndcg_core.ndcg([3, 2, 1, 0, 2], 5, gain="linear"))
    assert wrong == pytest.approx(right * right_idcg / wrong_idcg) and wrong > right
    assert f"shrinks IDCG@5 from {right_idcg:.3f} to {wrong_idcg:.3f}" in pitfall.why
    assert f"lifts NDCG@5 from {right:.3f} to {wrong:.3f}" in pitfall.why
    assert not pitfall.changes_nothing


def test_truncated_ideal_that_changes_nothing_marks_neither():
    pitfall = truncated_ideal([3, 2, 1], 2)  # nothing below rank 2 beats the top 2
    assert [r.verdict for r in pitfall.readings] == ["convention", "convention"]
    assert pitfall.changes_nothing and "changes nothing" in pitfall.why


def test_mixed_gains_on_0_1_grades_changes_nothing():
    pitfall = mixed_gains([1, 0, 1], 3)
    exponential, linear, gap, zero = pitfall.readings
    assert exponential.value == linear.value and gap.value == zero.value == 0.0
    assert "wrong" not in [r.verdict for r in pitfall.readings] and gap.note == NO_EFFECT
    assert "grades 0 and 1" in pitfall.why


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
    binary, graded = pitfall.readings
    assert binary.value == 1.0
    assert graded.value == pytest.approx(ndcg_core.ndcg([1, 2, 2, 3, 3]))
    assert graded.value < 0.8
    assert "1, 2, 2, 3, 3" in pitfall.why


def test_binary_labels_lose_information_but_are_not_marked_wrong():
    pitfall = binary_labels(SEED000, None)
    assert [r.verdict for r in pitfall.readings] == ["convention", "convention"]
    assert pitfall.readings[0].note == LOSES_INFORMATION and "Not a bug" in pitfall.why
    same_grades = binary_labels([2, 0, 2], None)  # one relevant grade: 0/1 labels lose nothing
    assert same_grades.readings[0].note == "" and "lose nothing" in same_grades.why


def test_empty_ideal_means_seed000():
    # x = NDCG@5 of seed 000 = 0.4323; the second query has IDCG = 0:
    # zero → x/2, one → (x + 1)/2, skip → x
    x = ndcg_core.ndcg(SEED000, 5)
    pitfall = empty_ideal_rules(SEED000, 5)
    assert values(pitfall) == pytest.approx([x / 2, (x + 1) / 2, x])
    assert "Add a query" not in pitfall.why  # issue 17: it read as an instruction
    assert f"NDCG@5 = {x:.3f}" in pitfall.why and "two queries" in pitfall.why


def test_empty_ideal_means_when_this_list_has_nothing_relevant_either():
    # both queries have IDCG = 0, so the rule decides both: 0, 1, left out
    zero, one, skip = values(empty_ideal_rules([0, 0], 2))
    assert (zero, one) == (0.0, 1.0) and math.isnan(skip)


def test_tied_scores_issue_example():
    # averaged 0.5; trec_eval with ids d1 … d5 puts d2 (label 0) first: 0.0; best 1.0; worst 0.0
    assert values(tied_scores(*TIE_EXAMPLE)) == [0.5, 0.0, 1.0, 0.0]
    assert values(tied_scores(*TIE_EXAMPLE, doc_ids=["z", "a", "b", "c", "d"]))[1] == 1.0


def test_pitfalls_need_a_cutoff_where_they_are_about_one():
    with pytest.raises(ndcg_core.NDCGInputError, match="needs a cutoff"):
        truncated_ideal([1, 2], None)
