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


def parse_hand(text: str) -> int:
    """'Q A 6 4' -> hand key."""
    return hand_key(RANKS.index(t.upper()) + 1 for t in text.split())


# ---------------------------------------------------------------- claim options
#
# The sums a hand can make are kept as bit sets (bit s set: some cards other than aces add
# up to s), built rank by rank with shifts, so that even a hand of twenty cards is quick.
# Aces are added afterwards: u aces used, h of them as 14, add u + 13h.

def _layers(key: int) -> list[tuple[int, int, int]]:
    """(rank, count, reachable sums after this rank) for the ranks 2..K held, in order."""
    bits = 1
    out = []
    for r in range(2, 14):
        c = (key >> (BITS * (r - 1))) & 7
        if c:
            step = bits
            for _ in range(c):
                step <<= r
                bits |= step
            out.append((r, c, bits))
    return out


def claim_mask(key: int, kcount: int) -> int:
    """Bit m is set when the hand can claim exactly m roads (m >= 1)."""
    layers = _layers(key)
    return mask_from_sums(layers[-1][2] if layers else 1, key & 7, kcount)


def mask_from_sums(bits: int, aces: int, kcount: int) -> int:
    """The claim mask of a hand whose other cards make the sums in ``bits``, with ``aces`` aces."""
    total = bits
    for used in range(1, aces + 1):
        for high in range(used + 1):
            total |= bits << (used + ACE_STEP * high)
    mask = 0
    m = 1
    total >>= kcount
    while total:
        if total & 1:
            mask |= 1 << m
        total >>= kcount
        m += 1
    return mask


def claim_spend(key: int, kcount: int, m: int) -> int:
    """The cards to spend (a hand key) to claim m roads, or 0 if the hand cannot.  The choice
    keeps as many aces as possible, then spends high cards before low ones."""
    layers = _layers(key)
    bits = layers[-1][2] if layers else 1
    target = m * kcount
    for used in range((key & 7) + 1):
        for high in range(used + 1):
            s = target - used - ACE_STEP * high
            if s < 0 or not (bits >> s) & 1:
                continue
            spend = used * BIT[1]
            for i in range(len(layers) - 1, -1, -1):
                r, c, _ = layers[i]
                below = layers[i - 1][2] if i else 1
                for j in range(c, -1, -1):
                    t = s - j * r
                    if t >= 0 and (below >> t) & 1:
                        spend += j * BIT[r]
                        s = t
                        break
            return spend
    return 0


def claim_options(key: int, kcount: int) -> tuple[int, ...]:
    """``best[m]`` = the cards to spend (a hand key) to claim m roads, or 0 when no choice of
    cards adds up to m x kcount; ``best[0]`` is 0 and the tuple ends at the largest claim."""
    mask = claim_mask(key, kcount)
    return tuple(claim_spend(key, kcount, m) if mask >> m & 1 else 0 for m in range(max(1, mask.bit_length())))


def claim_sizes(key: int, kcount: int) -> list[int]:
    """The distinct numbers of roads a hand can claim at once."""
    mask = claim_mask(key, kcount)
    return [m for m in range(mask.bit_length()) if mask >> m & 1]


class ClaimTable:
    """Claim masks and spends for one kcount, cached by hand."""

    LIMIT = 50_000  # entries per cache: a long run's memory stays flat (a bigger cache was not faster)

    def __init__(self, kcount: int):
        self.kcount = kcount
        self.cache: dict[int, int] = {}
        self.sums: dict[int, int] = {0: 1}  # hand without aces -> its subset sums as a bit set
        self.spends: dict[tuple[int, int], int] = {}
        self.ranks: dict[int, list[int]] = {}

    def mask(self, key: int) -> int:
        mask = self.cache.get(key)
        if mask is None:
            if len(self.cache) >= self.LIMIT:
                self.cache.clear()
                self.sums.clear()
            mask = self.cache[key] = mask_from_sums(self.sums_of(key & ~7), key & 7, self.kcount)
        return mask

    def sums_of(self, key: int) -> int:
        """The sums the hand's cards other than aces can make, as a bit set.  A hand one card
        bigger than a known hand (the usual case: a card was just drawn) takes two shifts."""
        sums = self.sums
        bits = sums.get(key)
        if bits is None:
            for r in range(13, 1, -1):
                if (key >> (BITS * (r - 1))) & 7:
                    parent = sums.get(key - BIT[r])
                    if parent is not None:
                        bits = parent | parent << r
                        break
            else:
                layers = _layers(key)
                bits = layers[-1][2] if layers else 1
            sums[key] = bits
        return bits

    def spend(self, key: int, m: int) -> int:
        spend = self.spends.get((key, m))
        if spend is None:
            if len(self.spends) >= self.LIMIT:
                self.spends.clear()
            spend = self.spends[(key, m)] = claim_spend(key, self.kcount, m)
        return spend

    def cards(self, spend: int) -> list[int]:
        out = self.ranks.get(spend)
        if out is None:
            if len(self.ranks) >= self.LIMIT:
                self.ranks.clear()
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


# ---------------------------------------------------------------- playing a game

# A strategy is made for one game setting: ``make(players, kcount)`` -> a chooser.
# ``chooser(mask, roads_left, hand_sizes, seat)`` returns the number of roads to claim
# now (0: draw a card).  ``mask`` is ``claim_mask`` of the seat's hand.
Chooser = Callable[[tuple, int, list, int], int]


def largest(mask: int, roads_left: int) -> int:
    """The largest claim the mask allows with roads_left roads still free (0: none)."""
    low = mask & ((2 << roads_left) - 2)
    return low.bit_length() - 1 if low else 0


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
    cache, compute, spend_for, cards_of = table.cache, table.mask, table.spend, table.cards
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
        mask = cache.get(key)
        if mask is None:
            mask = compute(key)
        if draw:
            m = choosers[seat](mask, left, sizes, seat) if mask else 0
        else:  # nothing to draw: claim if at all possible
            m = largest(mask, left)
        if m:
            spend = spend_for(key, m)
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
