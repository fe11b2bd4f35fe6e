"""Making Intersections' geometry: segments on the dot array, whether two may not both be drawn
(crossing, overlap), each dot's count, the dots that score, and (n-1)^2+3, the bound a round's segments
stay under."""

from __future__ import annotations

from .record import Seg


def max_segments(n: int) -> int:
    """Fewest segments joining every dot of an n x n array to its neighbours: (n-1)^2 + 3."""
    return (n - 1) ** 2 + 3


def conflict(a: Seg, b: Seg) -> tuple[str, tuple[int, int]] | None:
    """('crossing', dot) or ('overlap', first shared dot) if a and b may not both be drawn."""
    if a.horizontal != b.horizontal:
        h, v = (a, b) if a.horizontal else (b, a)
        if h.c1 < v.c1 < h.c2 and v.r1 < h.r1 < v.r2:
            return "crossing", (h.r1, v.c1)
        return None
    if a.horizontal and a.r1 == b.r1 and min(a.c2, b.c2) - max(a.c1, b.c1) > 0:
        return "overlap", (a.r1, max(a.c1, b.c1))
    if not a.horizontal and a.c1 == b.c1 and min(a.r2, b.r2) - max(a.r1, b.r1) > 0:
        return "overlap", (max(a.r1, b.r1), a.c1)
    return None


def counts(segs: list[Seg]) -> dict[tuple[int, int], int]:
    """Each dot's count: ends there + 2 x segments passing through."""
    out: dict[tuple[int, int], int] = {}
    for s in segs:
        ds = s.dots()
        for i, d in enumerate(ds):
            out[d] = out.get(d, 0) + (1 if i in (0, len(ds) - 1) else 2)
    return out


def scoring_dots(segs: list[Seg]) -> list[tuple[int, int]]:
    return sorted(d for d, k in counts(segs).items() if k >= 3)
