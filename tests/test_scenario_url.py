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


def compressed(payload: bytes) -> str:
    """A ``z`` parameter holding these bytes, as the app packs its JSON."""
    import base64
    import zlib

    return base64.urlsafe_b64encode(zlib.compress(payload)).decode("ascii").rstrip("=")


def test_a_broken_link_says_what_is_wrong_in_the_page_s_words_not_a_parser_s():
    """Issue 28: the note read "… could not be read (Expecting value: line 1 column 1 (char 0))"."""
    parser_words = (
        "Expecting value",
        "char 0",
        "line 1 column",
        "Incorrect padding",
        "invalid literal",
        "Error -3",
    )
    for params in (
        {"z": "not base64 at all!"},
        {"z": compressed(b"not json")},
        {"z": compressed(b"[1, 2]")},
        {"z": compressed(b'{"g": [1]}')},
        {"z": "eJzLSM3JyVcozy_KSQEAGgQEXQ"[:-5]},
        {"grades": "3,2", "order": "1,x"},
    ):
        notes = " ".join(decode(params).notes)
        assert "could not be read" in notes, params
        assert not any(words in notes for words in parser_words), notes
    assert "cut short when it was copied" in " ".join(decode({"z": compressed(b"not json")}).notes)
    assert "its order is not a list of positions" in " ".join(decode({"grades": "3,2", "order": "1,x"}).notes)


def test_a_link_s_item_errors_keep_the_app_s_words():
    notes = decode({"z": compressed(b'{"n": ["a", "b"], "g": [1, 11]}')}).notes
    assert notes == ["The list in the link could not be read: Item 2: 11 is outside the grades 0 to 10."]
    assert decode({"grades": "3,2", "names": "one"}).notes == [
        "The list in the link could not be read: it holds 1 name for 2 grades"
    ]


@given(scenarios())
def test_a_link_s_judged_pool_always_holds_its_listed_grades(state):
    """Issue 28: the link's pool is the judged grades the list does not show, so the pool the
    Playground builds (listed + unlisted) holds every listed grade and NDCG stays within [0, 1]."""
    import ndcg_core
    from ui.state.ranked_list import RankedList

    decoded = decode(encode(state)).scenario
    ranked = RankedList((), ()).edited(
        [(None, n, g) for n, g in zip(decoded.names, decoded.grades, strict=True)]
    )
    ranked = ranked.with_unlisted(decoded.unlisted)
    assert 0 <= ndcg_core.ndcg(ranked.grades, decoded.k, gain=decoded.gain, ideal=ranked.pool()) <= 1 + 1e-12
