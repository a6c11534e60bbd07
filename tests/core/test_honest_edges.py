"""Issue 28: inputs that cannot be right are refused, and what the tools print says what it means.

Defects 2-5 of the issue, each with the input that showed it: a run that shares no query with its
qrels (trec_eval: exit 7), a partial overlap said in words, trec_eval 9's float32 scores against
pytrec_eval, a TREC file whose first query id is a column name, a CSV without a header, the
intent-aware messages, and the wrong number of run names.
"""

from __future__ import annotations

import decimal
import fractions
from pathlib import Path

import numpy as np
import pytest

from ndcg_core import NDCGInputError, intent_aware_ndcg
from ndcg_core.__main__ import main
from ndcg_core.trec.evaluation import evaluate_files, evaluate_runs_files
from ndcg_core.trec.files import TrecFileError, at_precision, read_qrels, read_run
from ndcg_core.trec.overlap import NoSharedQueries, overlap_note, some_queries, unjudged_note

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data" / "trec_eval"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


# --- 2. a run that shares no query with the qrels ---------------------------------------------------


def test_a_run_sharing_no_query_is_refused_with_exit_status_7_as_trec_eval(tmp_path, capsys):
    run = write(tmp_path, "run.txt", "".join(f"{q} Q0 d{q} 1 1.0 t\n" for q in (401, 402, 403, 404)))
    assert main([str(DATA / "qrels.test"), str(run)]) == 7
    captured = capsys.readouterr()
    assert captured.out == ""  # not "ndcg all 0.0000"
    assert (
        "no query in common" in captured.err
        and "No queries with both results and relevance info" in captured.err
    )
    assert "the run answers 4 queries (401, 402, 403, …)" in captured.err  # a few ids of the run
    assert "the qrels judge 3 (301, 302 and 303)" in captured.err  # and of the qrels
    assert main([str(DATA / "qrels.test"), str(run), "-c"]) == 7  # trec_eval stops before -c matters


def test_compare_refuses_a_run_that_shares_no_query(tmp_path, capsys):
    run = write(tmp_path, "b.txt", "x Q0 d 1 1.0 t\n")
    assert main(["compare", str(DATA / "qrels.test"), str(DATA / "results.test"), str(run)]) == 7
    assert "b.txt and qrels.test have no query in common" in capsys.readouterr().err


def test_the_page_path_refuses_it_too():
    with pytest.raises(
        NoSharedQueries, match=r"the run answers 1 query \(7\), the qrels judge 2 \(1 and 2\)"
    ):
        evaluate_runs_files(b"1 0 a 1\n2 0 b 1\n", [b"7 Q0 a 1 1 t\n"], names=["qrels", "the run"])


def test_a_partial_overlap_is_said_on_stderr_and_stdout_stays_trec_evals(tmp_path, capsys):
    truncated = DATA / "results.trunc"
    assert main([str(DATA / "qrels.test"), str(truncated), "-m", "ndcg"]) == 0
    captured = capsys.readouterr()
    judged = len({line.split()[0] for line in (DATA / "qrels.test").read_text().splitlines()})
    answered = len({line.split()[0] for line in truncated.read_text().splitlines()})
    assert answered < judged
    assert (answered, judged) == (2, 3)  # results.trunc misses query 302
    assert (
        "note: results.trunc answers 2 of the 3 judged queries; the mean is over those 2 "
        "(with -c, the other 1 counts 0)."
    ) in captured.err
    assert captured.out.splitlines() == [
        line for line in captured.out.splitlines() if line.startswith("ndcg")
    ]
    main([str(DATA / "qrels.test"), str(truncated), "-m", "ndcg", "-c"])
    assert "the other 1 counts 0 in the mean (-c)" in capsys.readouterr().err


def test_overlap_words():
    result = evaluate_files(b"1 0 a 1\n2 0 b 1\n3 0 c 1\n", b"1 Q0 a 1 1 t\n9 Q0 z 1 1 t\n", (5,))
    assert overlap_note(result) == (
        "the run answers 1 of the 3 judged queries; the mean is over that one (with -c, the other 2 count 0)."
    )
    assert unjudged_note(result) == (
        "the run answers 1 query that the qrels do not judge (9): left out, as trec_eval leaves them."
    )
    everything = evaluate_files(b"1 0 a 1\n", b"1 Q0 a 1 1 t\n", (5,))
    assert overlap_note(everything) is None and unjudged_note(everything) is None
    assert some_queries(["b", "a", "c", "10", "9"]) == "9, 10, a, …"


