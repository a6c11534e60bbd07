"""Every variant of NDCG (gain, discount, ideal, IDCG = 0), against values derived by hand.

Most hand values use seed 004's list [3, 2, 3, 0, 1] with linear gain: its ideal order is
[3, 3, 2, 1, 0]. Each derivation is written next to its number.
"""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ndcg_core
from ndcg_core import CustomGain, NDCGInputError, parse_custom_gain
from ndcg_core.metric.discounts import discount_formula, discount_values, ranks

SEED004 = [3, 2, 3, 0, 1]
LOG2_3, LOG2_5, LOG2_6 = math.log2(3), math.log2(5), math.log2(6)


# --------------------------------------------------------------------------
# Discounts, by hand
# --------------------------------------------------------------------------


def test_jk_base_2_leaves_ranks_1_and_2_undiscounted():
    # d = 1, 1 (log2 2 = 1), 1/log2 3, 1/log2 4 = 1/2, 1/log2 5
    assert discount_values(ranks(5), "jk", 2) == pytest.approx([1, 1, 1 / LOG2_3, 0.5, 1 / LOG2_5])


def test_jk_on_seed004():
    # DCG  = 3 + 2 + 3/log2 3 + 0/2 + 1/log2 5          = 7.3235
    # IDCG = 3 + 3 + 2/log2 3 + 1/2 + 0/log2 5          = 7.7619
    dcg = 3 + 2 + 3 / LOG2_3 + 1 / LOG2_5
    idcg = 3 + 3 + 2 / LOG2_3 + 1 / 2
    assert ndcg_core.dcg(SEED004, 5, gain="linear", discount="jk") == pytest.approx(dcg)
    assert ndcg_core.idcg(SEED004, 5, gain="linear", discount="jk") == pytest.approx(idcg)
    assert ndcg_core.ndcg(SEED004, 5, gain="linear", discount="jk") == pytest.approx(dcg / idcg)
    assert round(dcg / idcg, 4) == 0.9435


def test_jk_base_3_leaves_ranks_1_to_3_undiscounted():
    # b = 3: ranks 1, 2 are below b; rank 3 has log_3 3 = 1; rank 4: ln 3/ln 4; rank 5: ln 3/ln 5
    # DCG  = 3 + 2 + 3 + 0 + 1·ln3/ln5 = 8.6826 ; IDCG = 3 + 3 + 2 + 1·ln3/ln4 + 0 = 8.7925
    dcg = 8 + math.log(3) / math.log(5)
    idcg = 8 + math.log(3) / math.log(4)
    assert ndcg_core.ndcg(SEED004, 5, gain="linear", discount="jk", log_base=3) == pytest.approx(dcg / idcg)
    assert round(dcg / idcg, 4) == 0.9875


def test_reciprocal_discount_on_seed004():
    # DCG = 3/1 + 2/2 + 3/3 + 0/4 + 1/5 = 5.2 ; IDCG = 3/1 + 3/2 + 2/3 + 1/4 + 0/5 = 65/12
    # NDCG = 5.2 / (65/12) = 62.4 / 65 = 0.96 exactly
    assert ndcg_core.dcg(SEED004, 5, gain="linear", discount="reciprocal") == pytest.approx(5.2)
    assert ndcg_core.idcg(SEED004, 5, gain="linear", discount="reciprocal") == pytest.approx(65 / 12)
    assert ndcg_core.ndcg(SEED004, 5, gain="linear", discount="reciprocal") == pytest.approx(0.96)


def test_ln_discount_on_seed004():
    # d(i) = 1/ln(i + e): 0.7615, 0.6446, 0.5735, 0.5250, 0.4893
    d = [1 / math.log(i + math.e) for i in range(1, 6)]
    assert round(d[0], 4) == 0.7615
    dcg = 3 * d[0] + 2 * d[1] + 3 * d[2] + 1 * d[4]
    idcg = 3 * d[0] + 3 * d[1] + 2 * d[2] + 1 * d[3]
    assert ndcg_core.ndcg(SEED004, 5, gain="linear", discount="ln") == pytest.approx(dcg / idcg)


def test_no_discount_is_cumulative_gain():
    # CG@5 = 3+2+3+0+1 = 9 = ICG@5 → 1; CG@2 = 5, ICG@2 = 3+3 = 6 → 5/6
    assert ndcg_core.dcg(SEED004, 5, gain="linear", discount="none") == 9
    assert ndcg_core.ndcg(SEED004, 5, gain="linear", discount="none") == 1.0
    assert ndcg_core.ndcg(SEED004, 2, gain="linear", discount="none") == pytest.approx(5 / 6)


