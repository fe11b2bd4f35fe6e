"""The solo bot's cafeterias (simulate.py): every placement of a cafeteria summed at once, exactly, in
hundredths of a point, from a few programmes over the whole store; the floats ``path.walk`` sums only
for the placements that tie.  Exact sums order two placements as the floats do whenever they differ
(they differ by 0.01 or more, the floats from them by at most 1e-12)."""

from __future__ import annotations

from . import bot
from .moves import COIN, H_COIN, H_STEP, IVALS, PAIRS, STEP_GAIN, Solo, Store, bits, hundredths
from .path import Floor
from .spaces import N, SPACES
from .record import Turn

LOW = -(10 ** 9)  # below every sum


class Cafes:
    """Every cafeteria placement of a turn valued exactly (``exact``: hundredths of a point), in the order
    the bot weighs them; ``best()`` the one the bot takes (the first of the best by the floats ``path.walk``
    sums, which only exactly tied placements need)."""

    def __init__(self, g: Solo, st: Store, base: bot.Way):
        self.g, self.st, self.base = g, st, base
        self.name = f"C{g.cafes + 1}"
        self.pairs = [(s, t) for s, t in PAIRS if st.empty >> s & 1 and st.empty >> t & 1]
        self.floats: dict[int, float] = {}
        coins = H_COIN * g.coins
        if g.remembered is not None:
            self.exact = [hundredths(self.remember(i)) for i in range(len(self.pairs))]
            return
        if not base.ok:  # no walk with any cafeteria: all the same, the first taken
            self.exact = [-10000 + coins] * len(self.pairs)
            self.floats = {i: base.weigh(g.coins, STEP_GAIN, COIN) for i in range(len(self.pairs))}
            return
        ivals = [IVALS[v] for v in st.vals]
        cafe = [s for s in range(SPACES) if st.cafes["C1"] >> s & 1] if st.cafes else None
        here = hundredths(base.score) + H_STEP * base.length
        self.exact = cafe_sums(st.masks, ivals, st.e, st.x, cafe, self.pairs, H_STEP, here)
        for i, v in enumerate(self.exact):
            if v is None:  # the floats choose the order of the cafeterias: walk it
                self.floats[i] = self.weighed(i)
                self.exact[i] = hundredths(self.floats[i]) - coins
        self.exact = [v + coins for v in self.exact]

    def walked(self, i: int) -> bot.Way:
        s, t = self.pairs[i]
        st = self.st
        vals = list(st.vals)
        vals[s] = vals[t] = 0
        cafes = dict(sorted({**st.cafes, self.name: (1 << s) | (1 << t)}.items()))
        return st.way(vals=vals, cafes=cafes)

    def weighed(self, i: int) -> float:
        return self.walked(i).weigh(self.g.coins, STEP_GAIN, COIN)

    def remember(self, i: int) -> float:
        """The placement's value from its walk remembered since an earlier turn, or walked now and
        remembered (as the bot always did; see ``forget``)."""
        got = self.g.remembered.get(self.pairs[i])
        if got is None:
            w = self.walked(i)
            got = self.g.remembered[self.pairs[i]] = (w, w.region)
        self.floats[i] = got[0].weigh(self.g.coins, STEP_GAIN, COIN)
        return self.floats[i]

    def top(self) -> int:
        return max(self.exact)

    def best(self) -> tuple[float, Floor, Turn]:
        top = self.top()
        best = None
        for i, v in enumerate(self.exact):
            if v == top:
                f = self.floats.get(i)
                if f is None:
                    f = self.floats[i] = self.weighed(i)
                if best is None or f > best[0]:
                    best = (f, i)
        v, i = best
        s, t = self.pairs[i]
        nb = self.g.floor.copy()
        nb.grid[s] = nb.grid[t] = self.name
        return v, nb, Turn("", [], "cafe", [s, t])


def apart(st: Store) -> bool:
    """Whether the store's first cafeteria has a wall between its two spaces."""
    c = st.cafes.get("C1", 0)
    a = c & -c
    return bool(c) and not (c ^ a == a << 1 and st.masks[1] & a or c ^ a == a << 7 and st.masks[2] & a)


def forget(g: Solo, turn: Turn, before: Floor) -> None:
    """Drop the remembered cafeteria walks that the turn just played may have changed: all of them after
    a cafeteria or a doorway (a new opening may shorten any walk), else those whose walk depends on a
    space the turn put a tile or a wall on.

    This is how the bot valued cafeterias before bot.py (every turn, a walk remembered while no change
    touched its spaces), and the same as walking afresh while each cafeteria's two spaces are joined by
    an open step (see ``bot.connected``); once the first cafeteria's are walled apart, a change elsewhere
    may cut the entrance off from the exit and leave a remembered walk as it was: the bot then
    remembers as it did."""
    if turn.kind != "tile" or (turn.bonus and turn.bonus[0] == "door"):
        g.remembered.clear()
        return
    changed = bits(s for s in range(SPACES) if g.floor.grid[s] != before.grid[s])
    for (s, side), _ in g.floor.walls.items():
        if (s, side) not in before.walls:
            changed |= 1 << s
    g.remembered = {k: v for k, v in g.remembered.items() if not v[1] & changed}


def best_cafe(g: Solo) -> tuple[float, Floor, Turn] | None:
    """The best cafeteria placement, or None if none fits."""
    st = Store.of(g.floor)
    c = Cafes(g, st, st.way())
    return c.best() if c.pairs else None


