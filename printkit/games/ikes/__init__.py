"""The Long Way, Ike's furniture store (Karl Hanf): sheets, tile card, scorer, replay, simulator.

Each player fills a 7x7 store with tiles rolled on two dice (light: shape,
dark: wall layout), one furniture display per tile, and up to two cafeterias.
At the end the shoppers walk entrance -> nearest cafeteria -> other cafeteria
-> exit along shortest paths; every display they enter scores +1, every empty
space -1.

Modules:
  game.py      the Game subclass Ikes, and GAME, whose methods call the modules below
  model.py     the Config and Results models
  record.py    the play record's syntax: spaces, doorways, walls (B2 E*), grid marks, turn lines, a player's Sheet, the blank template
  sheets.py    the printed kit (player sheets, the tile card, the display legend)
  drawing.py   a store drawn: tiles, displays, walls and doorways, the entrance and exit, the walk
  figures.py   the rule sheet's figures
  score.py     the scorer: the store read from a sheet, the sheet's rules, the same roll for everyone, the walk scored
  picture.py   the results drawn back: each store, the shoppers' walk, points per space, broken rules marked
  page.py      the entry page (printkit enter): each store as printed with the walk, a place to point at on every
               space (Ann:C3) and every side of it (Ann:C3 N), board_info, the text boxes; page.js: pens, walls
               by click and drag, keys, the turn log built line by line
  commands.py  the ``printkit simulate ikes`` sub-command
  spaces.py    the store's 49 spaces, their names (B3) and neighbours, and Floor
  path.py      the shoppers' walk along shortest paths
  masks.py     the walk on bit masks: breadth-first layers and the best leg
  replay.py    a game replayed from its turn lines, every rule of a turn checked, compared with the written sheet
  simulate.py  the solo bot: greedy games, score summary, histogram, a game written as a results file
  moves.py     the bot's value of a store, and its best tile placement, display and bonus
  cafes.py     the bot's cafeterias: every placement summed exactly at once
  bot.py       the bot's walk: path.py's walk with the same sums, found again from the walk before a
               small change
  prune.py     quick answers that spare the bot a walk (a doorway that cannot change it, ...)
  tiles.py     the tile set (6 shapes x 6 wall layouts) and the 6 furniture displays, read from the data file
"""

from .game import GAME

__all__ = ["GAME"]
