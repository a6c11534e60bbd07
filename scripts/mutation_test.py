"""Mutation testing of the core: would the tests notice a wrong ``ndcg_core/metric/`` or ``ndcg_core/trec/``?

    .venv/bin/python scripts/mutation_test.py                  # the sample below, one test process at a time
    .venv/bin/python scripts/mutation_test.py --list           # every mutant, without running anything
    .venv/bin/python scripts/mutation_test.py --only metric/ranking.py --share 1
    .venv/bin/python scripts/mutation_test.py --rerun docs/mutation_results.json   # only last run's survivors

A *mutant* is the core with one small change a programmer could make by mistake: ``<`` for ``<=``,
``+`` for ``-``, ``and`` for ``or``, a number one off (``start=1`` → ``2``), ``True`` for ``False``
(``strict=True`` → ``False``), a ``raise`` that no longer happens, an ``if`` that tests the
opposite, a sign dropped. Each mutant is written into a private copy of the repository (the work
tree is never touched) and the tests run against it: a test that fails (or a run that hangs past
its time limit) *kills* it; a mutant every test accepts *survives* and names a gap in the tests.

**What is sampled, and why.** The two folders give about 1,600 mutants, and one mutant costs a
test run (10 s to several minutes on the shared 2-core machine: a mutant that survives runs its
folder's whole test set), so the whole set would take a day of CPU. The run takes a seeded sample of
``--share`` (default 7 %) of each module's mutants, at least ``--least`` (default 2) per module,
so that every module is represented and a re-run with the same seed picks the same mutants; one
test process at a time, so that it leaves the machine's other core to others.

**Which tests run.** First the tests that name the mutated module (and its own doctests), with
``-x``: most mutants die there in seconds. A mutant that survives them meets its folder's whole
test set (:data:`FOLDER_TESTS`), so a survivor has survived every test that could kill it.

**Equivalent mutants** change no behaviour (``x < 0`` → ``x <= 0`` where x is never 0, a
tolerance made larger that no test value reaches…). Each one found by reading the survivors is
listed in ``scripts/mutation_equivalent.txt`` with the reason; the score leaves them out:

    score = killed / (sampled − equivalent)

Results go to ``docs/mutation_results.json`` (every mutant and its fate) and a summary on stdout;
``docs/testing.md`` quotes the last full run.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("ndcg_core/metric", "ndcg_core/trec")
EQUIVALENT_FILE = ROOT / "scripts" / "mutation_equivalent.txt"
RESULTS_FILE = ROOT / "docs" / "mutation_results.json"
#: What a mutant of each folder must survive to count as a survivor: the tests of the core that
#: concern it, and the doctests of the whole core.
FOLDER_TESTS: dict[str, tuple[str, ...]] = {
    "ndcg_core/metric": (
        "tests/core/test_worked_examples.py",
        "tests/core/test_validation.py",
        "tests/core/test_properties.py",
        "tests/core/test_judged_pool.py",
        "tests/core/test_ties.py",
        "tests/core/test_neighbours.py",
        "tests/core/test_intent_aware.py",
        "tests/core/test_what_if.py",
        "tests/core/test_variants.py",
        "tests/core/test_pitfalls.py",
        "tests/core/test_summary.py",
        "tests/core/test_scenarios.py",
        "tests/core/test_metric_edges.py",
        "tests/core/test_formula_and_cli.py",
        "tests/core/test_export.py",
        "tests/core/test_sentences_agree.py",
        "ndcg_core",
    ),
    "ndcg_core/trec": (
        "tests/core/test_many_queries.py",
        "tests/core/test_trec_streaming.py",
        "tests/core/test_honest_edges.py",
        "tests/core/test_trec_edges.py",
        "tests/core/test_significance.py",
        "tests/core/test_comparison_words.py",
        "tests/core/test_verdict.py",
        "tests/core/test_topics.py",
        "tests/test_fuzz_parsers.py",
        "ndcg_core",
    ),
}
#: Copied into the private repository each mutant runs in.
COPIED = (
    "ndcg_core",
    "tests",
    "ui",
    "data",
    "scripts",
    "pyproject.toml",
)  # scripts: the tests start redis-server with its helpers
#: A mutant whose tests run longer than this many times the unmutated run (plus a margin) is killed.
TIMEOUT_FACTOR, TIMEOUT_MARGIN = 3.0, 60.0

BINARY = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div,
    ast.Mod: ast.FloorDiv,
    ast.Pow: ast.Mult,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitOr,
    ast.MatMult: ast.Mult,
}
COMPARE = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
SYMBOL = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
    ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
    ast.MatMult: "@", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==",
    ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
}  # fmt: skip


@dataclass(frozen=True)
class Mutant:
    """One change: the module, the n-th mutation point in it, its line and what it does."""

    module: str  # e.g. "ndcg_core/metric/ranking.py"
    index: int
    line: int
    change: str  # e.g. "< → <="
    code: str  # the line, stripped

    @property
    def key(self) -> str:
        """How ``mutation_equivalent.txt`` names it: stable while the line's code and the change stay."""
        return f"{self.module} | {self.code} | {self.change}"


