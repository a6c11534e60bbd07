"""Edges of the TREC core that a wrong core would get past the other tests (issue 28's mutants).

The ranks of a few lines without ordering the whole run (``line_ranks``) against the whole order;
duplicates among other documents; messages that name the right file, line, query and document.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core.__main__ import main
from ndcg_core.trec.comparison import compare_files
from ndcg_core.trec.evaluation import evaluate_files, evaluate_runs_files
from ndcg_core.trec.files import RUN, TrecFileError, read_tables
from ndcg_core.trec.order import line_ranks, ranks_of, trec_order


@st.composite
def runs(draw):
    """Query codes, scores (few values: many ties), distinct document ids, and the lines wanted;
    the lines in one of four shapes: in trec_eval's order, grouped by query, shuffled, or with one
    query much longer than the others."""
    shape = draw(st.sampled_from(["sorted", "grouped", "shuffled", "uneven"]))
    queries = draw(st.integers(1, 6))
    sizes = draw(st.lists(st.integers(1, 25), min_size=queries, max_size=queries))
    if shape == "uneven":
        sizes[0] = draw(st.integers(200, 400))
    codes = draw(st.permutations(range(queries + 2)))[:queries]  # codes need not follow the file's order
    n = sum(sizes)
    query = np.repeat(np.array(codes, dtype=np.int32), sizes)
    score = np.array(
        draw(st.lists(st.sampled_from([0.0, -0.0, 1.5, 2.0, 7.25, -3.0]), min_size=n, max_size=n))
    )
    ids = draw(st.permutations([f"d{i}" for i in range(n)] + ["9", "10", "a", "B"]))[:n]
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    docno = pa.chunked_array([pa.array(ids, pa.string())])
    if shape == "sorted":
        order, _ = trec_order(query, score, docno)
    elif shape in ("grouped", "uneven"):
        blocks = [np.flatnonzero(query == code) for code in codes]
        order = np.concatenate([blocks[b][rng.permutation(len(blocks[b]))] for b in rng.permutation(queries)])
    else:
        order = rng.permutation(n)
    lines = np.flatnonzero(np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n))))
    return query[order], score[order], docno.take(pa.array(order)), lines


@settings(max_examples=300, deadline=None)
@given(runs())
def test_the_ranks_of_a_few_lines_are_those_of_trec_evals_whole_order(run):
    query, score, docno, lines = run
    expected_lines, expected_ranks = ranks_of(*trec_order(query, score, docno), lines)
    found_lines, found_ranks = line_ranks(query, score, docno, lines)
    assert found_lines.tolist() == expected_lines.tolist()
    assert found_ranks.tolist() == expected_ranks.tolist()


def test_both_ways_of_breaking_ties_are_taken():
    """Few tied lines in grouped queries: compared within their query; many: found by their (query, score)."""
    query = np.repeat(np.arange(4, dtype=np.int32), 50)
    score = np.tile(np.r_[np.full(10, 1.0), np.arange(2.0, 42.0)], 4)  # ten lines of each query tie at 1.0
    docno = pa.chunked_array([pa.array([f"d{i:03d}" for i in range(200)])])
    for lines in (np.array([0, 55]), np.arange(0, 200, 3)):
        assert [a.tolist() for a in line_ranks(query, score, docno, lines)] == [
            a.tolist() for a in ranks_of(*trec_order(query, score, docno), lines)
        ]
    first = line_ranks(query, score, docno, np.array([0]))[1][0]
    assert first == 40 + 10  # 40 higher scores, then d000 last of the ten tied (ids descending)


# --- duplicates among other documents --------------------------------------------------------------


def test_a_document_listed_twice_among_others_is_refused_naming_it():
    run = b"".join(f"{q} Q0 d{q}_{i} {i} {10 - i} t\n".encode() for q in (1, 2, 3) for i in range(8))
    run += b"2 Q0 d2_5 9 0.5 t\n"  # d2_5 again, far from its first line
    with pytest.raises(
        TrecFileError, match=r"^my\.run: document d2_5 appears more than once for query 2 \(1 repeated line"
    ):
        evaluate_files(b"1 0 d1_0 1\n2 0 d2_0 1\n", run, names=("q", "my.run"))


def test_a_judgment_listed_twice_among_others_names_the_qrels():
    qrels = b"1 0 a 1\n1 0 b 0\n2 0 c 2\n1 0 b 1\n"
    with pytest.raises(TrecFileError, match=r"^my\.qrels: document b appears more than once for query 1"):
        evaluate_files(qrels, b"1 Q0 a 1 1 t\n", names=("my.qrels", "r"))


def test_a_duplicate_is_said_before_the_queries_the_files_do_not_share():
    """The duplicate check runs beside the ranking (a second thread); its verdict still comes first."""
    run = b"7 Q0 a 1 2 t\n7 Q0 b 2 1 t\n7 Q0 a 3 0 t\n"  # query 7 only, and a listed twice
    with pytest.raises(TrecFileError, match=r"^r: document a appears more than once for query 7"):
        evaluate_files(b"1 0 a 1\n", run, names=("q", "r"))


def test_several_runs_name_the_run_with_the_duplicate():
    good = b"1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n"
    bad = b"1 Q0 a 1 2 t\n1 Q0 c 2 1 t\n1 Q0 a 3 0 t\n"
    with pytest.raises(TrecFileError, match=r"^second: document a appears more than once"):
        evaluate_runs_files(b"1 0 a 1\n", [good, bad], names=["q", "first", "second"])
    with pytest.raises(TrecFileError, match=r"^B\.run: document a appears more than once"):
        compare_files(b"1 0 a 1\n", good, bad, names=("q", "A.run", "B.run"))


# --- messages that name the right line ---------------------------------------------------------------


@pytest.mark.parametrize("piece_bytes", [40, 1 << 20])
@pytest.mark.parametrize("blank_lines", [0, 3])
def test_a_short_line_is_named_by_its_line_in_the_file_whatever_the_pieces(piece_bytes, blank_lines):
    lines = [f"1 Q0 d{i} {i} {i}.5 t\n" for i in range(30)]
    lines.insert(21, "1 Q0 short\n")
    data = ("\n" * blank_lines + "".join(lines)).encode()
    with pytest.raises(
        TrecFileError, match=rf"^run, line {22 + blank_lines}: 3 fields where a run line has 6"
    ):
        list(read_tables(data, "run", RUN, piece_bytes=piece_bytes))


def test_the_command_line_names_the_file_that_is_wrong(tmp_path, capsys):
    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_text("1 0 a 1\n")
    run.write_text("1 Q0 a 1 1 t\n1 Q0 b 2 x t\n")
    assert main([str(qrels), str(run)]) == 2
    assert "r.txt, line 2: the score “x” is not a finite number" in capsys.readouterr().err


# --- two runs compared: refusals and the tables -------------------------------------------------------


def evaluation_of(values: dict[str, float], gain: str = "linear"):
    """An evaluation holding these ndcg_cut_10 values per query."""
    from ndcg_core.trec.evaluation import Evaluation

    qids = list(values)
    columns = {
        "qid": np.array(qids, dtype=object),
        "ndcg": np.array(list(values.values())),
        "ndcg_cut_10": np.array(list(values.values())),
        "judged": np.ones(len(qids), dtype=int),
        "relevant": np.ones(len(qids), dtype=int),
        "retrieved": np.ones(len(qids), dtype=int),
    }
    return Evaluation(columns, (10,), gain, False, [], [], [])


def test_two_evaluations_with_different_gains_or_measures_are_not_compared():
    from ndcg_core import NDCGInputError
    from ndcg_core.trec.comparison import compare_evaluations

    a, b = evaluation_of({"1": 0.5, "2": 0.4}), evaluation_of({"1": 0.6, "2": 0.3}, gain="exponential")
    with pytest.raises(NDCGInputError, match=r"different gains \(linear, exponential\)"):
        compare_evaluations(a, b)
    with pytest.raises(NDCGInputError, match="ndcg_cut_5 was not computed for both runs"):
        compare_evaluations(a, evaluation_of({"1": 0.6, "2": 0.3}), ["ndcg_cut_10", "ndcg_cut_5"])
    assert list(compare_evaluations(a, evaluation_of({"1": 0.6, "2": 0.3}), samples=10).measures) == [
        "ndcg",
        "ndcg_cut_10",
    ]


def test_the_measures_caption_names_each_run_in_its_place():
    from ndcg_core.trec.comparison import compare_values
    from ndcg_core.trec.comparison_tables import measures_caption

    m = compare_values("ndcg_cut_10", ["1", "2", "3"], [0.5, 0.4, 0.6], [0.7, 0.5, 0.65], samples=10)
    caption = measures_caption({"ndcg_cut_10": m}, ("judged.qrels", "first.run", "second.run"), "linear", 10)
    assert caption.startswith(
        "second.run (B) against first.run (A), judged by judged.qrels: NDCG@10, linear gain, 3 queries."
    )
    assert caption.endswith("the verdict compares p with α = 0.05.")


def test_two_lists_side_by_side_start_at_rank_1_and_mark_unjudged_documents():
    from ndcg_core.trec.comparison_tables import lists_side_by_side
    from ndcg_core.trec.evaluation import QueryList

    a = QueryList("q", ["d1", "d2", "d3"], [2.0, 0.0, 0.0], [], 3, [True, True, False], 2)
    b = QueryList("q", ["d3", "d1"], [0.0, 2.0], [], 2, [False, True], 2)
    table = lists_side_by_side(a, b, 2)
    assert table["rank"].tolist() == [1, 2, 3]
    assert table["A: grade"].tolist() == ["2", "0", "not judged"]
    assert table["B: document"].tolist() == ["d3", "d1", ""]
    assert table["B: grade"].tolist() == ["not judged", "2", ""]
    assert table["within k"].tolist() == ["top 2", "top 2", "beyond k"]


def test_the_example_query_is_bs_biggest_win_when_b_is_better_else_its_biggest_loss():
    from ndcg_core.trec.comparison import compare_values
    from ndcg_core.trec.comparison_verdict import Verdict, example_query

    qids = [f"q{i}" for i in range(12)]
    a = np.linspace(0.2, 0.6, 12)
    better = compare_values("ndcg_cut_10", qids, a, a + np.r_[0.3, np.full(10, 0.1), -0.05], samples=200)
    assert Verdict(better, 1).better is True
    assert example_query(Verdict(better, 1)) == ("q0", "B's biggest win")
    unclear = compare_values("ndcg_cut_10", qids, a, a + np.r_[0.2, -0.3, np.zeros(10)], samples=200)
    assert Verdict(unclear, 1).better is None
    assert example_query(Verdict(unclear, 1)) == ("q1", "B's biggest loss")
    gains_only = compare_values("ndcg_cut_10", qids[:2], a[:2], a[:2] + np.array([0.1, 0.0]), samples=200)
    assert example_query(Verdict(gains_only, 1)) == ("q0", "B's biggest win")  # no loss: its biggest win
    same = compare_values("ndcg_cut_10", qids[:2], a[:2], a[:2], samples=200)
    assert example_query(Verdict(same, 1)) is None


def test_equal_differences_are_written_with_one_more_decimal():
    """No t-test applies when every difference is the same; the sentence writes that difference with
    3 decimals (the verdict's 2, plus one), so +0.123 is not shown as +0.12."""
    from ndcg_core.trec.comparison import compare_values
    from ndcg_core.trec.comparison_verdict import Verdict

    a = np.array([0.2, 0.3, 0.4, 0.5])
    text = Verdict(compare_values("ndcg_cut_10", ["1", "2", "3", "4"], a, a + 0.123, samples=200), 1).text()
    assert "Every query differs by the same +0.123, so no t-test applies (sd = 0)" in text


def test_p_at_the_edges_of_its_written_forms():
    from ndcg_core.trec.comparison_words import p_against, p_text

    assert p_against(0.0001, 0.05) == "= 0.0001" and p_text(0.0001) == "= 0.0001"  # not "< 0.0001"
    assert p_against(0.00009, 0.05) == "< 0.0001"
    assert p_against(0.99996, 0.05) == "= 0.99996"  # never "= 1" for less than 1
    assert p_against(1.0, 0.05) == "= 1"


@pytest.mark.parametrize("length", [9, 16, 17, 20, 24, 25, 40])
def test_ids_that_differ_in_one_byte_anywhere_get_different_keys(length):
    """One 64-bit key a (query, document) pair: every 8-byte word of an id counts, the last one too."""
    from ndcg_core.trec.doc_keys import hashed_keys

    base = "x" * length
    ids = [base] + [base[:i] + "y" + base[i + 1 :] for i in range(length)]
    keys = hashed_keys(np.zeros(len(ids), dtype=np.int32), pa.chunked_array([pa.array(ids)]))
    assert len(set(keys.tolist())) == len(ids)


def test_judged_at_k_stays_right_when_keys_collide(monkeypatch):
    """Judged@k checks the ids behind every key it matches too. Here the run's unjudged x shares its key
    with b, judged 0: NDCG's matches (relevant documents only) cannot see it, Judged@k must, and the
    evaluation starts again with exact keys, so Judged@k is the same as without the collision."""
    from ndcg_core.trec import lines as lines_module

    qrels = b"q 0 a 1\nq 0 b 0\nr 0 c 2\n"
    run = b"q Q0 a 1 3 t\nq Q0 x 2 2 t\nq Q0 z 3 1 t\nr Q0 y 1 2 t\nr Q0 c 2 1 t\n"
    honest = evaluate_files(qrels, run, (2,), judged_cutoffs=(1, 2, 3))
    real = lines_module.hashed_keys

    def x_looks_like_b(query, docno):
        ids = pa.chunked_array([pa.array(["b" if d == "x" else d for d in docno.to_pylist()], pa.string())])
        return real(query, ids)

    monkeypatch.setattr(lines_module, "hashed_keys", x_looks_like_b)
    colliding = evaluate_files(qrels, run, (2,), judged_cutoffs=(1, 2, 3))
    for column in ("judged_1", "judged_2", "judged_3", "ndcg_cut_2"):
        assert colliding.columns[column].tolist() == honest.columns[column].tolist(), column
    assert honest.columns["judged_2"].tolist() == [0.5, 0.5]  # q: a judged, x not; r: y not, c judged


def test_a_query_opened_from_a_run_keeps_only_relevant_unlisted_grades():
    """The Playground's pool beyond the list: the judged documents not shown with a grade above 0
    (a judged 0 adds nothing to the ideal), best first."""
    from ndcg_core.trec.evaluation import query_as_list
    from ndcg_core.trec.files import read_qrels, read_run

    qrels = read_qrels(b"q 0 a 1\nq 0 b 0\nq 0 c 3\nq 0 d 2\nq 0 e 0\nq 0 f -1\n")
    run = read_run(b"q Q0 a 1 5 t\nq Q0 z 2 4 t\nq Q0 d 3 3 t\n")
    top = query_as_list(qrels, run, "q", depth=2)
    assert (top.documents, top.grades, top.judged) == (["a", "z"], [1.0, 0.0], [True, False])
    assert top.unlisted_grades == [3.0, 2.0]  # c and d (d is retrieved, but below the top 2)
    assert (top.retrieved, top.judged_count) == (3, 6)


@pytest.mark.parametrize(
    ("data", "line", "what"),
    [
        (b"1 Q0 a 1 1.0 t\n1 Q0 b 2 1.0 t extra\n1 Q0 c 3 x t\n", 3, "the score “x” is not a finite number"),
        (b"1 Q0 a 1 1.0 t\n1 Q0 b 2 x t extra\n1 Q0 c 3 2 t\n", 2, "the score “x” is not a finite number"),
        (b"\n\nquery,document,score\n1,a,1\n1,b,\n", 5, "the score is missing in “1,b,”"),
        (b"1 Q0 a 1 inf t\n", 1, "the score “inf” is not a finite number"),
    ],
)
def test_a_bad_score_is_named_by_its_own_line_even_after_a_line_with_extra_fields(data, line, what):
    """A line with more fields than the first is parsed apart and joined at the end of the table: the
    message still names the line where the bad number is (it named line 2 for line 3's "x")."""
    from ndcg_core.trec.files import read_run

    with pytest.raises(TrecFileError, match=rf"^run, line {line}: {what}\.$"):
        read_run(data)


def test_a_multibyte_character_at_the_end_of_the_checked_sample_is_not_an_error():
    """The first 64 KiB are checked for UTF-8 up to their last line break; a line whose last character,
    just before that break, is "é" (2 bytes) is whole, not a character cut in two. (Extra fields after
    the grade are ignored, as trec_eval ignores them.)"""
    from ndcg_core.trec.files import SAMPLE_BYTES, read_qrels

    line = "q 0 doc 1\n"
    head = line * ((SAMPLE_BYTES - 200) // len(line))
    accented = "q 0 café 1 é\n"  # ends in é, then the last line break inside the sample
    tail = "q 0 " + "x" * 400 + " 0\n" + "q 0 other 0\n" * 29  # the sample ends inside the long line
    data = (head + accented + tail).encode()
    assert data.rfind(b"\n", 0, SAMPLE_BYTES) == len((head + accented).encode()) - 1
    assert data[len((head + accented).encode()) - 3 : len((head + accented).encode())] == "é\n".encode()
    assert read_qrels(data).num_rows == len(head) // len(line) + 1 + 30


def test_an_evaluation_without_a_key_collision_never_takes_the_exact_keys_path(monkeypatch):
    """The exact keys are for the one-in-a-million collision: a check that always failed would still
    give right numbers, only slowly, so the fast path is tested on its own."""
    from ndcg_core.trec import evaluation

    def fail(*args, **kwargs):
        raise AssertionError("exact keys computed without a collision")

    monkeypatch.setattr(evaluation, "exact_keys", fail)
    result = evaluate_files(
        b"1 0 a 2\n1 0 b 0\n2 0 c 1\n",
        b"1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n2 Q0 c 1 1 t\n2 Q0 d 2 0 t\n",
        (2,),
        judged_cutoffs=(1, 2),
    )
    assert result.columns["judged_2"].tolist() == [1.0, 0.5]


def test_columns_of_ids_past_2_gib_take_64_bit_offsets():
    """Arrow's 32-bit string offsets reach 2 GiB of text: past that (as the file's size says), 64-bit."""
    from ndcg_core.trec.files import read_run
    from ndcg_core.trec.lines import QueryCodes, collect

    table = read_run(b"1 Q0 a 1 3 t\n1 Q0 b 2 2 t\n")
    assert collect([table], QueryCodes(), "run", "score", 2, text_bytes=2**31 - 1).docno.type == pa.string()
    wide = collect([table], QueryCodes(), "run", "score", 2, text_bytes=2**31)
    assert wide.docno.type == pa.large_string() and wide.docno.to_pylist() == ["a", "b"]


def test_a_quoted_empty_id_is_text_not_a_missing_value():
    from ndcg_core.trec.files import read_qrels

    assert read_qrels(b'query,document,relevance\n"",d,1\nq,"",2\n')["qid"].to_pylist() == ["", "q"]


def test_one_long_query_among_many_short_ones_takes_the_whole_order():
    """A table of one row per query, as wide as the longest, would be mostly padding here (101 rows of
    70,000 for 70,100 lines): the ranks come from trec_eval's whole order instead, and are the same."""
    rng = np.random.default_rng(28)
    query = np.r_[np.zeros(70_000, dtype=np.int32), np.arange(1, 101, dtype=np.int32)]
    score = np.round(rng.uniform(0, 50, len(query)), 1)  # many ties
    docno = pa.chunked_array([pa.array([f"d{i}" for i in rng.permutation(len(query))])])
    shuffle = rng.permutation(len(query))
    query, score, docno = query[shuffle], score[shuffle], docno.take(pa.array(shuffle))
    lines = np.sort(rng.choice(len(query), 500, replace=False))
    found = line_ranks(query, score, docno, lines)
    expected = ranks_of(*trec_order(query, score, docno), lines)
    assert [a.tolist() for a in found] == [a.tolist() for a in expected]


# ---- the mutants the seeded mutation run of 2026-11-27 left (scripts/mutation_test.py) --


def test_an_unquoted_empty_id_is_text_too():
    """An empty field is the empty id, as a quoted one is, never a missing value (None)."""
    from ndcg_core.trec.files import read_qrels, read_run

    assert read_qrels(b"query,document,relevance\n,d,1\n")["qid"].to_pylist() == [""]
    assert read_run(b"query,document,score\nq,,1.5\n")["docno"].to_pylist() == [""]


def test_a_short_line_is_quoted_in_the_message_by_its_first_80_characters():
    from ndcg_core.trec.files import TrecFileError, read_qrels

    line = "q1 0 " + "d" * 100  # three fields where a qrels line has four
    with pytest.raises(TrecFileError) as refused:
        read_qrels(f"q1 0 a 1\n{line}\n".encode())
    assert f"“{line[:80]}”." in str(refused.value)


def test_a_missing_grade_is_named_with_the_lines_first_80_characters():
    from ndcg_core.trec.files import TrecFileError, read_qrels

    line = "q," + "d" * 100 + ","
    with pytest.raises(TrecFileError) as refused:
        read_qrels(f"query,document,relevance\nq,a,1\n{line}\n".encode())
    assert f"is missing in “{line[:80]}”." in str(refused.value)
