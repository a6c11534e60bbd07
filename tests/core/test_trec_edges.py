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
