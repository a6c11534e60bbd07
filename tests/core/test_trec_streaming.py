"""Runs read piece by piece, keyed by 64-bit pair keys and put in trec_eval's order: the same numbers
as trec_eval's rules applied line by line in plain Python, whatever the pieces, keys or order."""

from __future__ import annotations

import itertools
import math
import random
from collections import defaultdict
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core.trec import lines as lines_module
from ndcg_core.trec.doc_keys import LONG_ID_BYTES, exact_keys, hashed_keys
from ndcg_core.trec.evaluation import Judgments, evaluate, evaluate_files
from ndcg_core.trec.files import QRELS, RUN, TrecFileError, read_qrels, read_run, read_tables
from ndcg_core.trec.order import trec_order
from ndcg_core.trec.overlap import NoSharedQueries
from ndcg_core.trec.pieces import most_rows, pieces

DATA = Path(__file__).resolve().parents[2] / "data" / "trec_eval"


def reference(
    qrels: list[tuple[str, str, float]], run: list[tuple[str, str, float]], cutoffs, complete=False
):
    """trec_eval's rules written out line by line: {qid: {measure: value}}."""
    judged: dict[str, dict[str, float]] = defaultdict(dict)
    for qid, doc, grade in qrels:
        judged[qid][doc] = grade
    ranked: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for qid, doc, score in run:
        ranked[qid].append((score, doc))
    queries = sorted(judged) if complete else sorted(set(judged) & set(ranked))

    def dcg(gains: list[float], k: int | None) -> float:
        return sum(g / math.log2(i + 2) for i, g in enumerate(gains[:k]))

    values = {}
    for qid in queries:
        documents = [
            doc for _, doc in sorted(ranked.get(qid, []), reverse=True)
        ]  # score, then id, descending
        gains = [max(judged[qid].get(doc, 0.0), 0.0) for doc in documents]
        ideal = sorted((g for g in judged[qid].values() if g > 0), reverse=True)
        row = {}
        for name, k in [("ndcg", None), *((f"ndcg_cut_{k}", k) for k in cutoffs)]:
            best = dcg(ideal, k)
            row[name] = dcg(gains, k) / best if best > 0 else 0.0
        values[qid] = row
    return values


IDS = [
    "9",
    "10",
    "1",
    "100",
    "a",
    "ab",
    "b",
    "B",
    "é",
    "d" * 8,
    "d" * 9,
    "d" * 16 + "x",
    "x" * (LONG_ID_BYTES + 3),
]

runs = st.lists(
    st.tuples(
        st.sampled_from(["q1", "q2", "10", "9"]), st.sampled_from(IDS), st.sampled_from([0.5, 1.0, 2.0, -1.0])
    ),
    min_size=1,
    max_size=40,
    unique_by=lambda line: (line[0], line[1]),
)
judgments = st.lists(
    st.tuples(
        st.sampled_from(["q1", "q2", "10", "q3"]), st.sampled_from(IDS), st.sampled_from([-1, 0, 1, 2, 3])
    ),
    min_size=1,
    max_size=30,
    unique_by=lambda line: (line[0], line[1]),
)


def trec_text(lines: list[tuple[str, str, float]], run: bool) -> bytes:
    if run:
        return "".join(f"{q} Q0 {d} 0 {s} t\n" for q, d, s in lines).encode()
    return "".join(f"{q} 0 {d} {g}\n" for q, d, g in lines).encode()


@settings(max_examples=150)
@given(judgments, runs, st.booleans(), st.randoms(use_true_random=False))
def test_evaluation_equals_trec_evals_rules_line_by_line(qrels, run, complete, rng):
    rng.shuffle(run)
    if not {q for q, _, _ in qrels} & {q for q, _, _ in run}:  # trec_eval stops, -c or not (exit 7)
        with pytest.raises(NoSharedQueries, match="no query in common"):
            evaluate_files(trec_text(qrels, False), trec_text(run, True), (1, 2, 5), complete=complete)
        return
    expected = reference(qrels, run, (1, 2, 5), complete)
    result = evaluate_files(trec_text(qrels, False), trec_text(run, True), (1, 2, 5), complete=complete)
    assert list(result.columns["qid"]) == list(expected)
    for measure in result.measures:
        assert result.columns[measure] == pytest.approx([expected[q][measure] for q in expected], abs=1e-12)


def weak_keys(query: np.ndarray, docno: pa.ChunkedArray) -> np.ndarray:
    """A terrible key: every document of a query shares one (collisions within a file)."""
    return query.astype(np.uint64)


@settings(max_examples=60)
@given(judgments, runs)
def test_colliding_keys_are_caught_and_the_numbers_stay_right(qrels, run):
    expected = reference(qrels, run, (2,))
    if not expected:
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lines_module, "hashed_keys", weak_keys)
        result = evaluate_files(trec_text(qrels, False), trec_text(run, True), (2,))
    assert result.columns["ndcg_cut_2"] == pytest.approx(
        [expected[q]["ndcg_cut_2"] for q in expected], abs=1e-12
    )


