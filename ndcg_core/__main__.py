"""Command line: NDCG of one list, of a whole run against qrels as trec_eval prints it, or two runs compared.

One list (the per-rank table and the headline):

    python -m ndcg_core --grades 0,1,2,3,2,0,3 -k 5

A run against judgments, trec_eval's output for ``ndcg`` and ``ndcg_cut`` (files of any size, read
piece by piece):

    python -m ndcg_core QRELS RUN [-m ndcg] [-m ndcg_cut.5,10] [-q] [-c] [--gain exponential]
    python -m ndcg_core QRELS RUN -k 5,10          (shorthand for -m ndcg -m ndcg_cut.5,10)

Two runs over the same judgments: means, B − A with its relative change and 95 % confidence
interval, wins / ties / losses of B against A, the paired t-test and the paired randomization
test per measure, and a verdict in words for each:

    python -m ndcg_core compare QRELS RUN_A RUN_B [-m ndcg_cut.10] [--alpha 0.05] [--samples 10000] [--seed 0] [--json]

Judged@k (ir_measures' share of the top k that has a judgment): ``-m judged.10``.

Scores are read as 64-bit doubles, as trec_eval 10 reads them. ``--score-precision float32`` reads
them as 32-bit floats, as trec_eval up to 9.0.8 and pytrec_eval (which wraps it) do: two scores equal
to about 7 significant digits then tie, and the tie is broken by document id.

A run that shares no query with the qrels is refused (exit status 7, as trec_eval: "No queries with
both results and relevance info"); a run that answers only some judged queries gets a note on stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ndcg_core.metric.breakdown import breakdown
from ndcg_core.metric.headline import headline
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.teaching.summary import plain_reading
from ndcg_core.trec.evaluation import evaluate_files, trec_eval_lines
from ndcg_core.trec.files import SCORE_PRECISIONS
from ndcg_core.trec.measures import DEFAULT, Measures, measures_of_cutoffs, parse_measures
from ndcg_core.trec.overlap import NO_SHARED_QUERIES_STATUS, NoSharedQueries, overlap_note, unjudged_note

if TYPE_CHECKING:  # the comparison module is imported only by `compare`
    from ndcg_core.trec.comparison import Comparison, MeasureComparison

COMPARE_DOC = """Two runs over the same judgments, per measure: mean of A and of B, B − A with its change relative
to A and its 95 % confidence interval (paired t), wins / ties / losses of B against A per query (a tie:
|B − A| ≤ 1e-9), the paired t-test and the paired randomization (sign-flip) test, both two-sided, and a
verdict in words: p is compared with --alpha, divided by the number of measures when several are tested
(Bonferroni). The queries compared are the qrels queries that either run answers; a query one run misses
scores 0 for it (the output says how many each run missed). Each run's Judged@k is computed at every
measure's k (10 for ndcg), and a loss or a 0 that comes with a mostly unjudged top k is named."""


def _numbers(text: str) -> list[float]:
    """Comma- or space-separated numbers, e.g. ``"3,2,3,0,1"``."""
    try:
        return [float(part) for part in text.replace(",", " ").split()]
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from error


def _cutoffs(text: str) -> list[int]:
    """Comma-separated whole numbers ≥ 1, e.g. ``"5,10,20"``."""
    try:
        values = [int(part) for part in text.replace(",", " ").split()]
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"not a list of whole numbers: {text!r}") from error
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"cutoffs must be whole numbers of 1 or more: {text!r}")
    return values


