"""The README's two commands are the ones CI and a new user run, and its Python examples print what it says."""

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_ci_runs_the_readme_test_command():
    ci_command = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert f"```bash\n{ci_command}\n```" in README


def test_readme_starts_the_app_with_streamlit_run():
    assert "```bash\nbash scripts/setup.sh && .venv/bin/streamlit run app.py\n```" in README


def test_readme_python_examples_print_what_the_readme_shows():
    """Every ``>>>`` line of the README, run as a doctest: a changed number fails here."""
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "README.md", str(ROOT / "README.md"), 0)
    assert len(test.examples) >= 8
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
