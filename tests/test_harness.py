"""Chunks played on forked processes: the same results in the same order as on one, and a worker that dies or
fails is an error at once, never a wait for ever (a pool once waited 300 s for a chunk nobody played)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from printkit import harness


def square(chunk: tuple[int, int]) -> list[int]:
    return [i * i for i in range(*chunk)]


def chunks(n: int):
    return ((i, i + 3) for i in range(0, n, 3))


@pytest.mark.parametrize("jobs", [1, 2, 3, 5])
def test_results_come_in_order_whatever_the_number_of_processes(jobs):
    assert list(harness.results(square, chunks(100), jobs)) == list(map(square, chunks(100)))


def test_a_worker_that_dies_is_named_at_once(tmp_path):
    def dies(chunk):
        if chunk[0] == 9:
            os.kill(os.getpid(), signal.SIGKILL)
        return square(chunk)

    with pytest.raises(RuntimeError, match="stopped before it was done"):
        list(harness.results(dies, chunks(60), 2))


def test_a_worker_s_error_is_raised_with_its_traceback():
    def fails(chunk):
        if chunk[0] == 12:
            raise ValueError("chunk twelve")
        return square(chunk)

    got = harness.results(fails, chunks(60), 2)
    with pytest.raises(RuntimeError, match="chunk twelve"):
        list(got)


def children() -> set[int]:
    return {int(pid) for task in Path("/proc/self/task").iterdir() for pid in (task / "children").read_text().split()}


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
def test_stopping_early_leaves_no_worker_behind():
    before = children()
    got = harness.results(square, chunks(30_000), 2)
    assert next(got) == square((0, 3))
    assert len(children() - before) == 2
    got.close()
    assert children() == before