# -- finding the mutation points ----------------------------------------------------------------------

Point = tuple[ast.AST, str, Callable[[], None]]


def _skipped(tree: ast.Module) -> set[int]:
    """ids of nodes never mutated: docstrings, annotations, ``TYPE_CHECKING`` blocks, ``__all__``."""
    skipped: set[int] = set()

    def skip(node: ast.AST | None) -> None:
        if node is not None:
            skipped.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip(first)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            skip(node.returns)
            for arg in [*node.args.args, *node.args.kwonlyargs, *node.args.posonlyargs]:
                skip(arg.annotation)
            for arg in (node.args.vararg, node.args.kwarg):
                skip(arg.annotation if arg else None)
        if isinstance(node, ast.AnnAssign):
            skip(node.annotation)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip(node)
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets):
            skip(node)
        if isinstance(node, ast.JoinedStr):  # the text of an f-string, not the values in it
            for value in node.values:
                if isinstance(value, ast.FormattedValue):
                    skip(value.format_spec)
    return skipped


def mutation_points(tree: ast.Module, lines: list[str]) -> list[Point]:
    """Every (node, change, apply) of a module, in a fixed order (``ast.walk``'s)."""
    skipped = _skipped(tree)
    parents = {id(child): parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}
    points: list[Point] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", None)
        if id(node) in skipped or (line and "no mutate" in lines[line - 1]):
            continue
        points += list(_points_of(node, parents))
    return points


def _points_of(node: ast.AST, parents: dict[int, ast.AST]) -> Iterator[Point]:
    if isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in BINARY:
        new = BINARY[type(node.op)]
        yield node, f"{SYMBOL[type(node.op)]} → {SYMBOL[new]}", lambda: setattr(node, "op", new())
    elif isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            if type(op) in COMPARE:
                new = COMPARE[type(op)]

                def apply(i: int = i, new: type = new) -> None:
                    node.ops[i] = new()

                yield node, f"{SYMBOL[type(op)]} → {SYMBOL[new]}", apply
    elif isinstance(node, ast.BoolOp):
        new = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield node, f"{'and → or' if new is ast.Or else 'or → and'}", lambda: setattr(node, "op", new())
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Not)):
        yield (
            node,
            f"{'-x' if isinstance(node.op, ast.USub) else 'not x'} → x",
            lambda: _replace(node, node.operand, parents),
        )
    elif isinstance(node, ast.Constant) and type(node.value) in (int, float):
        yield node, f"{node.value!r} → {node.value + 1!r}", lambda: setattr(node, "value", node.value + 1)
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
        yield node, f"{node.value} → {not node.value}", lambda: setattr(node, "value", not node.value)
    elif isinstance(node, ast.Raise):
        yield node, "raise → pass", lambda: _replace(node, ast.Pass(), parents)
    elif isinstance(node, (ast.If, ast.While, ast.IfExp)) and not isinstance(
        node.test, (ast.Compare, ast.BoolOp, ast.UnaryOp)
    ):
        yield node, "if x → if not x", lambda: setattr(node, "test", ast.UnaryOp(ast.Not(), node.test))


def _replace(old: ast.AST, new: ast.AST, parents: dict[int, ast.AST]) -> None:
    """Put ``new`` where ``old`` is in its parent."""
    parent = parents[id(old)]
    for field, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, field, new)
            return
        if isinstance(value, list) and any(item is old for item in value):
            value[[item is old for item in value].index(True)] = new
            return
    raise LookupError("node not found in its parent")


