"""Within The Curve (Leroy Quet): draw a closed curve, copy everyone's, fill each inside with coprime neighbours.

- ``game``: the game (``GAME``), whose methods call the modules below
- ``model``: the models: ``Config``, ``Results``, and ``CurvesOnly`` and ``CurveFile``, which the solve command reads
- ``record``: the play record's grid tokens ('.', '#', route and fill numbers), the blank record, and the
  models the solve command reads too (``Config``, ``CurvesOnly``, ``CurveFile``)
- ``route``: a curve's route read from its grid ('#' marks or route numbers 1..L)
- ``sheets``: the printed kit (every player's grids); ``figures``: the rule sheet's figures
- ``score``: the scorer: every rule (the owner's route; each fill's numbering, inside, coprime neighbours)
- ``picture``: the results drawn back with the score and mistakes marked
- ``page``, ``page.js``: the entry page (each curve and each fill, every square a place to point at)
- ``commands``: the ``printkit solve curve`` command
- ``geometry``: squares, neighbours, the curve's interior, numberings along it, random curves
- ``solver``: the best fill of one curve, with a proof (OR-Tools CP-SAT); ``bounds``: its upper bounds;
  ``joint``: the joint bound of 2 and 3 (evens and multiples of 3 placed together)
- ``examples``: the rule sheet's example curves
"""

from .game import GAME

__all__ = ["GAME"]
