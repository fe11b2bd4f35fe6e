"""Exact two-player play of Add/Residue: alpha-beta negamax with a bounded bounds table.

A position is seen from the player about to move: their add and mod piles,
the other player's piles (bit c-1 set = card c still there) and m.  Its value
is what the mover will still score minus what the other player will still
score, when both play to maximise their own final score minus the other's.
Points already scored do not matter, so they are not part of the position.

What keeps the search small:

- One int per position: both players' piles and m packed together.
- Equivalent mod cards: no future m can exceed M = m + every add card still
  in play, and ``x mod c = x`` for ``c > M``, so all mod cards above M act
  alike (score m, leave m alone).  They are renamed to the top cards of the
  pile, so positions that differ only there share one table entry, and only
  one of them is tried as a move.
- A table of lower and upper bounds per position (alpha-beta windows leave
  bounds, not values), the best move found first, then mod moves by points.
  The table has a fixed number of slots, chosen before the search starts
  (``table_slots``), two to a bucket: one keeps the position with the most
  cards left, the other the newest.  Its memory never grows during a search.
- Bounds from the piles: the mover scores at most min(c-1, M) per mod card
  left, and so does the other player; the last few cards are played out
  without the table.
- Bounds from copying: with the same cards as the mover, the other player can
  answer every move with the same card and score the same (value <= 0); with
  one card more than the other player, the mover can play it and then copy
  (value >= what that card scores now).
- Move order: the table's best move, then mod moves that score at least half
  their card, then adds from the smallest, then the other mods.

Everything a position needs from its piles (cards, sums, the capped bounds,
the renaming, the ordered mod moves) is worked out once per pile and looked up.
The three-player game is in three.py; the memory estimate in memory.py.
"""

from __future__ import annotations

from array import array

from .memory import EXACT_MAX_N, SLOT_BYTES, expected, fresh_stack, new_table, table_slots
from .moves import Move, apply

INF = 10**6
ETC_MIN = 15  # positions with at least this many cards left first look their moves up in the table
LEFT_MAX = 4  # positions with this many cards or fewer are played out without the table
FRESH_MIN = 16  # searches with at least this many cards left run on a fresh thread (fresh_stack)