def mutants_of(module: str) -> list[Mutant]:
    source = (ROOT / module).read_text(encoding="utf-8")
    lines = source.splitlines()
    return [
        Mutant(
            module, index, getattr(node, "lineno", 0), change, lines[getattr(node, "lineno", 1) - 1].strip()
        )
        for index, (node, change, _) in enumerate(mutation_points(ast.parse(source), lines))
    ]


def mutated_source(mutant: Mutant) -> str:
    source = (ROOT / mutant.module).read_text(encoding="utf-8")
    tree = ast.parse(source)
    _, _, apply = mutation_points(tree, source.splitlines())[mutant.index]
    apply()
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def every_mutant() -> list[Mutant]:
    return [
        m
        for folder in FOLDERS
        for path in sorted((ROOT / folder).glob("*.py"))
        for m in mutants_of(str(path.relative_to(ROOT)))
    ]


def sample(mutants: list[Mutant], share: float, least: int, seed: int) -> list[Mutant]:
    """``share`` of each module's mutants (at least ``least``), drawn with ``seed``."""
    chosen = []
    for module in sorted({m.module for m in mutants}):
        own = [m for m in mutants if m.module == module]
        count = min(len(own), max(least, math.ceil(share * len(own))))
        chosen += sorted(random.Random(f"{seed}:{module}").sample(own, count), key=lambda m: m.index)
    return chosen


# -- running the tests against a mutant ------------------------------------------------------------------


def folder_of(module: str) -> str:
    return next(folder for folder in FOLDERS if module.startswith(folder + "/"))


def first_tests(module: str) -> list[str]:
    """The tests that name the module (its dotted path or its file name), and its own doctests."""
    dotted = module.removesuffix(".py").replace("/", ".")
    stem = Path(module).stem
    named = [
        test
        for test in FOLDER_TESTS[folder_of(module)]
        if test.endswith(".py")
        and (ROOT / test).exists()
        and (dotted in (text := (ROOT / test).read_text(encoding="utf-8")) or f"import {stem}" in text)
    ]
    return [module, *named]


def pytest_command(targets: list[str]) -> list[str]:
    return [
        sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:randomly", "-p", "no:cacheprovider",
        "-o", "addopts=--doctest-modules", "--hypothesis-seed=0", "--no-header", "-W", "ignore", *targets,
    ]  # fmt: skip


def run_tests(copy_root: Path, targets: list[str], timeout: float) -> str:
    """ "killed" (a test failed, or the run hung), "survived" (every test passed)."""
    shutil.rmtree(copy_root / ".hypothesis", ignore_errors=True)  # no example found for another mutant
    existing = [t for t in targets if (copy_root / t).exists()]
    environment = {**os.environ, "PYTHONPATH": str(copy_root), "PYTHONDONTWRITEBYTECODE": "1"}
    try:
        done = subprocess.run(
            pytest_command(existing), cwd=copy_root, env=environment, capture_output=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return "killed"
    if done.returncode == 0:
        return "survived"
    if done.returncode in (2, 3, 4):  # interrupted, internal error, usage: a broken mutant still counts
        return "killed"
    return "killed"


def private_copy() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="ndcg-mutants-"))
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source, folder / name, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis")
            )
        else:
            shutil.copy2(source, folder / name)
    return folder


def fate(mutant: Mutant, copy_root: Path, timeouts: dict[str, float]) -> tuple[str, str, float]:
    """(killed or survived, the stage that decided, seconds) for one mutant."""
    target = copy_root / mutant.module
    original = target.read_text(encoding="utf-8")
    started = time.perf_counter()
    try:
        try:
            target.write_text(mutated_source(mutant), encoding="utf-8")
        except (SyntaxError, ValueError):
            return "killed", "does not compile", 0.0
        folder = folder_of(mutant.module)
        if run_tests(copy_root, first_tests(mutant.module), timeouts[folder]) == "killed":
            return "killed", "first tests", time.perf_counter() - started
        verdict = run_tests(copy_root, list(FOLDER_TESTS[folder]), timeouts[folder])
        return verdict, "folder tests", time.perf_counter() - started
    finally:
        target.write_text(original, encoding="utf-8")


