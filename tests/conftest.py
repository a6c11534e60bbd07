"""Settings for every test.

Hypothesis' per-example deadline (200 ms) measures the machine, not the code: on a busy
2-core CI machine a correct property can miss it. Speed is measured by the benchmarks instead.

Hypothesis' profile: ``ndcg`` (its default of 100 examples a property) whenever the slow sweeps may
run, as in the whole suite (CI); ``ndcg-fast`` (25 examples) when ``-m`` leaves them out, as the fast
layer of everyday work does: about 10 s of its CPU. A property with its own ``max_examples`` keeps it in
both. ``--hypothesis-profile ndcg`` gives the fast layer every example.

The tests run in parallel (pytest-xdist, ``-n auto`` in pyproject.toml); ``-p no:xdist`` or ``-n 0``
runs them in one process.
"""

import functools
from collections.abc import Iterator

import pytest

#: Examples a property (without a ``max_examples`` of its own) gets in a run that leaves the slow sweeps out.
FAST_EXAMPLES = 25


def hypothesis_profiles(config: pytest.Config) -> None:
    """Register the two profiles and load the one for this run (``--hypothesis-profile`` then loads
    the one asked for, in Hypothesis' own ``pytest_configure``, after this one)."""
    from hypothesis import settings

    settings.register_profile("ndcg", deadline=None)
    settings.register_profile("ndcg-fast", settings.get_profile("ndcg"), max_examples=FAST_EXAMPLES)
    settings.load_profile("ndcg" if may_select(config, "slow") else "ndcg-fast")


def apptest_speed_ups() -> None:
    """Two caches for what every AppTest did again, in each process that runs tests."""
    from streamlit.components.v2 import manifest_scanner
    from streamlit.testing.v1 import app_test

    # Each new AppTest scans the metadata of every installed distribution for Streamlit component
    # manifests (about 200 of them here: 0.3-1.5 s an AppTest, most of a page test's time). The app's
    # components are inline (ui/components/inline.py) and nothing is installed during a test session,
    # so each test process scans once and every AppTest reuses the result.
    manifest_scanner.scan_component_manifests = functools.cache(manifest_scanner.scan_component_manifests)

    # Each AppTest run also compiles the app's script and the page's afresh (a new ScriptCache a run:
    # about 2 ms a script, 40 ms a page test). The scripts do not change during a test session: one
    # cache of their bytecode serves every run.
    app_test.ScriptCache = functools.cache(app_test.ScriptCache)


def runs_tests(config: pytest.Config) -> bool:
    """False in pytest-xdist's controller (``-n 2``, ``-n auto``), which hands the tests out to its
    workers and runs none: it leaves Hypothesis and Streamlit unimported (about 0.8 s before the
    workers start). True in each worker, and in a run in one process (``-n 0``, ``-p no:xdist``)."""
    return hasattr(config, "workerinput") or not config.getoption("numprocesses", default=None)


