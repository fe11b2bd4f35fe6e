"""What a printed promise is, for each game's ``promises.py`` (run by ``tests/test_promises.py``), and the
score ``printkit score`` gives a record."""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from printkit import registry
from printkit.inputs import parse
from printkit.validation import validate


def score(doc: dict):
    """The report ``printkit score`` gives for this results document; InputError if it refuses it."""
    game = registry.get(doc["game"])
    res = validate(game.Results, parse(yaml.safe_dump(doc, sort_keys=False), "results.yaml"))
    return game.score(res)


@dataclass
class Promise:
    """A rule or ruling of a rule sheet, with a record that breaks it and one that keeps it:

    - ``rule``: the broken record breaks exactly these rules (violation ids), blamed on ``who`` and
      disqualifying ``dq`` when given; the kept record breaks none (valid, exit 0);
    - ``refused``: the broken record is refused as unusable (exit 2) with these words; the kept one is valid;
    - ``note``: the sheet promises a remark, not a mistake: the first record is valid with that note, the
      second valid without it."""

    game: str
    promise: str  # the rule or ruling, as the rule sheet prints it
    broken: dict  # a record that breaks it
    kept: dict  # a record that keeps it
    rule: tuple[str, ...] = ()  # what the broken record breaks (violation rules)
    who: tuple[str, ...] | None = None  # whom the broken rule blames
    dq: tuple[str, ...] | None = None  # who is disqualified by it
    refused: str = ""  # the broken record is unusable (exit 2) with these words
    note: str = ""  # the sheet promises a note: the broken record is valid with it

    def __str__(self) -> str:
        return f"{self.game}: {self.promise}"


@dataclass
class Points:
    """A promise about points and winners: a record and the scores (None: not stated) and winners it gives."""

    game: str
    promise: str
    record: dict
    scores: dict | None
    winners: list

    def __str__(self) -> str:
        return f"{self.game}: {self.promise}"