def test_the_default_discount_is_unchanged():
    assert ndcg_core.ndcg(SEED004, 5, gain="linear") == ndcg_core.ndcg(
        SEED004, 5, gain="linear", discount="log2"
    )
    assert round(ndcg_core.ndcg(SEED004, 5, gain="linear"), 3) == 0.972  # seed 004


def test_discount_formulas_name_b():
    assert discount_formula("jk", 3) == "1 for i < 3, then 1 / log_3(i)"
    assert discount_formula("reciprocal") == "1 / i"


@pytest.mark.parametrize("bad", [1.5, 0, -2, math.nan, math.inf, "2", True])
def test_bad_log_base_is_refused(bad):
    with pytest.raises(NDCGInputError, match="log base b"):
        ndcg_core.ndcg(SEED004, discount="jk", log_base=bad)


def test_unknown_discount_is_refused():
    with pytest.raises(NDCGInputError, match="Unknown discount 'cubic'"):
        ndcg_core.dcg(SEED004, discount="cubic")


# --------------------------------------------------------------------------
# Gains, by hand
# --------------------------------------------------------------------------


def test_custom_gain_like_trec_eval_on_seed004():
    # gains 1→3, 2→9, 3→27, 0→0: [27, 9, 27, 0, 3]; ideal gains [27, 27, 9, 3, 0]
    # DCG  = 27 + 9/log2 3 + 27/2 + 0 + 3/log2 6 ; IDCG = 27 + 27/log2 3 + 9/2 + 3/log2 5 + 0
    gain = {0: 0, 1: 3, 2: 9, 3: 27}
    dcg = 27 + 9 / LOG2_3 + 27 / 2 + 3 / LOG2_6
    idcg = 27 + 27 / LOG2_3 + 9 / 2 + 3 / LOG2_5
    assert ndcg_core.ndcg(SEED004, 5, gain=gain) == pytest.approx(dcg / idcg)


def test_custom_gain_worth_less_for_a_higher_grade_sorts_the_ideal_by_gain():
    # trec_eval sorts the ideal by gain: with 3→4.5 and 2→9, the grade-2 item comes first.
    # gains of [3, 2, 3, 0, 1]: [4.5, 9, 4.5, 0, 3]; ideal gains [9, 4.5, 4.5, 3, 0]
    gain = {0: 0, 1: 3, 2: 9, 3: 4.5}
    idcg = 9 + 4.5 / LOG2_3 + 4.5 / 2 + 3 / LOG2_5
    assert ndcg_core.idcg(SEED004, 5, gain=gain) == pytest.approx(idcg)
    table = ndcg_core.breakdown(SEED004, 5, gain=gain)
    assert table["ideal_relevance"].tolist() == [2, 3, 3, 1, 0]
    assert table["ideal_gain"].tolist() == [9, 4.5, 4.5, 3, 0]


def test_custom_gain_needs_every_listed_grade():
    with pytest.raises(NDCGInputError, match="no gain for grade 3"):
        ndcg_core.ndcg(SEED004, gain={0: 0, 1: 3, 2: 9})


@pytest.mark.parametrize(
    ("mapping", "words"),
    [({}, "at least one"), ({1: -3}, "0 or more"), ({1: math.inf}, "finite"), ({-1: 2}, "0 or more")],
)
def test_bad_custom_gains_are_refused(mapping, words):
    with pytest.raises(NDCGInputError, match=words):
        ndcg_core.ndcg([1], gain=mapping)


def test_parse_custom_gain_reads_colons_equals_and_arrows():
    assert parse_custom_gain("0:0, 1:3; 2=9\n3→4.5").as_dict() == {0: 0, 1: 3, 2: 9, 3: 4.5}
    assert parse_custom_gain("1:3, 0:0").text == "0:0, 1:3"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("1 3", "write it as grade:gain"),
        ("1:x", "the gain “x” is not a number"),
        ("a:3", "the grade “a” is not a number"),
        ("1:-3", "finite number ≥ 0"),
        ("1:3, 1:4", "already has the gain 3"),
    ],
)
def test_parse_custom_gain_names_each_problem(text, words):
    with pytest.raises(NDCGInputError, match=words):
        parse_custom_gain(text)


def test_custom_gain_labels():
    gain = CustomGain.from_mapping({2: 9, 1: 3})
    assert ndcg_core.gain_name(gain) == "custom"
    assert ndcg_core.gain_formula(gain) == "gain per grade: 1→3, 2→9"


# --------------------------------------------------------------------------
# Where the ideal comes from, and IDCG = 0
# --------------------------------------------------------------------------

