"""The null game: the least a game can be, kept beside the tests and registered only by them
(``tests/test_contract.py``), so that the game contract is exercised with nothing else in the way.
A new game starts from a copy of this package.

Each player writes one whole number from 1 to n; the highest number wins.

- game.py: the Game (``GAME``): the contract filled in, each method a call into the modules below
- model.py: the config and results models, the record's one-line syntax (``Ann 7``) and the blank record
- score.py: the scorer, with its one rule (``range``)
- sheets.py: the kit (one sheet: a box per player) and the results drawn back
- page.py, page.js: the entry page (the boxes, each a place to point at; the text box types the record)
- rules.md: the rule sheet; preset.yaml: a config; played.yaml: a played game and its stated result
"""

from .game import GAME

__all__ = ["GAME"]