def exact(masks, ivals, src: int, start: int | None) -> tuple[list[int], list[int], list[int]]:
    """From the spaces of ``src`` (each starting with ``start`` collected, or with its own value when
    ``start`` is None) along shortest paths: each space's distance (-1: not reached), the best exact
    sum collected on reaching it (``acc``, its own value included) and the best before it (``pre``; 0
    at a source)."""
    n_, e_, s_, w_ = masks
    dist, pre, acc = [-1] * SPACES, [0] * SPACES, [0] * SPACES
    f = seen = src
    while f:
        low = f & -f
        s = low.bit_length() - 1
        f ^= low
        dist[s] = 0
        acc[s] = ivals[s] if start is None else start
    f = src
    k = 0
    while True:
        g = (((f & n_) >> N) | ((f & s_) << N) | ((f & e_) << 1) | ((f & w_) >> 1)) & ~seen
        if not g:
            return dist, pre, acc
        seen |= g
        k += 1
        if not f & (f - 1):  # one space in the layer before
            best = acc[f.bit_length() - 1]
            f = g
            while g:
                low = g & -g
                v = low.bit_length() - 1
                g ^= low
                dist[v] = k
                pre[v] = best
                acc[v] = best + ivals[v]
            continue
        fn = ((f & s_) << N) & g
        fw = ((f & e_) << 1) & g
        fe = ((f & w_) >> 1) & g
        fs = ((f & n_) >> N) & g
        f = g
        while g:
            low = g & -g
            v = low.bit_length() - 1
            g ^= low
            best = acc[v - N] if fn & low else LOW
            if fw & low and acc[v - 1] > best:
                best = acc[v - 1]
            if fe & low and acc[v + 1] > best:
                best = acc[v + 1]
            if fs & low and acc[v + N] > best:
                best = acc[v + N]
            dist[v] = k
            pre[v] = best
            acc[v] = best + ivals[v]


def cafe_sums(masks, ivals, e: int, x: int, cafe: list[int] | None, pairs, step: int, here: int) -> list:
    """For a store with at most one cafeteria (``cafe``: its spaces, or None) and a walk, the exact value
    (score + ``step`` x length) of the walk with a new cafeteria on each pair of empty neighbouring
    spaces in ``pairs``: ``here`` for a pair out of reach (the walk skips it), None where the cafeterias
    are equally near and both orders score the same with different lengths (the floats choose).

    A leg to or from the new cafeteria is read off a programme from the entrance, the exit or the old
    cafeteria (the nearer of its two spaces; a leg never passes the far one, nor does the first leg
    pass the other cafeteria); the leg from the old cafeteria to the exit after it may pass the new
    one, whose spaces then count 0: its best is the best way through either or both."""
    dE, preE, accE = exact(masks, ivals, 1 << e, None)
    dX, preX, _ = exact(masks, ivals, 1 << x, None)  # a source's pre is 0: the legs from it are worth 0
    c = None
    if cafe is not None and any(dE[a] >= 0 for a in cafe):
        cb = sum(1 << a for a in cafe)
        dC, preC, accC = exact(masks, ivals, cb, 0)
        live = [a for a in cafe if dE[a] >= 0]
        nearC = min(dE[a] for a in live)
        eC = max(accE[a] for a in live if dE[a] == nearC)  # e -> C1 (a cafeteria space is worth 0)
        D = min(dX[a] for a in live)
        cX = max(preX[a] for a in live if dX[a] == D)  # C1 -> x
        c = True
    out = []
    for s, t in pairs:
        a, b = dE[s], dE[t]
        if a < 0:
            out.append(here)
            continue
        if a < b:  # e -> the new cafeteria
            d1, l1 = a, preE[s]
        elif b < a:
            d1, l1 = b, preE[t]
        else:
            d1, l1 = a, max(preE[s], preE[t])
        a, b = dX[s], dX[t]
        if a < b:  # the new cafeteria -> x
            d2, l2 = a, preX[s]
        elif b < a:
            d2, l2 = b, preX[t]
        else:
            d2, l2 = a, max(preX[s], preX[t])
        if c is None:
            out.append(l1 + l2 + step * (d1 + d2))
            continue
        a, b = dC[s], dC[t]
        if a < b:  # C1 -> the new one, or back: the same spaces between
            dCN, lCN = a, preC[s]
        elif b < a:
            dCN, lCN = b, preC[t]
        else:
            dCN, lCN = a, max(preC[s], preC[t])
        one = two = None
        if nearC <= d1:  # C1 first
            one = eC + lCN + l2 + step * (nearC + dCN + d2)
        if d1 <= nearC:  # the new one first; then C1 -> x, perhaps through it
            best = cX
            for u in (s, t):
                if dC[u] + dX[u] == D:
                    best = max(best, accC[u] - ivals[u] + preX[u])
            for u, v in ((s, t), (t, s)):
                if dC[v] == dC[u] + 1 and dC[v] + dX[v] == D and dC[u] + dX[u] == D:
                    best = max(best, accC[u] - ivals[u] + preX[v])
            two = l1 + lCN + best + step * (d1 + dCN + D)
            scores = (eC + lCN + l2, l1 + lCN + best)
        if one is None:
            out.append(two)
        elif two is None:
            out.append(one)
        elif scores[0] != scores[1]:
            out.append(one if scores[0] > scores[1] else two)
        else:
            out.append(one if one == two else None)
    return out
