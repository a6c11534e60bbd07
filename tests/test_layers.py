"""The layering contract, checked on every import statement of the project.

- ``ndcg_core`` computes: it imports neither Streamlit (nor Altair) nor the interface (``ui``,
  ``app_pages``, ``app``), so a notebook or the command line can use it alone.
- Inside the core, ``metric`` (what the numbers are) imports none of ``teaching``, ``practice``
  or ``trec``, which are built on it.
- The interface (``ui``) never imports a page (``app_pages``) nor the entry point.
- No module imports another module's private (leading-underscore) names: what is shared has a
  public name in a module of its own.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT = ("ndcg_core", "ui", "app_pages", "app")


def python_files(folder: str) -> list[Path]:
    path = ROOT / folder
    return [path] if path.suffix == ".py" else sorted(path.rglob("*.py"))


def imports(path: Path) -> Iterator[tuple[str, list[str], int]]:
    """(module, names imported from it, line) for every import statement of one file."""
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module, [alias.name for alias in node.names], node.lineno


def top(module: str) -> str:
    return module.split(".")[0]


def violations(paths: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    """Imports in ``paths`` of any module in ``forbidden`` (or below it)."""
    return [
        f"{path.name}:{line} imports {module}"
        for path in paths
        for module, _, line in imports(path)
        if any(module == f or module.startswith(f + ".") for f in forbidden)
    ]


def private_imports(paths: list[Path]) -> list[str]:
    """Imports in ``paths`` of a leading-underscore name from one of the project's modules."""
    return [
        f"{path.name}:{line} imports {', '.join(private)} from {module}"
        for path in paths
        for module, names, line in imports(path)
        if top(module) in PROJECT and (private := [n for n in names if n.startswith("_")])
    ]


@pytest.mark.parametrize(
    ("folder", "forbidden"),
    [
        ("ndcg_core", ("streamlit", "altair", "vl_convert", "ui", "app_pages", "app")),
        ("ndcg_core/metric", ("ndcg_core.teaching", "ndcg_core.practice", "ndcg_core.trec")),
        ("ui", ("app_pages", "app")),
    ],
)
def test_layers(folder: str, forbidden: tuple[str, ...]) -> None:
    assert violations(python_files(folder), forbidden) == []


def test_no_module_imports_another_modules_private_names() -> None:
    paths = [path for folder in ("ndcg_core", "ui", "app_pages", "app.py") for path in python_files(folder)]
    assert private_imports(paths) == []


def test_the_contract_catches_a_breach(tmp_path: Path) -> None:
    """The checks above can fail: a file that imports Streamlit and a private name is reported."""
    bad = tmp_path / "bad.py"
    bad.write_text("import streamlit as st\nfrom ndcg_core.metric.ranking import _EMPTY_VALUE\n")
    assert violations([bad], ("streamlit", "ui")) == ["bad.py:1 imports streamlit"]
    assert private_imports([bad]) == ["bad.py:2 imports _EMPTY_VALUE from ndcg_core.metric.ranking"]
