"""Command line: ``python -m ndcg_core --grades 0,1,2,3,2,0,3 -k 5``.

Prints the per-rank table and the headline, with the conventions in force named.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ndcg_core.breakdown import breakdown
from ndcg_core.headline import headline, plain_reading
from ndcg_core.validation import NDCGInputError


def _numbers(text: str) -> list[float]:
    """Comma- or space-separated numbers, e.g. ``"3,2,3,0,1"``."""
    parts = text.replace(",", " ").split()
    try:
        return [float(part) for part in parts]
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from error


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ndcg_core", description=__doc__)
    parser.add_argument(
        "--grades", type=_numbers, required=True, help="grades in ranked order, e.g. 3,2,3,0,1"
    )
    parser.add_argument("-k", type=int, default=None, help="cutoff (default: the whole list)")
    parser.add_argument("--gain", choices=("exponential", "linear"), default="exponential")
    parser.add_argument(
        "--pool",
        type=_numbers,
        default=None,
        help="every judged grade of the query (default: the listed grades)",
    )
    parser.add_argument("--decimals", type=int, default=4, choices=range(1, 9), metavar="{1..8}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        table = breakdown(args.grades, args.k, gain=args.gain, ideal=args.pool)
        numbers = headline(args.grades, args.k, gain=args.gain, ideal=args.pool)
    except NDCGInputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(table.drop(columns="label").round(args.decimals).to_string(index=False))
    print()
    print(f"gain: {numbers.gain}; discount: 1/log2(i+1); ideal from the {numbers.ideal_source}")
    print(f"DCG{numbers.at} = {numbers.dcg:.{args.decimals}f}")
    print(f"IDCG{numbers.at} = {numbers.idcg:.{args.decimals}f}")
    print(f"NDCG{numbers.at} = {numbers.ndcg:.{args.decimals}f}")
    print(plain_reading(numbers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
