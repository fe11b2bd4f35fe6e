"""Playing many games at once, for every simulator: work units done in order, on worker processes or in
this one, with a progress bar on the terminal.

A unit's work depends on the unit alone (each game has its own seeded random stream), so the results
are the same for any number of workers; they come back in the units' order.  Units are handed out a few
per worker at a time, so memory stays the same for any number of games.
"""

from __future__ import annotations

import contextlib
import itertools
from typing import Callable, Iterable, Iterator, TypeVar

Unit = TypeVar("Unit")
Result = TypeVar("Result")


def results(work: Callable[[Unit], Result], units: Iterable[Unit], count: int, jobs: int) -> Iterator[Result]:
    """``work(unit)`` for each of the ``count`` units, in order: on ``jobs`` forked worker processes (at most
    one a unit) when there are more than one of both, else in this process."""
    workers = min(jobs, count)
    if workers <= 1:
        yield from map(work, units)
        return
    import multiprocessing as mp

    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    todo = iter(units)
    with ctx.Pool(workers) as pool:
        while batch := list(itertools.islice(todo, 4 * workers)):  # Pool.imap alone would queue every unit
            yield from pool.imap(work, batch)


@contextlib.contextmanager
def progress(label: str, total: int, shown: bool = True) -> Iterator[Callable[[int], None]]:
    """A progress bar of ``total`` games on standard error, at a terminal and when ``shown``; gives
    ``advance(games)``.  It is gone when the block ends (the figures follow on a clean screen)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True, disable=not console.is_terminal or not shown) as bar:
        task = bar.add_task("games", total=total)
        yield lambda games: bar.advance(task, games)
