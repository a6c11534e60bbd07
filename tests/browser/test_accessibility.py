"""Accessibility audit: axe-core's WCAG 2 A/AA rules on every page, in Chromium.

axe-core comes from npm (``bash scripts/setup.sh --dev`` puts it in ``.cache/axe``); without it
the audit is skipped. Each page's full results are saved as JSON in the test's tmp_path.

The audit fails on any serious or critical violation in our own content. Findings in
Streamlit's own elements, which no page of ours can change, are excluded below, one line each.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import REPO_ROOT, open_two_run_sample, wait_for_app_idle

AXE = REPO_ROOT / ".cache" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
APP = REPO_ROOT / "app.py"


def open_chart_exports(page: Page) -> None:
    """Playground: open the export expander, so the download buttons are audited too."""
    page.get_by_text("Export the table (CSV, Markdown, LaTeX) and the charts (PNG, SVG)").click()
    page.get_by_role("button", name="⬇ SVG").first.wait_for(state="visible")


def hold_an_item(page: Page) -> None:
    """Playground's classroom view: pick an item up with the keyboard and move it, so the held row
    and its drop preview are audited too."""
    held = page.locator('[data-testid="sortable-item"]').last
    held.focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowUp")
    page.locator('[data-testid="sortable-preview"]').wait_for(state="visible")


def open_the_pitfalls(page: Page) -> None:
    """Variants' classroom view: the pitfalls' tab, with its choice of a pitfall, and the ties one."""
    page.get_by_role("tab", name="Pitfalls").click()
    wait_for_app_idle(page, "1. The ideal built from the first k items only")
    page.get_by_role("radiogroup", name="Pitfall").get_by_text("Ties", exact=True).click()
    wait_for_app_idle(page, "6. Ties in scores")


def open_the_settings(page: Page) -> None:
    """The Playground's classroom view with its Settings popover open."""
    page.get_by_role("button", name="Settings").click()
    page.get_by_role("combobox", name="Decimals").wait_for(state="visible")


def open_sample(page: Page) -> None:
    """Many queries: open the first bundled sample, so the tables and download buttons are audited."""
    page.get_by_role("tab", name="A bundled sample").click()
    page.get_by_role("button", name="Open this sample").click()
    wait_for_app_idle(page, "Per query")


def answer_wrong(page: Page) -> None:
    """Practice: answer the first exercise wrongly, so the feedback and the worked answer are audited."""
    field = page.locator("input[aria-label='Your answer (2 decimals)']").first
    field.fill("99")
    field.press("Enter")
    wait_for_app_idle(page, "Not right")
    page.get_by_role("button", name="Show answer").nth(3).click()  # DCG@k: its worked tables
    wait_for_app_idle(page, "You saw the answer before answering")


def check_a_table(page: Page) -> None:
    """Practice: Check my table with every kind of mark shown in place (right, carried, wrong)."""
    from tests.browser.test_practice_browser import fill_a_table_with_a_carried_error

    fill_a_table_with_a_carried_error(page)
    page.get_by_text("The whole table, worked out").click()


def answer_a_lesson_question_wrong(page: Page) -> None:
    """Step by step: type a classic slip, so the question, its field and the verdict are audited."""
    field = page.get_by_placeholder("your answer, e.g. 0.43")
    field.fill("3")
    field.press("Enter")
    wait_for_app_idle(page, "Not right")


def hold_a_lesson_item(page: Page) -> None:
    """Step by step, step 3 in presentation mode: hold an item, so the marked discount is audited."""
    held = page.locator(
        '[data-testid="sortable-list"][data-list="lesson_sortable"] [data-testid="sortable-item"]'
    )
    held.nth(3).focus()
    page.keyboard.press("Space")
    page.keyboard.press("ArrowUp")
    page.locator('[data-testid="rank-bars-column"].is-held').wait_for(state="attached")


def open_two_runs_with_query_texts(page: Page) -> None:
    """Many queries with two runs, the query texts' uploader open: the verdict, its deck button, the
    names, the whole-list choice, the topics uploader, the chart and the tables are audited."""
    open_two_run_sample(page)
    page.get_by_text("Query texts (optional)").click()
    page.get_by_text("Topics: TREC topics").wait_for(state="visible")


