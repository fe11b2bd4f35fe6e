"""The season's table: what each player did over the evenings kept, from each evening's plays.

Only a game entered, valid and played by more than one counts (a game not started, still in progress, with
mistakes or unreadable, or played alone, is listed and never counted).  A game won by several players (a tie) is shared: each gets an equal part
of one win.  Numbers are kept exact (``Fraction``) and shown rounded to two places (``shown``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass
class Play:
    """One game of an evening, as the season reads it: players and winners under their season names."""

    label: str  # "Selling Knives, game 2 of 3"
    game: str  # game id
    state: str  # "valid" counts (played by two or more); "not started", "in progress", "mistakes", "unreadable" do not
    players: list[str] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    problem: str = ""  # why an unreadable results file does not read (file, line, key: message)

    @property
    def counted(self) -> bool:
        """Valid, finished and played by more than one (nobody wins a game of one), as the evening counts."""
        return self.state == "valid" and len(self.players) > 1

    @property
    def why_not(self) -> str:
        """Why the game does not count: its state, or that it was played alone (the evening's words)."""
        return "" if self.counted else "played alone" if self.state == "valid" else self.state


@dataclass
class Night:
    """One evening of the season."""

    name: str  # the evening's config named within the folder, e.g. "2026-11-19"
    title: str
    plays: list[Play]


@dataclass
class GameLine:
    """One player's record in one game."""

    played: int = 0
    won: Fraction = Fraction(0)
    best: int | None = None
    best_evening: str | None = None  # the first evening the best score was reached

    @property
    def rate(self) -> int | None:
        return percent(self.won, self.played)


@dataclass
class Line:
    """One player's row of the season's table."""

    name: str
    evenings: int = 0
    played: int = 0
    won: Fraction = Fraction(0)
    games: dict[str, GameLine] = field(default_factory=dict)
    streak: int = 0  # games won in a row, up to the player's last game counted (a shared win counts)
    best_streak: int = 0  # the longest such run in the season
    wins_after: list[Fraction] = field(default_factory=list)  # games won in all after each evening

    @property
    def rate(self) -> int | None:
        return percent(self.won, self.played)


@dataclass
class Table:
    """The season's standings: players ranked by games won (then win rate, then name)."""

    nights: list[Night]
    lines: list[Line]
    games: list[str]  # the game ids with a counted play, in the order printkit lists its games

    @property
    def leaders(self) -> list[str]:
        """Whoever has won the most games (ties share the lead); nobody before a game is won."""
        top = max((ln.won for ln in self.lines), default=Fraction(0))
        return [ln.name for ln in self.lines if ln.won == top] if top > 0 else []

    @property
    def counted(self) -> int:
        return sum(p.counted for n in self.nights for p in n.plays)

    def not_counted(self) -> list[tuple[str, Play]]:
        return [(n.name, p) for n in self.nights for p in n.plays if not p.counted]


def percent(won: Fraction, played: int) -> int | None:
    """The win rate as a whole percentage, halves rounded up (None before any game)."""
    if not played:
        return None
    return int(won * 100 / played + Fraction(1, 2))


def shown(x: Fraction) -> int | float:
    """A number of wins as printed and in JSON: whole, or rounded to two places (2.5, 1.33)."""
    if x.denominator == 1:
        return int(x)
    return round(float(x), 2)


def table(nights: list[Night], game_order: list[str]) -> Table:
    """The standings over ``nights`` (in the season's order)."""
    lines: dict[str, Line] = {}
    for k, night in enumerate(nights):
        seen: set[str] = set()
        for play in night.plays:
            if not play.counted:
                continue
            share = Fraction(1, len(play.winners)) if play.winners else Fraction(0)
            for name in play.players:
                line = lines.get(name) or lines.setdefault(name, Line(name, wins_after=[Fraction(0)] * k))
                seen.add(name)
                g = line.games.setdefault(play.game, GameLine())
                line.played += 1
                g.played += 1
                won = name in play.winners
                if won:
                    line.won += share
                    g.won += share
                    line.streak += 1
                    line.best_streak = max(line.best_streak, line.streak)
                else:
                    line.streak = 0
                score = play.scores.get(name)
                if score is not None and (g.best is None or score > g.best):
                    g.best, g.best_evening = score, night.name
        for name in seen:
            lines[name].evenings += 1
        for line in lines.values():
            line.wins_after.append(line.won)
    ranked = sorted(lines.values(), key=lambda ln: (-ln.won, -(ln.won / ln.played if ln.played else 0),
                                                   ln.name.casefold(), ln.name))
    games = [g for g in game_order if any(g in ln.games for ln in ranked)]
    return Table(nights, ranked, games)

