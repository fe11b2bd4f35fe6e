"""Replaying a whole game of The Long Way from its turn lines (their format: record.py), every
broken rule of a turn reported, and the replayed sheet compared with the written one."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...report import Report
from .path import Floor
from .spaces import SPACES, name, neighbour, rc, sid
from .record import edge_ref, parse_turn, square_ref, turn_ref
from .tiles import SIDE_NAME, SIDES, tileset


# ---------------------------------------------------------------- the rules of a turn

def bonus_earned(floor: Floor, at: int, face: int, before: set[int]) -> list[int]:
    """Spaces next to the new display at ``at`` that earn a bonus: a cafeteria or a
    display of the same face placed earlier, not behind a wall without a doorway."""
    out = []
    for side in SIDES:
        q = neighbour(at, side)
        if q is None or q not in before or not floor.open_between(at, side):
            continue
        g = floor.grid[q]
        if g.startswith("C") or g == str(face):
            out.append(q)
    return out


def tile_spaces(light: int, dark: int, anchor: int) -> list[int] | None:
    """Where the tile's spaces fall with its A1 on ``anchor``; None if it leaves the grid."""
    r0, c0 = rc(anchor)
    out = []
    for r, c in tileset().tile(light, dark).cells:
        if not (0 <= r0 + r < 7 and 0 <= c0 + c < 7):
            return None
        out.append(sid(r0 + r, c0 + c))
    return out


@dataclass
class Replay:
    floor: Floor
    coins: int = 0
    cafes: int = 0
    stopped: int = 0  # turn number of 'stop', 0 if none
    space_turn: dict[int, int] = field(default_factory=dict)  # space -> turn that drew on it
    wall_turn: dict[tuple[int, str], tuple[int, str]] = field(default_factory=dict)  # wall -> (turn, how)
    door_turn: dict[tuple[int, str], int] = field(default_factory=dict)


def replay(turns: list[str], player: str, sheet: str, seat: int, seats: int, report: Report,
           entrance=None, exit=None) -> Replay:
    """Replay one player's turns, reporting every broken rule; returns the derived sheet."""
    st = Replay(Floor.empty())
    st.floor.entrance, st.floor.exit = entrance, exit
    b = st.floor
    for i, text in enumerate(turns, 1):
        t = parse_turn(text)
        where = f"{sheet}, turn {i} ({t.text})"

        def bad(rule: str, msg: str, *spaces: int, edge: tuple[int, str] | None = None) -> None:
            """A broken rule of this turn, marked on its row and the spaces (or the wall) it names."""
            refs = ((turn_ref(player, i), *(square_ref(player, s) for s in spaces),
                     *((edge_ref(player, *edge),) if edge else ())) if spaces or edge else t.refs(player, i))
            report.violation(player, rule, where, msg, refs)

        if st.stopped:
            bad("stopped", f"{player} stopped playing at turn {st.stopped}; no turn may follow")
            continue
        roller = (i - 1) % seats
        if len(t.rolls) > 1:
            if roller != seat:
                bad("reroll", f"only the player who rolled may reroll (turn {i} is rolled by seat {roller + 1})")
            for (a, b1), (c, d) in zip(t.rolls, t.rolls[1:]):
                if a != c and b1 != d:
                    bad("reroll", f"{a}{b1}>{c}{d} changes both dice; one coin rerolls one die")
            spend = len(t.rolls) - 1
            if spend > st.coins:
                bad("coins", f"{spend} reroll(s) need {spend} coin(s); the coin box holds {st.coins}")
            st.coins = max(0, st.coins - spend)
        if t.kind == "stop":
            st.stopped = i
            continue
        if t.kind == "cafe":
            st.cafes += 1
            s1, s2 = t.spaces
            if st.cafes > 2:
                bad("cafeterias", f"a third cafeteria at {name(s1)}-{name(s2)}; at most two in the whole game", s1, s2)
            (r1, c1), (r2, c2) = rc(s1), rc(s2)
            if abs(r1 - r2) + abs(c1 - c2) != 1:
                bad("cafeteria-shape", f"{name(s1)} and {name(s2)} are not side by side; a cafeteria is a 1x2 block",
                    s1, s2)
            for s in (s1, s2):
                if not b.is_empty(s):
                    bad("empty-spaces", f"{name(s)} is not empty ({describe(st, s)})", s)
                else:
                    b.grid[s] = f"C{st.cafes}"
                    st.space_turn[s] = i
            continue
        light, dark = t.dice
        tile = tileset().tile(light, dark)
        anchor = min(t.spaces)
        cells = tile_spaces(light, dark, anchor)
        if len(t.spaces) > 1:
            want = sorted(cells) if cells else None
            if want != sorted(set(t.spaces)):
                bad("tile-shape", f"the light die {light} gives the {tile.shape} tile "
                                  f"({', '.join(name(s) for s in want) if want else 'off the grid'} with its A1 on "
                                  f"{name(anchor)}), not {'+'.join(name(s) for s in t.spaces)}", *t.spaces)
        if cells is None:
            bad("tile-fit", f"tile {tile.key} ({tile.shape}) with its A1 on {name(anchor)} runs off the grid", anchor)
            continue
        before = {s for s in range(SPACES) if b.grid[s] != "."}
        placed = []
        for s in cells:
            if not b.is_empty(s):
                bad("empty-spaces", f"tile {tile.key} covers {name(s)}, which is not empty ({describe(st, s)})", s)
            else:
                placed.append(s)
        for s in placed:
            b.grid[s] = "o"
            st.space_turn[s] = i
        r0, c0 = rc(anchor)
        for (r, c), side in tile.walls:
            s = sid(r0 + r, c0 + c)
            if s in placed:
                b.walls[(s, side)] = False
                st.wall_turn[(s, side)] = (i, f"tile {tile.key}")
        if t.display not in (light, dark):
            bad("display-die", f"display {t.display} matches neither die ({light} and {dark})", t.display_at)
        if t.display_at not in cells:
            bad("display-space", f"display at {name(t.display_at)} is not on the tile just drawn "
                                 f"({', '.join(name(s) for s in cells)})", t.display_at)
            earned = []
        else:
            if t.display_at in placed:
                b.grid[t.display_at] = str(t.display)
            earned = bonus_earned(b, t.display_at, t.display, before)
        if t.bonus and not earned:
            bad("bonus", f"no bonus: the display {t.display} at {name(t.display_at)} is not next to a cafeteria or "
                         f"another {t.display} without a wall between", t.display_at)
        elif earned and not t.bonus:
            report.notes.append(f"{where}: a bonus was earned (next to {name(earned[0])}) but none is recorded")
        if t.bonus and t.bonus[0] == "coins":
            st.coins += 2
        elif t.bonus and t.bonus[0] == "door":
            _, s, side = t.bonus
            w = b.walls.get((s, side))
            if w is None:
                bad("doorway", f"there is no wall on {name(s)}'s {SIDE_NAME[side]} side to punch a doorway through",
                    edge=(s, side))
            elif w:
                bad("doorway", f"the wall on {name(s)}'s {SIDE_NAME[side]} side already has a doorway", edge=(s, side))
            else:
                b.walls[(s, side)] = True
                st.door_turn[(s, side)] = i
        elif t.bonus and t.bonus[0] == "wall":
            _, s, side = t.bonus
            if (s, side) in b.walls:
                bad("wall", f"{name(s)} already has a wall on its {SIDE_NAME[side]} side", edge=(s, side))
            else:
                b.walls[(s, side)] = False
                st.wall_turn[(s, side)] = (i, "bonus")
    return st


