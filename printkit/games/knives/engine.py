"""The game engine: a real deck with draw and discard piles, a hand per player,
the road map with one edge set per player, and the claims a hand can make.

Ranks are the numbers 1..13 (1 = ace, worth 1 or 14; 11 J, 12 Q, 13 K).  A hand
is a multiset of ranks packed into one integer, three bits per rank (at most
four cards of a rank exist), so that hands can key a cache: the claim options
of a hand are computed once per kcount and reused for every game after.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from .cards import ACE_STEP, RANKS, all_roads

BITS = 3
BIT = (0,) + tuple(1 << (BITS * i) for i in range(13))  # BIT[rank]: one card of that rank
DECK = tuple(r for r in range(1, 14) for _ in range(4))  # 52 cards, four of each rank


# ---------------------------------------------------------------- hands

def hand_key(ranks: Iterable[int]) -> int:
    key = 0
    for r in ranks:
        key += BIT[r]
    return key


def hand_ranks(key: int) -> list[int]:
    """The ranks in a hand, ascending."""
    out: list[int] = []
    for r in range(1, 14):
        out += [r] * ((key >> (BITS * (r - 1))) & 7)
    return out


def hand_text(key: int) -> str:
    """'A 4 6 Q': the cards of a hand as players write them (high cards last)."""
    return " ".join(RANKS[r - 1] for r in hand_ranks(key))


def parse_hand(text: str) -> int:
    """'Q A 6 4' -> hand key."""
    return hand_key(RANKS.index(t.upper()) + 1 for t in text.split())


# ---------------------------------------------------------------- claim options

def claim_options(key: int, kcount: int) -> tuple[int, ...]:
    """For a hand, ``best[m]`` = the cards to spend (a hand key) to claim m roads, or 0 when
    no choice of cards adds up to m x kcount.  ``best[0]`` is 0; the tuple ends at the
    largest claim.  Among several ways to claim m roads the one that keeps the most aces,
    then the most cards, is chosen (ties: the smaller key)."""
    # subset sums of the cards other than aces: sum -> (cards used, cards as a key)
    sums: dict[int, tuple[int, int]] = {0: (0, 0)}
    for r in range(2, 14):
        c = (key >> (BITS * (r - 1))) & 7
        if not c:
            continue
        bit = BIT[r]
        new = dict(sums)
        for s, (n, sk) in sums.items():
            for j in range(1, c + 1):
                t = s + j * r
                cand = (n + j, sk + j * bit)
                old = new.get(t)
                if old is None or cand < old:
                    new[t] = cand
        sums = new
    aces = key & 7
    best: dict[int, tuple[int, int, int]] = {}
    for s, (n, sk) in sums.items():
        for used in range(aces + 1):
            for high in range(used + 1):
                t = s + used + ACE_STEP * high
                if t and t % kcount == 0:
                    m = t // kcount
                    cand = (used, n + used, sk + used)
                    old = best.get(m)
                    if old is None or cand < old:
                        best[m] = cand
    if not best:
        return (0,)
    top = max(best)
    return tuple(best[m][2] if m in best else 0 for m in range(top + 1))


def claim_sizes(key: int, kcount: int) -> list[int]:
    """The distinct numbers of roads a hand can claim at once."""
    return [m for m, spend in enumerate(claim_options(key, kcount)) if spend]


class ClaimTable:
    """Claim options for one kcount, cached by hand."""

    LIMIT = 400_000

    def __init__(self, kcount: int):
        self.kcount = kcount
        self.cache: dict[int, tuple[int, ...]] = {}
        self.ranks: dict[int, list[int]] = {}

    def options(self, key: int) -> tuple[int, ...]:
        opts = self.cache.get(key)
        if opts is None:
            if len(self.cache) >= self.LIMIT:
                self.cache.clear()
            opts = self.cache[key] = claim_options(key, self.kcount)
        return opts

    def cards(self, spend: int) -> list[int]:
        out = self.ranks.get(spend)
        if out is None:
            out = self.ranks[spend] = hand_ranks(spend)
        return out


# ---------------------------------------------------------------- the deck and the map

class Deck:
    """A draw pile and a discard pile.  Whenever the draw pile is empty and the
    discard pile is not, the discard pile is shuffled into a new draw pile."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.draw_pile = list(DECK)
        rng.shuffle(self.draw_pile)
        self.discard: list[int] = []
        self.reshuffles = 0

    def draw(self) -> int | None:
        """The top card, or None when both piles are empty."""
        if not self.draw_pile:
            self.refill()
            if not self.draw_pile:
                return None
        card = self.draw_pile.pop()
        self.refill()
        return card

    def spend(self, cards: Iterable[int]) -> None:
        self.discard.extend(cards)
        self.refill()

    def refill(self) -> None:
        if not self.draw_pile and self.discard:
            self.draw_pile, self.discard = self.discard, []
            self.rng.shuffle(self.draw_pile)
            self.reshuffles += 1


