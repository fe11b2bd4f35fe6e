"""The shoppers' walk through a store (``spaces.Board``).

The walk goes entrance -> nearest reachable cafeteria -> (from either of its
spaces) the other cafeteria -> (from either of its spaces) the exit.  Each leg
is a shortest path; among the tied shortest paths the best one is found by
dynamic programming over the shortest-path DAG (breadth-first layers), so the
number of tied paths never matters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .spaces import ALL, N, SPACES, Board, name

@dataclass
class Leg:
    start: int  # the space the leg starts in (already counted)
    spaces: list[int]  # the spaces entered, in order
    value: int
    goal: str  # 'cafeteria C1', 'the exit'


@dataclass
class Walk:
    score: int
    legs: list[Leg]
    reason: str = ""  # why there is no path, or which cafeteria was skipped
    skipped: list[str] = field(default_factory=list)
    tie: str = ""  # how a tie between equally near cafeterias was settled

    @property
    def ok(self) -> bool:
        return bool(self.legs)

    def entries(self) -> list[int]:
        return [s for leg in self.legs for s in leg.spaces]

    @property
    def length(self) -> int:
        """Steps walked inside the store (the entrance space is entered from outside)."""
        return max(0, len(self.entries()) - 1)


def distances(adj: list[tuple[int, ...]], sources) -> list[int]:
    dist = [-1] * SPACES
    frontier = sorted(set(sources))
    for s in frontier:
        dist[s] = 0
    k = 0
    while frontier:
        nxt = []
        for u in frontier:
            for v in adj[u]:
                if dist[v] < 0:
                    dist[v] = k + 1
                    nxt.append(v)
        frontier = sorted(nxt)
        k += 1
    return dist


def best_leg(adj, values, sources: dict[int, int], targets: set[int]) -> tuple[int, int, list[int], int] | None:
    """Best shortest path from any source to the nearest target.

    ``sources`` maps each start space to the value already collected there.
    Returns (length, value, spaces entered, start) or None when no target is
    reachable.  The best value among all tied shortest paths is exact: the
    breadth-first layers form a DAG and best[v] = values[v] + max best[u] over
    v's neighbours u in the previous layer (ties: the lowest-numbered u)."""
    lay = [-1] * SPACES
    acc = [0] * SPACES
    parent = [-1] * SPACES
    layer = sorted(sources)
    for s in layer:
        lay[s] = 0
        acc[s] = sources[s]
    k = 0
    while layer:
        hit = [t for t in layer if t in targets]
        if hit:
            end = max(hit, key=lambda t: (acc[t], -t))
            path = [end]
            while lay[path[-1]] > 0:
                path.append(parent[path[-1]])
            path.reverse()
            return k, acc[end], path[1:], path[0]
        k1 = k + 1
        nxt = []
        for u in layer:
            au = acc[u]
            for v in adj[u]:
                lv = lay[v]
                if lv < 0:
                    lay[v] = k1
                    acc[v] = au
                    parent[v] = u
                    nxt.append(v)
                elif lv == k1 and au > acc[v]:
                    acc[v] = au
                    parent[v] = u
        for v in nxt:
            acc[v] += values[v]
        nxt.sort()
        layer = nxt
        k = k1
    return None


def spread(f: int, masks: tuple[int, int, int, int]) -> int:
    """Every space one open step from a space of ``f``."""
    n_, e_, s_, w_ = masks
    return ((f & n_) >> N) | ((f & s_) << N) | ((f & e_) << 1) | ((f & w_) >> 1)


def layers_from(masks, sources: int) -> list[int]:
    """Breadth-first layers (bit masks) from the spaces of ``sources``, to the last reachable."""
    out = [sources]
    seen = f = sources
    while True:
        f = spread(f, masks) & ~seen
        if not f:
            return out
        seen |= f
        out.append(f)


def layers(masks, start: int, targets: int) -> list[int] | None:
    """The breadth-first layers from the spaces of ``start`` (a bit mask) to the first layer that
    meets ``targets``; None if no target can be reached."""
    n_, e_, s_, w_ = masks
    f = seen = start
    lay = [f]
    while not f & targets:
        f = (((f & n_) >> N) | ((f & s_) << N) | ((f & e_) << 1) | ((f & w_) >> 1)) & ~seen
        if not f:
            return None
        seen |= f
        lay.append(f)
    return lay


