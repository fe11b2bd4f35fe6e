"""The season's table as the command line prints it, and as one JSON object (the same numbers)."""

from __future__ import annotations

from .. import registry
from ..inputs import escape
from .standings import Table, shown


def game_title(gid: str) -> str:
    return registry.get(gid).title


SHORT = {"knives": "Selling Knives"}  # where a table's column has no room for the whole title


def short_title(gid: str) -> str:
    return SHORT.get(gid) or game_title(gid)


def rate_text(rate: int | None) -> str:
    return "-" if rate is None else f"{rate}%"


def wins_text(x) -> str:
    return str(shown(x))


def rows(table: Table) -> list[list[str]]:
    """The main table's rows, heading first: player, evenings, games, won, win rate, streak (now, best)."""
    out = [["Player", "Evenings", "Games", "Won", "Win rate", "Streak", "Best streak"]]
    for ln in table.lines:
        out.append([ln.name, str(ln.evenings), str(ln.played), wins_text(ln.won), rate_text(ln.rate),
                    str(ln.streak), str(ln.best_streak)])
    return out


def game_rows(table: Table, gid: str) -> list[list[str]]:
    """One game's rows, heading first: player, played, won, win rate, best score, the evening it was set."""
    out = [["Player", "Games", "Won", "Win rate", "Best", "Set on"]]
    for ln in table.lines:
        g = ln.games.get(gid)
        if g is None:
            continue
        out.append([ln.name, str(g.played), wins_text(g.won), rate_text(g.rate),
                    "-" if g.best is None else str(g.best), g.best_evening or "-"])
    return out


def columns(rows: list[list[str]], indent: str = "", left: tuple[int, ...] = (0,)) -> list[str]:
    """Rows set in columns: the ``left`` columns aligned left, the numbers right."""
    rows = [[escape(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [indent + "  ".join(c.ljust(w) if i in left else c.rjust(w)
                               for i, (c, w) in enumerate(zip(r, widths))).rstrip() for r in rows]


def summary(table: Table) -> str:
    n = len(table.nights)
    if not n:
        return "no evenings yet"
    span = f"{table.nights[0].name} to {table.nights[-1].name}" if n > 1 else table.nights[0].name
    return f"{n} evening{'s' if n != 1 else ''} ({span}), {table.counted} game{'s' if table.counted != 1 else ''} counted"


def leader_text(table: Table) -> str:
    lead = table.leaders
    if not lead:
        return "Leader: nobody yet (no game won)"
    won = wins_text(next(ln.won for ln in table.lines if ln.name == lead[0]))
    word = "Leader" if len(lead) == 1 else "Leaders (sharing the lead)"
    return escape(f"{word}: {', '.join(lead)}, {won} game{'s' if won != '1' else ''} won")


def text(season) -> str:
    t = season.table
    lines = [escape(f"Season: {season.title}: {summary(t)}")]
    if t.lines:
        lines += ["", *columns(rows(t))]
    for gid in t.games:
        lines += ["", game_title(gid), *columns(game_rows(t, gid), "  ", (0, 5))]
    lines += ["", leader_text(t)]
    skipped = t.not_counted()
    if skipped:
        lines.append("Not counted:")
        lines += [f"  - {escape(night)}: {escape(p.label)} ({p.why_not}" + (f": {escape(p.problem)}" if p.problem else "")
                  + ")" for night, p in skipped]
    return "\n".join(lines)


def to_json(season) -> dict:
    t = season.table
    return {
        "season": season.title,
        "evenings": [{"name": n.name, "title": n.title,
                      "games": [{"label": p.label, "game": p.game, "state": p.state, "counted": p.counted,
                                 "players": p.players, "scores": p.scores, "winners": p.winners,
                                 **({"problem": p.problem} if p.problem else {})}
                                for p in n.plays]} for n in t.nights],
        "games": list(t.games),
        "players": [{"name": ln.name, "evenings": ln.evenings, "played": ln.played, "won": shown(ln.won),
                     "win_rate": ln.rate, "streak": ln.streak, "best_streak": ln.best_streak,
                     "games": {gid: {"played": g.played, "won": shown(g.won), "win_rate": g.rate,
                                     "best": g.best, "best_evening": g.best_evening}
                               for gid in t.games if (g := ln.games.get(gid)) is not None}}
                    for ln in t.lines],
        "leaders": t.leaders,
        "aliases": dict(season.aliases),
    }


def page_json(season) -> dict:
    """What the entry page shows of the season: the table and the best scores, without each evening's games."""
    out = to_json(season)
    del out["evenings"]
    out["summary"] = summary(season.table)
    out["leader"] = leader_text(season.table)
    out["titles"] = {gid: short_title(gid) for gid in out["games"]}
    return out
