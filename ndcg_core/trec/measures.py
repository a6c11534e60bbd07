"""trec_eval's ``-m`` flags for the measures computed here: ``ndcg``, ``ndcg_cut`` and ``judged``.

    -m ndcg                 NDCG over the whole run and the whole judged pool
    -m ndcg_cut             NDCG@k at trec_eval's default cutoffs 5, 10, 15, 20, 30, 100, 200, 500, 1000
    -m ndcg_cut.5,10        NDCG@5 and NDCG@10 (printed as ndcg_cut_5 and ndcg_cut_10)
    -m judged.10            Judged@10, ir_measures' share of the top 10 that has a judgment
                            (printed as judged_10; a cutoff is required, as in ir_measures)

Several ``-m`` flags may be given. As in trec_eval, the output lists the measures in trec_eval's
own order (``ndcg`` before ``ndcg_cut``) whatever the order of the flags, cutoffs are sorted, a
cutoff must be a whole number of 1 or more, a repeated cutoff is an error, and when
``ndcg_cut`` is given cutoffs twice the first ones are used.

>>> parse_measures(["ndcg_cut.10,5", "ndcg"]).names
['ndcg', 'ndcg_cut_5', 'ndcg_cut_10']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ndcg_core.metric.validation import NDCGInputError

#: trec_eval's default cutoffs for ``ndcg_cut``.
TREC_CUTOFFS = (5, 10, 15, 20, 30, 100, 200, 500, 1000)
SUPPORTED = ("ndcg", "ndcg_cut", "judged")
_HELP = (
    "this command computes trec_eval's ndcg and ndcg_cut: -m ndcg, -m ndcg_cut (cutoffs "
    f"{','.join(map(str, TREC_CUTOFFS))}) or -m ndcg_cut.5,10 (cutoffs of your choice); and "
    "ir_measures' Judged@k: -m judged.10"
)


class MeasureError(NDCGInputError):
    """An ``-m`` flag that names no measure computed here, or gives it wrong parameters."""


@dataclass(frozen=True)
class Measures:
    """Which measures to print: ``ndcg`` or not, and the ``ndcg_cut`` cutoffs (empty: none).

    ``notes`` says what was ignored, as trec_eval ignores it (printed on standard error).
    ``judged``: the k of each Judged@k asked for (``-m judged.10``).
    """

    ndcg: bool
    cutoffs: tuple[int, ...]
    notes: tuple[str, ...] = ()
    judged: tuple[int, ...] = ()

    @property
    def names(self) -> list[str]:
        """Output names: ``ndcg``, then ``ndcg_cut_K`` by increasing K (trec_eval's order), then ``judged_K``."""
        return (
            ["ndcg"] * self.ndcg
            + [f"ndcg_cut_{k}" for k in self.cutoffs]
            + [f"judged_{k}" for k in self.judged]
        )

    @property
    def ndcg_names(self) -> list[str]:
        """The NDCG measures only (what ``compare`` tests)."""
        return ["ndcg"] * self.ndcg + [f"ndcg_cut_{k}" for k in self.cutoffs]


DEFAULT = Measures(ndcg=True, cutoffs=TREC_CUTOFFS)


def parse_measures(flags: Sequence[str]) -> Measures:
    """The measures named by ``-m`` flags (see the module docstring); MeasureError if unknown."""
    ndcg, asked_cut, cutoffs, notes, judged = False, False, None, [], set()
    for flag in flags:
        name, dot, parameters = flag.strip().partition(".")
        if name not in SUPPORTED:
            raise MeasureError(
                f"unknown measure “{flag}”: {_HELP}. Other trec_eval measures are not computed here."
            )
        if dot and not parameters:
            raise MeasureError(f"“{flag}”: nothing after the dot; {_HELP}.")
        if name == "judged":
            if not parameters:
                raise MeasureError(f"“{flag}”: Judged@k needs its k, as in ir_measures: e.g. -m judged.10.")
            judged.update(_cutoffs(flag, parameters))
            continue
        if name == "ndcg":
            if parameters:
                raise MeasureError(
                    f"“{flag}”: ndcg takes no parameters here (trec_eval's gain table, ndcg.1=3,2=9, "
                    "is not supported; linear or exponential gain: --gain)."
                )
            ndcg = True
            continue
        asked_cut = True
        if parameters:
            given = _cutoffs(flag, parameters)
            if cutoffs is None:
                cutoffs = given
            elif given != cutoffs:
                notes.append(
                    f"-m {flag} ignored: as trec_eval does, the first cutoffs given are used ({_join(cutoffs)})."
                )
    if not asked_cut:
        return Measures(ndcg, (), tuple(notes), tuple(sorted(judged)))
    return Measures(ndcg, cutoffs or TREC_CUTOFFS, tuple(notes), tuple(sorted(judged)))


def measures_of_cutoffs(cutoffs: Sequence[int]) -> Measures:
    """``-k 5,10``: ``ndcg`` and ``ndcg_cut`` at those cutoffs (sorted, repeats dropped)."""
    return Measures(ndcg=True, cutoffs=tuple(sorted(set(cutoffs))))


def _cutoffs(flag: str, parameters: str) -> tuple[int, ...]:
    """Comma-separated whole numbers ≥ 1, sorted; a repeat is an error (as in trec_eval)."""
    try:
        values = sorted(int(part) for part in parameters.split(","))
    except ValueError:
        raise MeasureError(
            f"“{flag}”: cutoffs are whole numbers separated by commas, e.g. ndcg_cut.5,10."
        ) from None
    if values[0] < 1:
        raise MeasureError(f"“{flag}”: cutoffs must be 1 or more.")
    if len(set(values)) < len(values):
        raise MeasureError(f"“{flag}”: a cutoff is repeated (trec_eval refuses duplicate cutoffs too).")
    return tuple(values)


def _join(values: Sequence[int]) -> str:
    return ",".join(map(str, values))
