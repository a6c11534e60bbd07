"""Where a class lives while it runs: one small interface, two places.

* :class:`MemoryStore`, the default: in the server process (one machine, nothing to install). A
  restart loses the classes, and replicas do not share them.
* :class:`RedisStore`, with ``NDCG_CLASS_STORE=redis://HOST:PORT/DB``: in Redis, so that replicas
  behind nginx or Kubernetes share a class (a student on replica B answers the instructor on
  replica A) and a restarted replica loses nothing. Each change is one Lua script, so two replicas
  never interleave halfway through one.

What a class holds (and nothing else: no name, no address, no time of an answer):

* its code (the key), the SHA-256 digest of the instructor's token (never the token), when it
  expires (24 hours after it was opened), its phase (``asking``, ``revealed`` or ``idle`` between
  questions), the number of the current question and the question itself (JSON);
* the answers to the current question: one per student id (a random id the student's page keeps in
  its own link), as JSON text, the last one sent replacing the one before; at most
  :data:`MAX_ANSWERS`;
* a count of each student's sends in the current minute, for the rate limit (:data:`SENDS_PER_WINDOW`
  in :data:`WINDOW_S` seconds).

A new question, "idle" (back to the demo) and the end of a class delete the answers; everything
about a class is gone once it expires (Redis deletes its keys at that time; the memory store drops
it when it next looks). Memory per class is bounded: the question (at most 30 items), at most
:data:`MAX_ANSWERS` answers of at most :data:`MAX_ANSWER_CHARS` characters, and a rate counter per
student for one minute (deploy/README.md gives the measured figures).

Nothing here checks who may do what (the instructor's token) or what an answer may be: that is
:mod:`ui.classroom.service`, in front of the store. The store only keeps the rules that must hold
across replicas: one answer per student, the answer for the question still asked, the rate limit.
"""

from __future__ import annotations

import json
import math
import threading
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

Phase = Literal["asking", "revealed", "idle"]
#: What a send came to: kept, the class is gone (unknown or expired), the question is no longer
#: open (revealed, or another one asked), too many sends this minute, or the class is full.
Sent = Literal["stored", "gone", "closed", "too_many", "full"]

#: How long a class lives after it is opened.
LIFETIME_S = 24 * 3600
#: The rate limit: at most this many sends by one student in a window of this many seconds.
SENDS_PER_WINDOW = 5
WINDOW_S = 60
#: The most answers one question keeps (students beyond it are told the class is full).
MAX_ANSWERS = 500
#: The longest answer kept, as JSON text (an order of 30 items is at most 140 characters).
MAX_ANSWER_CHARS = 400
#: The most classes one server process keeps in memory at once (expired ones do not count).
MAX_CLASSES = 1000


class StoreUnavailable(RuntimeError):
    """The store cannot be reached (Redis down, or its address wrong); the message says which."""


class StoreFull(RuntimeError):
    """No room for another class in this server's memory."""


@dataclass(frozen=True)
class ClassState:
    """A class as the store holds it (its answers apart)."""

    code: str
    token_digest: str
    expires: float
    phase: Phase
    number: int
    question: str  # JSON of the current question ("" when idle)


class ClassStore(Protocol):
    """The interface both stores implement. ``now`` is the caller's clock (seconds since the epoch)."""

    def create(self, code: str, token_digest: str, question: str, now: float) -> bool:
        """Open class ``code`` asking ``question`` (number 1); False if the code is taken."""

    def state(self, code: str, now: float) -> ClassState | None:
        """The class, or None when there is none (never opened, ended or expired)."""

    def ask(self, code: str, question: str, now: float) -> int | None:
        """Ask a new question (its number is returned); the answers to the last one are deleted."""

    def reveal(self, code: str, number: int, now: float) -> bool:
        """Stop taking answers to question ``number`` (if it is the one asked) and show them."""

    def idle(self, code: str, now: float) -> bool:
        """No question between two (back to the demo): the answers are deleted, the class stays."""

    def end(self, code: str) -> None:
        """Delete the class and its answers."""

    def submit(self, code: str, number: int, student: str, answer: str, now: float) -> Sent:
        """Keep ``student``'s answer to question ``number`` (replacing theirs), within the rules."""

    def answers(self, code: str) -> list[str]:
        """The answers to the current question (JSON texts), one per student."""

    def count(self, code: str) -> int:
        """How many students answered the current question."""

    def answer_of(self, code: str, student: str) -> str | None:
        """``student``'s answer to the current question, if they sent one."""


# ---------------------------------------------------------------- in memory --


@dataclass
class _Class:
    state: ClassState
    answers: dict[str, str] = field(default_factory=dict)
    sends: dict[str, tuple[float, int]] = field(default_factory=dict)  # student → (window start, count)


