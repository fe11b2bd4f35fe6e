"""Quick answers that spare the bot a walk: whether a doorway can change the walk (``door_test``), whether
a closed step lies on the walk (``closes_a_step``), and whether a change can gain nothing (``no_gain``).

Split from ``bot``, whose walk they read; ``bot.connected`` stays there, as ``bot.update`` uses it."""

from __future__ import annotations

from .bot import FAR, Way, _steps_on, connected
from .spaces import N, SPACES


def _distances(masks, src: int, depth: int) -> list[int]:
    """Breadth-first distances from the spaces of ``src`` up to ``depth`` (further or unreached: FAR)."""
    n_, e_, s_, w_ = masks
    dist = [FAR] * SPACES
    f = seen = src
    k = 0
    while f:
        g = f
        while g:
            low = g & -g
            dist[low.bit_length() - 1] = k
            g ^= low
        if k == depth:
            break
        f = (((f & n_) >> N) | ((f & s_) << N) | ((f & e_) << 1) | ((f & w_) >> 1)) & ~seen
        seen |= f
        k += 1
    return dist


def door_test(w: Way, masks, e: int, cafes: dict[str, int]):
    """A test of whether opening the step between the spaces ``u`` and ``v`` leaves the walk ``w`` (of
    the store with open steps ``masks``) as it is: True when no way through the step is as short as a
    leg (from the leg's sources to the step, across it, on to the leg's targets), nor as short as the
    way from the entrance to a cafeteria it reaches (so the cafeterias' order stays), and the step does
    not join a space the entrance reaches to one it does not while a cafeteria is out of reach."""
    de = _distances(masks, 1 << e, FAR)
    checks = []  # (distances from the sources, distances to the targets, the length to beat)
    for legs in w.orders:
        for leg in legs:
            d = len(leg.on) - 1
            checks.append((_distances(masks, leg.src, d), _distances(masks, leg.targets, d), d))
    reach = False
    for bits in cafes.values():
        near = min(de[s] for s in range(SPACES) if bits >> s & 1)
        if near == FAR:
            reach = True
        else:
            checks.append((de, _distances(masks, bits, near), near))

    def keeps(u: int, v: int) -> bool:
        if reach and (de[u] == FAR) != (de[v] == FAR):
            return False
        for ds, dt, d in checks:
            if ds[u] + dt[v] < d or ds[v] + dt[u] < d:
                return False
        return True

    return keeps


def no_gain(w: Way, masks, steps, raised: int) -> bool:
    """Whether the walk after the steps closed (``masks``), with the value of the space ``raised``
    (or -1) raised by less than a point and nothing else changed, surely scores no more than ``w``
    plus that rise, and is as long: one order of the cafeterias, every leg stepping along a closed step
    keeping a shortest path past it (its value can only fall), and at most one leg passing ``raised``
    (each leg enters a space at most once)."""
    if not w.ok or len(w.orders) > 1 or not connected(w, masks):
        return False
    n_, e_, s_, w_ = masks
    passes = 0
    for leg in w.legs:
        if raised >= 0 and leg.onall >> raised & 1:
            passes += 1
        k0 = _steps_on(leg, steps) if steps else 0
        if k0:
            on = leg.on
            g = on[k0 - 1]
            for k in range(k0, len(on)):
                g = (((g & n_) >> N) | ((g & s_) << N) | ((g & e_) << 1) | ((g & w_) >> 1)) & on[k]
                if not g:
                    return False
    return passes <= 1


def closes_a_step(w: Way, steps) -> bool:
    """Whether closing the steps ``(a, b)`` (neighbouring spaces) closes one some leg steps along."""
    return any(_steps_on(leg, steps) for legs in w.orders for leg in legs)