def fast_leg(masks, values, sources: dict[int, float], targets: int):
    """``best_leg`` on bit masks: the same answer (the same floating-point sums, the same tie-breaks),
    with the dynamic programme run only over the spaces on some shortest path to the nearest target.

    A space on a shortest path to the target has every shortest path to it on one too, so its best
    value and parent are the ones ``best_leg`` finds over the whole breadth-first search."""
    n_, e_, s_, w_ = masks
    f = 0
    for s in sources:
        f |= 1 << s
    lay = layers(masks, f, targets)
    if lay is None:
        return None
    f = lay[-1]
    d = len(lay) - 1
    hit = f & targets
    # the spaces on shortest paths to the hit targets, layer by layer, back from the targets
    on = [0] * (d + 1)
    on[d] = g = hit
    for k in range(d - 1, -1, -1):
        g = (((g & n_) >> N) | ((g & s_) << N) | ((g & e_) << 1) | ((g & w_) >> 1)) & lay[k]
        on[k] = g
    acc = [0] * SPACES
    for s in sources:
        acc[s] = sources[s]
    parent = [0] * SPACES
    for k in range(1, d + 1):
        prev = on[k - 1]
        g = on[k]
        while g:
            low = g & -g
            v = low.bit_length() - 1
            g ^= low
            best = None
            # the parents in increasing order (v - 7, v - 1, v + 1, v + 7): the first best one wins
            if v >= N and prev >> (v - N) & 1 and s_ >> (v - N) & 1:
                best, par = acc[v - N], v - N
            if v % N and prev >> (v - 1) & 1 and e_ >> (v - 1) & 1:
                a = acc[v - 1]
                if best is None or a > best:
                    best, par = a, v - 1
            if (v + 1) % N and prev >> (v + 1) & 1 and w_ >> (v + 1) & 1:
                a = acc[v + 1]
                if best is None or a > best:
                    best, par = a, v + 1
            if v + N < SPACES and prev >> (v + N) & 1 and n_ >> (v + N) & 1:
                a = acc[v + N]
                if best is None or a > best:
                    best, par = a, v + N
            acc[v] = best + values[v]
            parent[v] = par
    end = None
    g = hit
    while g:
        low = g & -g
        t = low.bit_length() - 1
        g ^= low
        if end is None or acc[t] > acc[end]:  # ties: the lowest t (taken first)
            end = t
    path = [end]
    for _ in range(d):
        path.append(parent[path[-1]])
    path.reverse()
    return d, acc[end], path[1:], path[0], on


def walk(board: Board, values: list[int] | None = None, adj=None, masks=None, region: list | None = None,
         cafes: dict[str, list[int]] | None = None) -> Walk:
    """The shoppers' walk and its score (SPEC rulings); score 0 when there is no path.

    ``masks``: the board's open steps (``Board.masks``) if already known.  ``region``: a list that
    gets the bit mask of every space the answer depends on (the spaces on shortest paths of every
    leg tried): a change to the board outside it (a tile, a wall on such a tile) leaves the walk as it is."""
    if values is None:
        values = board.values()
    if adj is not None and masks is None:  # the old interface: neighbour lists
        return _walk_lists(board, values, adj)
    if masks is None:
        masks = board.masks()
    ent, ext = board.entrance, board.exit
    if ent is None or ext is None:
        return Walk(0, [], "no entrance or exit drawn")
    for door, what in ((ent, "entrance"), (ext, "exit")):
        if not board.door_open(door):
            if region is not None:
                region.append(ALL)
            return Walk(0, [], f"a wall without a doorway lies across the {what} at {name(door[0])} {door[1]}")
    e, x = ent[0], ext[0]
    lay = layers_from(masks, 1 << e)
    reached = 0
    for f in lay:
        reached |= f
    if not reached >> x & 1:
        if region is not None:
            region.append(ALL)
        return Walk(0, [], f"the exit {name(x)} cannot be reached from the entrance {name(e)}")
    if cafes is None:
        cafes = board.cafeterias()
    reach = {k: v for k, v in cafes.items() if any(reached >> s & 1 for s in v)}
    skipped = [k for k in cafes if k not in reach]
    near = {}
    for k, v in reach.items():
        bits = sum(1 << s for s in v)
        near[k] = next(i for i, f in enumerate(lay) if f & bits)
    used = 0

    def leg(sources, goal):
        nonlocal used
        targets = sum(1 << s for s in reach[goal]) if goal != "exit" else 1 << x
        _, val, spaces, start, on = fast_leg(masks, values, sources, targets)  # all in the entrance's region
        for g in on:
            used |= g
        return val, spaces, start

    found = _best_order(reach, near, skipped, e, values, leg)
    if region is not None:
        region.append(used)
    return found


