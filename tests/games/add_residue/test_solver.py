"""Add/Residue perfect play (solver.py): the solver against a plain search."""

from __future__ import annotations

import random
import threading
from array import array

import pytest
from add_residue_helpers import plain, plain_cached

from printkit.games.add_residue.solver import LEFT_MAX, Solver
from printkit.games.add_residue.memory import fresh_stack
from printkit.games.add_residue.perfect import start, value_of_start
from printkit.games.add_residue.moves import Move


def tup(mask: int) -> tuple:
    return tuple(c for c in range(1, mask.bit_length() + 1) if mask >> (c - 1) & 1)


def plain_pos(ma, mm, oa, om, m, fn=plain_cached) -> int:
    return fn((tup(ma), tup(mm)), (tup(oa), tup(om)), m)


def test_plain_search_on_a_tiny_game_by_hand():
    # n = 1: Ann plays one card, Ben one, Ann, Ben. Whatever happens m mod 1 = 0: nobody scores.
    assert plain(((1,), (1,)), ((1,), (1,)), 0) == 0
    # one card each left, m = 5: mover has mod 3 (scores 2), other has mod 4 (2 mod 4 = 2): margin 0
    assert plain(((), (3,)), ((), (4,)), 5) == 0
    # mover: mod 4 or add 1 with m = 3; other holds mod 5.  mod 4 -> +3, then 3 mod 5 = 3: 0.
    # add 1 -> m 4, other mods 5 for 4: -4.  Best 0.
    assert plain(((1,), (4,)), ((), (5,)), 3) == 0


@pytest.mark.parametrize("n", [1, 2, 3])
def test_value_of_the_game_matches_a_full_tree_search(n):
    full = (1 << n) - 1
    want = plain(((tuple(range(1, n + 1))), tuple(range(1, n + 1))), (tuple(range(1, n + 1)), tuple(range(1, n + 1))), 0)
    s = Solver(n)
    assert s.value(full, full, full, full, 0) == want
    v, best = s.best_moves(*start(n))
    assert v == want
    # every opening listed as best really keeps the value, and no other does
    for mv in s.moves(full, full):
        bit = 1 << (mv.c - 1)
        if mv.pile == "add":
            got = -plain_pos(full, full, full & ~bit, full, mv.c)
        else:
            got = 0 - plain_pos(full, full, full, full & ~bit, 0)
        assert (got == want) == (mv in best), mv


