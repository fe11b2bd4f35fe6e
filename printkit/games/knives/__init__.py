"""Selling Knives Door-to-Door, by an unnamed author.

Players draw cards and spend them to claim roads between distribution centres:
cards worth exactly kcount points claim one road, 2 x kcount two roads, and so
on (an ace counts 1 or 14).  The most roads wins.

- ``game``: the Knives game and ``GAME``, whose methods call the modules below
- ``model``: the Config and Results models
- ``record``: the play record's turn lines ('Ann claims 1-2 with Q'), read and written back
- ``sheets``: the kit (set-up card, maps and claim cards, road checklist, turn log) and the rule sheet's figures
- ``reference``: the claim card for one kcount, the set-up card, and the map-and-claim-card pages of ``kcount: draw``
- ``roadmap``: the map (centres on a ring, every road a guide line) and the markers legend, drawn everywhere alike
- ``turnlog``: the turn log, one short row a turn, printed and on the entry page
- ``score``: the scorer: every rule, claims alone or the whole game replayed card by card
- ``picture``: the results drawn back with the score and mistakes marked (``score --picture``)
- ``page``, ``page.js``: the entry page (the map, the ranks, the mover's hand, the turn log; the sum check)
- ``commands``: the ``printkit simulate knives`` options
- ``cards``: ranks, card values and claim sums (plain Python, for a quick start)
- ``engine``: the deck, hands, road map and claim options of simulated games
- ``strategies``: the simulator's strategies (greedy, patient:N, race:N, hoard)
- ``simulate``: many seeded games between strategies, win rates and a chart
"""

from .game import GAME

__all__ = ["GAME"]