def test_a_run_document_sharing_a_key_with_another_judged_one_is_not_taken_for_it(monkeypatch):
    # Keys where "b" collides with "a" (and nothing else collides): the run's b must not get a's grade.
    def b_is_a(query: np.ndarray, docno: pa.ChunkedArray) -> np.ndarray:
        return hashed_keys(query, pc.replace_substring(docno, "b", "a"))

    monkeypatch.setattr(lines_module, "hashed_keys", b_is_a)
    result = evaluate_files(b"q 0 a 1\nq 0 c 1\n", b"q Q0 b 1 2 t\nq Q0 c 2 1 t\n", (1,))
    assert result.columns["ndcg_cut_1"].tolist() == [0.0]  # b (unjudged) is first: gain 0
    assert result.columns["ndcg"] == pytest.approx([(1 / math.log2(3)) / (1 + 1 / math.log2(3))])


def test_a_real_duplicate_is_still_refused_under_colliding_keys(monkeypatch):
    monkeypatch.setattr(lines_module, "hashed_keys", weak_keys)
    with pytest.raises(TrecFileError, match="document b appears more than once for query q"):
        evaluate_files(b"q 0 a 1\n", b"q Q0 a 1 1 t\nq Q0 b 2 1 t\nq Q0 b 3 0.5 t\n")


@given(st.lists(st.text(max_size=40), min_size=1, max_size=60, unique=True), st.integers(0, 5))
def test_keys_differ_for_different_ids_and_do_not_depend_on_chunks(ids, query):
    codes = np.full(len(ids), query)
    whole = hashed_keys(codes, pa.chunked_array([pa.array(ids, pa.string())]))
    assert len(set(whole.tolist())) == len(ids)  # 64-bit keys: a collision here would be a bug
    cut = len(ids) // 2
    pieces_ = pa.chunked_array([pa.array(ids[:cut], pa.string()), pa.array(ids[cut:], pa.string())])
    assert hashed_keys(codes, pieces_).tolist() == whole.tolist()
    sliced = pa.array(["pad", *ids], pa.string()).slice(1)  # an array that starts at an offset
    assert hashed_keys(codes, sliced).tolist() == whole.tolist()


def test_the_same_id_under_two_queries_gets_two_keys():
    keys = hashed_keys(np.array([0, 1]), pa.array(["d", "d"]))
    assert keys[0] != keys[1]


def test_exact_keys_are_equal_exactly_for_equal_pairs():
    first, second = exact_keys(
        (np.array([0, 0, 1]), np.array([1, 0])),
        (pa.chunked_array([["a", "b", "a"]]), pa.chunked_array([["a", "b"]])),
    )
    assert first[2] == second[0] and first[1] == second[1] and len({*first.tolist(), *second.tolist()}) == 3


@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.sampled_from([1.0, 2.0, 0.5]), st.sampled_from(IDS)),
        max_size=40,
        unique_by=lambda t: (t[0], t[2]),
    )
)
def test_trec_order_is_query_then_score_then_id_descending(lines):
    query = np.array([q for q, _, _ in lines], dtype=np.int32)
    score = np.array([s for _, s, _ in lines])
    docno = pa.chunked_array([pa.array([d for _, _, d in lines], pa.string())])
    order, query_in_order = trec_order(query, score, docno)
    ranked = [lines[i] for i in order]
    for before, after in itertools.pairwise(ranked):
        if before[0] == after[0]:
            assert (before[1], before[2]) > (after[1], after[2])
    grouped = [q for q, _, _ in ranked]
    blocks = [q for q, _ in itertools.groupby(grouped)]
    assert len(blocks) == len(set(blocks))  # each query's lines are together
    assert query_in_order.tolist() == grouped


def run_text(count: int, seed: int = 3) -> bytes:
    rng = random.Random(seed)
    return "".join(
        f"q{rng.randrange(40)}  Q0\td{i}  {i % 7} {rng.choice([1.5, 2.25, 3])} tag\n" for i in range(count)
    ).encode()


@pytest.mark.parametrize("piece_bytes", [64, 1000, 1 << 20])
def test_pieces_give_the_same_table_as_the_whole_file(piece_bytes, tmp_path):
    data = run_text(3000)
    path = tmp_path / "run.txt"
    path.write_bytes(data)
    whole = read_run(data)
    for source in (data, path):
        tables = list(read_tables(source, "run", RUN, piece_bytes=piece_bytes))
        assert pa.concat_tables(tables).equals(whole)
    for source in (data, path):
        cut = list(pieces(source, piece_bytes))
        assert b"".join(text for text, _ in cut) == data and all(text.endswith(b"\n") for text, _ in cut)
        assert [first for _, first in cut] == [
            1 + sum(t.count(b"\n") for t, _ in cut[:i]) for i in range(len(cut))
        ]
    assert most_rows(path) == most_rows(data) >= whole.num_rows