def _positive(text: str) -> int:
    """A whole number ≥ 1."""
    try:
        value = int(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from error
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more: {text!r}")
    return value


def _level(text: str) -> float:
    """A significance level strictly between 0 and 1."""
    try:
        value = float(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from error
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"a significance level is between 0 and 1, e.g. 0.05: {text!r}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_core", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("qrels", nargs="?", type=Path, help="judgments: TREC qrels, or CSV/TSV with a header")
    parser.add_argument("run", nargs="?", type=Path, help="a run: TREC results, or CSV/TSV with a header")
    parser.add_argument("--grades", type=_numbers, help="one list: grades in ranked order, e.g. 3,2,3,0,1")
    parser.add_argument(
        "-m",
        action="append",
        metavar="MEASURE",
        help="a run: ndcg, ndcg_cut, ndcg_cut.5,10 or judged.10 (ir_measures' Judged@10) (repeatable)",
    )
    parser.add_argument("-k", type=_cutoffs, default=None, help="cutoff(s), e.g. 5 or 5,10,20")
    parser.add_argument("--gain", choices=("exponential", "linear"), default=None)
    parser.add_argument(
        "--pool", type=_numbers, default=None, help="one list: every judged grade of the query"
    )
    parser.add_argument("--decimals", type=int, default=4, choices=range(1, 9), metavar="{1..8}")
    parser.add_argument("-q", action="store_true", help="a run: print every query, not only the mean")
    parser.add_argument("-c", action="store_true", help="a run: average over every qrels query (missing = 0)")
    _score_precision_option(parser)
    return parser


def _score_precision_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--score-precision",
        choices=tuple(SCORE_PRECISIONS),
        default="float64",
        help="a run: read scores as 64-bit doubles, as trec_eval 10 (default), or as 32-bit floats, as trec_eval "
        "up to 9.0.8 and pytrec_eval: scores equal to about 7 digits then tie, and the tie goes by document id",
    )


def _compare_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_core compare",
        description=COMPARE_DOC,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("qrels", type=Path, help="judgments: TREC qrels, or CSV/TSV with a header")
    parser.add_argument("run_a", type=Path, help="run A (the baseline)")
    parser.add_argument("run_b", type=Path, help="run B (compared with A)")
    parser.add_argument(
        "-m", action="append", metavar="MEASURE", help="ndcg, ndcg_cut or ndcg_cut.5,10 (default ndcg_cut.10)"
    )
    parser.add_argument("--gain", choices=("exponential", "linear"), default="linear")
    parser.add_argument(
        "--samples", type=_positive, default=10_000, help="randomization test samples (10000)"
    )
    parser.add_argument("--seed", type=int, default=0, help="randomization test seed (0)")
    parser.add_argument("--alpha", type=_level, default=0.05, help="significance level of the verdict (0.05)")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    _score_precision_option(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input, 7 as trec_eval when the run
    and the qrels share no query; nothing half-printed)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["compare"]:
            lines = _compare(_compare_parser().parse_args(argv[1:]))
        else:
            lines = _evaluate(_parser(), argv)
    except NDCGInputError as error:
        print(f"error: {error}", file=sys.stderr)
        return NO_SHARED_QUERIES_STATUS if isinstance(error, NoSharedQueries) else 2
    try:
        print("\n".join(lines))
    except BrokenPipeError:  # e.g. piped into head: the reader has what it wanted
        sys.stderr.close()
    return 0


def _evaluate(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """One list (--grades) or one run against its qrels."""
    args = parser.parse_args(argv)
    if args.grades is not None:
        return _one_list(args)
    if args.qrels and args.run:
        return _many_queries(args)
    parser.error("give QRELS and RUN files, or --grades")
    return []  # parser.error exits; this line is for type checkers


def _one_list(args: argparse.Namespace) -> list[str]:
    """The per-rank table and the headline of one list."""
    if args.k is not None and len(args.k) > 1:
        raise NDCGInputError("With --grades, give one cutoff k.")
    k = None if args.k is None else args.k[0]
    gain = args.gain or "exponential"
    table = breakdown(args.grades, k, gain=gain, ideal=args.pool)
    numbers = headline(args.grades, k, gain=gain, ideal=args.pool)
    places = args.decimals
    return [
        table.drop(columns="label").round(places).to_string(index=False),
        "",
        f"gain: {numbers.gain}; discount: 1/log2(i+1); ideal from the {numbers.ideal_source}",
        f"DCG{numbers.at} = {numbers.dcg:.{places}f}",
        f"IDCG{numbers.at} = {numbers.idcg:.{places}f}",
        f"NDCG{numbers.at} = {numbers.ndcg:.{places}f}",
        plain_reading(numbers),
    ]


def _measures(flags: list[str] | None, cutoffs: list[int] | None, default: Measures) -> Measures:
    """The measures asked for by -m (trec_eval's way) or -k (the shorthand), notes on stderr."""
    if flags and cutoffs:
        raise NDCGInputError("Give -m or -k, not both (-k 5,10 means -m ndcg -m ndcg_cut.5,10).")
    measures = parse_measures(flags) if flags else (measures_of_cutoffs(cutoffs) if cutoffs else default)
    for note in measures.notes:
        print(f"note: {note}", file=sys.stderr)
    return measures


def _many_queries(args: argparse.Namespace) -> list[str]:
    """trec_eval's lines for the measures asked (linear gain unless --gain says otherwise)."""
    measures = _measures(args.m, args.k, DEFAULT)
    result = evaluate_files(
        _path(args.qrels),
        _path(args.run),
        measures.cutoffs,
        gain=args.gain or "linear",
        complete=args.c,
        names=(args.qrels.name, args.run.name),
        judged_cutoffs=measures.judged,
        score_precision=args.score_precision,
    )
    for note in (overlap_note(result, args.run.name), unjudged_note(result, args.run.name)):
        if note:  # on stderr: stdout stays what trec_eval prints
            print(f"note: {note}", file=sys.stderr)
    return trec_eval_lines(result, per_query=args.q, measures=measures.names)


def _compare(args: argparse.Namespace) -> list[str]:
    """Two runs compared, as a table with its verdicts and notes, or as JSON."""
    from ndcg_core.trec.comparison import compare_files

    measures = _measures(args.m, None, Measures(ndcg=False, cutoffs=(10,)))
    if not measures.ndcg_names:
        raise NDCGInputError("compare tests NDCG measures: give -m ndcg, -m ndcg_cut or -m ndcg_cut.5,10.")
    if measures.judged:
        print(
            "note: compare computes each run's Judged@k at every measure's k itself; -m judged is not tested.",
            file=sys.stderr,
        )
    names = (args.qrels.name, args.run_a.name, args.run_b.name)
    comparison = compare_files(
        _path(args.qrels),
        _path(args.run_a),
        _path(args.run_b),
        measures.ndcg_names,
        gain=args.gain,
        names=names,
        samples=args.samples,
        seed=args.seed,
        score_precision=args.score_precision,
    )
    if args.json:
        data = {
            "qrels": names[0],
            "run_a": names[1],
            "run_b": names[2],
            **_with_verdicts(comparison, args.alpha),
        }
        return [json.dumps(data, indent=2, allow_nan=False)]
    return _comparison_lines(comparison, names, args.alpha)


def _with_verdicts(comparison: Comparison, alpha: float) -> dict[str, object]:
    """The comparison's numbers, and each measure's verdict (threshold, correction, words)."""
    from ndcg_core.trec.comparison_verdict import Verdict

    data = comparison.as_dict()
    tested = len(comparison.measures)
    for name, measure in comparison.measures.items():
        verdict = Verdict(measure, tested, alpha)
        data["measures"][name]["verdict"] = {  # type: ignore[index]
            "alpha": alpha,
            "measures_tested": tested,
            "threshold": verdict.threshold,
            "correction": verdict.correction,
            "test": verdict.test,
            "p": verdict.p,
            "significant": verdict.significant,
            "better": verdict.better,
            "headline": verdict.headline(),
            "text": verdict.text(),
        }
    return data


def _comparison_lines(comparison: Comparison, names: tuple[str, str, str], alpha: float = 0.05) -> list[str]:
    """A table: one row per measure; each measure's verdict; the extremes; what the columns mean."""
    from ndcg_core.trec.comparison_verdict import Verdict
    from ndcg_core.trec.comparison_words import caution, queries, signed, signed_percent

    header = (
        f"{'measure':<22} {'mean A':>7} {'mean B':>7} {'B − A':>8} {'B vs A':>8} {'95% CI of B − A':>19} "
        f"{'higher':>6} {'tied':>5} {'lower':>6} {'t-test p':>9} {'randomization p':>15}"
    )
    lines = [
        f"A = {names[1]}, B = {names[2]}, judged by {names[0]} ({comparison.gain} gain)",
        f"{queries(len(comparison.qids))} compared: the qrels queries that either run answers; "
        f"A misses {len(comparison.missing_in_a)}, B misses {len(comparison.missing_in_b)} (a missed query scores 0)",
        "",
        header,
    ]
    for name, m in comparison.measures.items():
        relative = "n/a" if m.relative_change is None else signed_percent(m.relative_change)
        interval = "n/a" if m.ci95 is None else f"{signed(m.ci95[0], 4)} to {signed(m.ci95[1], 4)}"
        lines.append(
            f"{name:<22} {m.mean_a:>7.4f} {m.mean_b:>7.4f} {signed(m.mean_difference, 4):>8} {relative:>8} "
            f"{interval:>19} {m.tally.wins:>6} {m.tally.ties:>5} {m.tally.losses:>6} "
            f"{_p(m.t_test.p_value):>9} {_p(m.randomization.p_value):>15}"
        )
    lines += [f"{name}: t-test {m.t_test_note}" for name, m in comparison.measures.items() if m.t_test_note]
    tested = len(comparison.measures)
    lines.append("")
    for name, m in comparison.measures.items():
        verdict = Verdict(m, tested, alpha)
        lines += [f"Verdict on {verdict.label} ({name}): {verdict.headline()}.", verdict.text(), ""]
    warning = caution(tested, alpha)
    lines += [*_extremes(comparison), "", *_notes(comparison), *([warning] if warning else [])]
    return lines


def _extremes(comparison: Comparison) -> list[str]:
    """B's biggest win and biggest loss per measure."""
    lines = []
    for name, measure in comparison.measures.items():
        win = _extreme(measure, measure.biggest_win, 0)
        loss = _extreme(measure, measure.biggest_loss, -1)
        lines.append(f"{name}: biggest win of B {win}; biggest loss {loss}")
    return lines


def _extreme(measure: MeasureComparison, qid: str | None, at: int) -> str:
    if qid is None:
        return "none"
    return f"query {qid} ({measure.a[at]:.4f} → {measure.b[at]:.4f})"


def _notes(comparison: Comparison) -> list[str]:
    """The conventions behind the numbers."""
    return [
        "B − A: B's value minus A's; B vs A: (mean B − mean A) / mean A; 95% CI: paired t interval of mean(B − A).",
        "higher / tied / lower: queries where B is above / within 1e-9 of / below A.",
        "t-test: paired, two-sided, t = mean(d) / (sd(d)/√n) with d = B − A (|d| ≤ 1e-9 counts 0), "
        "n − 1 degrees of freedom.",
        f"randomization: paired sign flip, two-sided, {comparison.samples:,} samples, seed {comparison.seed}; "
        "p = (1 + samples with |mean| ≥ observed) / (1 + samples).",
    ]


def _p(value: float | None) -> str:
    """A p-value as the verdict writes it ("0.0012", "< 0.0001"; "n/a" when the test does not apply)."""
    from ndcg_core.trec.comparison_words import p_text

    if value is None or math.isnan(value):
        return "n/a"
    return p_text(value).removeprefix("= ")


def _path(path: Path) -> Path:
    """A file that can be read, or a clear error."""
    try:
        with path.open("rb"):
            return path
    except OSError as error:
        raise NDCGInputError(f"{path}: cannot be read ({error.strerror}).") from None


if __name__ == "__main__":
    sys.exit(main())