#: The longest sweeps outside the browser (4-13 s each here, together about 40 % of the fast layer's
#: time; ``pytest -m "not browser" --durations=30`` lists them): loops over every seed of the
#: exercises, and properties of 200-400 generated examples. They are marked ``slow``: the whole suite
#: (CI's ``pytest``) runs them, the fast layer of everyday work (``-m "not browser and not slow"``)
#: leaves them out.
SLOW = (
    "tests/core/test_comparison_words.py::test_the_verdict_and_the_sentence_agree_with_their_numbers",
    "tests/core/test_exercise_slips.py::test_every_slip_of_every_numeric_exercise_gives_its_own_number",
    "tests/core/test_exercise_slips.py::test_rounding_is_said_where_rounding_the_discounts_reproduces_the_answer",
    "tests/core/test_sentences_agree.py::test_practice_feedback_agrees_with_its_numbers_for_the_right_answer",
    "tests/core/test_sentences_agree.py::test_pitfall_decimals_show_the_readings_apart",
    "tests/core/test_verdict.py::test_the_verdicts_numbers_are_scipys",
    "tests/core/test_what_if.py::test_swap_and_move_maps_equal_ndcg_of_each_reordered_list",
    "tests/core/test_what_if.py::test_exact_distribution_equals_brute_force",
    "tests/core/test_what_if.py::test_the_best_change_is_the_best_of_every_swap_and_move",
    "tests/core/test_what_if.py::test_the_dcg_move_map_equals_dcg_of_each_moved_list",
    "tests/core/test_intent_aware.py::test_the_best_single_order_is_the_best_of_every_order",
    "tests/core/test_practice_sentences.py::test_an_error_carried_forward_is_never_marked_plain_wrong",
    "tests/core/test_practice.py::test_any_seed_gives_well_formed_exercises_whose_own_answer_is_accepted",
    "tests/core/test_trec_streaming.py::test_evaluation_equals_trec_evals_rules_line_by_line",
    "tests/test_scenario_url.py::test_round_trip",
    "tests/test_headline_after_moves.py::test_every_move_shows_what_the_moved_lists_headline_shows",
    # issue 28's sweeps (300 generated runs or pools each, 10-34 s here)
    "tests/core/test_trec_edges.py::test_the_ranks_of_a_few_lines_are_those_of_trec_evals_whole_order",
    "tests/core/test_judged_pool.py::test_any_accepted_pool_gives_ndcg_between_0_and_1",
    "tests/core/test_significance.py::test_compare_json_agrees_with_pytrec_eval_and_scipy",
    "tests/core/test_sentences_agree.py::test_practice_worked_moves_never_read_from_x_to_x",
)


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    config.addinivalue_line(
        "markers", "slow: a long sweep, left out of the fast layer (see tests/conftest.py)"
    )
    if runs_tests(config) or config.getoption("--hypothesis-profile", default=None):
        hypothesis_profiles(config)
    if runs_tests(config):
        apptest_speed_ups()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist (``-n``, on by default), every browser test runs in one worker, one at a
    time, as before: they share one Chromium and time what they see, and two at once on a 2-core
    machine would measure each other. The fast tests spread over the other workers beside them.
    The sweeps in :data:`SLOW` are marked ``slow``.

    ``tryfirst``: xdist's worker reads the ``xdist_group`` marks in its own hook of the same name
    and writes the group into each test's id. Called after it (the default order), the marks came
    too late, and the browser tests were spread over both workers, two Chromiums at a time."""
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.xdist_group("browser"))
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """pyproject.toml's ``--dist loadgroup`` keeps the browser tests in one worker (above). When ``-m``
    leaves every browser test out, as the fast layer's ``-m "not browser and not slow"`` does, no test
    has a group, and xdist's plain ``load`` spreads the same tests for less: ``loadgroup`` hands out one
    test at a time and, at each result, counts again every test the worker has had (about 1.5 s of
    the controller's CPU, and 2-4 s of the fast layer's 50 s here). ``None``: xdist's own choice."""
    if config.getvalue("dist") != "loadgroup" or may_select(config, "browser"):
        return None
    from xdist.scheduler import LoadScheduling

    return LoadScheduling(config, log)


def may_select(config, mark: str) -> bool:
    """Whether ``-m`` can select a test marked ``mark``, with or without any of the marks given here
    (``browser``, ``slow``, ``xdist_group``)."""
    if not config.getoption("markexpr"):
        return True
    from _pytest.mark.expression import Expression

    def marked_with(marks: set[str]):
        return lambda name, **_: name in marks

    expression = Expression.compile(config.getoption("markexpr"))
    others = [m for m in ("browser", "slow", "xdist_group") if m != mark]
    subsets = [{m for i, m in enumerate(others) if n >> i & 1} for n in range(2 ** len(others))]
    return any(expression.evaluate(marked_with({mark, *subset})) for subset in subsets)


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A redis-server of this test session's own on 127.0.0.1 (stopped by its PID at the end)."""
    from tests.redis_server import redis_server_path, start_redis, stop_redis

    if redis_server_path() is None:
        pytest.skip(
            "redis-server is not installed: `bash scripts/setup.sh --dev` installs Debian's redis-server"
        )
    process, url = start_redis(tmp_path_factory.mktemp("redis"))
    yield url
    stop_redis(process)
