"""A class in front of its store: codes, the instructor's token, and answers checked before they are kept.

* **The class code** (:func:`new_code`): :data:`CODE_LENGTH` characters drawn by :mod:`secrets` from
  :data:`CODE_ALPHABET` (31 letters and digits that cannot be mistaken for one another when read off a
  projector: no 0/o, 1/l/i): 31^8 ≈ 2^39.6 codes, well above the 30 bits asked. It is the only
  thing a student's link carries (``?class=CODE``).
* **The instructor's token** (:func:`new_token`): 128 random bits, URL-safe, kept only in the
  instructor's link. The store keeps its SHA-256 digest, never the token itself; every control
  (ask, reveal, back to the demo, end) compares digests with :func:`hmac.compare_digest` (constant
  time) and does nothing without a match.
* **An answer** is read by the core (:func:`ndcg_core.classroom.answer.read_answer`: a permutation of
  the question's items, a finite number, an offered choice); anything else raises
  :class:`~ndcg_core.metric.validation.NDCGInputError` and nothing is stored.

No Streamlit here: the pages reach the service through :mod:`ui.state.classroom`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ndcg_core.classroom.answer import Answer, answer_from, read_answer, stored
from ndcg_core.classroom.question import Question, question_from
from ndcg_core.metric.validation import NDCGInputError
from ui.classroom.store import ClassState, ClassStore, Phase, Sent, as_json, from_json

CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
CODE_LENGTH = 8
TOKEN_BYTES = 16
#: A student's own id (kept in the student's link so a reload or another replica keeps it): 72 bits.
STUDENT_BYTES = 9
#: Codes tried before giving up on finding a free one (each is free with probability ≈ 1).
CODE_ATTEMPTS = 20


def new_code() -> str:
    """A random class code: 8 characters of :data:`CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def is_code(text: object) -> bool:
    """True when ``text`` could be a class code (the right length and letters)."""
    return isinstance(text, str) and len(text) == CODE_LENGTH and all(c in CODE_ALPHABET for c in text)


def new_token() -> str:
    """The instructor's secret: 128 random bits, URL-safe (22 characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_student() -> str:
    """A student's anonymous id: 72 random bits, URL-safe (12 characters)."""
    return secrets.token_urlsafe(STUDENT_BYTES)


def is_student(text: object) -> bool:
    """True when ``text`` could be a student id made by :func:`new_student`."""
    return (
        isinstance(text, str)
        and len(text) == 12
        and all(c.isascii() and (c.isalnum() or c in "-_") for c in text)
    )


def digest(token: str) -> str:
    """The SHA-256 digest of a token, as the store keeps it."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class NotTheHost(PermissionError):
    """A control of the class was asked for without the instructor's token."""


@dataclass(frozen=True)
class Class:
    """A class as anyone with its code sees it: its phase and the question asked (None when idle)."""

    code: str
    phase: Phase
    number: int
    question: Question | None
    expires: float

    @property
    def asking(self) -> bool:
        return self.phase == "asking"


@dataclass(frozen=True)
class Received:
    """What became of a student's send: kept, or why not (the page says it in words)."""

    sent: Sent
    answer: Answer | None = None


class Classes:
    """Every class of one store; ``clock`` gives the time (seconds since the epoch)."""

    def __init__(self, store: ClassStore, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    # ------------------------------------------------------------------ anyone --

    def open(self, code: object) -> Class | None:
        """The class with this code, or None (not a code, never opened, ended or expired)."""
        if not is_code(code):
            return None
        state = self.store.state(code, self.clock())  # type: ignore[arg-type]
        return None if state is None else _as_class(state)

    # ------------------------------------------------------------- the instructor --

    def start(self, question: Question) -> tuple[str, str]:
        """Open a class asking ``question``: its code and the instructor's token."""
        token = new_token()
        for _ in range(CODE_ATTEMPTS):
            code = new_code()
            if self.store.create(code, digest(token), as_json(question.as_dict()), self.clock()):
                return code, token
        raise RuntimeError("No free class code was found; try again.")  # pragma: no cover

    def is_host(self, code: str, token: object) -> bool:
        """True when ``token`` is this class's instructor token (compared in constant time)."""
        if not is_code(code) or not isinstance(token, str) or not token:
            return False
        state = self.store.state(code, self.clock())
        return state is not None and hmac.compare_digest(digest(token), state.token_digest)

    def _host(self, code: str, token: object) -> None:
        if not self.is_host(code, token):
            raise NotTheHost("Only the instructor's link can do that.")

    def ask(self, code: str, token: object, question: Question) -> int | None:
        """Ask another question in the same class (the last one's answers are deleted)."""
        self._host(code, token)
        return self.store.ask(code, as_json(question.as_dict()), self.clock())

    def reveal(self, code: str, token: object, number: int) -> bool:
        """Stop taking answers to question ``number`` and let the screen show the right answer."""
        self._host(code, token)
        return self.store.reveal(code, number, self.clock())

    def idle(self, code: str, token: object) -> bool:
        """Back to the demo: no question open, the answers deleted; the class (and its code) stays."""
        self._host(code, token)
        return self.store.idle(code, self.clock())

    def end(self, code: str, token: object) -> None:
        """End the class: it and its answers are deleted."""
        self._host(code, token)
        self.store.end(code)

    def count(self, code: str, token: object) -> int:
        """How many students answered the current question (the instructor's screen only)."""
        self._host(code, token)
        return self.store.count(code)

    def answers(self, code: str, token: object, question: Question) -> list[Answer]:
        """The current question's answers, each read back and checked (one that does not fit is left out)."""
        self._host(code, token)
        read = (answer_from(question, from_json(text)) for text in self.store.answers(code))
        return [answer for answer in read if answer is not None]

    # ---------------------------------------------------------------- a student --

    def send(self, code: str, student: str, number: int, given: object) -> Received:
        """A student's answer to question ``number``: checked (NDCGInputError when it cannot be right
        for the question), then kept unless the class's rules refuse it."""
        current = self.open(code)
        if current is None:
            return Received("gone")
        if current.question is None or not current.asking or current.number != number:
            return Received("closed")
        if not is_student(student):
            raise NDCGInputError("This page has no student id: open the class's link again.")
        answer = read_answer(current.question, given)
        sent = self.store.submit(code, number, student, as_json(stored(answer)), self.clock())
        return Received(sent, answer)

    def answer_of(self, code: str, student: str, question: Question) -> Answer | None:
        """The answer this student has sent to the current question, if any."""
        if not is_student(student):
            return None
        return answer_from(question, from_json(self.store.answer_of(code, student)))


def _as_class(state: ClassState) -> Class:
    """The store's record as a class; a question that cannot be read counts as none."""
    return Class(state.code, state.phase, state.number, question_of(state.question), state.expires)


@lru_cache(maxsize=256)
def question_of(text: str) -> Question | None:
    """A stored question (JSON), read and checked once per text (every phone asks every 2 s); None
    when it cannot be read. Keyed on the text alone, and a question is frozen: sessions may share it."""
    data = from_json(text)
    if not isinstance(data, dict):
        return None
    try:
        return question_from(data)
    except NDCGInputError:
        return None
