"""The solo bot's walk (moves.py, cafes.py): the shoppers' walk as ``path.walk`` finds it, with the same
legs and the same floating-point sums added in the same order, but kept as bit masks and plain lists so
that a store changed in a few spaces is valued from the walk before the change.

A store is given as ``masks`` (``Floor.masks()``), ``vals`` (the bot's value of entering each space),
the entrance and exit spaces ``e`` and ``x``, ``shut`` (a wall without a doorway across either) and
``cafes`` (each cafeteria's spaces as a bit mask, by name in name order).

Why the shortcuts give the same answer:
  * a leg depends only on the spaces on its shortest paths (``LegSearch.on``) and the steps between them:
    a change elsewhere (a value, or a step closed that is not such a step) leaves it as it is, and a change
    of values alone leaves every distance as it is, so only the dynamic programme is run again, from the
    first layer that changed (``revalue``);
  * float addition is monotone, so the best sum over tied paths is the same whichever spaces the
    programme visits (``_prune`` keeps some of them);
  * closing steps only lengthens ways, and opening one changes nothing the walk uses unless a way
    through it is as short as a leg (``door_test``).
"""

from __future__ import annotations

from .masks import layers
from .spaces import ALL, N, SPACES

FAR = 10 ** 6  # further than every distance
NEG = float("-inf")  # below every value


class LegSearch:
    """One leg as the bot searches it (``path.Leg`` is a leg of the walk as found): from its sources
    (``src``) to the nearest of its ``targets``, the spaces on shortest paths to the targets reached
    (``on``, by breadth-first layer; ``onall`` all of them), the best value collected on reaching each
    (``acc``), its parent there, the leg's value and the target it ends on; ``entry``: the entrance for a
    first leg (it starts with the entrance's own value), else -1."""

    __slots__ = ("src", "targets", "on", "onall", "acc", "parent", "val", "end", "entry")

    def path(self) -> list[int]:
        """The spaces entered after the start, in order (as ``fast_leg`` gives them)."""
        out = [self.end]
        parent = self.parent
        for _ in range(len(self.on) - 1):
            out.append(parent[out[-1]])
        out.reverse()
        return out


def _dp(leg: LegSearch, masks, vals, k0: int) -> None:
    """The best value and parent of every space of ``leg.on`` from layer ``k0`` on; then its end."""
    n_, e_, s_, w_ = masks
    on, acc, parent = leg.on, leg.acc, leg.parent
    if k0 == 0:
        if leg.entry >= 0:
            acc[leg.entry] = vals[leg.entry]
        k0 = 1
    prev = on[k0 - 1]
    for k in range(k0, len(on)):
        g = on[k]
        if not prev & (prev - 1):  # one space in the layer before: the parent of all
            p = prev.bit_length() - 1
            a = acc[p]
            prev = g
            if not g & (g - 1):
                v = g.bit_length() - 1
                acc[v] = a + vals[v]
                parent[v] = p
                continue
            while g:
                low = g & -g
                v = low.bit_length() - 1
                g ^= low
                acc[v] = a + vals[v]
                parent[v] = p
            continue
        fn = ((prev & s_) << N) & g
        fw = ((prev & e_) << 1) & g
        fe = ((prev & w_) >> 1) & g
        fs = ((prev & n_) >> N) & g
        prev = g
        while g:
            low = g & -g
            v = low.bit_length() - 1
            g ^= low
            # the parents in increasing order (v - 7, v - 1, v + 1, v + 7): the first best one wins
            if fn & low:
                best, par = acc[v - N], v - N
            else:
                best = NEG
            if fw & low and acc[v - 1] > best:
                best, par = acc[v - 1], v - 1
            if fe & low and acc[v + 1] > best:
                best, par = acc[v + 1], v + 1
            if fs & low and acc[v + N] > best:
                best, par = acc[v + N], v + N
            acc[v] = best + vals[v]
            parent[v] = par
    g = on[-1]
    if not g & (g - 1):
        end = g.bit_length() - 1
    else:
        end = -1
        while g:  # ties: the lowest target (taken first)
            low = g & -g
            t = low.bit_length() - 1
            g ^= low
            if end < 0 or acc[t] > acc[end]:
                end = t
    leg.end = end
    leg.val = acc[end]


