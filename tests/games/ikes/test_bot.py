"""The Long Way (ikes): the bot's walk (bot.py) against the plain walk (path.walk), and the bot's choices
(moves.py, cafes.py) against the same choices made the plain way (ikes_plainbot.py)."""

from __future__ import annotations

import random

import pytest
from ikes_plainbot import plain_bonus_options, plain_cafe, plain_place, plain_tile

from printkit.games.ikes import bot, prune
from printkit.games.ikes.path import Floor, walk
from printkit.games.ikes.spaces import NEIGHBOUR, SPACES
from printkit.games.ikes.replay import tile_spaces
from printkit.games.ikes.cafes import Cafes, apart, best_cafe, cafe_sums, forget
from printkit.games.ikes.moves import H_STEP, PAIRS, Store, best_tile, bonus_options, bot_values, footprints, \
    heuristic, hundredths, place_tile
from printkit.games.ikes.moves import Solo
from printkit.games.ikes.simulate import play
from printkit.games.ikes.tiles import tileset
from printkit.games.ikes.tiles import OPPOSITE, SIDES

DOORS = [(21, "W"), (6, "E"), (45, "S"), (0, "N"), (42, "W"), (48, "E")]


def random_floor(rng: random.Random, cafes: int = 2, walls: int = 30) -> Floor:
    grid = [rng.choice("oo....123") for _ in range(SPACES)]
    for k in range(rng.randint(0, cafes)):
        while True:
            s, t = rng.choice(PAIRS)
            if not grid[s].startswith("C") and not grid[t].startswith("C"):
                grid[s] = grid[t] = f"C{k + 1}"
                break
    b = Floor(grid)
    for _ in range(rng.randrange(walls + 1)):
        b.walls[(rng.randrange(SPACES), rng.choice(SIDES))] = rng.random() < 0.2  # True: a doorway
    b.entrance, b.exit = rng.sample(DOORS, 2)
    return b


def plain(b: Floor, vals, masks):
    """path.walk of the store ``b`` with the values ``vals`` and open steps ``masks``: (walk, region)."""
    region: list = []
    w = walk(b, vals, masks=masks, region=region)
    return w, region[0]


def assert_same(w: bot.Way, p, region: int) -> None:
    assert w.ok == p.ok
    if p.ok:
        assert repr(w.score) == repr(p.score)  # the same float, bit for bit
        assert (w.length, w.entries(), w.region) == (p.length, p.entries(), region)


@pytest.mark.parametrize("seed", range(4))
def test_the_bots_walk_is_the_plain_walk(seed):
    rng = random.Random(seed)
    for _ in range(150):
        b = random_floor(rng)
        st = Store.of(b)
        assert_same(st.way(), *plain(b, st.vals, st.masks))


def closable(st: Store, rng: random.Random, k: int):
    """Up to ``k`` open steps between neighbouring spaces, with the masks after closing them."""
    steps, masks = [], list(st.masks)
    for _ in range(k):
        s = rng.randrange(SPACES)
        i = rng.randrange(4)
        q = NEIGHBOUR[s][SIDES[i]]
        if q is None or not masks[i] >> s & 1:
            continue
        masks[i] &= ~(1 << s)
        masks[SIDES.index(OPPOSITE[SIDES[i]])] &= ~(1 << q)
        steps.append((s, q))
    return steps, tuple(masks)


@pytest.mark.parametrize("seed", range(4))
def test_a_walk_changed_in_a_few_spaces_is_the_plain_walk_of_the_changed_store(seed):
    rng = random.Random(100 + seed)
    rerun = kept = 0
    for _ in range(150):
        b = random_floor(rng)
        st = Store.of(b)
        w = st.way()
        vals = list(st.vals)
        changed = 0
        for s in rng.sample(range(SPACES), rng.randrange(4)):
            vals[s] = rng.choice([1, 0, -0.45])
            changed |= 1 << s
        assert_same(bot.revalue(w, st.masks, vals, changed), *plain(b, vals, st.masks))
        steps, masks = closable(st, rng, rng.randrange(1, 4))
        got = bot.update(w, masks, vals, steps, changed)
        if got is None:
            rerun += 1
        else:
            kept += 1
            assert_same(got, *plain(b, vals, masks))
        assert_same(st.way(masks, vals, old=w, steps=steps, changed=changed), *plain(b, vals, masks))
    assert rerun and kept  # both ways tried


@pytest.mark.parametrize("seed", range(4))
def test_a_doorway_the_test_passes_leaves_the_walk_as_it_is(seed):
    rng = random.Random(200 + seed)
    said = {True: 0, False: 0}
    for _ in range(120):
        b = random_floor(rng, walls=45)
        st = Store.of(b)
        w = st.way()
        if not w.ok:
            continue
        keeps = prune.door_test(w, st.masks, st.e, st.cafes)
        for s in range(SPACES):
            for i, side in enumerate(SIDES):
                q = NEIGHBOUR[s][side]
                if q is None or st.masks[i] >> s & 1:
                    continue
                masks = list(st.masks)
                masks[i] |= 1 << s
                masks[SIDES.index(OPPOSITE[side])] |= 1 << q
                k = keeps(s, q)
                said[k] += 1
                if k:
                    assert_same(w, *plain(b, st.vals, tuple(masks)))
    assert said[True] > 50 and said[False] > 50


