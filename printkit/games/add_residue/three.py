"""Three players: what each seat can make sure of scoring, however the other two play.

With three players the game is no longer one player's gain against the other's, so
"perfect play" needs a choice.  printkit answers the question with no ties to break:
a seat's *guaranteed points* are the most it can be sure of scoring from the first move
to the last when the other two play together against it (a two-sided game: the seat
maximises its own points, the others minimise them).  The seat that can guarantee more
than each of the others has the advantage.

The search is alpha-beta over positions (every seat's add and mod piles, m, who moves),
with a table of lower and upper bounds per position, the same renaming of mod cards that
can no longer reduce m as the two-player solver, and the bound "a seat scores at most
min(c - 1, M) per mod card left" (M: the highest m still reachable).

``plain_points`` is the same question answered by a full game-tree search with no table,
no pruning and no renaming (for checking, tiny n only).
"""

from __future__ import annotations

INF = 10**6
SEATS = 3
MAX_N = 4  # beyond this the three-player search takes minutes


class Three:
    """Guaranteed points of one seat in the three-player game with piles 1..n."""

    def __init__(self, n: int, seat: int):
        if not 1 <= n <= 12:
            raise ValueError("n must be 1 to 12")
        self.n, self.seat = n, seat
        self.full = full = (1 << n) - 1
        self.cards = [tuple(i + 1 for i in range(n) if mask >> i & 1) for mask in range(1 << n)]
        self.sums = [sum(cs) for cs in self.cards]
        self.count = [len(cs) for cs in self.cards]
        self.his = [full & ~((1 << top) - 1) for top in range(n)]
        self.tops = [full ^ (full >> k) for k in range(n + 1)]
        self.mshift = (SEATS * n * (n + 1) // 2).bit_length()
        self.table: dict[int, tuple[int, int]] = {}
        self.visited = 0

    def points(self) -> int:
        full = self.full
        piles = (full,) * (2 * SEATS)
        return self._search(piles, 0, 0, -INF, INF)

    def _search(self, piles: tuple, m: int, mover: int, alpha: int, beta: int) -> int:
        n, seat = self.n, self.seat
        if not (piles[2 * mover] | piles[2 * mover + 1]):
            return 0  # the mover has no cards: every seat has played its last (seats move in turn)
        top = m + self.sums[piles[0]] + self.sums[piles[2]] + self.sums[piles[4]]
        if top < n:  # mod cards above every reachable m are all alike: the top cards of the pile
            hi, tops, count = self.his[top], self.tops, self.count
            piles = tuple(p if i % 2 == 0 else (p & ~hi) | tops[count[p & hi]] for i, p in enumerate(piles))
        mine = sum(min(c - 1, top) for c in self.cards[piles[2 * seat + 1]])
        if mine <= alpha:
            return mine
        if beta > mine:
            beta = mine
        if alpha < 0:
            alpha = 0
        if alpha >= beta:
            return alpha
        key = m | mover << self.mshift
        for p in piles:
            key = key << n | p
        lo, up = self.table.get(key, (0, INF))
        if lo >= beta:
            return lo
        if up <= alpha:
            return up
        a, b = max(alpha, lo), min(beta, up)
        self.visited += 1
        mine_turn = mover == seat
        best = -INF if mine_turn else INF
        nxt = (mover + 1) % SEATS
        seen_big = False
        ma, mm = piles[2 * mover], piles[2 * mover + 1]
        moves = [(c, True) for c in self.cards[mm]] + [(c, False) for c in self.cards[ma]]
        for c, is_mod in moves:
            bit = 1 << (c - 1)
            new = list(piles)
            if is_mod:
                if c > top:  # all alike: try one
                    if seen_big:
                        continue
                    seen_big = True
                new[2 * mover + 1] = mm & ~bit
                r = m % c
                gain = r if mine_turn else 0
                v = gain + self._search(tuple(new), r, nxt, a - gain, b - gain)
            else:
                new[2 * mover] = ma & ~bit
                v = self._search(tuple(new), m + c, nxt, a, b)
            if mine_turn:
                if v > best:
                    best = v
                    if v > a:
                        a = v
                        if a >= b:
                            break
            else:
                if v < best:
                    best = v
                    if v < b:
                        b = v
                        if a >= b:
                            break
        lo0, up0 = lo, up
        if best <= max(alpha, lo0):
            up = min(up0, best)
        elif best >= min(beta, up0):
            lo = max(lo0, best)
        else:
            lo = up = best
        self.table[key] = (lo, up)
        return best


def guaranteed(n: int) -> tuple[list[int], int]:
    """(each seat's guaranteed points, positions searched) in the three-player game with piles 1..n."""
    out, visited = [], 0
    for seat in range(SEATS):
        t = Three(n, seat)
        out.append(t.points())
        visited += t.visited
    return out, visited


def advantage(points: list[int]) -> bool:
    """Does the first seat guarantee more than each of the others?"""
    return points[0] > max(points[1:])


def plain_points(n: int, seat: int) -> int:
    """The same guaranteed points by a full game-tree search (tiny n only)."""
    full = tuple(range(1, n + 1))

    def go(piles: list, m: int, mover: int) -> int:
        add, mod = piles[mover]
        if not add and not mod:
            return 0
        vals = []
        for c in add:
            nxt = [list(p) for p in piles]
            nxt[mover] = (tuple(x for x in add if x != c), mod)
            vals.append(go(nxt, m + c, (mover + 1) % SEATS))
        for c in mod:
            nxt = [list(p) for p in piles]
            nxt[mover] = (add, tuple(x for x in mod if x != c))
            r = m % c
            vals.append((r if mover == seat else 0) + go(nxt, r, (mover + 1) % SEATS))
        return max(vals) if mover == seat else min(vals)

    return go([(full, full) for _ in range(SEATS)], 0, 0)