class MemoryStore:
    """Classes in this process's memory, behind one lock (Streamlit runs each session in a thread)."""

    def __init__(self, max_classes: int = MAX_CLASSES) -> None:
        self._lock = threading.Lock()
        self._classes: dict[str, _Class] = {}
        self._max_classes = max_classes

    def _live(self, code: str, now: float) -> _Class | None:
        held = self._classes.get(code)
        if held is not None and held.state.expires <= now:
            del self._classes[code]  # expired: its answers go with it
            return None
        return held

    def _purge(self, now: float) -> None:
        for code in [c for c, held in self._classes.items() if held.state.expires <= now]:
            del self._classes[code]

    def create(self, code: str, token_digest: str, question: str, now: float) -> bool:
        with self._lock:
            self._purge(now)
            if code in self._classes:
                return False
            if len(self._classes) >= self._max_classes:
                raise StoreFull(f"This server holds {self._max_classes} open classes, its most.")
            state = ClassState(code, token_digest, now + LIFETIME_S, "asking", 1, question)
            self._classes[code] = _Class(state)
            return True

    def state(self, code: str, now: float) -> ClassState | None:
        with self._lock:
            held = self._live(code, now)
            return None if held is None else held.state

    def _change(self, code: str, now: float, **changes: Any) -> _Class | None:
        held = self._live(code, now)
        if held is not None:
            held.state = ClassState(**{**held.state.__dict__, **changes})
        return held

    def ask(self, code: str, question: str, now: float) -> int | None:
        with self._lock:
            held = self._live(code, now)
            if held is None:
                return None
            self._change(code, now, phase="asking", number=held.state.number + 1, question=question)
            held.answers.clear()
            return held.state.number

    def reveal(self, code: str, number: int, now: float) -> bool:
        with self._lock:
            held = self._live(code, now)
            if held is None or held.state.number != number or held.state.phase == "idle":
                return False
            self._change(code, now, phase="revealed")
            return True

    def idle(self, code: str, now: float) -> bool:
        with self._lock:
            held = self._change(code, now, phase="idle", question="")
            if held is not None:
                held.answers.clear()
            return held is not None

    def end(self, code: str) -> None:
        with self._lock:
            self._classes.pop(code, None)

    def submit(self, code: str, number: int, student: str, answer: str, now: float) -> Sent:
        with self._lock:
            held = self._live(code, now)
            if held is None:
                return "gone"
            if held.state.phase != "asking" or held.state.number != number:
                return "closed"
            start, sends = held.sends.get(student, (now, 0))
            if now - start >= WINDOW_S:
                start, sends = now, 0
            held.sends[student] = (start, sends + 1)
            if len(held.sends) > 2 * MAX_ANSWERS:  # forget windows that are over
                held.sends = {s: w for s, w in held.sends.items() if now - w[0] < WINDOW_S}
            if sends + 1 > SENDS_PER_WINDOW:
                return "too_many"
            if student not in held.answers and len(held.answers) >= MAX_ANSWERS:
                return "full"
            held.answers[student] = answer[:MAX_ANSWER_CHARS]
            return "stored"

    def answers(self, code: str) -> list[str]:
        with self._lock:
            held = self._classes.get(code)
            return [] if held is None else list(held.answers.values())

    def count(self, code: str) -> int:
        with self._lock:
            held = self._classes.get(code)
            return 0 if held is None else len(held.answers)

    def answer_of(self, code: str, student: str) -> str | None:
        with self._lock:
            held = self._classes.get(code)
            return None if held is None else held.answers.get(student)


# -------------------------------------------------------------------- Redis --

#: Every key of a class starts with this (its hash, its answers, its students' send counters).
PREFIX = "ndcg:class:"

_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'token', ARGV[1], 'expires', ARGV[2], 'phase', 'asking', 'number', 1,
           'question', ARGV[3])
redis.call('EXPIREAT', KEYS[1], math.ceil(tonumber(ARGV[2])))
return 1
"""
# KEYS: class, answers. ARGV: now. Returns the class's fields, or nil when it is gone.
_LIVE = """
local function live(now)
  local fields = redis.call('HMGET', KEYS[1], 'phase', 'number', 'expires')
  if not fields[1] or tonumber(fields[3]) <= tonumber(now) then return nil end
  return fields
end
"""
_ASK = (
    _LIVE
    + """
local fields = live(ARGV[2])
if not fields then return nil end
local number = redis.call('HINCRBY', KEYS[1], 'number', 1)
redis.call('HSET', KEYS[1], 'phase', 'asking', 'question', ARGV[1])
redis.call('DEL', KEYS[2])
return number
"""
)
_REVEAL = (
    _LIVE
    + """
local fields = live(ARGV[2])
if not fields or fields[2] ~= ARGV[1] or fields[1] == 'idle' then return 0 end
redis.call('HSET', KEYS[1], 'phase', 'revealed')
return 1
"""
)
_IDLE = (
    _LIVE
    + """