def open_a_loss_in_compare(page: Page) -> None:
    """Compare with B's biggest loss of the two-run sample: lists with "not judged" documents and the
    comparison in plain words are audited."""
    open_two_run_sample(page)
    page.get_by_role("button", name="B's biggest loss").click()
    wait_for_app_idle(page, "Compare two rankings")
    page.get_by_text("In plain words, for a slide or an e-mail: the whole comparison").click()
    page.get_by_text("The query that shows it best").first.wait_for(state="visible")


def open_the_ask_form(page: Page) -> None:
    """Classroom view: "Ask the class" pressed, a choice question chosen (both lists shown)."""
    from tests.browser.classroom_steps import open_the_form

    open_the_form(page, "choice")


def ask_a_question(page: Page) -> None:
    """Classroom view: a question asked; the room screen (join link, QR code, count, bars) is audited."""
    from tests.browser.classroom_steps import join_link, start_a_question

    start_a_question(page, "order")
    join_link(page)


def reveal_a_question(page: Page) -> None:
    """Classroom view: a number question asked, answered (a slip) on a phone, and revealed: the share,
    the named mistake and the split bars are audited."""
    from tests.browser.classroom_steps import PHONE, join, join_link, start_a_question

    start_a_question(page, "number")
    phone = page.context.browser.new_context(**PHONE).new_page()
    join(phone, join_link(page))
    phone.get_by_placeholder("e.g. 0.43").fill("3.49")  # DCG@5 with linear gain: a slip
    phone.get_by_role("button", name="Send").click()
    wait_for_app_idle(phone, "Received.")
    phone.context.close()
    page.get_by_role("button", name="Reveal").click()
    wait_for_app_idle(page, "had it right")


def open_a_students_phone(page: Page) -> None:
    """A question asked, then the join link opened on a phone (390×844): the student's page, an order sent."""
    from tests.browser.classroom_steps import join_link, join_on_a_phone, move_to_top, start_a_question

    start_a_question(page, "order")
    join_on_a_phone(page, join_link(page))
    move_to_top(page, "i6", "keyboard")
    page.get_by_role("button", name="Send").click()
    wait_for_app_idle(page, "Received.")


def open_a_students_number_question(page: Page) -> None:
    """A number question on a phone, a NaN sent: its field and the refusal are audited."""
    from tests.browser.classroom_steps import join_link, join_on_a_phone, start_a_question

    start_a_question(page, "number")
    join_on_a_phone(page, join_link(page))
    page.get_by_placeholder("e.g. 0.43").fill("nan")
    page.get_by_role("button", name="Send").click()
    wait_for_app_idle(page, "is not a number")


#: (path, text that proves the page has drawn, what to do before the audit)
PAGES: list[tuple[str, str, Callable[[Page], None] | None]] = [
    ("/", "Rank by rank", open_chart_exports),
    ("/?present=1", "NDCG@5", hold_an_item),
    ("/?present=1&ask_form", "NDCG@5", open_the_ask_form),  # the parameter only names the test
    ("/?present=1&asking", "NDCG@5", ask_a_question),
    ("/?present=1&revealed", "NDCG@5", reveal_a_question),
    ("/?present=1&student", "NDCG@5", open_a_students_phone),
    ("/?present=1&student_number", "NDCG@5", open_a_students_number_question),
    ("/what_if?present=1", "Every swap", None),  # the classroom views of issue 25
    ("/variants?present=1", "Every convention", open_the_pitfalls),
    ("/compare?present=1", "Who wins at which k", None),
    ("/?present=1&settings", "NDCG@5", open_the_settings),
    ("/step_by_step", "Step", None),
    *((f"/step_by_step?step={step}", f"Step {step} of 8", None) for step in range(2, 9)),  # questions open
    (
        "/step_by_step?step=2&answer",
        "Step 2 of 8",
        answer_a_lesson_question_wrong,
    ),  # the parameter names the test
    ("/step_by_step?step=3&present=1", "Step 3 of 8", hold_a_lesson_item),
    ("/variants", "Variants", None),
    ("/compare", "NDCG among its neighbours", None),
    ("/what_if", "Every order", None),
    ("/many_queries", "Many queries", open_sample),
    (
        "/many_queries?two_runs",
        "Many queries",
        open_two_runs_with_query_texts,
    ),  # the parameter only names the test
    ("/many_queries?query_in_compare", "Many queries", open_a_loss_in_compare),
    ("/practice?practice_seed=7", "Check my table", answer_wrong),
    ("/practice?practice_seed=1&marks", "Check my table", check_a_table),  # the parameter only names the test
    ("/glossary?term=judged%20pool", "IA-NDCG", None),
]
THEMES = ("light", "dark")
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
BLOCKING = {"serious", "critical"}

