"""The store as drawn, and the shoppers' walk through it.

Spaces are numbered ``row * 7 + col``.  Walls belong to a space and lie along
one of its sides; ``walls[(space, side)]`` is True when a doorway is punched
through that wall.  A step between two neighbouring spaces is blocked by a wall
without a doorway on either space's side of their shared edge.

The walk goes entrance -> nearest reachable cafeteria -> (from either of its
spaces) the other cafeteria -> (from either of its spaces) the exit.  Each leg
is a shortest path; among the tied shortest paths the best one is found by
dynamic programming over the shortest-path DAG (breadth-first layers), so the
number of tied paths never matters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .tiles import OPPOSITE, SIDES
from .masks import fast_leg, layers_from
from .spaces import ALL, FULL, NEIGHBOUR, OPEN, SPACES, name, neighbour

@dataclass
class Floor:
    grid: list[str]  # per space: '.', 'o', '1'..'6', or a cafeteria 'C1', 'C2', ...
    walls: dict[tuple[int, str], bool] = field(default_factory=dict)
    entrance: tuple[int, str] | None = None
    exit: tuple[int, str] | None = None

    @classmethod
    def empty(cls) -> "Floor":
        return cls(["."] * SPACES)

    def copy(self) -> "Floor":
        return Floor(list(self.grid), dict(self.walls), self.entrance, self.exit)

    def is_empty(self, s: int) -> bool:
        """No tile, no wall, no cafeteria."""
        return self.grid[s] == "." and not any((s, side) in self.walls for side in SIDES)

    def value(self, s: int) -> int:
        """What entering space s scores: +1 display, -1 empty, 0 otherwise."""
        g = self.grid[s]
        if g in "123456" and len(g) == 1:
            return 1
        return -1 if self.is_empty(s) else 0

    def open_between(self, a: int, side: str) -> bool:
        b = neighbour(a, side)
        if b is None:
            return False
        return self.walls.get((a, side)) is not False and self.walls.get((b, OPPOSITE[side])) is not False

    def adjacency(self) -> list[tuple[int, ...]]:
        """Each space's open neighbours."""
        adj = list(FULL)
        for (a, side), door in self.walls.items():
            if door:
                continue
            b = NEIGHBOUR[a][side]
            if b is None:
                continue
            if b in adj[a]:
                adj[a] = tuple(x for x in adj[a] if x != b)
                adj[b] = tuple(x for x in adj[b] if x != a)
        return adj

    def masks(self) -> tuple[int, int, int, int]:
        """The open steps as four bit masks over the spaces (bit s: the step from s northward,
        eastward, southward, westward is open)."""
        n_, e_, s_, w_ = OPEN
        for (a, side), door in self.walls.items():
            if door:
                continue
            b = NEIGHBOUR[a][side]
            if b is None:
                continue
            if side == "N":
                n_ &= ~(1 << a)
                s_ &= ~(1 << b)
            elif side == "S":
                s_ &= ~(1 << a)
                n_ &= ~(1 << b)
            elif side == "E":
                e_ &= ~(1 << a)
                w_ &= ~(1 << b)
            else:
                w_ &= ~(1 << a)
                e_ &= ~(1 << b)
        return n_, e_, s_, w_

    def values(self) -> list[int]:
        walled = {s for s, _ in self.walls}
        out = []
        for s, g in enumerate(self.grid):
            if g == ".":
                out.append(0 if s in walled else -1)
            else:
                out.append(1 if len(g) == 1 and g in "123456" else 0)
        return out

    def door_open(self, door: tuple[int, str] | None) -> bool:
        """An entrance or exit is blocked by the space's own wall across it (unless punched)."""
        return door is not None and self.walls.get(door) is not False

    def cafeterias(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for s, g in enumerate(self.grid):
            if g.startswith("C"):
                out.setdefault(g, []).append(s)
        return dict(sorted(out.items()))


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


def walk(floor: Floor, values: list[int] | None = None, adj=None, masks=None, region: list | None = None,
         cafes: dict[str, list[int]] | None = None) -> Walk:
    """The shoppers' walk and its score (SPEC rulings); score 0 when there is no path.

    ``masks``: the floor's open steps (``Floor.masks``) if already known.  ``region``: a list that
    gets the bit mask of every space the answer depends on (the spaces on shortest paths of every
    leg tried): a change to the floor outside it (a tile, a wall on such a tile) leaves the walk as it is."""
    if values is None:
        values = floor.values()
    if adj is not None and masks is None:  # the old interface: neighbour lists
        return _walk_lists(floor, values, adj)
    if masks is None:
        masks = floor.masks()
    ent, ext = floor.entrance, floor.exit
    if ent is None or ext is None:
        return Walk(0, [], "no entrance or exit drawn")
    for door, what in ((ent, "entrance"), (ext, "exit")):
        if not floor.door_open(door):
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
        cafes = floor.cafeterias()
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


def _walk_lists(floor: Floor, values: list[int], adj) -> Walk:
    """The walk over neighbour lists (``Floor.adjacency``): the first way it was written, kept to check
    the bit-mask walk against."""
    ent, ext = floor.entrance, floor.exit
    if ent is None or ext is None:
        return Walk(0, [], "no entrance or exit drawn")
    for door, what in ((ent, "entrance"), (ext, "exit")):
        if not floor.door_open(door):
            return Walk(0, [], f"a wall without a doorway lies across the {what} at {name(door[0])} {door[1]}")
    e, x = ent[0], ext[0]
    dist = distances(adj, [e])
    if dist[x] < 0:
        return Walk(0, [], f"the exit {name(x)} cannot be reached from the entrance {name(e)}")
    cafes = floor.cafeterias()
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
