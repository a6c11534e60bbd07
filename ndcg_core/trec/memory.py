"""Give memory back to the system after a big evaluation.

Both allocators behind an evaluation keep what is freed, to reuse it: pyarrow's (mimalloc) and C's
``malloc``, which numpy uses (glibc keeps freed blocks below its mmap threshold, which grows to 32 MB
as large arrays come and go). For a one-off command that is harmless; a server that evaluates an
upload now and then would hold some 80 MB per evaluation of 80 MB of files for nothing.
:func:`release_memory` hands both back: pyarrow's ``release_unused`` and glibc's ``malloc_trim(0)``
(skipped where the C library has none, e.g. macOS).
"""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache

import pyarrow as pa


def use_system_allocator() -> None:
    """Make glibc's ``malloc`` pyarrow's default allocator for this process, instead of mimalloc.

    For a server that evaluates an upload now and then: after an 81 MB evaluation, mimalloc still
    held about 75 MiB once the result was drawn and the files freed, even after ``release_unused``;
    with ``malloc`` (and :func:`release_memory`'s ``malloc_trim``) about 10 MiB stayed, and the peak
    was lower too (benchmarks/server_memory.py). Same as ``ARROW_DEFAULT_MEMORY_POOL=system``, set
    after start-up; buffers already allocated stay with their allocator.
    """
    pa.set_memory_pool(pa.system_memory_pool())


def release_memory() -> None:
    """Return the memory pyarrow and C's ``malloc`` have freed but kept."""
    pa.default_memory_pool().release_unused()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@cache
def _malloc_trim() -> ctypes._CFuncPtr | None:  # type: ignore[name-defined]
    """glibc's ``malloc_trim``, or None."""
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return None
