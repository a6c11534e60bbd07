"""A link holds the whole scenario: encode → decode gives it back; a broken link gives notes, never an error."""

from urllib.parse import urlencode

from hypothesis import given
from hypothesis import strategies as st

from ui.state.link import COMPACT_ABOVE, UrlScenario, decode, encode
from ui.state.ranked_list import MAX_ITEMS

names = (
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=60)
    .map(str.strip)
    .filter(bool)
)
grades = st.one_of(st.integers(0, 10).map(float), st.floats(0, 10, allow_nan=False))


@st.composite
def scenarios(draw) -> UrlScenario:
    n = draw(st.integers(1, 60))
    return UrlScenario(
        names=tuple(draw(st.lists(names, min_size=n, max_size=n))),
        grades=tuple(draw(st.lists(grades, min_size=n, max_size=n))),
        order=tuple(draw(st.permutations(range(n)))),
        unlisted=tuple(draw(st.lists(grades, max_size=10))),
        k=draw(st.integers(1, n)),
        gain=draw(st.sampled_from(["exponential", "linear"])),
        ideal=draw(st.sampled_from(["listed items", "judged pool"])),
        decimals=draw(st.integers(2, 4)),
        scenario=draw(st.sampled_from(["", "seed000-bluetooth-headphones"])),
    )


@given(scenarios())
def test_round_trip(state):
    decoded = decode(encode(state))
    assert decoded.notes == []
    assert decoded.scenario == state


def test_short_lists_stay_readable():
    state = UrlScenario(("A", "B~C", "D"), (3, 2.5, 0), (2, 0, 1), k=2, gain="linear")
    params = encode(state)
    assert params["grades"] == "3,2.5,0" and params["names"] == "A~B%7EC~D" and params["order"] == "2,0,1"
    assert params["gain"] == "lin" and "z" not in params


def test_fifty_long_names_fit_a_common_url_limit():
    state = UrlScenario(
        tuple(f"A rather long product title number {i} with words" for i in range(50)),
        tuple(float(i % 4) for i in range(50)),
        tuple(reversed(range(50))),
    )
    params = encode(state)
    assert "z" in params and len(urlencode(params)) < 2000
    assert decode(params).scenario == state
    assert sum(len(v) for v in encode(UrlScenario(("a",), (1,), (0,))).values()) < COMPACT_ABOVE


def test_malformed_links_give_notes_not_errors():
    cases = [
        {"grades": "3,x,1"},
        {"grades": "3,2", "names": "only one"},
        {"grades": ",".join(["1"] * (MAX_ITEMS + 1)), "names": "~".join(["n"] * (MAX_ITEMS + 1))},
        {"grades": "3,-2"},
        {"grades": "3,20"},
        {"z": "not base64 at all!"},
        {"z": "eJzLSM3JyVcozy_KSQEAGgQEXQ"},
        {"k": "5"},
    ]
    for params in cases:
        decoded = decode(params)
        assert decoded.scenario is None and decoded.notes, params


def test_a_link_with_only_the_lesson_step_needs_no_note():
    assert decode({"step": "5", "present": "1"}) == decode({})
    assert decode({"step": "5"}).notes == []


def test_bad_settings_are_clamped_or_replaced_with_a_note():
    decoded = decode(
        {"grades": "3,2,1", "names": "a~b~c", "k": "99", "gain": "cubic", "dec": "x", "order": "0,0,1"}
    )
    state = decoded.scenario
    assert (state.k, state.gain, state.decimals, state.order) == (3, "exponential", 2, (0, 1, 2))
    assert len(decoded.notes) == 4


def test_a_hand_written_link_without_names_gets_numbered_names():
    decoded = decode({"grades": "3,2,3,0,1", "k": "5", "gain": "lin"})
    assert decoded.notes == []
    assert decoded.scenario.names == ("item 1", "item 2", "item 3", "item 4", "item 5")
    assert (decoded.scenario.k, decoded.scenario.gain) == (5, "linear")