def _best_order(reach, near, skipped, e, values, leg) -> Walk:
    """The walk through the reachable cafeterias, nearest first (both orders when the two are equally
    near), each leg found by ``leg(sources, goal)`` -> (value, spaces, start)."""
    keys = sorted(reach, key=lambda k: (near[k], k))
    orders = [keys]
    if len(keys) == 2 and near[keys[0]] == near[keys[1]]:
        orders.append(keys[::-1])
    results = []
    for order in orders:
        legs: list[Leg] = []
        sources = {e: values[e]}
        total = 0
        for goal in order + ["exit"]:
            val, spaces, start = leg(sources, goal)
            if not legs:
                spaces = [e] + spaces  # the entrance space is entered from outside
            legs.append(Leg(start, spaces, val, f"cafeteria {goal}" if goal != "exit" else "the exit"))
            total += val
            if goal != "exit":
                sources = {s: 0 for s in reach[goal]}
        results.append((total, legs, order))
    total, legs, order = results[0]
    tie = ""
    if len(results) == 2:
        a, b = results
        if b[0] > a[0]:
            total, legs, order = b
        tie = (f"cafeterias {keys[0]} and {keys[1]} are equally near the entrance ({near[keys[0]]} steps): "
               f"{order[0]} first scores {max(a[0], b[0])}"
               + (f", the other order {min(a[0], b[0])}" if a[0] != b[0] else " either way"))
    return Walk(total, legs, "", skipped, tie)


def _walk_lists(board: Board, values: list[int], adj) -> Walk:
    """The walk over neighbour lists (``Board.adjacency``): the first way it was written, kept to check
    the bit-mask walk against."""
    ent, ext = board.entrance, board.exit
    if ent is None or ext is None:
        return Walk(0, [], "no entrance or exit drawn")
    for door, what in ((ent, "entrance"), (ext, "exit")):
        if not board.door_open(door):
            return Walk(0, [], f"a wall without a doorway lies across the {what} at {name(door[0])} {door[1]}")
    e, x = ent[0], ext[0]
    dist = distances(adj, [e])
    if dist[x] < 0:
        return Walk(0, [], f"the exit {name(x)} cannot be reached from the entrance {name(e)}")
    cafes = board.cafeterias()
    reach = {k: v for k, v in cafes.items() if any(dist[s] >= 0 for s in v)}
    skipped = [k for k in cafes if k not in reach]
    near = {k: min(dist[s] for s in v if dist[s] >= 0) for k, v in reach.items()}

    def leg(sources, goal):
        targets = set(reach[goal]) if goal != "exit" else {x}
        _, val, spaces, start = best_leg(adj, values, sources, targets)  # all in the entrance's region
        return val, spaces, start

    return _best_order(reach, near, skipped, e, values, leg)


def leg_range(adj, values, sources: dict[int, int], targets: set[int]) -> tuple[int, int, int] | None:
    """(number of tied shortest paths, worst value, best value) of one leg, counted over the
    shortest-path DAG without listing the paths (for explanations)."""
    stats = {s: (1, v, v) for s, v in sources.items()}
    layer = sorted(sources)
    seen = set(sources)
    while layer:
        hit = [t for t in layer if t in targets]
        if hit:
            return (sum(stats[t][0] for t in hit), min(stats[t][1] for t in hit), max(stats[t][2] for t in hit))
        nxt = sorted({v for u in layer for v in adj[u] if v not in seen})
        seen.update(nxt)
        prev = set(layer)
        for v in nxt:
            ps = [stats[u] for u in adj[v] if u in prev]
            stats[v] = (sum(p[0] for p in ps), values[v] + min(p[1] for p in ps), values[v] + max(p[2] for p in ps))
        layer = nxt
    return None
