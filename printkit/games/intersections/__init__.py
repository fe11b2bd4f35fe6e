"""Making Intersections (Leroy Quet): draw segments on a dot array; the offense scores dots where 3 or more meet.

- game.py: the Game (``GAME``), whose methods call the modules below
- model.py: the config and results models
- record.py: a segment written as its end dots (``B2-B4``), checked and written back; ``Seg``, ``make_seg``;
  the results template
- geometry.py: crossing and overlap (``conflict``), dot counts, scoring dots, ``max_segments``
- score.py: the scorer, every round checked: segments a round, dots, two dots, straight, crossing, overlap
- sheets.py: the kit (a dot array and segment log per round, the score sheet) and the rule sheet's example
- picture.py: each round drawn back with broken segments marked and scoring dots ringed
- page.py, page.js: the entry page: each round's array, every dot and segment a place to point at
"""

from .game import GAME

__all__ = ["GAME"]