#: CSS selectors of elements that Streamlit draws and styles, excluded from the audit, with why.
STREAMLIT_INTERNALS: dict[str, str] = {}  # none: captions are restyled (ui/readable_text.py)

#: axe rules switched off on every page, with why.
DISABLED_RULES: dict[str, str] = {}

#: Serious findings in our own content that are known and not fixed yet: reported as warnings,
#: not failures, until fixed. Remove an entry when its fix lands, so the audit guards it again.
KNOWN_OURS: dict[str, str] = {}  # none left: the sortable rows' names begin with their visible text


@pytest.fixture(scope="module", params=THEMES)
def app_url(request: pytest.FixtureRequest, streamlit_server: Callable[..., str]) -> str:
    """The app in Streamlit's light theme, then in its dark theme (a server started with that base)."""
    if not AXE.is_file():
        pytest.skip(f"axe-core not installed at {AXE}: run `bash scripts/setup.sh --dev` (needs npm)")
    return streamlit_server(APP, "--theme.base", request.param)


def audit(page: Page) -> dict:
    """Run axe-core on the page as it is now, WCAG 2 A/AA rules only."""
    page.add_script_tag(path=str(AXE))
    options = {
        "runOnly": {"type": "tag", "values": WCAG_TAGS},
        "rules": {rule: {"enabled": False} for rule in DISABLED_RULES},
        "resultTypes": ["violations"],
    }
    context = {"exclude": [[selector] for selector in STREAMLIT_INTERNALS]} if STREAMLIT_INTERNALS else None
    return page.evaluate("([context, options]) => axe.run(context ?? document, options)", [context, options])


def _where(target: list) -> str:
    """An axe target as one selector (a nested list steps into a shadow root or a frame)."""
    return " >> ".join(_where(part) if isinstance(part, list) else str(part) for part in target)


def blocking(results: dict) -> list[str]:
    """One line per serious or critical violation: rule, impact, and where."""
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at "
        + "; ".join(_where(node["target"]) for node in violation["nodes"][:5])
        for violation in results["violations"]
        if violation["impact"] in BLOCKING and violation["id"] not in KNOWN_OURS
    ]


@pytest.mark.browser
@pytest.mark.parametrize(("path", "ready", "prepare"), PAGES, ids=[p for p, _, _ in PAGES])
def test_no_serious_accessibility_violations(
    page: Page, app_url: str, path: str, ready: str, prepare: Callable[[Page], None] | None, tmp_path: Path
):
    if "present=1" not in path:  # the classroom view is audited on its projector's screen
        page.set_viewport_size({"width": 1280, "height": 3000})
    else:
        page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(app_url + path)
    wait_for_app_idle(page, ready)
    if prepare is not None:
        prepare(page)
    page.wait_for_timeout(1500)  # charts and components draw after the script run ends
    results = audit(page)
    name = path.replace("?", "_").replace("=", "").replace("/", "_").replace("&", "_")
    saved = tmp_path / f"axe{name if name != '_' else '_root'}.json"
    saved.write_text(json.dumps(results, indent=2))
    for violation in results["violations"]:
        if violation["id"] in KNOWN_OURS:
            warnings.warn(
                f"{path}: known axe finding {violation['id']}: {KNOWN_OURS[violation['id']]}", stacklevel=1
            )
    problems = blocking(results)
    assert not problems, f"axe-core ({saved}):\n" + "\n".join(problems)