def describe(st: Replay, s: int) -> str:
    g = st.floor.grid[s]
    when = f", turn {st.space_turn[s]}" if s in st.space_turn else ""
    if g.startswith("C"):
        return f"a cafeteria{when}"
    if g != ".":
        return f"a tile{when}"
    walls = [w for (x, w) in st.wall_turn if x == s]
    return f"a wall on its {SIDE_NAME[walls[0]]} side, turn {st.wall_turn[(s, walls[0])][0]}" if walls else "a wall"


def compare(st: Replay, written: Floor, player: str, sheet: str, report: Report) -> None:
    """Name every square and wall where the written sheet differs from the replayed one."""
    d = st.floor

    def kind(g: str) -> str:
        return "C" if g.startswith("C") else g

    def says(g: str) -> str:
        if g == ".":
            return "empty"
        if g == "o":
            return "a tile space without display"
        if g.startswith("C"):
            return "a cafeteria"
        return f"display {g}"

    # while a game is entered, the turns and the store are copied one after the other: a space or wall one
    # of them has and the other does not have yet is still to enter there (the page says so until Check),
    # never a mistake; two different things in one place are (``printkit score`` counts them all)
    later, rest = (("sheets", player, "later turns"),), (("sheets", player, "store"),)
    for s in range(SPACES):
        if kind(d.grid[s]) != kind(written.grid[s]):
            when = f" (turn {st.space_turn[s]})" if s in st.space_turn else ""
            report.violation(player, "grid", f"{sheet}, {name(s)}",
                             f"the turns give {says(d.grid[s])}{when}; the sheet shows {says(written.grid[s])}",
                             (square_ref(player, s),),
                             later if d.grid[s] == "." else rest if written.grid[s] == "." else ())
    for w in sorted(set(d.walls) | set(written.walls)):
        s, side = w
        text = f"{name(s)} {side}"
        a, b = d.walls.get(w), written.walls.get(w)
        if a == b:
            continue
        if a is None:
            msg = f"wall {text} is on the sheet but no turn drew it"
            if s in st.space_turn and d.grid[s] != "." and not d.grid[s].startswith("C"):
                msg += f" (the tile of turn {st.space_turn[s]} has no wall there)"
        elif b is None:
            i, how = st.wall_turn[w]
            msg = f"turn {i} drew wall {text} ({how}) but the sheet does not show it"
        elif a:
            msg = f"turn {st.door_turn[w]} punched a doorway in {text}; the sheet shows a plain wall"
        else:
            msg = f"the sheet shows a doorway in {text}, but no turn punched one"
        report.violation(player, "walls", f"{sheet}, wall {text}", msg, (edge_ref(player, s, side),),
                         later if a is None else rest if b is None else ())
