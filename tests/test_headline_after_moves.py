"""The headline after every move (``ui.drop_preview.headline_after_moves``): the numbers the
Playground's headline shows the moment an item is dropped, before the page's run confirms them.

Each must be exactly what the headline shows once the run arrives: DCG@k and NDCG@k of the
moved list, formatted as the headline formats them (``f"{value:.{decimals}f}"``), including the
values that sit on a rounding boundary, where a number computed by prefix sums and one computed
directly can round differently.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import ui.drop_preview as drop_preview_module
from ndcg_core import Headline, Ranking
from ndcg_core.metric.orders import moved
from ndcg_core.teaching.summary import plain_reading, reading_template
from ui.drop_preview import drop_preview, headline_after_moves

grade_lists = st.lists(st.integers(0, 4), min_size=1, max_size=8)
cutoffs = st.one_of(st.none(), st.integers(1, 9))
gains = st.sampled_from(["exponential", "linear"])
pools = st.one_of(st.none(), st.lists(st.integers(0, 4), max_size=4))
decimal_places = st.integers(1, 4)


def after_moves(ranking: Ranking, decimals: int) -> dict:
    return headline_after_moves(ranking, drop_preview(ranking, decimals))


def shown_after(grades: list[int], source: int, target: int, ranking: Ranking, decimals: int) -> tuple:
    """What the headline shows, by the definition: the moved list's own headline, formatted."""
    numbers = Headline.of(ranking.with_grades(moved(grades, source, target)))
    return f"{numbers.dcg:.{decimals}f}", f"{numbers.ndcg:.{decimals}f}"


@settings(max_examples=300)
@given(grade_lists, cutoffs, gains, pools, decimal_places)
def test_every_move_shows_what_the_moved_lists_headline_shows(grades, k, gain, extra, decimals):
    pool = None if extra is None else [*grades, *extra]
    ranking = Ranking.of(grades, k, gain=gain, ideal=pool)
    moves = after_moves(ranking, decimals)
    texts = moves["texts"]
    for s in range(1, len(grades) + 1):
        for t in range(1, len(grades) + 1):
            shown = (texts[moves["dcg"][s - 1][t - 1]], texts[moves["ndcg"][s - 1][t - 1]])
            assert shown == shown_after(grades, s, t, ranking, decimals), (s, t)


def test_seed000_bose_to_the_top_by_hand():
    """DCG@5 = 7/1 + 0/log2(3) + 1/log2(4) + 3/log2(5) + 7/log2(6) = 11.500; / IDCG@5 14.595 = 0.788."""
    ranking = Ranking.of([0, 1, 2, 3, 2, 0, 3], 5)
    moves = after_moves(ranking, 2)
    assert moves["texts"][moves["dcg"][6][0]] == "11.50"
    assert moves["texts"][moves["ndcg"][6][0]] == "0.79"
    assert moves["texts"][moves["ndcg"][6][6]] == f"{ranking.ndcg:.2f}" == "0.43"  # no move


def test_a_value_on_a_rounding_boundary_is_rounded_as_the_headline_rounds_it():
    """NDCG@1 of [1, 0] with linear gain and a judged pool whose best grade is 8 is 1/8 = 0.125,
    exact in binary: the headline's format rounds it half to even, "0.12", where rounding half up
    (what the map does away from a boundary) would say "0.13"."""
    ranking = Ranking.of([1, 0], 1, gain="linear", ideal=[1, 0, 8])
    assert f"{ranking.ndcg:.2f}" == "0.12"
    moves = after_moves(ranking, 2)
    assert moves["texts"][moves["ndcg"][0][0]] == "0.12"  # the 1 stays at rank 1
    assert moves["texts"][moves["ndcg"][1][0]] == "0.00"  # the 0 goes to rank 1


discounts = st.sampled_from(["log2", "none"])  # "none" (DCG = CG) makes rational NDCGs: ties in percent


