"""Within The Curve (Leroy Quet): draw a closed curve, copy everyone's, fill each inside with coprime neighbours.

- ``game``: the results model (``Results``) and the game (``GAME``), whose methods call the modules below
- ``record``: the play record's grid tokens ('.', '#', route and fill numbers), the blank record, and the
  models the solve command reads too (``Config``, ``CurvesOnly``, ``CurveFile``)
- ``sheets``: the printed kit (every player's grids) and the rule sheet's figures
- ``score``: the scorer: every rule (the owner's route; each fill's numbering, inside, coprime neighbours)
- ``picture``: the results drawn back with the score and mistakes marked
- ``commands``: the ``printkit solve curve`` command
- ``geometry``: squares, neighbours, the curve's interior, numberings along it, random curves
- ``solver``: the best fill of one curve, with a proof (OR-Tools CP-SAT)
- ``examples``: the rule sheet's example curves
"""

from .game import GAME

__all__ = ["GAME"]
