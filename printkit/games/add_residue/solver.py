"""Exact two-player play of Add/Residue: alpha-beta negamax with a bounds table.

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
- Bounds from the piles: the mover scores at most min(c-1, M) per mod card
  left, and so does the other player; the last few cards are played out
  without the table.
- Bounds from copying: with the same cards as the mover, the other player can
  answer every move with the same card and score the same (value <= 0); with
  one card more than the other player, the mover can play it and then copy
  (value >= what that card scores now).
- Move order: the table's best move, then mod moves that score at least half
  their card, then adds from the smallest, then the other mods.
"""

from __future__ import annotations

from dataclasses import dataclass

INF = 10**6
EXACT_MAX_N = 7  # beyond this an exact search from the first move is out of reach


@dataclass(frozen=True)
class Move:
    pile: str  # "add" or "mod"
    c: int

    def __str__(self) -> str:
        return f"{self.pile} {self.c}"


def apply(m: int, move: Move) -> tuple[int, int]:
    """(new m, points scored by the mover)."""
    if move.pile == "add":
        return m + move.c, 0
    r = m % move.c
    return r, r


class _Lazy(dict):
    """A table filled on first use."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def __missing__(self, key):
        value = self[key] = self.fn(key)
        return value


class Solver:
    """Exact values of two-player positions with piles drawn from 1..n."""

    def __init__(self, n: int):
        if not 1 <= n <= 52:
            raise ValueError("n must be 1 to 52")
        self.n = n
        self.full = (1 << n) - 1
        if n <= 12:  # every pile's cards and sum, indexed by the pile
            self.cards = [tuple(i + 1 for i in range(n) if mask >> i & 1) for mask in range(1 << n)]
            self.sums = [sum(cs) for cs in self.cards]
        else:  # too many piles to list: work them out as they come up
            self.cards = _Lazy(lambda mask: tuple(i + 1 for i in range(n) if mask >> i & 1))
            self.sums = _Lazy(lambda mask: sum(self.cards[mask]))
        self.mshift = (n * (n + 1)).bit_length()
        self.table: dict[int, int] = {}
        self.visited = 0  # positions searched (calls that were not answered by the table alone)

    # -- positions

    def canonical(self, ma: int, mm: int, oa: int, om: int, m: int) -> tuple[int, int]:
        """Mod piles with every card above M renamed to the top cards."""
        top = m + self.sums[ma] + self.sums[oa]
        if top < self.n:
            hi = self.full & ~((1 << top) - 1)
            k = (mm & hi).bit_count()
            mm = (mm & ~hi) | (self.full ^ (self.full >> k))
            k = (om & hi).bit_count()
            om = (om & ~hi) | (self.full ^ (self.full >> k))
        return mm, om

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

    def _search(self, ma: int, mm: int, oa: int, om: int, m: int, alpha: int, beta: int, last: int = 0) -> int:
        cards, sums, n, full = self.cards, self.sums, self.n, self.full
        left = (ma | mm).bit_count()
        if not left and not (ma | mm):
            return 0
        top = m + sums[ma] + sums[oa]
        if top < n:  # mod cards above every reachable m are all alike
            hi = full & ~((1 << top) - 1)
            k = (mm & hi).bit_count()
            mm = (mm & ~hi) | (full ^ (full >> k))
            k = (om & hi).bit_count()
            om = (om & ~hi) | (full ^ (full >> k))
        if ma.bit_count() + mm.bit_count() + oa.bit_count() + om.bit_count() <= 3:
            return self._small(ma, mm, oa, om, m)
        # what each side can still score at most
        if top >= n - 1:
            mine = sums[mm] - mm.bit_count()
            theirs = sums[om] - om.bit_count()
        else:
            mine = sum(min(c - 1, top) for c in cards[mm])
            theirs = sum(min(c - 1, top) for c in cards[om])
        lo_b, hi_b = -theirs, mine
        # copying: with the same piles, the other player can answer every move
        # with the same card and score exactly what the mover scores
        da, dm = ma ^ oa, mm ^ om
        if not (da | dm):
            if hi_b > 0:
                hi_b = 0
        elif not (da & oa) and not (dm & om) and (da | dm).bit_count() == 1:
            # one card more than the other player: play it, then copy
            gain = m % dm.bit_length() if dm else 0
            if lo_b < gain:
                lo_b = gain
        if hi_b <= alpha:
            return hi_b
        if lo_b >= beta:
            return lo_b
        if alpha < lo_b:
            alpha = lo_b
        if beta > hi_b:
            beta = hi_b
        shift = self.mshift
        key = ((((((ma << n) | mm) << n) | oa) << n | om) << shift) | m
        table = self.table
        entry = table.get(key)
        first = 0
        if entry is not None:
            lo = (entry >> 24) - 4096
            up = ((entry >> 11) & 8191) - 4096
            if lo >= beta:
                return lo
            if up <= alpha:
                return up
            if lo == up:
                return lo
            if lo > alpha:
                alpha_in = lo
            else:
                alpha_in = alpha
            if up < beta:
                beta_in = up
            else:
                beta_in = beta
            first = entry & 2047
        else:
            lo, up = -INF, INF
            alpha_in, beta_in = alpha, beta
        self.visited += 1
        a, b = alpha_in, beta_in
        # moves: (kind, card); best from the table first, then mods by points, then adds
        mods = cards[mm]
        order = []
        seen_big = False
        for c in mods:
            if c > top:
                if seen_big:
                    continue
                seen_big = True
            order.append((2 * (m % c) - c, c))
        order.sort(reverse=True)
        moves = [(c << 1) | 1 for r, c in order if r >= 0] + [c << 1 for c in cards[ma]] + [(c << 1) | 1 for r, c in order if r < 0]
        if first and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        best, best_move = -INF, 0
        search = self._search
        for mv in moves:
            c = mv >> 1
            bit = 1 << (c - 1)
            if mv & 1:
                r = m % c
                v = r - search(oa, om, ma, mm & ~bit, r, r - b, r - a, mv)
            else:
                v = -search(oa, om, ma & ~bit, mm, m + c, -b, -a, mv)
            if v > best:
                best, best_move = v, mv
                if v > a:
                    a = v
                    if a >= b:
                        break
        # store what this window proved
        if best <= alpha_in:
            up = best
        elif best >= beta_in:
            lo = best
        else:
            lo = up = best
        lo_s = max(lo, -4095)
        up_s = min(up, 4095)
        table[key] = ((lo_s + 4096) << 24) | ((up_s + 4096) << 11) | best_move
        return best

    def _small(self, ma: int, mm: int, oa: int, om: int, m: int) -> int:
        """Plain negamax for the last few cards."""
        if not (ma | mm):
            return 0
        best = -INF
        for c in self.cards[ma]:
            v = -self._small(oa, om, ma & ~(1 << (c - 1)), mm, m + c)
            if v > best:
                best = v
        for c in self.cards[mm]:
            r = m % c
            v = r - self._small(oa, om, ma, mm & ~(1 << (c - 1)), r)
            if v > best:
                best = v
        return best


def start(n: int) -> tuple[int, int, int, int, int]:
    full = (1 << n) - 1
    return full, full, full, full, 0


def plain_value(ma: int, mm: int, oa: int, om: int, m: int) -> int:
    """Full game-tree search with no table and no pruning (for checking the solver)."""
    best = None
    for pile in ("add", "mod"):
        mask = ma if pile == "add" else mm
        c = 1
        while mask >> (c - 1):
            if mask >> (c - 1) & 1:
                bit = 1 << (c - 1)
                if pile == "add":
                    v = -plain_value(oa, om, ma & ~bit, mm, m + c)
                else:
                    v = m % c - plain_value(oa, om, ma, mm & ~bit, m % c)
                if best is None or v > best:
                    best = v
            c += 1
    return 0 if best is None else best
