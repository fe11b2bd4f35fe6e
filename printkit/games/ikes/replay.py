"""Turn lines of The Long Way: their format, and replaying a whole game from them.

One line per turn (one round of the dice), in play order::

    15 B2 5@B3              roll light 1, dark 5; tile's A1 on B2; display 5 on B3
    12>14>15 B2 5@B3 +coins rerolled (one coin per '>'), then as above, bonus: 2 coins
    34 D4+E4+E5 4@E4 +door C3 S   tile written as its spaces; bonus: doorway in C3's south wall
    52 A1 2@A1 +wall B1 E   bonus: a wall on B1's east side
    cafe A6-A7              a cafeteria (the dice may be written first: 21 cafe A6-A7)
    stop                    stopped playing (no lines may follow)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...game import Report
from .path import SPACES, Board, name, neighbour, rc, sid
from .tiles import SIDE_NAME, SIDES, tileset

SP = r"[A-Za-z]{1,2}\d{1,3}"
TURN = re.compile(
    rf"^(?:(?P<roll>[1-6]{{2}}(?:\s*>\s*[1-6]{{2}})*)\s+)?"
    rf"(?:(?P<stop>stop)"
    rf"|(?:cafe|cafeteria)\s+(?P<c1>{SP})\s*-\s*(?P<c2>{SP})"
    rf"|(?P<at>{SP}(?:\s*\+\s*{SP})*)\s+(?P<disp>[1-6])\s*@\s*(?P<dsp>{SP})"
    rf"(?:\s+\+\s*(?:(?P<coins>coins)|(?P<bk>door|wall)\s+(?P<bs>{SP})\s*(?P<bside>[NESW])))?)$",
    re.IGNORECASE)
HELP = ("write a turn like '15 B2 5@B3' (dice light+dark, the tile's A1 space, display@space), "
        "optionally '+coins', '+door B2 E' or '+wall B2 E'; or 'cafe A6-A7'; or 'stop'")


def space(text: str) -> int:
    from ...sheet import parse_coord

    p = parse_coord(text, 7, 7)
    if p is None:
        raise ValueError(f"{text.upper()} is not a space of the 7x7 grid (rows A-G, columns 1-7)")
    return sid(*p)


@dataclass
class Turn:
    text: str
    rolls: list[tuple[int, int]]
    kind: str  # tile | cafe | stop
    spaces: list[int] = field(default_factory=list)  # tile: the A1 space, or every space written; cafe: both
    display: int = 0
    display_at: int = -1
    bonus: tuple = ()  # ('coins',) | ('door', space, side) | ('wall', space, side)

    @property
    def dice(self) -> tuple[int, int] | None:
        return self.rolls[-1] if self.rolls else None


def parse_turn(text: str) -> Turn:
    """The turn as typed; ValueError with a hint if it cannot be read."""
    t = " ".join(str(text).split())
    m = TURN.match(t)
    if not m:
        raise ValueError(f"'{t}' is not a turn; {HELP}")
    rolls = [(int(x[0]), int(x[1])) for x in re.findall(r"[1-6]{2}", m["roll"] or "")]
    if m["stop"]:
        return Turn(t, rolls, "stop")
    if m["c1"]:
        return Turn(t, rolls, "cafe", [space(m["c1"]), space(m["c2"])])
    if not rolls:
        raise ValueError(f"'{t}': a tile turn starts with the dice, light then dark, e.g. 35")
    spaces = [space(x) for x in m["at"].split("+")]
    bonus: tuple = ()
    if m["coins"]:
        bonus = ("coins",)
    elif m["bk"]:
        bonus = (m["bk"].lower(), space(m["bs"]), m["bside"].upper())
    return Turn(t, rolls, "tile", spaces, int(m["disp"]), space(m["dsp"]), bonus)


def normal_turn(text: str) -> str:
    if not isinstance(text, str):
        raise ValueError(f"'{text}' is not a turn; {HELP}")
    return parse_turn(text).text


def turn_text(t: Turn) -> str:
    """A turn written back in the line format (used by the simulator's records)."""
    roll = ">".join(f"{a}{b}" for a, b in t.rolls)
    head = roll + " " if roll else ""
    if t.kind == "stop":
        return head + "stop"
    if t.kind == "cafe":
        return head + f"cafe {name(t.spaces[0])}-{name(t.spaces[1])}"
    out = head + f"{name(t.spaces[0])} {t.display}@{name(t.display_at)}"
    if t.bonus:
        out += " +coins" if t.bonus[0] == "coins" else f" +{t.bonus[0]} {name(t.bonus[1])} {t.bonus[2]}"
    return out


# ---------------------------------------------------------------- the rules of a turn

def bonus_earned(board: Board, at: int, face: int, before: set[int]) -> list[int]:
    """Spaces next to the new display at ``at`` that earn a bonus: a cafeteria or a
    display of the same face placed earlier, not behind a wall without a doorway."""
    out = []
    for side in SIDES:
        q = neighbour(at, side)
        if q is None or q not in before or not board.open_between(at, side):
            continue
        g = board.grid[q]
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
    board: Board
    coins: int = 0
    cafes: int = 0
    stopped: int = 0  # turn number of 'stop', 0 if none
    space_turn: dict[int, int] = field(default_factory=dict)  # space -> turn that drew on it
    wall_turn: dict[tuple[int, str], tuple[int, str]] = field(default_factory=dict)  # wall -> (turn, how)
    door_turn: dict[tuple[int, str], int] = field(default_factory=dict)


def replay(turns: list[str], player: str, sheet: str, seat: int, seats: int, report: Report,
           entrance=None, exit=None) -> Replay:
    """Replay one player's turns, reporting every broken rule; returns the derived sheet."""
    st = Replay(Board.empty())
    st.board.entrance, st.board.exit = entrance, exit
    b = st.board
    for i, text in enumerate(turns, 1):
        t = parse_turn(text)
        where = f"{sheet}, turn {i} ({t.text})"

        def bad(rule: str, msg: str) -> None:
            report.violation(player, rule, where, msg)

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
                bad("cafeterias", f"a third cafeteria at {name(s1)}-{name(s2)}; at most two in the whole game")
            (r1, c1), (r2, c2) = rc(s1), rc(s2)
            if abs(r1 - r2) + abs(c1 - c2) != 1:
                bad("cafeteria-shape", f"{name(s1)} and {name(s2)} are not side by side; a cafeteria is a 1x2 block")
            for s in (s1, s2):
                if not b.is_empty(s):
                    bad("empty-spaces", f"{name(s)} is not empty ({describe(st, s)})")
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
                                  f"{name(anchor)}), not {'+'.join(name(s) for s in t.spaces)}")
        if cells is None:
            bad("tile-fit", f"tile {tile.key} ({tile.shape}) with its A1 on {name(anchor)} runs off the grid")
            continue
        before = {s for s in range(SPACES) if b.grid[s] != "."}
        placed = []
        for s in cells:
            if not b.is_empty(s):
                bad("empty-spaces", f"tile {tile.key} covers {name(s)}, which is not empty ({describe(st, s)})")
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
            bad("display-die", f"display {t.display} matches neither die ({light} and {dark})")
        if t.display_at not in cells:
            bad("display-space", f"display at {name(t.display_at)} is not on the tile just drawn "
                                 f"({', '.join(name(s) for s in cells)})")
            earned = []
        else:
            if t.display_at in placed:
                b.grid[t.display_at] = str(t.display)
            earned = bonus_earned(b, t.display_at, t.display, before)
        if t.bonus and not earned:
            bad("bonus", f"no bonus: the display {t.display} at {name(t.display_at)} is not next to a cafeteria or "
                         f"another {t.display} without a wall between")
        elif earned and not t.bonus:
            report.notes.append(f"{where}: a bonus was earned (next to {name(earned[0])}) but none is recorded")
        if t.bonus and t.bonus[0] == "coins":
            st.coins += 2
        elif t.bonus and t.bonus[0] == "door":
            _, s, side = t.bonus
            w = b.walls.get((s, side))
            if w is None:
                bad("doorway", f"there is no wall on {name(s)}'s {SIDE_NAME[side]} side to punch a doorway through")
            elif w:
                bad("doorway", f"the wall on {name(s)}'s {SIDE_NAME[side]} side already has a doorway")
            else:
                b.walls[(s, side)] = True
                st.door_turn[(s, side)] = i
        elif t.bonus and t.bonus[0] == "wall":
            _, s, side = t.bonus
            if (s, side) in b.walls:
                bad("wall", f"{name(s)} already has a wall on its {SIDE_NAME[side]} side")
            else:
                b.walls[(s, side)] = False
                st.wall_turn[(s, side)] = (i, "bonus")
    return st


def describe(st: Replay, s: int) -> str:
    g = st.board.grid[s]
    when = f", turn {st.space_turn[s]}" if s in st.space_turn else ""
    if g.startswith("C"):
        return f"a cafeteria{when}"
    if g != ".":
        return f"a tile{when}"
    walls = [w for (x, w) in st.wall_turn if x == s]
    return f"a wall on its {SIDE_NAME[walls[0]]} side, turn {st.wall_turn[(s, walls[0])][0]}" if walls else "a wall"


def compare(st: Replay, written: Board, player: str, sheet: str, report: Report) -> None:
    """Name every square and wall where the written sheet differs from the replayed one."""
    d = st.board

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

    for s in range(SPACES):
        if kind(d.grid[s]) != kind(written.grid[s]):
            when = f" (turn {st.space_turn[s]})" if s in st.space_turn else ""
            report.violation(player, "grid", f"{sheet}, {name(s)}",
                             f"the turns give {says(d.grid[s])}{when}; the sheet shows {says(written.grid[s])}")
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
        report.violation(player, "walls", f"{sheet}, wall {text}", msg)