# --- 3. score precision: trec_eval 9 and pytrec_eval read float32 -----------------------------------


def close_scores(folder: Path) -> tuple[Path, Path]:
    """The issue's case: the relevant document scores 12.3456790, a non-relevant one 12.3456789."""
    qrels = write(folder, "qrels", "1 0 a 1\n1 0 b 0\n")
    run = write(folder, "run", "1 Q0 a 1 12.3456790 t\n1 Q0 b 2 12.3456789 t\n")
    return qrels, run


def test_float32_scores_tie_as_in_pytrec_eval_and_float64_keeps_them_apart(tmp_path):
    pytrec_eval = pytest.importorskip("pytrec_eval")
    qrels, run = close_scores(tmp_path)
    with qrels.open() as f:
        judged = pytrec_eval.parse_qrel(f)
    with run.open() as f:
        ranked = pytrec_eval.parse_run(f)
    theirs = pytrec_eval.RelevanceEvaluator(judged, {"ndcg_cut.1", "ndcg"}).evaluate(ranked)["1"]
    as_float32 = evaluate_files(qrels, run, (1,), score_precision="float32")
    as_float64 = evaluate_files(qrels, run, (1,))
    assert theirs["ndcg_cut_1"] == 0.0  # a tie in float32: document b before a (ids descending)
    assert as_float32.columns["ndcg_cut_1"][0] == theirs["ndcg_cut_1"]
    assert as_float32.columns["ndcg"][0] == pytest.approx(theirs["ndcg"], abs=1e-12)
    assert as_float64.columns["ndcg_cut_1"][0] == 1.0  # trec_eval 10: a scores higher


def test_float32_agrees_with_pytrec_eval_on_many_near_ties(tmp_path):
    """Seeded runs whose scores differ in the 8th digit: every per-query value is pytrec_eval's."""
    pytrec_eval = pytest.importorskip("pytrec_eval")
    rng = np.random.default_rng(28)
    qrels_lines, run_lines = [], []
    for q in range(30):
        docs = [f"d{q}_{i}" for i in rng.choice(1000, 40, replace=False)]
        qrels_lines += [f"{q} 0 {d} {rng.choice([0, 1, 2, 3])}\n" for d in docs[:25]]
        base = rng.uniform(5, 20, size=8)
        run_lines += [
            f"{q} Q0 {d} 0 {base[i % 8] + rng.integers(0, 5) * 1e-7:.9f} t\n" for i, d in enumerate(docs)
        ]
    qrels, run = write(tmp_path, "q", "".join(qrels_lines)), write(tmp_path, "r", "".join(run_lines))
    with qrels.open() as f:
        judged = pytrec_eval.parse_qrel(f)
    with run.open() as f:
        ranked = pytrec_eval.parse_run(f)
    theirs = pytrec_eval.RelevanceEvaluator(judged, {"ndcg_cut.5,10", "ndcg"}).evaluate(ranked)
    ours = evaluate_files(qrels, run, (5, 10), score_precision="float32")
    differs = 0
    default = evaluate_files(qrels, run, (5, 10))
    for i, qid in enumerate(ours.columns["qid"]):
        for measure in ("ndcg", "ndcg_cut_5", "ndcg_cut_10"):
            assert ours.columns[measure][i] == pytest.approx(theirs[qid][measure], abs=1e-12)
            differs += default.columns[measure][i] != pytest.approx(theirs[qid][measure], abs=1e-12)
    assert differs  # the data do tell the two precisions apart


def test_the_command_line_offers_float32(tmp_path, capsys):
    qrels, run = close_scores(tmp_path)
    assert main([str(qrels), str(run), "-m", "ndcg_cut.1", "--score-precision", "float32"]) == 0
    assert capsys.readouterr().out.splitlines() == ["ndcg_cut_1            \tall\t0.0000"]
    assert main([str(qrels), str(run), "-m", "ndcg_cut.1"]) == 0
    assert capsys.readouterr().out.splitlines() == ["ndcg_cut_1            \tall\t1.0000"]


def test_at_precision_rounds_to_the_nearest_float32():
    scores = np.array([12.3456790, 12.3456789, 0.1, 1e-50])
    assert at_precision(scores, "float64") is scores
    assert at_precision(scores, "float32").tolist() == [float(np.float32(s)) for s in scores]
    with pytest.raises(NDCGInputError, match="float64 or float32"):
        at_precision(scores, "float16")  # type: ignore[arg-type]


