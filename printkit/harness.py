"""Many seeded games, played in chunks on one or more processes, with a progress bar on the terminal.

Each game's ``simulate`` gives the chunks (each a plain tuple naming its games, so that a chunk plays the
same games on any process) and the function that plays one; ``play`` runs them in order and hands each
chunk's result to ``take`` in that same order, so the figures never depend on the number of processes.
Chunks are made as they are needed, and only a few per process are queued at a time, so memory stays
flat however many games are played.
"""

from __future__ import annotations

import itertools
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
    """``work(chunk)`` for each chunk, in order: here, or on ``jobs`` forked processes (a few chunks per
    process queued at a time: ``Pool.imap`` would queue every chunk at once)."""
    chunks = iter(chunks)
    first = list(itertools.islice(chunks, 2))
    chunks = itertools.chain(first, chunks)
    if jobs <= 1 or len(first) < 2:
        yield from map(work, chunks)
        return
    import multiprocessing as mp

    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(jobs) as pool:
        while batch := list(itertools.islice(chunks, 4 * jobs)):
            yield from pool.imap(work, batch)
