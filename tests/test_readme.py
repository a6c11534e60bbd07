"""The README's two commands are the ones CI and a new user run, and its Python examples print what it says."""

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_ci_runs_the_readme_test_command():
    ci_command = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert f"```bash\n{ci_command}\n```" in README


def test_readme_starts_the_app_with_streamlit_run():
    assert "```bash\nbash scripts/setup.sh && .venv/bin/streamlit run app.py\n```" in README


def python_examples(path: Path) -> doctest.DocTest:
    """Every ``>>>`` line of a Markdown file's ``python`` blocks, as one doctest."""
    blocks = re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    return doctest.DocTestParser().get_doctest("\n".join(blocks), {}, path.name, str(path), 0)


@pytest.mark.parametrize(
    ("document", "at_least"), [("README.md", 3), ("docs/architecture.md", 8)], ids=lambda value: str(value)
)
def test_python_examples_print_what_the_documents_show(document: str, at_least: int):
    """Every ``>>>`` line of the README and of the architecture notes, run as a doctest: a changed
    number fails here."""
    test = python_examples(ROOT / document)
    assert len(test.examples) >= at_least
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
