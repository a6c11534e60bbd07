"""Every parser of user input either returns a valid value or raises the project's own error: never anything else."""

from hypothesis import example, given, settings
from hypothesis import strategies as st

from ndcg_core.trec.files import TrecFileError, read_qrels, read_run
from ui.state.link import decode
from ui.state.ranked_list import ListEditError, parse_grade, parse_grade_list

KEYS = [
    "names",
    "grades",
    "order",
    "pool",
    "k",
    "gain",
    "ideal",
    "dec",
    "sc",
    "z",
    "step",
    "present",
    "other",
]
text_bytes = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300).map(lambda t: t.encode("utf-8")),
    st.lists(
        st.lists(
            st.sampled_from(["q1", "Q0", "d1", "d2", "1", "0", "-1", "2.5", "x", "nan", "", "\t", "  "]),
            max_size=8,
        ),
        max_size=8,
    ).map(lambda rows: "\n".join(" ".join(row) for row in rows).encode("utf-8")),
)


@given(st.dictionaries(st.sampled_from(KEYS), st.text(max_size=80), max_size=8))
def test_the_url_decoder_never_raises(params):
    decoded = decode(params)
    if decoded.scenario is not None:
        assert len(decoded.scenario.names) == len(decoded.scenario.grades)
        assert sorted(decoded.scenario.order) == list(range(len(decoded.scenario.grades)))


@settings(max_examples=300)
@given(text_bytes)
@example(b"\x01\t\r\x01")  # a carriage return inside a tab-separated first line: csv's own error once
@example(b"q\tdoc\r\tx\n")
@example(b"\x01\r,")  # and before a comma (the case a CI run found)
def test_the_trec_readers_raise_only_their_own_error(data):
    for reader in (read_qrels, read_run):
        try:
            table = reader(data, "fuzz")
        except TrecFileError as error:
            assert str(error).startswith("fuzz")
        else:
            assert table.num_rows > 0 and table.column_names[:2] == ["qid", "docno"]


@given(st.text(max_size=40))
def test_grade_parsers_raise_only_their_own_error(text):
    try:
        grades = [parse_grade(text, "Row 1"), *parse_grade_list(text)]
    except ListEditError as error:
        assert str(error)
    else:
        assert all(0 <= grade <= 10 for grade in grades)