SEED001_CORPUS = [5, 5, 4, 3, 3, 2, 2, 1, 1, 0]
SEED001_RETURNED = [SEED001_CORPUS[i] for i in (7, 2, 9, 5, 4)]  # [1, 4, 0, 2, 3]


def test_seed001_approaches_in_the_variant_table():
    variants = ndcg_core.standard_variants(gain="exponential", use_pool=False)
    table = ndcg_core.variant_table(SEED001_RETURNED, 5, variants, pool=SEED001_CORPUS)
    ideal = table[table["aspect"] == "ideal"].set_index("variant")["ndcg"].round(4)
    # Approach 1 (judged pool) 0.2268, Approach 2 (returned list) 0.6776: seed 001
    assert ideal.to_dict() == {"listed items": 0.6776, "judged pool": 0.2268}


def test_variant_table_rows_equal_the_core_functions():
    custom = CustomGain.from_mapping({0: 0, 1: 1, 2: 2, 3: 3})
    variants = ndcg_core.standard_variants(gain="linear", custom_gain=custom, log_base=3)
    table = ndcg_core.variant_table(SEED004, 5, variants).set_index(["aspect", "variant"])
    assert list(table.index.get_level_values(1)) == [
        "exponential", "linear", "custom", "log2", "jk", "reciprocal", "ln", "none", "listed items", "judged pool",
    ]  # fmt: skip
    assert table.loc[("discount", "jk"), "ndcg"] == pytest.approx(
        ndcg_core.ndcg(SEED004, 5, gain="linear", discount="jk", log_base=3)
    )
    assert table.loc[("gain", "custom"), "ndcg"] == pytest.approx(table.loc[("gain", "linear"), "ndcg"])
    assert table.loc[("discount", "jk"), "formula"] == "1 for i < 3, then 1 / log_3(i)"


@pytest.mark.parametrize(("rule", "expected"), [("zero", 0.0), ("one", 1.0)])
def test_empty_ideal_rules(rule, expected):
    assert ndcg_core.ndcg([0, 0, 0], 2, empty_ideal=rule) == expected
    assert ndcg_core.ndcg_at_every_k([0, 0], empty_ideal=rule).tolist() == [expected, expected]
    assert ndcg_core.breakdown([0, 0], empty_ideal=rule)["ndcg"].tolist() == [expected, expected]


def test_skip_returns_nan_and_says_so():
    assert math.isnan(ndcg_core.ndcg([0, 0], empty_ideal="skip"))
    numbers = ndcg_core.headline([0, 0], 2, empty_ideal="skip")
    assert math.isnan(numbers.ndcg)
    assert "left out (NaN)" in numbers.empty_ideal_note
    assert "left out" in ndcg_core.plain_reading(numbers)
    assert ndcg_core.headline([1, 0], 2).empty_ideal_note is None


def test_empty_ideal_rule_does_not_touch_a_list_with_something_relevant():
    assert ndcg_core.ndcg(SEED004, 3, empty_ideal="one") == ndcg_core.ndcg(SEED004, 3)


def test_unknown_empty_ideal_rule_is_refused():
    with pytest.raises(NDCGInputError, match="Unknown empty_ideal rule 'half'"):
        ndcg_core.ndcg([1], empty_ideal="half")


def test_headline_names_its_conventions():
    numbers = ndcg_core.headline(SEED004, 5, gain="linear", discount="jk", log_base=3)
    assert (numbers.discount, numbers.log_base, numbers.empty_ideal) == ("jk", 3.0, "zero")


# --------------------------------------------------------------------------
# Overtaking
# --------------------------------------------------------------------------


def test_overtakes_reports_each_change_of_leader():
    # k=1: A ahead; k=2: tie; k=3: B ahead; k=4: B still ahead
    assert ndcg_core.leaders([1, 0.5, 0.4, 0.3], [0.5, 0.5, 0.6, 0.9]) == ["A", "tie", "B", "B"]
    assert ndcg_core.overtakes([1, 0.5, 0.4, 0.3], [0.5, 0.5, 0.6, 0.9]) == [(2, "tie"), (3, "B")]


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------

grade = st.integers(0, 6).map(float)
grades_list = st.lists(grade, min_size=1, max_size=30)
cutoffs = st.one_of(st.none(), st.integers(1, 40))
discounts = st.sampled_from(ndcg_core.DISCOUNTS)
bases = st.floats(2, 20, allow_nan=False)
named_gains = st.sampled_from(["exponential", "linear"])