class RoadMap:
    """The centres 1..kcount, every pair joined by a road, and one edge set per player."""

    def __init__(self, kcount: int, players: int):
        self.kcount = kcount
        self.free = set(all_roads(kcount))
        self.edges: list[set[tuple[int, int]]] = [set() for _ in range(players)]
        self.owner: dict[tuple[int, int], int] = {}

    @property
    def left(self) -> int:
        return len(self.free)

    def claim(self, player: int, roads: Sequence[tuple[int, int]]) -> None:
        for a, b in roads:
            road = (min(a, b), max(a, b))
            if road not in self.free:
                raise ValueError(f"road {road[0]}-{road[1]} is not free")
            self.free.remove(road)
            self.edges[player].add(road)
            self.owner[road] = player

    def next_free(self, m: int) -> list[tuple[int, int]]:
        """The first m free roads in checklist order (1-2, 1-3, ...)."""
        return sorted(self.free)[:m]


# ---------------------------------------------------------------- playing a game

# A strategy is made for one game setting: ``make(players, kcount)`` -> a chooser.
# ``chooser(options, roads_left, hand_sizes, seat)`` returns the number of roads to claim
# now (0: draw a card).  ``options`` is ``claim_options`` of the seat's hand.
Chooser = Callable[[tuple, int, list, int], int]


def largest(opts: tuple[int, ...], roads_left: int) -> int:
    """The largest claim the options allow with roads_left roads still free (0: none)."""
    m = len(opts) - 1
    if m > roads_left:
        m = roads_left
    while m and not opts[m]:
        m -= 1
    return m


@dataclass
class Outcome:
    roads: list[int]
    claims: list[int]
    turns: int
    stalled: bool
    held: list[int]  # cards still in hand at the end
    edges: list[list[tuple[int, int]]] = field(default_factory=list)  # each seat's roads
    log: list[str] = field(default_factory=list)


def play(choosers: Sequence[Chooser], kcount: int, rng: random.Random, table: ClaimTable | None = None,
         names: Sequence[str] | None = None, max_turns: int = 20_000) -> Outcome:
    """Play one game, seat 0 first.  With ``names``, also write the play record
    (``Ann draws Q``, ``Ann claims 1-2 with Q``) in the results-file format."""
    table = table or ClaimTable(kcount)
    cache, compute, cards_of = table.cache, table.options, table.cards
    players = len(choosers)
    deck = Deck(rng)
    draw, discard, shuffle = deck.draw_pile, deck.discard, rng.shuffle
    hands = [0] * players
    sizes = [0] * players
    roads = [0] * players
    claims = [0] * players
    left = kcount * (kcount - 1) // 2
    free = list(reversed(all_roads(kcount)))  # pop() gives 1-2, 1-3, ...
    edges: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    log: list[str] = []
    turn = passes = seat = 0
    stalled = False
    while left and turn < max_turns:
        key = hands[seat]
        opts = cache.get(key) or compute(key)
        if draw:
            m = choosers[seat](opts, left, sizes, seat)
        else:  # nothing to draw: claim if at all possible
            m = largest(opts, left)
        if m:
            spend = opts[m]
            hands[seat] = key - spend
            spent = cards_of(spend)
            sizes[seat] -= len(spent)
            discard.extend(spent)
            left -= m
            roads[seat] += m
            claims[seat] += 1
            got = [free.pop() for _ in range(m)]
            edges[seat] += got
            passes = 0
            if names is not None:
                log.append(f"{names[seat]} claims {' '.join(f'{a}-{b}' for a, b in got)} with "
                           f"{' '.join(RANKS[r - 1] for r in reversed(spent))}")
        elif draw:
            card = draw.pop()
            hands[seat] = key + BIT[card]
            sizes[seat] += 1
            passes = 0
            if names is not None:
                log.append(f"{names[seat]} draws {RANKS[card - 1]}")
        else:
            passes += 1
            if names is not None:
                log.append(f"{names[seat]} passes")
        if not draw and discard:
            draw, discard = discard, []
            shuffle(draw)
        turn += 1
        if passes >= players:
            stalled = True
            break
        seat += 1
        if seat == players:
            seat = 0
    return Outcome(roads, claims, turn, stalled or bool(left), sizes, edges, log)
