"""Where a class lives: the same rules in the server's memory and in Redis, and the service in front.

Every store test runs twice: on :class:`MemoryStore` and on :class:`RedisStore` against a
redis-server of the test session's own on 127.0.0.1 (``redis_url`` in ``tests/conftest.py``, stopped
by its PID). Two RedisStore objects on one server stand for two replicas.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
import redis

from ndcg_core.classroom.question import make_question
from ndcg_core.metric.validation import NDCGInputError
from tests.browser.conftest import free_port
from ui.classroom import store as store_module
from ui.classroom.service import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Classes,
    NotTheHost,
    digest,
    is_code,
    new_code,
    new_student,
    new_token,
)
from ui.classroom.store import (
    LIFETIME_S,
    MAX_ANSWER_CHARS,
    SENDS_PER_WINDOW,
    WINDOW_S,
    ClassStore,
    MemoryStore,
    RedisStore,
    StoreFull,
    StoreUnavailable,
    open_store,
)

QUESTION = make_question("highest", ["a", "b", "c"], [0, 3, 1], 2, "linear")
NOW = 1_800_000_000.0


@pytest.fixture(params=["memory", "redis"])
def store(request: pytest.FixtureRequest) -> Iterator[ClassStore]:
    if request.param == "memory":
        yield MemoryStore()
        return
    url = request.getfixturevalue("redis_url")
    redis.Redis.from_url(url).flushdb()
    yield RedisStore(url)


def opened(store: ClassStore, code: str = "abcd2345", now: float = NOW) -> str:
    assert store.create(code, digest("token"), '{"q": 1}', now)
    return code


def test_a_class_opens_once_under_its_code_and_expires_after_24_hours(store: ClassStore) -> None:
    code = opened(store)
    assert not store.create(code, digest("other"), "{}", NOW)  # the code is taken
    state = store.state(code, NOW + 10)
    assert state is not None and (state.phase, state.number, state.question) == ("asking", 1, '{"q": 1}')
    assert state.token_digest == digest("token") and state.expires == NOW + LIFETIME_S
    assert store.state(code, NOW + LIFETIME_S - 1) is not None
    assert store.state(code, NOW + LIFETIME_S) is None
    assert store.state("zzzz2345", NOW) is None


def test_the_last_answer_of_a_student_counts_once(store: ClassStore) -> None:
    code = opened(store)
    assert store.submit(code, 1, "s1", "[0,1,2]", NOW) == "stored"
    assert store.submit(code, 1, "s1", "[1,0,2]", NOW) == "stored"
    assert store.submit(code, 1, "s2", "[2,1,0]", NOW) == "stored"
    assert store.count(code) == 2
    assert sorted(store.answers(code)) == ["[1,0,2]", "[2,1,0]"]
    assert store.answer_of(code, "s1") == "[1,0,2]" and store.answer_of(code, "s3") is None


def test_answers_only_to_the_question_asked_while_it_is_open(store: ClassStore) -> None:
    code = opened(store)
    assert store.submit(code, 2, "s1", "1", NOW) == "closed"  # not the question asked
    assert store.submit(code, 1, "s1", "1", NOW) == "stored"
    assert not store.reveal(code, 2, NOW) and store.reveal(code, 1, NOW)
    assert store.state(code, NOW).phase == "revealed"
    assert store.submit(code, 1, "s2", "2", NOW) == "closed"  # revealed: no more answers
    assert store.count(code) == 1
    assert store.ask(code, '{"q": 2}', NOW) == 2
    assert (
        store.count(code) == 0 and store.state(code, NOW).question == '{"q": 2}'
    )  # the last answers deleted
    assert (
        store.submit(code, 1, "s1", "1", NOW) == "closed"
        and store.submit(code, 2, "s1", "1", NOW) == "stored"
    )
    assert store.idle(code, NOW) and store.count(code) == 0
    assert store.state(code, NOW).phase == "idle" and store.submit(code, 2, "s2", "1", NOW) == "closed"
    assert not store.reveal(code, 2, NOW)
    store.end(code)
    assert store.state(code, NOW) is None and store.answers(code) == []
    assert store.submit(code, 2, "s1", "1", NOW) == "gone" and store.ask(code, "{}", NOW) is None


def test_at_most_five_sends_a_minute(store: ClassStore) -> None:
    code = opened(store)
    for _ in range(SENDS_PER_WINDOW):
        assert store.submit(code, 1, "s1", "1", NOW) == "stored"
    assert store.submit(code, 1, "s1", "2", NOW) == "too_many"
    assert store.answer_of(code, "s1") == "1"  # the refused send changed nothing
    assert store.submit(code, 1, "s2", "3", NOW) == "stored"  # another student is not held back


def test_the_window_of_sends_starts_again_after_a_minute() -> None:
    store = MemoryStore()
    code = opened(store)
    for _ in range(SENDS_PER_WINDOW):
        store.submit(code, 1, "s1", "1", NOW)
    assert store.submit(code, 1, "s1", "1", NOW + WINDOW_S - 1) == "too_many"
    assert store.submit(code, 1, "s1", "2", NOW + WINDOW_S) == "stored"


def test_a_class_keeps_at_most_its_answers_and_each_at_most_its_size(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "MAX_ANSWERS", 3)
    code = opened(store)
    for student in ("s1", "s2", "s3"):
        assert store.submit(code, 1, student, "1", NOW) == "stored"
    assert store.submit(code, 1, "s4", "1", NOW) == "full"
    assert store.submit(code, 1, "s1", "2", NOW) == "stored"  # one already in may still change it
    assert store.submit(code, 1, "s2", "x" * 10_000, NOW) == "stored"
    assert len(store.answer_of(code, "s2")) == MAX_ANSWER_CHARS


def test_sixty_students_at_once_are_all_counted_once(store: ClassStore) -> None:
    code = opened(store)
    results: list[str] = []

    def student(number: int) -> None:
        for attempt in range(3):  # each sends three times; the last counts
            results.append(store.submit(code, 1, f"s{number}", f"[{number},{attempt}]", NOW))

    threads = [threading.Thread(target=student, args=(n,)) for n in range(60)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results.count("stored") == 180
    assert store.count(code) == 60
    assert sorted(store.answers(code)) == sorted(f"[{n},2]" for n in range(60))


def test_two_replicas_on_one_redis_share_a_class(redis_url: str) -> None:
    redis.Redis.from_url(redis_url).flushdb()
    a, b = RedisStore(redis_url), RedisStore(redis_url)
    code = opened(a)
    assert b.submit(code, 1, "s1", "1", NOW) == "stored"
    assert a.count(code) == 1 and a.reveal(code, 1, NOW)
    assert b.state(code, NOW).phase == "revealed"


def test_redis_deletes_a_class_when_it_expires(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    store = RedisStore(redis_url)
    now = time.time() - LIFETIME_S + 1  # opened 24 hours ago, less a second
    code = opened(store, now=now)
    assert store.submit(code, 1, "s1", "1", now) == "stored"
    assert client.exists(f"ndcg:class:{code}", f"ndcg:class:{code}:answers") == 2
    time.sleep(2.2)
    assert client.exists(f"ndcg:class:{code}", f"ndcg:class:{code}:answers") == 0  # the answers are gone
    assert store.state(code, time.time()) is None and store.count(code) == 0


def test_the_memory_store_drops_an_expired_class_and_holds_at_most_its_classes() -> None:
    store = MemoryStore(max_classes=2)
    code = opened(store)
    store.submit(code, 1, "s1", "1", NOW)
    opened(store, "bcde2345")
    with pytest.raises(StoreFull):
        opened(store, "cdef2345")
    assert store.state(code, NOW + LIFETIME_S) is None and store.answers(code) == []
    opened(store, "cdef2345", now=NOW + LIFETIME_S + 1)  # the expired ones made room


def test_the_setting_names_the_store() -> None:
    assert isinstance(open_store(""), MemoryStore) and isinstance(open_store("  "), MemoryStore)
    assert isinstance(open_store("redis://127.0.0.1:6379/0"), RedisStore)
    with pytest.raises(StoreUnavailable, match="NDCG_CLASS_STORE must be empty"):
        open_store("http://example.com")


def test_a_redis_out_of_reach_is_a_message_not_a_traceback() -> None:
    down = RedisStore(f"redis://127.0.0.1:{free_port()}/0")
    with pytest.raises(StoreUnavailable, match="cannot be reached"):
        down.state("abcd2345", NOW)
    with pytest.raises(StoreUnavailable):
        down.submit("abcd2345", 1, "s1", "1", NOW)


# ------------------------------------------------------------------ the service --


def test_codes_tokens_and_student_ids_are_random_and_long_enough() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200 and all(is_code(c) for c in codes)
    assert CODE_LENGTH * __import__("math").log2(len(CODE_ALPHABET)) >= 30  # ≥ 30 bits
    assert not set("01ilo") & set(CODE_ALPHABET)  # nothing to misread off a projector
    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200 and all(len(t) == 22 for t in tokens)  # 128 bits, URL-safe
    assert len({new_student() for _ in range(200)}) == 200
    assert not is_code("ABCD2345") and not is_code("abcd234") and not is_code("../../x")


def test_only_the_instructors_token_controls_a_class(store: ClassStore) -> None:
    classes = Classes(store, clock=lambda: NOW)
    code, token = classes.start(QUESTION)
    assert classes.is_host(code, token)
    for wrong in ("", "x", token[:-1], new_token(), None, 42):
        assert not classes.is_host(code, wrong)
        for control in (classes.reveal, classes.ask):
            with pytest.raises(NotTheHost):
                control(code, wrong, *((1,) if control is classes.reveal else (QUESTION,)))
        with pytest.raises(NotTheHost):
            classes.end(code, wrong)
        with pytest.raises(NotTheHost):
            classes.answers(code, wrong, QUESTION)
    other_code, other_token = classes.start(QUESTION)
    assert not classes.is_host(code, other_token) and classes.is_host(other_code, other_token)
    assert store.state(code, NOW).token_digest != token  # the store never holds the token itself


def test_a_students_answer_is_checked_before_it_is_stored(store: ClassStore) -> None:
    classes = Classes(store, clock=lambda: NOW)
    code, token = classes.start(QUESTION)
    student = new_student()
    for forged in (["i0", "i0", "i1"], ["i0", "i1"], ["i0", "i1", "i2", "i3"], "i0,i1,i2", None):
        with pytest.raises(NDCGInputError, match="each of the 3 items"):
            classes.send(code, student, 1, forged)
    assert store.count(code) == 0
    received = classes.send(code, student, 1, ["i1", "i2", "i0"])
    assert received.sent == "stored" and received.answer == (1, 2, 0)
    assert classes.answers(code, token, QUESTION) == [(1, 2, 0)]
    assert classes.answer_of(code, student, QUESTION) == (1, 2, 0)
    assert classes.send(code, student, 2, ["i1", "i2", "i0"]).sent == "closed"
    assert classes.send("zzzz2345", student, 1, ["i1", "i2", "i0"]).sent == "gone"
    with pytest.raises(NDCGInputError, match="no student id"):
        classes.send(code, "../../etc", 1, ["i1", "i2", "i0"])


def test_a_number_question_refuses_nan_and_infinity(store: ClassStore) -> None:
    number = make_question("ndcg", ["a", "b", "c"], [0, 3, 1], 2, "linear")
    classes = Classes(store, clock=lambda: NOW)
    code, token = classes.start(number)
    for bad in ("nan", "inf", "-inf", "1e400", "", "0.5; DROP"):
        with pytest.raises(NDCGInputError):
            classes.send(code, new_student(), 1, bad)
    assert classes.count(code, token) == 0
    assert classes.send(code, new_student(), 1, "0,52").answer == 0.52


def test_an_expired_class_is_gone_for_everyone(store: ClassStore) -> None:
    opened_at = Classes(store, clock=lambda: NOW)
    code, token = opened_at.start(QUESTION)
    later = Classes(store, clock=lambda: NOW + LIFETIME_S)
    assert later.open(code) is None and not later.is_host(code, token)
    assert later.send(code, new_student(), 1, ["i0", "i1", "i2"]).sent == "gone"