def _leg(masks, vals, lay: list[int], targets: int, entry: int) -> LegSearch:
    """The leg whose breadth-first layers ``lay`` end on the first layer meeting ``targets``; its
    sources (``lay[0]``) start with 0 collected, or the entrance ``entry`` with its own value."""
    n_, e_, s_, w_ = masks
    d = len(lay) - 1
    on = [0] * (d + 1)
    on[d] = g = lay[d] & targets
    onall = g
    for k in range(d - 1, -1, -1):
        g = (((g & n_) >> N) | ((g & s_) << N) | ((g & e_) << 1) | ((g & w_) >> 1)) & lay[k]
        on[k] = g
        onall |= g
    leg = LegSearch()
    leg.src, leg.targets, leg.on, leg.onall, leg.entry = lay[0], targets, on, onall, entry
    leg.acc, leg.parent = [0] * SPACES, [0] * SPACES
    _dp(leg, masks, vals, 0)
    return leg


class Way:
    """A walk as the bot weighs it: ``ok``, ``score``, ``length``, ``region`` (every space it depends
    on, as ``walk``'s region), the legs of each order of the cafeterias tried (``orders``) and of the
    one taken (``legs``)."""

    __slots__ = ("ok", "score", "length", "region", "orders", "legs")

    def entries(self) -> list[int]:
        out = [self.legs[0].path()[0]] if self.legs else []
        for leg in self.legs:
            out += leg.path()[1:]
        return out

    def visits(self, spaces: int) -> dict[int, int]:
        """How many times the walk enters each space of the mask ``spaces`` that it enters at all."""
        out: dict[int, int] = {}
        for i, leg in enumerate(self.legs):
            if not leg.onall & spaces:
                continue
            v, parent = leg.end, leg.parent
            for _ in range(len(leg.on) - 1):
                if spaces >> v & 1:
                    out[v] = out.get(v, 0) + 1
                v = parent[v]
            if i == 0 and spaces >> v & 1:  # the entrance space, entered from outside
                out[v] = out.get(v, 0) + 1
        return out

    def weigh(self, coins: int, step: float, coin: float) -> float:
        """``simulate.weigh`` (the same sums, in the same order)."""
        if not self.ok:
            return -100.0 + coin * coins
        return self.score + step * self.length + coin * coins


def _shut() -> Way:
    w = Way()
    w.ok, w.score, w.length, w.region, w.orders, w.legs = False, 0, 0, ALL, [], []
    return w