if not live(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'phase', 'idle', 'question', '')
redis.call('DEL', KEYS[2])
return 1
"""
)
# KEYS: class, answers, the student's send counter. ARGV: number, student, answer, now, sends per
# window, window (s), most answers.
_SUBMIT = (
    _LIVE
    + """
local fields = live(ARGV[4])
if not fields then return 'gone' end
if fields[1] ~= 'asking' or fields[2] ~= ARGV[1] then return 'closed' end
local sends = redis.call('INCR', KEYS[3])
if sends == 1 then redis.call('EXPIRE', KEYS[3], tonumber(ARGV[6])) end
if sends > tonumber(ARGV[5]) then return 'too_many' end
if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 0 and redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[7]) then
  return 'full'
end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('EXPIREAT', KEYS[2], math.ceil(tonumber(fields[3])))
return 'stored'
"""
)


class RedisStore:
    """Classes in Redis (``redis://HOST:PORT/DB``): shared by every replica that names the same one."""

    def __init__(self, url: str) -> None:
        import redis  # only when a deployment asks for it

        self._errors = (redis.exceptions.RedisError, OSError)
        self._redis = redis.Redis.from_url(
            url, decode_responses=True, socket_timeout=3, socket_connect_timeout=3, health_check_interval=30
        )
        self._create = self._redis.register_script(_CREATE)
        self._ask = self._redis.register_script(_ASK)
        self._reveal = self._redis.register_script(_REVEAL)
        self._idle = self._redis.register_script(_IDLE)
        self._submit = self._redis.register_script(_SUBMIT)

    @staticmethod
    def _keys(code: str) -> tuple[str, str]:
        return f"{PREFIX}{code}", f"{PREFIX}{code}:answers"

    def _call(self, action: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return action(*args, **kwargs)
        except self._errors as error:
            raise StoreUnavailable(f"The class store (Redis) cannot be reached: {error}") from error

    def create(self, code: str, token_digest: str, question: str, now: float) -> bool:
        expires = repr(now + LIFETIME_S)
        return bool(
            self._call(self._create, keys=[self._keys(code)[0]], args=[token_digest, expires, question])
        )

    def state(self, code: str, now: float) -> ClassState | None:
        fields = self._call(
            self._redis.hmget, self._keys(code)[0], "token", "expires", "phase", "number", "question"
        )
        token, expires, phase, number, question = fields
        if token is None or expires is None or float(expires) <= now:
            return None
        return ClassState(code, token, float(expires), phase, int(number), question or "")

    def ask(self, code: str, question: str, now: float) -> int | None:
        number = self._call(self._ask, keys=list(self._keys(code)), args=[question, repr(now)])
        return None if number is None else int(number)

    def reveal(self, code: str, number: int, now: float) -> bool:
        return bool(self._call(self._reveal, keys=list(self._keys(code)), args=[str(number), repr(now)]))

    def idle(self, code: str, now: float) -> bool:
        return bool(self._call(self._idle, keys=list(self._keys(code)), args=[repr(now)]))

    def end(self, code: str) -> None:
        self._call(self._redis.delete, *self._keys(code))

    def submit(self, code: str, number: int, student: str, answer: str, now: float) -> Sent:
        keys = [*self._keys(code), f"{PREFIX}{code}:sends:{student}"]
        args = [
            str(number),
            student,
            answer[:MAX_ANSWER_CHARS],
            repr(now),
            SENDS_PER_WINDOW,
            WINDOW_S,
            MAX_ANSWERS,
        ]
        return self._call(self._submit, keys=keys, args=args)

    def answers(self, code: str) -> list[str]:
        return list(self._call(self._redis.hvals, self._keys(code)[1]))

    def count(self, code: str) -> int:
        return int(self._call(self._redis.hlen, self._keys(code)[1]))

    def answer_of(self, code: str, student: str) -> str | None:
        return self._call(self._redis.hget, self._keys(code)[1], student)


def open_store(url: str) -> ClassStore:
    """The store a setting names: "" for the server's memory, ``redis://HOST:PORT/DB`` for Redis."""
    url = url.strip()
    if not url:
        return MemoryStore()
    if url.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(url)
    raise StoreUnavailable(
        f"NDCG_CLASS_STORE must be empty (the server's memory) or redis://HOST:PORT/DB, not “{url[:60]}”."
    )


def as_json(data: Any) -> str:
    """Data as compact JSON text (finite numbers only: NaN and infinities are refused)."""
    return json.dumps(data, separators=(",", ":"), allow_nan=False)


def from_json(text: str | None) -> Any:
    """JSON text back as data; None for nothing or text that is not JSON."""
    if not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return None if isinstance(data, float) and not math.isfinite(data) else data
