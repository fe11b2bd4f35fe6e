"""What scoring a record gives: each player's score, every rule broken (``Violation``), notes, winners."""

from __future__ import annotations

import msgspec

from .inputs import escape

class Violation(msgspec.Struct):
    player: str | None  # who broke the rule (None: nobody in particular)
    rule: str  # short rule id, e.g. "crossing"
    where: str  # place on the sheet, e.g. "round 2, segment 3 (C1-C3)"
    message: str
    refs: tuple[str, ...] = ()  # the entry page's data-refs of the places to mark
    parts: tuple[tuple, ...] = ()  # the parts of the record it is about, as paths into the results document,
    # where players fill a part in whole (a curve, a copy, a sheet): while those are empty it is still to enter


class Report(msgspec.Struct):
    game: str
    players: list[str]
    scores: dict[str, int]
    violations: list[Violation] = msgspec.field(default_factory=list)
    notes: list[str] = msgspec.field(default_factory=list)
    disqualified: set[str] = msgspec.field(default_factory=set)
    details: list[str] = msgspec.field(default_factory=list)  # extra lines for the human summary
    blank: bool = False  # nothing was entered: no one has won (the "empty" violation says so)

    @classmethod
    def empty(cls, game: str, players: list[str]) -> "Report":
        """A report for ``players`` with every score 0 and nothing broken."""
        return cls(game, list(players), {p: 0 for p in players})

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def winners(self) -> list[str]:
        alive = [p for p in self.players if p not in self.disqualified]
        if not alive or self.blank:
            return []
        best = max(self.scores[p] for p in alive)
        return [p for p in alive if self.scores[p] == best]

    def violation(self, player: str | None, rule: str, where: str, message: str, refs: tuple[str, ...] = (),
                  parts: tuple[tuple, ...] = ()) -> None:
        self.violations.append(Violation(player, rule, where, message, tuple(refs), tuple(parts)))

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "valid": self.valid,
            "players": [{"name": p, "score": self.scores[p], "disqualified": p in self.disqualified}
                        for p in self.players],
            "winners": self.winners,
            "violations": [{"player": v.player, "rule": v.rule, "where": v.where, "message": v.message}
                           for v in self.violations],
            "notes": list(self.notes),
        }

    def text(self) -> str:
        width = max(len(p) for p in self.players)
        lines = [f"{p:<{width}}  {self.scores[p]:>4}" + ("  disqualified" if p in self.disqualified else "")
                 for p in self.players]
        lines += self.details
        win = self.winners
        lines.append(("Winner: " if len(win) == 1 else "Winners: ") + (", ".join(win) if win else "none"))
        if self.violations:
            lines.append(f"{len(self.violations)} rule(s) broken:")
            lines += [f"  - {escape(v.where)}: {escape(v.message)} [{v.rule}]" + (f" ({v.player})" if v.player else "")
                      for v in self.violations]
        if self.notes:
            lines.append("Notes:")
            lines += [f"  - {escape(n)}" for n in self.notes]
        return "\n".join(lines)


NOTHING_ENTERED = ("nothing has been entered yet: the file holds no move, turn or mark of play; type in what "
                   "is on paper, save, and score again")