# --- 4. a header that is not there; a CSV that needs one ---------------------------------------------


@pytest.mark.parametrize("first", ["topic", "query", "qid", "docno"])
def test_a_tab_separated_trec_file_whose_first_query_is_a_column_name_is_read_as_trec(first):
    qrels = read_qrels(f"{first}\t0\td1\t1\n{first}\t0\td2\t0\n2\t0\td3\t2\n".encode())
    assert qrels["qid"].to_pylist() == [first, first, "2"] and qrels["rel"].to_pylist() == [1, 0, 2]
    run = read_run(f"{first}\tQ0\td1\t1\t3.5\tx\n".encode())
    assert run["qid"].to_pylist() == [first] and run["score"].to_pylist() == [3.5]


def test_a_tab_separated_file_with_a_header_is_still_read_by_its_names():
    qrels = read_qrels(b"qid\titer\tdocno\trel\nq1\t0\td1\t2\n")
    assert qrels["qid"].to_pylist() == ["q1"] and qrels["rel"].to_pylist() == [2]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (b"q1,d1,3\nq1,d2,0\n", "“q1,d1,3” is separated by commas but has no header"),
        (b"q1;d1;3\n", "separated by semicolons but has no header"),
        (b"q1\td1\t3\n", "“q1 ⇥ d1 ⇥ 3” is separated by tabs but has no header"),
    ],
)
def test_a_csv_without_a_header_says_a_header_is_needed_and_shows_it(text, words):
    with pytest.raises(TrecFileError, match=words) as caught:
        read_qrels(text, "judged.csv")
    assert "judged.csv, line 1" in str(caught.value)
    assert "“query" in str(caught.value) and "relevance”" in str(caught.value)


def test_a_tab_separated_trec_line_with_a_bad_grade_is_named_by_the_trec_reader():
    with pytest.raises(TrecFileError, match="the grade “x” is not a finite number"):
        read_qrels(b"1\t0\td1\tx\n")


def test_one_field_is_one_field():
    with pytest.raises(TrecFileError, match=r"1 field where a run line has 6"):
        read_run(b"301\n")


# --- 5 and words: intent-aware messages ---------------------------------------------------------------


def test_intent_aware_grades_given_as_text_name_the_intent_in_plain_words():
    with pytest.raises(
        NDCGInputError, match=r"^The grades of intent 1 must be a list of numbers, not the text '3,0'"
    ):
        intent_aware_ndcg([(1.0, "3,0")])
    with pytest.raises(NDCGInputError, match="judged pool grades of intent 2 must be a list"):
        intent_aware_ndcg([(0.5, [1, 0]), (0.5, [0, 1], "1")])


def test_a_decimal_or_fraction_probability_is_a_number():
    exact = intent_aware_ndcg([(0.6, [3, 0]), (0.4, [0, 3])], k=2)
    assert (
        intent_aware_ndcg([(decimal.Decimal("0.6"), [3, 0]), (decimal.Decimal("0.4"), [0, 3])], k=2) == exact
    )
    assert (
        intent_aware_ndcg([(fractions.Fraction(3, 5), [3, 0]), (fractions.Fraction(2, 5), [0, 3])], k=2)
        == exact
    )
    with pytest.raises(
        NDCGInputError, match="probability of intent 1 is Decimal\\('NaN'\\); a probability is a finite"
    ):
        intent_aware_ndcg([(decimal.Decimal("NaN"), [3, 0])])
    with pytest.raises(NDCGInputError, match=r"probability of intent 1 is '0\.6', which is not a number"):
        intent_aware_ndcg([("0.6", [3, 0])])


def test_a_nan_grade_is_not_a_number_not_missing():
    with pytest.raises(NDCGInputError, match=r"rank 2 is not a number \(NaN\)"):
        intent_aware_ndcg([(1.0, [1, float("nan")])])


# --- mutants the issue names: the wrong number of run names ------------------------------------------


@pytest.mark.parametrize("names", [["qrels", "a"], ["qrels", "a", "b", "c"], ["qrels"]])
def test_the_wrong_number_of_run_names_is_refused_not_cut_short(names):
    runs = [DATA / "results.test", DATA / "results.trunc"]
    with pytest.raises(
        NDCGInputError, match=rf"{len(names)} names for 3 files: give the qrels' name, then one"
    ):
        evaluate_runs_files(DATA / "qrels.test", runs, names=names)
    assert len(evaluate_runs_files(DATA / "qrels.test", runs, names=["q", "a", "b"])) == 2
