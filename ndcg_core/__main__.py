"""Command line: NDCG of one list, or of a whole run against qrels, as trec_eval prints it.

One list (the per-rank table and the headline):

    python -m ndcg_core --grades 0,1,2,3,2,0,3 -k 5

A run against judgments, trec_eval's output for ``ndcg`` and ``ndcg_cut_K``:

    python -m ndcg_core QRELS RUN [-k 5,10,20] [-q] [-c] [--gain exponential]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ndcg_core.metric.breakdown import breakdown
from ndcg_core.metric.headline import headline
from ndcg_core.metric.validation import NDCGInputError
from ndcg_core.teaching.summary import plain_reading
from ndcg_core.trec.evaluation import TREC_CUTOFFS, evaluate, trec_eval_lines
from ndcg_core.trec.files import read_qrels, read_run


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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_core", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("qrels", nargs="?", type=Path, help="judgments: TREC qrels, or CSV/TSV with a header")
    parser.add_argument("run", nargs="?", type=Path, help="a run: TREC results, or CSV/TSV with a header")
    parser.add_argument("--grades", type=_numbers, help="one list: grades in ranked order, e.g. 3,2,3,0,1")
    parser.add_argument("-k", type=_cutoffs, default=None, help="cutoff(s), e.g. 5 or 5,10,20")
    parser.add_argument("--gain", choices=("exponential", "linear"), default=None)
    parser.add_argument(
        "--pool", type=_numbers, default=None, help="one list: every judged grade of the query"
    )
    parser.add_argument("--decimals", type=int, default=4, choices=range(1, 9), metavar="{1..8}")
    parser.add_argument("-q", action="store_true", help="a run: print every query, not only the mean")
    parser.add_argument("-c", action="store_true", help="a run: average over every qrels query (missing = 0)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input, nothing half-printed)."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.grades is not None:
            lines = _one_list(args)
        elif args.qrels and args.run:
            lines = _many_queries(args)
        else:
            parser.error("give QRELS and RUN files, or --grades")
    except NDCGInputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        print("\n".join(lines))
    except BrokenPipeError:  # e.g. piped into head: the reader has what it wanted
        sys.stderr.close()
    return 0


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


def _many_queries(args: argparse.Namespace) -> list[str]:
    """trec_eval's lines for ndcg and ndcg_cut_K (linear gain unless --gain says otherwise)."""
    qrels = read_qrels(_bytes(args.qrels), args.qrels.name)
    run = read_run(_bytes(args.run), args.run.name)
    result = evaluate(
        qrels,
        run,
        args.k or TREC_CUTOFFS,
        gain=args.gain or "linear",
        complete=args.c,
        names=(args.qrels.name, args.run.name),
    )
    return trec_eval_lines(result, per_query=args.q)


def _bytes(path: Path) -> bytes:
    """A file's bytes, or a clear error."""
    try:
        return path.read_bytes()
    except OSError as error:
        raise NDCGInputError(f"{path}: cannot be read ({error.strerror}).") from None


if __name__ == "__main__":
    sys.exit(main())