@st.composite
def custom_gains(draw, grades):
    """A custom gain with a finite gain ≥ 0 for every grade in ``grades``."""
    values = st.floats(0, 100, allow_nan=False, allow_infinity=False)
    return {g: draw(values) for g in sorted(set(grades))}


@given(grades_list, st.lists(grade, max_size=10), cutoffs, named_gains, discounts, bases)
def test_every_variant_stays_between_0_and_1(grades, unlisted, k, gain, discount, base):
    for pool in (None, grades + unlisted):
        value = ndcg_core.ndcg(grades, k, gain=gain, ideal=pool, discount=discount, log_base=base)
        assert 0.0 <= value <= 1.0 + 1e-12


@given(grades_list, cutoffs, discounts, st.data())
def test_any_custom_gain_stays_between_0_and_1(grades, k, discount, data):
    gain = data.draw(custom_gains(grades))
    assert 0.0 <= ndcg_core.ndcg(grades, k, gain=gain, discount=discount) <= 1.0 + 1e-12


@given(grades_list, cutoffs, discounts)
def test_custom_gain_equal_to_the_grade_is_linear(grades, k, discount):
    identity = {g: g for g in grades}
    assert ndcg_core.ndcg(grades, k, gain=identity, discount=discount) == pytest.approx(
        ndcg_core.ndcg(grades, k, gain="linear", discount=discount)
    )


@given(grades_list, cutoffs, st.floats(0.01, 100))
def test_scaling_every_gain_leaves_ndcg_unchanged(grades, k, factor):
    # why trec_eval's ndcg_1=3,2=9,4=4.5 on binary qrels gives plain ndcg's numbers
    scaled = {g: factor * g for g in grades}
    assert ndcg_core.ndcg(grades, k, gain=scaled) == pytest.approx(ndcg_core.ndcg(grades, k, gain="linear"))


@given(grades_list, cutoffs)
def test_custom_gain_equal_to_2_to_the_grade_minus_1_is_exponential(grades, k):
    table = {g: 2**g - 1 for g in grades}
    assert ndcg_core.ndcg(grades, k, gain=table) == pytest.approx(ndcg_core.ndcg(grades, k))


@given(st.integers(1, 60), bases)
def test_jk_leaves_ranks_below_b_undiscounted_then_divides_by_log_b(n, base):
    rank = ranks(n)
    d = discount_values(rank, "jk", base)
    assert np.all(d[rank < base] == 1.0)
    later = rank >= base
    assert d[later] == pytest.approx(1 / (np.log(rank[later]) / np.log(base)))


@given(grades_list, cutoffs, named_gains)
def test_no_discount_gives_cumulative_gain(grades, k, gain):
    gains = ndcg_core.gain_values(np.asarray(grades), gain)
    assert ndcg_core.dcg(grades, k, gain=gain, discount="none") == pytest.approx(float(np.sum(gains[:k])))


@given(grades_list, discounts, bases, named_gains)
def test_every_k_and_the_breakdown_agree_with_ndcg_under_each_discount(grades, discount, base, gain):
    settings = {"gain": gain, "discount": discount, "log_base": base}
    every_k = ndcg_core.ndcg_at_every_k(grades, **settings)
    table = ndcg_core.breakdown(grades, **settings)
    for k in range(1, len(grades) + 1):
        assert every_k[k - 1] == pytest.approx(ndcg_core.ndcg(grades, k, **settings))
    assert table["dcg"].iloc[-1] == pytest.approx(ndcg_core.dcg(grades, **settings))


@given(grades_list, cutoffs, discounts)
def test_the_ideal_order_scores_1_under_every_discount(grades, k, discount):
    best = sorted(grades, reverse=True)
    expected = 1.0 if ndcg_core.idcg(grades, k, discount=discount) > 0 else 0.0
    assert ndcg_core.ndcg(best, k, discount=discount) == pytest.approx(expected)


def test_the_ln_discount_docstring_gives_the_computed_values():
    # issue 15: the docstring said 0.761, 0.635, 0.560; 1/ln(i + e) is 0.761, 0.645, 0.574
    from ndcg_core.metric import discounts

    values = [f"{1 / math.log(i + math.e):.3f}" for i in (1, 2, 3)]
    assert values == ["0.761", "0.645", "0.574"]
    assert "1 / ln(i + e) → " + ", ".join(values) in discounts.__doc__


def test_lightgbm_ties_are_said_to_keep_input_order():
    from ndcg_core.teaching.variants import TOOL_TIES

    assert "input order" in TOOL_TIES["LightGBM"] and "stable sort" in TOOL_TIES["LightGBM"]