@given(grade_lists, cutoffs, gains, pools, discounts)
def test_every_move_s_reading_says_the_share_the_moved_lists_reading_says(grades, k, gain, extra, discount):
    """The reading in words after a drop (its share of the best possible value) is the sentence the
    page's run writes for the moved list: "100%" only for NDCG 1, and a share that rounds to an
    end gets the decimals that keep it off it, even where the move map's float sits on a tie."""
    pool = None if extra is None else [*grades, *extra]
    ranking = Ranking.of(grades, k, gain=gain, ideal=pool, discount=discount)
    moves = headline_after_moves(ranking, drop_preview(ranking, 2), shares=True)
    template = reading_template(Headline.of(ranking))
    for s in range(1, len(grades) + 1):
        for t in range(1, len(grades) + 1):
            numbers = Headline.of(ranking.with_grades(moved(grades, s, t)))
            said = template.replace("{share}", moves["shares"][moves["share"][s - 1][t - 1]])
            assert said == plain_reading(numbers), (s, t)


def test_shares_by_hand_seed000():
    """Seed 000 (NDCG@5 6.31 / 14.60 = 0.432): Bose to the top gives 11.50 / 14.60 = 0.788, "79%";
    the ideal order's moves that keep it ideal give "100% ... the best possible order"."""
    ranking = Ranking.of([0, 1, 2, 3, 2, 0, 3], 5)
    moves = headline_after_moves(ranking, drop_preview(ranking, 2), shares=True)
    assert moves["shares"][moves["share"][6][6]] == "43% of the best possible value"  # no move
    assert moves["shares"][moves["share"][6][0]] == "79% of the best possible value"
    ideal = Ranking.of([3, 3, 2, 2, 1, 0, 0], 5)
    moves = headline_after_moves(ideal, drop_preview(ideal, 2), shares=True)
    assert moves["shares"][moves["share"][0][1]] == "100% of the best possible order"  # 3 swaps with 3
    assert moves["shares"][moves["share"][5][6]] == "100% of the best possible order"  # beyond k


def test_a_share_on_a_tie_is_written_as_the_run_writes_it():
    """Ties in percent, written by the page's run (Python's rounding, half to even on exact ties):

    * NDCG@1 of [1, 0] with linear gain against a pool whose best grade is 8 is 1/8 = 0.125:
      12.5 % is a tie at whole percents, "12%";
    * with no discount, 49 grade-4 items and one grade 3 in the top 50, against a pool with one
      more grade 4, give CG 199 / 200 = 0.995: 99.5 % would round to an end, and is not 1, so
      it is written with the decimal that keeps it off it, "99.5%", whatever the order."""
    eighth = Ranking.of([1, 0], 1, gain="linear", ideal=[1, 0, 8])
    moves = headline_after_moves(eighth, drop_preview(eighth, 2), shares=True)
    assert moves["shares"][moves["share"][0][0]] == "12% of the best possible value"
    assert plain_reading(Headline.of(eighth)).startswith("The top 1 captures 12% of")
    grades = [4] * 49 + [3]
    near_one = Ranking.of(grades, 50, gain="linear", ideal=[*grades, 4], discount="none")
    assert plain_reading(Headline.of(near_one)).startswith(
        "The top 50 captures 99.5% of the best possible value"
    )
    moves = headline_after_moves(near_one, drop_preview(near_one, 2), shares=True)
    assert {moves["shares"][cell] for row in moves["share"] for cell in row} == {
        "99.5% of the best possible value"
    }


def test_past_the_limit_of_shares_near_an_end_the_reading_waits_for_the_run(monkeypatch):
    """A long list in nearly the ideal order can have thousands of distinct shares near 100 %,
    each written with decimals: past the limit the map leaves the shares out (the headline then
    dims the reading after a drop until the run writes it) and keeps the numbers."""
    grades = [4] * 49 + [3]
    near_one = Ranking.of(grades, 50, gain="linear", ideal=[*grades, 4], discount="none")  # 99.5 %
    monkeypatch.setattr(drop_preview_module, "NEAR_AN_END_LIMIT", 0)
    moves = headline_after_moves(near_one, drop_preview(near_one, 2), shares=True)
    assert "shares" not in moves and "share" not in moves
    assert moves["texts"][moves["ndcg"][0][0]] == "0.99"  # 0.995 rounds half to even in binary: 0.99