def way(masks, vals, e: int, x: int, shut: bool, cafes: dict[str, int], old: Way | None = None, steps=(),
        changed: int = 0) -> Way:
    """The walk of ``path.walk``: entrance, the nearest reachable cafeteria, the other, the exit.  With
    ``old``, the walk of the store before the steps ``steps`` closed and the values of ``changed``
    changed: a leg from a cafeteria that none of them touches is taken from it (see ``update``)."""
    if shut:
        return _shut()
    n_, e_, s_, w_ = masks
    f = seen = 1 << e
    lay = [f]
    near: dict[str, int] = {}
    k = 0
    xd = 0 if e == x else -1
    left = 0  # the cafeterias' spaces not met yet
    for bits in cafes.values():
        left |= bits
    if f & left:
        for name, bits in cafes.items():
            if f & bits:
                near[name] = 0
                left &= ~bits
    while xd < 0 or left:
        f = (((f & n_) >> N) | ((f & s_) << N) | ((f & e_) << 1) | ((f & w_) >> 1)) & ~seen
        if not f:
            break
        seen |= f
        lay.append(f)
        k += 1
        if xd < 0 and f >> x & 1:
            xd = k
        if f & left:
            for name, bits in cafes.items():
                if f & bits and name not in near:
                    near[name] = k
                    left &= ~bits
    if xd < 0:
        return _shut()
    keys = sorted(near, key=lambda k: (near[k], k))
    orders = [keys]
    if len(keys) == 2 and near[keys[0]] == near[keys[1]]:
        orders.append(keys[::-1])
    w = Way()
    w.ok, w.orders = True, []
    region = 0
    for order in orders:
        legs = []
        if order:
            first = _leg(masks, vals, lay[:near[order[0]] + 1], cafes[order[0]], e)
        else:
            first = _leg(masks, vals, lay[:xd + 1], 1 << x, e)
        legs.append(first)
        for i, name in enumerate(order):
            goal = cafes[order[i + 1]] if i + 1 < len(order) else 1 << x
            leg = _kept(old, cafes[name], goal, masks, vals, steps, changed) if old else None
            legs.append(leg or _leg(masks, vals, layers(masks, cafes[name], goal), goal, -1))
        for leg in legs:
            region |= leg.onall
        w.orders.append(legs)
    w.region = region
    _choose(w)
    return w


def _choose(w: Way) -> None:
    """The order taken (the first unless the other scores more) and its score and length."""
    totals = []
    for legs in w.orders:
        total = 0
        for leg in legs:
            total += leg.val
        totals.append(total)
    i = 1 if len(totals) == 2 and totals[1] > totals[0] else 0
    w.legs = w.orders[i]
    w.score = totals[i]
    w.length = sum(len(leg.on) - 1 for leg in w.legs)


def revalue(w: Way, masks, vals, changed: int) -> Way:
    """The walk after the values of the spaces in ``changed`` changed (and nothing else that any leg
    steps through, the walk still ``connected``): each leg those spaces are on runs its programme
    again from the first layer they are on."""
    if not changed & w.region:
        return w
    return update(w, masks, vals, (), changed)


def update(w: Way, masks, vals, steps, changed: int) -> Way | None:
    """The walk after the steps ``(a, b)`` (neighbouring spaces) closed and the values of the spaces in
    ``changed`` changed: a leg that stepped along a closed step keeps the shortest paths that avoid it
    (``_prune``) or, if none is left, is found again; a leg that counts a changed space runs its
    programme again from the first layer that has one; the rest are kept.  None when a first leg gets
    longer (the cafeterias' order may change), a leg finds no way any more or the walk is not
    ``connected`` any more: the whole walk must be found again."""
    if not w.ok:  # closing steps opens no way; values do not matter
        return w
    if steps and not connected(w, masks):
        return None
    out = Way()
    out.ok, out.orders = True, []
    region = 0
    for legs in w.orders:
        new = []
        for i, leg in enumerate(legs):
            k = _steps_on(leg, steps) if steps else 0
            if k:
                got = _prune(leg, masks, vals, k, changed)
                if got is None:  # the leg is longer now
                    if i == 0:
                        return None
                    lay = layers(masks, leg.src, leg.targets)
                    if lay is None:
                        return None
                    got = _leg(masks, vals, lay, leg.targets, -1)
                leg = got
            elif leg.onall & changed:
                leg = _redo(leg, masks, vals, changed)
            region |= leg.onall
            new.append(leg)
        out.orders.append(new)
    out.region = region
    _choose(out)
    return out


