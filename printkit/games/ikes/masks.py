"""The shoppers' walk on bit masks: breadth-first layers of the store's spaces as integers, and the best of
the tied shortest paths of a leg found over them (fast_leg), for the scorer's walk and the bot's."""

from __future__ import annotations

from .spaces import N, SPACES


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