@pytest.mark.parametrize("seed", range(4))
def test_every_cafeteria_placement_summed_exactly_as_its_walk(seed):
    rng = random.Random(300 + seed)
    ties = 0
    for _ in range(60):
        b = random_floor(rng, cafes=1, walls=20)
        st = Store.of(b)
        w = st.way()
        if not w.ok:
            continue
        pairs = [(s, t) for s, t in PAIRS if b.is_empty(s) and b.is_empty(t)]
        ivals = [round(v * 100) for v in st.vals]
        here = hundredths(w.score) + H_STEP * w.length
        cafe = b.cafeterias().get("C1")
        for (s, t), got in zip(pairs, cafe_sums(st.masks, ivals, st.e, st.x, cafe, pairs, H_STEP, here)):
            nb = b.copy()
            nb.grid[s] = nb.grid[t] = "C2" if cafe else "C1"
            p = walk(nb, bot_values(nb))
            want = hundredths(p.score) + H_STEP * p.length
            if got is None:  # left to the floats: equally near cafeterias, both orders scoring the same
                ties += 1
                assert p.tie and "either way" in p.tie
            else:
                assert got == want, (s, t)
    assert ties < 20


def states(seed: int, games: int, step: int = 1):
    """Before every step-th turn of a few of the bot's games: (floor, coins, cafeterias placed, the
    bot's game, its store and the store's walk)."""
    import printkit.games.ikes.simulate as sim

    out = []
    real = sim.best_tile

    def spy(g, st, base, light, dark):
        out.append((g.floor.copy(), g.coins, g.cafes))
        return real(g, st, base, light, dark)

    sim.best_tile = spy
    try:
        for i in range(games):
            play(random.Random(seed * 1_000_003 + i))
    finally:
        sim.best_tile = real
    for floor, coins, cafes in out[::step]:
        st = Store.of(floor)
        yield floor, coins, cafes, Solo(floor, coins, cafes), st, st.way()


def test_the_bot_chooses_what_walking_every_placement_chooses():
    rng = random.Random(5)
    seen = bonus = 0
    for floor, coins, cafes, g, st, base in states(3, 3, 2):
        for _ in range(2):
            light, dark = rng.randint(1, 6), rng.randint(1, 6)
            fast, slow = best_tile(g, st, base, light, dark), plain_tile(floor, coins, light, dark)
            assert (fast is None) == (slow is None)
            if fast:
                seen += 1
                bonus += bool(fast[2].bonus)
                assert repr(fast[0]) == repr(slow[0])
                assert (fast[1].grid, fast[1].walls, fast[2]) == (slow[1].grid, slow[1].walls, slow[2])
        if cafes < 2:
            fast, slow = best_cafe(g), plain_cafe(floor, coins, cafes)
            assert (fast is None) == (slow is None)
            if fast:
                assert repr(fast[0]) == repr(slow[0]) and fast[1].grid == slow[1].grid and fast[2] == slow[2]
                assert Cafes(g, st, base).top() == hundredths(slow[0])
    assert seen > 20 and bonus > 2


def same_options(fast, slow, skipped: bool = False) -> int:
    """The bonus options valued alike, in the same order; one given as None (never the best) must be
    worth less than the first (two coins).  The number of options, or of those given as None."""
    fast, slow = list(fast), list(slow)
    assert [m for _, m in fast] == [m for _, m in slow]
    for (v, m), (want, _) in zip(fast, slow):
        if v is None:
            assert want < slow[0][0], m
        else:
            assert repr(v) == repr(want), m
    return sum(v is None for v, _ in fast) if skipped else len(fast)


def test_every_placement_and_every_bonus_valued_as_its_plain_walk():
    """Each placement of a rolled tile (its display's space and face, its value) and each bonus after
    it (two coins, every doorway, every wall) valued as path.walk values the store it makes."""
    rng = random.Random(7)
    placed = options = 0
    for floor, coins, cafes, g, st, base in states(4, 2, 3):
        light, dark = rng.randint(1, 6), rng.randint(1, 6)
        foot = footprints(tileset().tile(light, dark))
        for anchor in range(SPACES):
            cells = tile_spaces(light, dark, anchor)
            if cells is None or not all(floor.is_empty(s) for s in cells):
                continue
            val, _, at, face, earned, w, masks, vals = place_tile(g, st, base, light, dark, anchor, foot[anchor])
            want, nb, turn, plain_earned = plain_place(floor, coins, light, dark, anchor, cells)
            assert (repr(val), at, face, earned) == (repr(want), turn.display_at, turn.display, plain_earned)
            placed += 1
            if rng.random() < 0.15:
                options += same_options(bonus_options(nb, coins, w, masks, vals), plain_bonus_options(nb, coins))
    assert placed > 100 and options > 300