def _prune(leg: LegSearch, masks, vals, k0: int, changed: int) -> LegSearch | None:
    """``leg`` after steps it steps along into layer ``k0`` and later closed (``masks``; the values
    ``vals``), if some of its shortest paths avoid them: its length stays, and its shortest paths are
    the old ones that avoid the steps (closing steps only lengthens ways), so its spaces are those,
    found layer by layer forward from the sources and back from the targets, and the programme runs
    again from layer ``k0`` (or the first with a changed space).  None if every shortest path used a
    closed step."""
    n_, e_, s_, w_ = masks
    on = leg.on
    d = len(on) - 1
    fwd = on[:k0] + [0] * (d + 1 - k0)  # the layers before the first closed step stay as they were
    g = on[k0 - 1]
    for k in range(k0, d + 1):
        g = (((g & n_) >> N) | ((g & s_) << N) | ((g & e_) << 1) | ((g & w_) >> 1)) & on[k]
        if not g:
            return None
        fwd[k] = g
    new = [0] * (d + 1)
    new[d] = g
    onall = g
    for k in range(d - 1, -1, -1):
        g = (((g & n_) >> N) | ((g & s_) << N) | ((g & e_) << 1) | ((g & w_) >> 1)) & fwd[k]
        new[k] = g
        onall |= g
    if changed & onall:
        k = 0
        while k < k0 and not new[k] & changed:
            k += 1
        k0 = k
    out = LegSearch()
    out.src, out.targets, out.on, out.onall, out.entry = leg.src, leg.targets, new, onall, leg.entry
    out.acc, out.parent = leg.acc[:], leg.parent[:]
    _dp(out, masks, vals, k0)
    return out


def _redo(leg: LegSearch, masks, vals, changed: int) -> LegSearch:
    """``leg`` with its programme run again from the first layer holding a space of ``changed``."""
    k0 = 0
    while not leg.on[k0] & changed:
        k0 += 1
    out = LegSearch()
    out.src, out.targets, out.on, out.onall, out.entry = leg.src, leg.targets, leg.on, leg.onall, leg.entry
    out.acc, out.parent = leg.acc[:], leg.parent[:]
    _dp(out, masks, vals, k0)
    return out


def _kept(old: Way, src: int, targets: int, masks, vals, steps, changed: int) -> LegSearch | None:
    """The leg of ``old`` from ``src`` to ``targets`` (not a first leg) if no closed step touches it."""
    for legs in old.orders:
        for leg in legs[1:]:
            if leg.src == src and leg.targets == targets:
                if steps and _steps_on(leg, steps):
                    return None
                return _redo(leg, masks, vals, changed) if leg.onall & changed else leg
    return None


def connected(w: Way, masks) -> bool:
    """Whether, with the open steps ``masks``, the entrance still reaches the exit and each cafeteria the
    walk ``w`` visits step by step (``path.walk`` asks that first; a leg may start from either space of
    a cafeteria).  At once when every such cafeteria's two spaces are joined by an open step (the legs,
    each of which the caller sees still has a way, then make such a walk), else by a sweep from the
    entrance."""
    e_, s_ = masks[1], masks[2]
    legs = w.orders[0]
    for leg in legs[1:]:
        a = leg.src & -leg.src
        rest = leg.src ^ a
        if rest and not (rest == a << 1 and e_ & a or rest == a << N and s_ & a):
            break
    else:
        return True
    seen = _reach(masks, 1 << legs[0].entry)
    return all(seen & leg.src for leg in legs[1:]) and bool(seen & legs[-1].targets)


def _reach(masks, src: int) -> int:
    """Every space reached from the spaces of ``src``."""
    n_, e_, s_, w_ = masks
    f = seen = src
    while f:
        f = (((f & n_) >> N) | ((f & s_) << N) | ((f & e_) << 1) | ((f & w_) >> 1)) & ~seen
        seen |= f
    return seen


def _steps_on(leg: LegSearch, steps) -> int:
    """The first layer that one of the steps ``(a, b)`` leads into along the leg's shortest paths (a
    layer is never 0), or 0 if the leg steps along none of them."""
    onall = leg.onall
    first = 0
    for a, b in steps:
        if onall >> a & 1 and onall >> b & 1:
            on = leg.on
            for k in range(len(on) - 1 if not first else first - 1):
                if (on[k] >> a & 1 and on[k + 1] >> b & 1) or (on[k] >> b & 1 and on[k + 1] >> a & 1):
                    first = k + 1
                    break
    return first