class _Lazy(dict):
    """A table filled on first use."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def __missing__(self, key):
        value = self[key] = self.fn(key)
        return value


# ---------------------------------------------------------------- the solver


class Solver:
    """Exact values of two-player positions with piles drawn from 1..n.

    ``slots``: table slots (a power of two; 0: enough for a search from the first move with
    these piles, or 2**20 for bigger piles, whose positions are only searched near the end).
    ``progress(visited)`` is called every 65,536 positions searched."""

    def __init__(self, n: int, slots: int = 0, progress=None, shared: bool = False):
        if not 1 <= n <= 52:
            raise ValueError("n must be 1 to 52")
        self.n = n
        self.full = full = (1 << n) - 1
        if n <= 12:  # every pile's cards and sum, indexed by the pile
            self.cards = [tuple(i + 1 for i in range(n) if mask >> i & 1) for mask in range(1 << n)]
            self.sums = [sum(cs) for cs in self.cards]
            self.count = [len(cs) for cs in self.cards]
        else:  # too many piles to list: work them out as they come up
            self.cards = _Lazy(lambda mask: tuple(i + 1 for i in range(n) if mask >> i & 1))
            self.sums = _Lazy(lambda mask: sum(self.cards[mask]))
            self.count = _Lazy(lambda mask: mask.bit_count())
        # renaming the mod cards above top (< n) to the top cards of the pile
        self.his = [full & ~((1 << top) - 1) for top in range(n)]
        self.tops = [full ^ (full >> k) for k in range(n + 1)]
        # what a mod pile can still score when every m from now on is at most top (< n - 1)
        if n <= 12:
            self.capped = [[sum(min(c - 1, t) for c in cs) for cs in self.cards] for t in range(n)]
            self.pen = [s - k for s, k in zip(self.sums, self.count)]  # top >= n - 1: c - 1 per card
            self.addmoves = [tuple(c << 1 for c in cs) for cs in self.cards]
        else:
            self.capped = [_Lazy(lambda mask, t=t: sum(min(c - 1, t) for c in self.cards[mask])) for t in range(n)]
            self.pen = _Lazy(lambda mask: self.sums[mask] - self.count[mask])
            self.addmoves = _Lazy(lambda mask: tuple(c << 1 for c in self.cards[mask]))
        self.modmoves = {}  # (mod pile, m, top capped at n) -> (good mods, poor mods)
        self.mshift = (n * (n + 1)).bit_length()
        self.keybits = 4 * n + self.mshift
        if not slots:
            slots = table_slots(expected(n)[1]) if n <= EXACT_MAX_N else 1 << 20
        self.slots = slots
        if self.keybits <= 62:
            self.table = new_table(2 * slots, shared)
            self.big = None
        else:  # keys too long for the slots: a dict, emptied when it has as many entries as the slots
            self.table = None
            self.big = {}
        self.visited = 0  # positions searched (calls that were not answered by the table alone)
        self.progress = progress
        self.etc = 0  # positions answered by looking their moves up in the table
        self._build()

    @property
    def entries(self) -> int:
        """Positions in the table now."""
        if self.big is not None:
            return len(self.big)
        table, step, empty = self.table, 1 << 20, 0
        for i in range(0, len(table), step):  # a stretch at a time: no copy of the whole table
            empty += array("q", table[i:i + step].tobytes())[1::2].count(0)
        return self.slots - empty

    @property
    def table_bytes(self) -> int:
        return SLOT_BYTES * self.slots if self.big is None else 120 * self.slots

    # -- positions

    def value(self, ma: int, mm: int, oa: int, om: int, m: int) -> int:
        """Exact value for the mover."""
        return self._search(ma, mm, oa, om, m, -INF, INF)

    def at_least(self, ma: int, mm: int, oa: int, om: int, m: int, v: int) -> bool:
        """Is the value for the mover >= v?  (A null-window search: cheaper than the value.)"""
        return self._search(ma, mm, oa, om, m, v - 1, v) >= v

    def move_value(self, ma: int, mm: int, oa: int, om: int, m: int, move: Move) -> int:
        """Exact value for the mover of playing ``move`` and then playing perfectly."""
        bit = 1 << (move.c - 1)
        r, gain = apply(m, move)
        if move.pile == "add":
            return -self.value(oa, om, ma & ~bit, mm, r)
        return gain - self.value(oa, om, ma, mm & ~bit, r)

    def move_at_least(self, ma: int, mm: int, oa: int, om: int, m: int, move: Move, v: int) -> bool:
        bit = 1 << (move.c - 1)
        r, gain = apply(m, move)
        if move.pile == "add":
            return not self.at_least(oa, om, ma & ~bit, mm, r, 1 - v)
        return not self.at_least(oa, om, ma, mm & ~bit, r, gain - v + 1)

    def moves(self, ma: int, mm: int) -> list[Move]:
        return [Move("add", c) for c in self.cards[ma]] + [Move("mod", c) for c in self.cards[mm]]

    def best_moves(self, ma: int, mm: int, oa: int, om: int, m: int) -> tuple[int, list[Move]]:
        """The value for the mover and every move that keeps it."""
        v = self.value(ma, mm, oa, om, m)
        return v, [mv for mv in self.moves(ma, mm) if self.move_at_least(ma, mm, oa, om, m, mv, v)]

    # -- the search

    def _mods(self, mm: int, m: int, top: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The mod moves in search order: (those scoring at least half their card, the others);
        of the cards above top (all alike) only the lowest."""
        order = []
        seen_big = False
        for c in self.cards[mm]:
            if c > top:
                if seen_big:
                    continue
                seen_big = True
            order.append((2 * (m % c) - c, c))
        order.sort(reverse=True)
        out = (tuple((c << 1) | 1 for r, c in order if r >= 0), tuple((c << 1) | 1 for r, c in order if r < 0))
        if len(self.modmoves) >= 1 << 20:  # big piles near the end of a long review: keep this bounded too
            self.modmoves.clear()
        self.modmoves[(mm << 16 | m) << 6 | top] = out
        return out

    def _search(self, ma: int, mm: int, oa: int, om: int, m: int, alpha: int, beta: int) -> int:
        c = self.count
        return self._run(ma, mm, oa, om, m, alpha, beta, c[ma] + c[mm] + c[oa] + c[om])

    def _build(self, vary: tuple[int, ...] = ()) -> None:
        """The search as a closure over the solver's tables (no attribute lookups per position).
        ``vary``: a helper process searches positions with these many cards left in the other order."""
        n, count, sums = self.n, self.count, self.sums
        his, tops, capped_at, pen = self.his, self.tops, self.capped, self.pen
        addmoves, modmoves, mods = self.addmoves, self.modmoves, self._mods
        # the table: slot i is two words, the key ^ the entry and the entry; a bucket is two slots
        # side by side (32 bytes), so a look-up reads one stretch of memory
        table, mshift, big, slots = self.table, self.mshift, self.big, self.slots
        mask = 2 * slots - 4
        cards = self.cards
        solver = self
        visited = 0

        def small(ma, mm, oa, om, m):
            """Plain negamax for the last few cards."""
            if not (ma | mm):
                return 0
            best = -INF
            for c in cards[ma]:
                v = -small(oa, om, ma & ~(1 << (c - 1)), mm, m + c)
                if v > best:
                    best = v
            for c in cards[mm]:
                r = m % c
                v = r - small(oa, om, ma, mm & ~(1 << (c - 1)), r)
                if v > best:
                    best = v
            return best

        def upper(ma, mm, oa, om, m):
            """The table's upper bound on the value of a position (INF if it has none)."""
            top = m + sums[ma] + sums[oa]
            if top < n:
                hi = his[top]
                mm = (mm & ~hi) | tops[count[mm & hi]]
                om = (om & ~hi) | tops[count[om & hi]]
            key = ((((((ma << n) | mm) << n) | oa) << n | om) << mshift) | m
            b = ((key * 0x9E3779B97F4A7C15) >> 23) & mask
            entry = table[b + 1]
            if table[b] ^ entry == key:
                return ((entry >> 19) & 8191) - 4096
            entry = table[b + 3]
            if table[b + 2] ^ entry == key:
                return ((entry >> 19) & 8191) - 4096
            return INF

        def put(key, b, entry):
            """Store an entry in bucket b: the slot that keeps the position with the most cards left,
            or the newest."""
            if table is None:
                if len(big) >= slots:
                    big.clear()
                big[key] = entry
                return
            old = table[b + 1]
            here = table[b] ^ old == key
            if here or (table[b + 2] ^ table[b + 3] != key and (entry & 255) >= (old & 255)):
                if not here and old:  # the deeper slot's old entry moves to the newest slot
                    table[b + 2] = table[b]
                    table[b + 3] = old
                table[b] = key ^ entry
                table[b + 1] = entry
            else:
                table[b + 2] = key ^ entry
                table[b + 3] = entry

        # The search recurses once per card played, so its frame is kept small (few local names):
        # CPython keeps frames in chunks of 16 kB, and a search whose frames overrun one chunk
        # allocates and frees the next at every step across the edge (run on a fresh thread, the
        # search from the first move at n = 7 fits in one chunk).
        def search(ma, mm, oa, om, m, alpha, beta, left):
            nonlocal visited
            if left <= LEFT_MAX:
                return small(ma, mm, oa, om, m)
            top = m + sums[ma] + sums[oa]
            if top < n:  # mod cards above every reachable m are all alike
                v = his[top]
                mm = (mm & ~v) | tops[count[mm & v]]
                om = (om & ~v) | tops[count[om & v]]
                v = capped_at[top] if top < n - 1 else pen
            else:
                top = n
                v = pen
            # what each side can still score at most
            lo, up = -v[om], v[mm]
            # copying: with the same piles, the other player can answer every move
            # with the same card and score exactly what the mover scores
            c, r = ma ^ oa, mm ^ om
            if not (c | r):
                if up > 0:
                    up = 0
            elif not (c & oa) and not (r & om) and count[c | r] == 1:
                # one card more than the other player: play it, then copy
                v = m % r.bit_length() if r else 0
                if lo < v:
                    lo = v
            if up <= alpha:
                return up
            if lo >= beta:
                return lo
            if alpha < lo:
                alpha = lo
            if beta > up:
                beta = up
            key = ((((((ma << n) | mm) << n) | oa) << n | om) << mshift) | m
            if table is not None:
                b = ((key * 0x9E3779B97F4A7C15) >> 23) & mask
                entry = table[b + 1]
                if table[b] ^ entry != key:  # a slot holds key ^ entry: a half-written slot never matches
                    entry = table[b + 3]
                    if table[b + 2] ^ entry != key:
                        entry = 0
            else:
                b = 0
                entry = big.get(key, 0)
            if entry:
                lo = ((entry >> 32) & 8191) - 4096
                up = ((entry >> 19) & 8191) - 4096
                if lo >= beta:
                    return lo
                if up <= alpha:
                    return up
                if lo == up:
                    return lo
                if lo > alpha:
                    alpha = lo
                if up < beta:
                    beta = up
                entry = (entry >> 8) & 2047  # the best move found before
            else:
                lo, up = -INF, INF
            visited += 1
            if not visited & 0xFFFF:
                solver.visited = visited
                if solver.progress is not None:
                    solver.progress(visited)
            # moves: (card << 1) | (1 for mod); best from the table first, then mods by points, then adds
            moves = modmoves.get((mm << 16 | m) << 6 | top)
            if moves is None:
                moves = mods(mm, m, top)
            moves = moves[0] + addmoves[ma] + moves[1]
            if entry and entry != moves[0] and entry in moves:
                c = moves.index(entry)
                moves = (entry,) + moves[:c] + moves[c + 1:]
            if left in vary:  # a helper process: the second player's replies in the other order
                moves = moves[::-1]
            if left >= ETC_MIN and table is not None:
                for mv in moves:
                    c = mv >> 1
                    if mv & 1:
                        r = m % c
                        v = r - upper(oa, om, ma, mm & ~(1 << (c - 1)), r)
                    else:
                        v = -upper(oa, om, ma & ~(1 << (c - 1)), mm, m + c)
                    if v >= beta:
                        solver.etc += 1
                        return v
            best, entry, a = -INF, 0, alpha
            left -= 1
            for mv in moves:
                c = mv >> 1
                if mv & 1:
                    r = m % c
                    v = r - search(oa, om, ma, mm & ~(1 << (c - 1)), r, r - beta, r - a, left)
                else:
                    v = -search(oa, om, ma & ~(1 << (c - 1)), mm, m + c, -beta, -a, left)
                if v > best:
                    best, entry = v, mv
                    if v > a:
                        a = v
                        if a >= beta:
                            break
            # store what this window proved
            if best <= alpha:
                up = best
            elif best >= beta:
                lo = best
            else:
                lo = up = best
            put(key, b, ((((lo if lo > -4095 else -4095) + 4096) << 32) | (((up if up < 4095 else 4095) + 4096) << 19)
                         | (entry << 8) | (left + 1)))
            return best

        def run(*args):
            nonlocal visited
            visited = solver.visited
            try:
                if args[-1] < FRESH_MIN:
                    return search(*args)
                return fresh_stack(search, *args)
            finally:
                solver.visited = visited

        self._run, self._small = run, small