def baseline(copy_root: Path) -> dict[str, float]:
    """Each folder's test time on the unmutated core (it must pass), to set the time limits."""
    limits = {}
    for folder, tests in FOLDER_TESTS.items():
        started = time.perf_counter()
        if run_tests(copy_root, list(tests), timeout=3600) != "survived":
            raise SystemExit(f"the tests of {folder} fail on the unmutated core: fix them first")
        limits[folder] = TIMEOUT_FACTOR * (time.perf_counter() - started) + TIMEOUT_MARGIN
        print(f"baseline {folder}: {time.perf_counter() - started:.0f} s", flush=True)
    return limits


# -- the report -----------------------------------------------------------------------------------------


def equivalent_keys() -> dict[str, str]:
    """``key → why`` from :data:`EQUIVALENT_FILE` (lines ``module | code | change | why``)."""
    found = {}
    if EQUIVALENT_FILE.exists():
        for line in EQUIVALENT_FILE.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                *key, why = (part.strip() for part in line.split(" | "))
                found[" | ".join(key)] = why
    return found


def report(results: list[dict], equivalent: dict[str, str]) -> list[str]:
    lines = []
    for scope in (*FOLDERS, "both"):
        rows = [r for r in results if scope == "both" or r["module"].startswith(scope + "/")]
        killed = sum(r["fate"] == "killed" for r in rows)
        same = sum(r["fate"] == "survived" and r["key"] in equivalent for r in rows)
        survived = len(rows) - killed - same
        score = killed / max(len(rows) - same, 1)
        lines.append(
            f"{scope:<18} {len(rows):>4} sampled, {killed:>4} killed, {same:>3} equivalent, "
            f"{survived:>3} survived: {100 * score:.1f}% of non-equivalent mutants killed"
        )
    lines.append("")
    for r in results:
        if r["fate"] == "survived":
            mark = "equivalent" if r["key"] in equivalent else "SURVIVED"
            lines.append(f"{mark:<10} {r['module']}:{r['line']}  {r['change']:<14} {r['code'][:90]}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--share", type=float, default=0.07, help="share of each module's mutants run (0.07)")
    parser.add_argument("--least", type=int, default=2, help="at least this many per module (2)")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--only", help="one module, e.g. metric/ranking.py")
    parser.add_argument("--list", action="store_true", help="list the sampled mutants and stop")
    parser.add_argument("--rerun", type=Path, help="run again only the survivors of this results file")
    parser.add_argument("--out", type=Path, default=RESULTS_FILE)
    args = parser.parse_args()

    everything = every_mutant()
    chosen = sample(everything, args.share, args.least, args.seed)
    if args.only:
        chosen = [m for m in (everything if args.share >= 1 else chosen) if m.module.endswith(args.only)]
    if args.rerun:
        before = json.loads(args.rerun.read_text(encoding="utf-8"))["mutants"]
        again = {(r["module"], r["code"], r["change"]) for r in before if r["fate"] == "survived"}
        chosen = [m for m in chosen if (m.module, m.code, m.change) in again]
    print(
        f"{len(everything)} mutants in {', '.join(FOLDERS)}; {len(chosen)} sampled (seed {args.seed})",
        flush=True,
    )
    if args.list:
        for m in chosen:
            print(f"{m.module}:{m.line}  {m.change:<14} {m.code[:90]}")
        return 0

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a kill still removes the private copy
    copy_root = private_copy()
    try:
        timeouts = baseline(copy_root)
        results = []
        for number, mutant in enumerate(chosen, start=1):
            verdict, stage, seconds = fate(mutant, copy_root, timeouts)
            results.append(
                {
                    **asdict(mutant),
                    "key": mutant.key,
                    "fate": verdict,
                    "stage": stage,
                    "seconds": round(seconds, 1),
                }
            )
            print(
                f"[{number}/{len(chosen)}] {verdict:<8} {stage:<14} {seconds:5.0f} s  {mutant.module}:{mutant.line} {mutant.change}",
                flush=True,
            )
    finally:
        shutil.rmtree(copy_root, ignore_errors=True)
    equivalent = equivalent_keys()
    summary = report(results, equivalent)
    print("\n".join(summary))
    args.out.write_text(
        json.dumps(
            {
                "seed": args.seed,
                "share": args.share,
                "least": args.least,
                "total": len(everything),
                "mutants": results,
            },
            indent=1,
            ensure_ascii=False,
        ),
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