@pytest.mark.parametrize(
    "data", [b"q,d,1\n" * 50, b"q,d,1\n" * 49 + b"q,d,1", b"query,document,relevance\n" + b"q,d,1\r\n" * 9]
)
def test_most_rows_bounds_even_the_shortest_lines(data):
    assert most_rows(data) >= data.replace(b"\r", b"").count(b"q,d,1")


def test_columns_grow_when_a_file_has_more_rows_or_text_than_expected():
    data = run_text(2000)
    tables = list(read_tables(data, "run", RUN, piece_bytes=4096))
    small_start = lines_module.collect(
        tables, lines_module.QueryCodes(), "run", "score", rows=1, text_bytes=3
    )
    roomy = lines_module.collect(
        tables, lines_module.QueryCodes(), "run", "score", rows=10_000, text_bytes=len(data)
    )
    assert len(small_start) == len(roomy) == 2000
    assert (
        small_start.key.tolist() == roomy.key.tolist() and small_start.value.tolist() == roomy.value.tolist()
    )
    assert small_start.docno.to_pylist() == roomy.docno.to_pylist() == read_run(data)["docno"].to_pylist()


@pytest.mark.parametrize("piece_bytes", [50, 4096])
@pytest.mark.parametrize(
    ("tail", "header", "words"),
    [
        (b"q Q0 late 2 x t\n", False, "the score “x” is not a finite number"),
        (b"q Q0 short\n", False, "3 fields where a run line has 6"),
        (b"q Q0 caf\xe9 1 1 t\n", False, "the text is not UTF-8"),
        (b"q,late,x\n", True, "the score “x” is not a finite number"),
        (b"q,late\n", True, "2 fields where the header has 3"),
    ],
)
def test_a_bad_line_deep_in_the_file_is_named_by_its_line_in_the_whole_file(piece_bytes, tail, header, words):
    body = b"".join(b"q Q0 d%d 1 %d t\n" % (i, i) for i in range(500))
    if header:
        body = b"query,document,score\n" + b"".join(b"q,d%d,%d\n" % (i, i) for i in range(500))
    data = body + b"\n" + tail  # a blank line too: blank lines count in line numbers
    line = data.count(b"\n")
    with pytest.raises(TrecFileError, match=rf"^run, line {line}: .*{words}"):
        list(read_tables(data, "run", RUN, piece_bytes=piece_bytes))


def test_a_csv_file_keeps_text_ids_as_written():
    table = read_qrels(b"query,document,relevance\n007,0042,1\n")  # not the numbers 7 and 42
    assert table["qid"].to_pylist() == ["007"] and table["docno"].to_pylist() == ["0042"]


def test_a_file_of_blank_lines_is_empty_and_a_header_alone_has_no_data():
    with pytest.raises(TrecFileError, match="the file is empty"):
        list(read_tables(b"\n  \n\n", "f", QRELS))
    with pytest.raises(TrecFileError, match="no data lines"):
        list(read_tables(b"query,document,relevance\n\n", "f", QRELS))


def test_the_result_keeps_per_query_numbers_only():
    result = evaluate_files(DATA / "qrels.test", DATA / "results.test")
    sizes = {len(values) for values in result.columns.values()}
    assert sizes == {3} and not any(isinstance(v, pa.Table | pa.ChunkedArray) for v in vars(result).values())


def test_two_runs_against_one_judgments_reuse_the_query_codes():
    judgments = Judgments.read(DATA / "qrels.test")
    first = judgments.evaluate(judgments.read_run(DATA / "results.test"), (10,))
    second = judgments.evaluate(judgments.read_run(DATA / "results.trunc"), (10,))
    tables = evaluate(
        read_qrels((DATA / "qrels.test").read_bytes()), read_run((DATA / "results.trunc").read_bytes()), (10,)
    )
    assert second.columns["ndcg_cut_10"].tolist() == tables.columns["ndcg_cut_10"].tolist()
    assert first.columns["qid"].tolist() == ["301", "302", "303"]


@pytest.mark.parametrize("header", [b"", b"query,document,relevance\n"])
def test_a_line_over_a_parser_block_is_read_wherever_it_falls(header):
    long_id = b"x" * (3 << 20)  # 3 MB: longer than a parser block, shorter than a piece
    separator = b"," if header else b" 0 "
    line = b"q" + separator + long_id + (b",1\n" if header else b" 1\n")
    short = b"q" + separator + b"d" + (b",0\n" if header else b" 0\n")
    table = read_qrels(header + short * 1000 + line + short.replace(b"d", b"e"), max_bytes=None)
    assert table.num_rows == 1002 and len(table["docno"][1000].as_py()) == 3 << 20
