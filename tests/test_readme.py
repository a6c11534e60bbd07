"""The README's two commands are the ones CI and a new user run."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_ci_runs_the_readme_test_command():
    ci_command = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert f"```bash\n{ci_command}\n```" in README


def test_readme_starts_the_app_with_streamlit_run():
    assert "```bash\nbash scripts/setup.sh && .venv/bin/streamlit run app.py\n```" in README
