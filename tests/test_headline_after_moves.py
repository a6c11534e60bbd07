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

from ndcg_core import Headline, Ranking
from ndcg_core.metric.orders import moved
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
