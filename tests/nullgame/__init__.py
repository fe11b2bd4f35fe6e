"""The null game: the least a printkit game can be, kept beside the tests and registered only there (as Simon
Tatham's collection keeps nullgame.c), so that the game contract is exercised by a game with nothing else in
it, and a sixth game can start from a copy of this folder.

Players take turns writing one digit each in their column of a tally sheet; a player's score is the sum of
their digits.  One rule: what is written is a digit, 0 to 9.

- model.py: the config (``rows``: lines on the tally sheet) and results (``tally``: one line per turn,
  ``Ann 3``) models
- record.py: a tally line read and written back; the blank record of a results file
- score.py: the scorer and its one rule, ``digit``; ``cells``, where each line is written on the sheet
- sheets.py: the kit, one tally sheet ending with the tally strip; the rule sheet's words for the kit
- picture.py: the tally drawn back, a broken line marked
- page.py, page.js: the entry page: the tally grid, every square a place to point at (``B2``); a tap or a
  digit key writes in a square
- game.py: the Game, one-line calls into the above; ``GAME``
- rules.md: the rule sheet (``rulesheets/<game>.md`` for a real game); preset.yaml, played.yaml,
  broken.yaml, unreadable.yaml: its preset and examples (``layouts/<game>.yaml``,
  ``tests/games/data/KIND-<game>.yaml``); promises.py: its rule sheet's promises
  (``tests/games/<game>/promises.py``)
"""

from .game import GAME

__all__ = ["GAME"]
