"""Add/Residue (Leroy Quet): add to m or take m's remainder; the remainders you make are your points.

- game.py: the Game (``GAME``), whose methods call the modules below
- model.py: the config and results models
- record.py: one move-log line (``Ann add 3``, ``Ben mod 2 = 1``) read and written back; the results template
- score.py: the scorer, the move log replayed: seat order, once per pile, m's arithmetic, unfinished games
- sheets.py: the kit (pile sheets, the move log, final scores) and the rule sheet's worked example
- picture.py: the move log drawn back with broken rules and wrong m's marked
- page.py, page.js: the entry page (each player's piles, the moves the rules allow as buttons, the log)
- commands.py: the ``printkit solve add-residue`` sub-command's options
- review.py: what ``solve`` does: the perfect-play value, and reviews of played two-player games
- solver.py: exact two-player play (alpha-beta negamax with a fixed-size bounds table)
- perfect.py: perfect play from the first move, with helper processes sharing the table
- moves.py: a move (a pile and a card) and what it does to m
- memory.py: the memory a search needs, known before it starts, and the memory the machine has
- three.py: three players: what each seat can make sure of scoring against the other two
"""

from .game import GAME

__all__ = ["GAME"]