@pytest.mark.parametrize("seed", range(3))
def test_every_bonus_on_random_stores_valued_as_its_plain_walk(seed):
    """Random stores (walls across the entrance or the exit among them): every bonus option's value."""
    rng = random.Random(400 + seed)
    shut = skipped = 0
    for _ in range(80):
        b = random_floor(rng, walls=40)
        st = Store.of(b)
        shut += st.shut
        coins = rng.randrange(4)
        skipped += same_options(bonus_options(b, coins, st.way(), st.masks, st.vals), plain_bonus_options(b, coins),
                                True)
    assert shut > 3 and skipped > 20


def test_a_doorway_into_a_walled_off_cafeteria_changes_the_walk():
    grid = ["C1 C1 o o o o o"] + ["o o o o o o o"] * 6
    walls = {(1, "E"): False, (0, "S"): False, (1, "S"): False, (48, "N"): False}
    b = Floor([t for row in grid for t in row.split()], walls)
    b.entrance, b.exit = (21, "W"), (27, "E")
    st = Store.of(b)
    w = st.way()
    assert w.ok and len(w.legs) == 1  # the cafeteria is out of reach: skipped
    keeps = prune.door_test(w, st.masks, st.e, st.cafes)
    masks = list(st.masks)
    masks[SIDES.index("E")] |= 1 << 1
    masks[SIDES.index("W")] |= 1 << 2
    p, _ = plain(b, st.vals, tuple(masks))
    assert len(p.legs) == 2 and not keeps(1, 2)
    assert keeps(41, 48)  # a doorway far from the walk, between spaces the entrance reaches either way


def test_walls_between_the_first_cafeterias_spaces_bring_back_the_remembered_walks():
    """The store split by a wall down column C's east side, with a gap on row D; C1 on A3 (left) and A4
    (right), the wall between them.  A cafeteria on B6-C6 makes the walk G1 -> A3 (C1) -> from A4 ->
    B6 (C2) -> G7, crossing by C1's two spaces, not by the gap.  Closing the gap (a wall on D4 W, a
    space that walk does not depend on) cuts the exit off; the bot always kept the walk it remembered,
    and still does once C1's spaces are walled apart."""
    from printkit.games.ikes.record import Turn

    grid = ["o"] * SPACES
    grid[2] = grid[3] = "C1"
    grid[12] = grid[19] = "."
    b = Floor(grid, {(r * 7 + 2, "E"): False for r in range(7) if r != 3})
    b.entrance, b.exit = (42, "W"), (48, "E")
    st = Store.of(b)
    assert apart(st)
    g = Solo(b, 0, 1, remembered={})
    c = Cafes(g, st, st.way())
    i = c.pairs.index((12, 19))
    was = c.floats[i]
    cut = b.copy()
    cut.walls[(24, "W")] = False
    with_cafe = cut.copy()
    with_cafe.grid[12] = with_cafe.grid[19] = "C2"
    assert heuristic(with_cafe, 0) == -100.0 < was  # walked afresh: no way to the exit
    g.floor = cut
    forget(g, Turn("", [], "tile", [24]), b)
    st = Store.of(cut)
    assert Cafes(g, st, st.way()).floats[i] == was  # remembered
    g.remembered = None
    assert Cafes(g, st, st.way()).top() == -10000  # not remembered: walked afresh


def test_a_wall_cutting_the_exit_off_behind_a_cafeteria_crossing_is_walked():
    """The store split by a wall down column C's east side with a gap on row B (B3-B4), C1 on A3 and A4
    with the wall between them: the walk crosses from A3 to A4 by C1's two spaces, and a wall on B3's
    east side (next to the walk, on its region, on no leg's step) cuts the entrance off from the exit."""
    from ikes_plainbot import plain_bonus_options

    grid = ["o"] * SPACES
    grid[2] = grid[3] = "C1"
    b = Floor(grid, {(r * 7 + 2, "E"): False for r in range(7) if r != 1})
    b.entrance, b.exit = (42, "W"), (48, "E")
    st = Store.of(b)
    w = st.way()
    assert w.ok and not prune.closes_a_step(w, [(9, 10)])
    masks = list(st.masks)
    masks[SIDES.index("E")] &= ~(1 << 9)
    masks[SIDES.index("W")] &= ~(1 << 10)
    assert bot.update(w, tuple(masks), st.vals, [(9, 10)], 0) is None
    assert not plain(b, st.vals, tuple(masks))[0].ok
    options = dict((m, v) for v, m in bonus_options(b, 0, w, st.masks, st.vals))
    assert options[("wall", 9, "E")] == -100.0
    same_options(bonus_options(b, 0, w, st.masks, st.vals), plain_bonus_options(b, 0))
