"""How much memory an Add/Residue search needs, and how much the machine has; the table's memory
(``new_table``) and a fresh stack for a long search (``fresh_stack``).

The solver's table has a fixed number of slots, chosen before the search starts, so the memory
a search from the first move needs is known in advance: the table (16 bytes a slot), plus the
interpreter, printkit and the pile tables.  ``printkit solve add-residue --n N`` refuses a search
that would not fit (review.py) and names the largest n that would.
"""

from __future__ import annotations

import threading
from array import array

EXACT_MAX_N = 7  # the largest n ``printkit solve add-residue --n`` searches from the first move

# What a full search from the first move visits and keeps, measured (bench/add_residue_solver.py):
# n -> (positions searched, table entries wanted).  The table gets the next power of two above
# 1.5 x the entries, so the memory estimate is known before the search starts.
MEASURED = {1: (1, 1), 2: (8, 8), 3: (200, 200), 4: (4_900, 4_200), 5: (91_000, 70_000),
            6: (1_550_000, 1_060_000), 7: (19_600_000, 13_100_000)}
GROWTH = 20  # each step of n beyond the measured ones: about twentyfold
SLOT_BYTES = 16  # a key and an entry, 8 bytes each
BASE_BYTES = 60 << 20  # the interpreter, printkit and the pile tables


def expected(n: int) -> tuple[int, int]:
    """(positions searched, table entries wanted) for a search from the first move with piles 1..n."""
    if n in MEASURED:
        return MEASURED[n]
    top = max(MEASURED)
    k = GROWTH ** (n - top)
    return MEASURED[top][0] * k, MEASURED[top][1] * k


def table_slots(entries: int) -> int:
    """Slots for a table that should hold ``entries`` positions: a power of two, at least 1,024."""
    want = max(1024, entries + entries // 2)
    return 1 << (want - 1).bit_length()


def memory_needed(n: int) -> int:
    """Bytes a search from the first move with piles 1..n needs (the table, the interpreter, the pile tables)."""
    return BASE_BYTES + SLOT_BYTES * table_slots(expected(n)[1]) + 200 * (1 << n if n <= 12 else 0)


def largest_n(limit: int, most: int = EXACT_MAX_N) -> int:
    """The largest n (0 if none) whose search fits in ``limit`` bytes."""
    return max((n for n in range(1, most + 1) if memory_needed(n) <= limit), default=0)


def available_memory() -> int:
    """Bytes this machine can give a new search now: MemAvailable from /proc/meminfo, else the
    physical memory (os.sysconf)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    import os

    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 1 << 62  # unknown: do not refuse


def new_table(words: int, shared: bool):
    """A table of 64-bit words, all 0.  Big tables are mapped memory asking for huge pages (far
    fewer misses of the address cache in a search that reads all over it), shared with the helper
    processes (fork) when ``shared``."""
    import mmap

    if (words < 1 << 20 and not shared) or not hasattr(mmap, "MAP_PRIVATE"):  # small, or not POSIX
        return array("q", [0]) * words
    flags = mmap.MAP_SHARED if shared else mmap.MAP_PRIVATE
    mem = mmap.mmap(-1, 8 * words, flags=flags | getattr(mmap, "MAP_ANONYMOUS", 0))
    try:
        mem.madvise(mmap.MADV_HUGEPAGE)
    except (AttributeError, OSError, ValueError):  # not on this system: ordinary pages
        pass
    return memoryview(mem).cast("q")


def fresh_stack(fn, *args):
    """``fn(*args)`` on a new thread, whose frame stack starts empty (see the search's frames)."""
    out = []

    def go():
        try:
            out.append(fn(*args))
        except BaseException as e:  # handed to the caller
            out.append(e)

    t = threading.Thread(target=go, name="add-residue search", daemon=True)
    t.start()
    t.join()
    if isinstance(out[0], BaseException):
        raise out[0]
    return out[0]
