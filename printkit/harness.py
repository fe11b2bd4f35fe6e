"""Many seeded games, played in chunks on one or more processes, with a progress bar on the terminal.

Each game's ``simulate`` gives the chunks (each a plain tuple naming its games, so that a chunk plays the
same games on any process) and the function that plays one; ``play`` runs them in order and hands each
chunk's result to ``take`` in that same order, so the figures never depend on the number of processes.
Chunks are made as they are needed, and only a few per process are queued at a time, so memory stays
flat however many games are played.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pickle
import signal
import traceback
from typing import Callable, Iterable, TypeVar

Chunk = TypeVar("Chunk")
Result = TypeVar("Result")


def play(work: Callable[[Chunk], Result], chunks: Iterable[Chunk], take: Callable[[Result], int], *,
         jobs: int = 1, total: int = 0, label: str = "playing", show_from: int = 0) -> None:
    """``take(work(chunk))`` for every chunk, in order, on ``jobs`` processes; ``take`` returns how many
    games the chunk held, for the progress bar (shown at a terminal when ``total`` is at least
    ``show_from``)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    hidden = not console.is_terminal or total < show_from or total == 0
    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                  transient=True, disable=hidden) as bar:
        task = bar.add_task("games", total=total or None)
        for result in results(work, iter(chunks), jobs):
            bar.advance(task, take(result))


def results(work: Callable[[Chunk], Result], chunks: Iterable[Chunk], jobs: int) -> Iterable[Result]:
    """``work(chunk)`` for each chunk, in order: here, or on ``jobs`` forked processes, each playing every
    ``jobs``-th chunk and handing its results back through a pipe of its own (a process ahead of the others
    waits on its full pipe, so memory stays flat).  No pool and no threads: a process that dies is an error
    named here at once, never a wait for ever."""
    chunks = iter(chunks)
    first = list(itertools.islice(chunks, 2))
    chunks = itertools.chain(first, chunks)
    if jobs <= 1 or len(first) < 2 or not hasattr(os, "fork"):
        yield from map(work, chunks)
        return
    readers, pids = [], []
    try:
        for k in range(jobs):
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: its share of the chunks (the same chunks: the iterator is copied by fork)
                os.close(r)
                _worker(work, chunks, jobs, k, w)
            os.close(w)
            readers.append(os.fdopen(r, "rb"))
            pids.append(pid)
        for i, _ in enumerate(chunks):
            try:
                ok, value = pickle.load(readers[i % jobs])
            except EOFError:
                raise RuntimeError(f"worker process {i % jobs + 1} of {jobs} stopped before it was done") from None
            if not ok:
                raise RuntimeError(f"worker process {i % jobs + 1} of {jobs} failed:\n{value}")
            yield value
    finally:
        for f in readers:
            f.close()
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGTERM)  # (a worker still playing: the caller stopped early)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)


def _worker(work: Callable, chunks: Iterable, jobs: int, k: int, fd: int) -> None:
    code = 0
    try:
        with os.fdopen(fd, "wb") as out:
            for i, chunk in enumerate(chunks):
                if i % jobs == k:
                    try:
                        pickle.dump((True, work(chunk)), out)
                    except Exception:  # noqa: BLE001 - handed to the parent, which raises it
                        pickle.dump((False, traceback.format_exc()), out)
                        return
                    out.flush()
    except BaseException:  # noqa: BLE001 - the parent gone (a closed pipe) or Ctrl-C: this worker ends
        code = 1
    finally:
        os._exit(code)