def random_position(rng: random.Random, n: int, max_cards: int):
    """A position as the game can reach it: the mover holds as many cards as the other player, or one more."""
    total = rng.randint(1, max_cards)
    slots = [(pile, c) for pile in (0, 1) for c in range(1, n + 1)]

    def hand(k):
        masks = [0, 0]
        for pile, c in rng.sample(slots, k):
            masks[pile] |= 1 << (c - 1)
        return masks

    (ma, mm), (oa, om) = hand((total + 1) // 2), hand(total // 2)
    played = sum(tup(((1 << n) - 1) & ~ma)) + sum(tup(((1 << n) - 1) & ~oa))
    return ma, mm, oa, om, rng.randint(0, min(played, 3 * n))


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_positions_match_a_full_tree_search(n):
    rng = random.Random(n)
    solver = Solver(n)  # one table for all positions, as in a review
    for _ in range(60):
        pos = random_position(rng, n, 9)
        want = plain_pos(*pos)
        assert solver.value(*pos) == want, pos
        fresh = Solver(n)
        for t in (want - 1, want, want + 1):
            assert fresh.at_least(*pos, t) == (want >= t), (pos, t)


def test_copying_the_first_player_holds_the_margin_to_zero_or_less():
    # an independent reason for the value's sign: the second player can copy every move
    for n in (2, 3, 4):
        assert Solver(n).value(*start(n)) <= 0


def test_move_value_agrees_with_value():
    n = 4
    s = Solver(n)
    rng = random.Random(5)
    for _ in range(20):
        pos = random_position(rng, n, 8)
        if not (pos[0] | pos[1]):
            continue
        v = s.value(*pos)
        vals = [s.move_value(*pos, mv) for mv in s.moves(pos[0], pos[1])]
        assert max(vals) == v
        assert all(s.move_at_least(*pos, mv, v) == (val >= v) for mv, val in zip(s.moves(pos[0], pos[1]), vals))
    assert str(Move("mod", 4)) == "mod 4"


def test_big_n_positions_match_a_full_tree_search():
    # n = 13 (the default game): the solver works its pile tables out lazily
    n = 13
    rng = random.Random(13)
    solver = Solver(n)
    for _ in range(25):
        pos = random_position(rng, n, 7)
        assert solver.value(*pos) == plain_pos(*pos), pos


# ---------------------------------------------------------------- the bounded table


@pytest.mark.parametrize("n", [4, 5])
def test_a_tiny_table_gives_the_same_values(n):
    """The table has a fixed number of slots; one far too small for the search only costs time."""
    big, tiny = Solver(n), Solver(n, slots=1024)
    assert tiny.slots == 1024 and tiny.table_bytes == 16 * 1024
    assert big.value(*start(n)) == tiny.value(*start(n))
    rng = random.Random(n + 40)
    for _ in range(30):
        pos = random_position(rng, n, 10)
        assert tiny.value(*pos) == plain_pos(*pos), pos
    assert tiny.entries <= 1024


def test_a_shared_table_and_a_helper_process_give_the_same_value():
    n = 5
    alone = Solver(n).value(*start(n))
    v, solver = value_of_start(n, workers=2)
    assert v == alone == 0
    shared = Solver(n, shared=True)
    assert shared.value(*start(n)) == alone


def test_a_big_table_in_mapped_memory_gives_the_same_values():
    from printkit.games.add_residue.memory import new_table as _table

    table = _table(1 << 20, shared=False)
    assert not isinstance(table, array) and len(table) == 1 << 20 and not any(table[::4096])
    n = 5
    mapped, plain_table = Solver(n, slots=1 << 19), Solver(n, slots=1024)
    assert not isinstance(mapped.table, array) and isinstance(plain_table.table, array)
    assert mapped.value(*start(n)) == plain_table.value(*start(n)) == 0
    rng = random.Random(8)
    for _ in range(20):
        pos = random_position(rng, n, 9)
        assert mapped.value(*pos) == plain_pos(*pos), pos


# ---------------------------------------------------------------- the interpreter's stack


def test_long_searches_run_on_a_fresh_thread_and_short_ones_in_place(monkeypatch):
    from printkit.games.add_residue import solver as solver_module

    seen, moved = [], []
    s = Solver(5, progress=lambda visited: seen.append(threading.current_thread().name))
    monkeypatch.setattr(solver_module, "fresh_stack", lambda fn, *a: moved.append(a[-1]) or fresh_stack(fn, *a))
    assert s.value(*start(5)) == 0  # 20 cards left: searched on its own thread, which reports progress
    assert moved == [20] and seen and set(seen) == {"add-residue search"}
    assert s.visited >= 65536 * len(seen)
    pos = (0b11, 0b101, 0b1, 0b110, 3)  # 7 cards left: searched in place
    assert s.value(*pos) == plain_pos(*pos) and moved == [20]


def test_fresh_stack_hands_back_the_answer_and_any_error():
    assert fresh_stack(lambda a, b: a + b, 2, 3) == 5
    with pytest.raises(KeyError):
        fresh_stack({}.__getitem__, "no such key")


def test_the_search_from_the_first_move_at_n_7_fits_one_chunk_of_frames():
    """CPython keeps frames in 16 kB chunks; a search deeper than one chunk allocates and frees the
    next chunk at every step across the edge (about twice as slow).  The search from the first move
    at n = 7 stacks a frame per card played down to LEFT_MAX cards, on a fresh thread."""
    s = Solver(7, slots=1024)
    search = next(c.cell_contents for c in s._run.__closure__ if getattr(c.cell_contents, "__name__", "") == "search")
    code = search.__code__
    words = code.co_nlocals + len(code.co_freevars) + len(code.co_cellvars) + code.co_stacksize + 10
    small = s._small.__code__
    small_words = small.co_nlocals + len(small.co_freevars) + small.co_stacksize + 10
    frames = 4 * 7 - LEFT_MAX
    assert frames * words * 8 + (LEFT_MAX + 1) * small_words * 8 < 16 * 1024 - 1536, (words, small_words)


# ---------------------------------------------------------------- three players


def plain3(piles: tuple, m: int, mover: int, seat: int) -> int:
    """Seat's most sure points from here: it maximises, the others minimise; no table, no pruning."""
    add, mod = piles[mover]
    if not add and not mod:
        return 0
    vals = []
    for c in add:
        nxt = list(piles)
        nxt[mover] = (tuple(x for x in add if x != c), mod)
        vals.append(plain3(tuple(nxt), m + c, (mover + 1) % 3, seat))
    for c in mod:
        nxt = list(piles)
        nxt[mover] = (add, tuple(x for x in mod if x != c))
        r = m % c
        vals.append((r if mover == seat else 0) + plain3(tuple(nxt), r, (mover + 1) % 3, seat))
    return max(vals) if mover == seat else min(vals)


@pytest.mark.parametrize("n", [1, 2])
def test_three_player_points_match_a_plain_search_from_the_start(n):
    from printkit.games.add_residue.three import Three, guaranteed, plain_points

    full = tuple(range(1, n + 1))
    for seat in range(3):
        want = plain3(((full, full),) * 3, 0, 0, seat)
        assert Three(n, seat).points() == want == plain_points(n, seat)
    assert guaranteed(n)[0] == [plain3(((full, full),) * 3, 0, 0, s) for s in range(3)]


@pytest.mark.parametrize("n", [3, 4])
def test_three_player_positions_match_a_plain_search(n):
    """Positions late in the game (at most 7 cards left), each seat's guaranteed points from there."""
    from printkit.games.add_residue.three import INF, Three

    rng = random.Random(70 + n)
    slots = [(pile, c) for pile in (0, 1) for c in range(1, n + 1)]
    for _ in range(25):
        total = rng.randint(1, 7)
        counts = [total // 3 + (1 if i < total % 3 else 0) for i in range(3)]  # seat 0 moves: it holds the most
        hands = []
        for k in counts:
            masks = [0, 0]
            for pile, c in rng.sample(slots, k):
                masks[pile] |= 1 << (c - 1)
            hands.append(masks)
        m = rng.randint(0, 3 * n)
        as_tuples = tuple((tup(a), tup(b)) for a, b in hands)
        for seat in range(3):
            t = Three(n, seat)
            got = t._search(tuple(x for h in hands for x in h), m, 0, -INF, INF)
            assert got == plain3(as_tuples, m, 0, seat), (hands, m, seat)
