"""The commands of ``printkit``, one module per group; ``printkit.cli`` puts them on the command line.

- read.py: the game named on the command line, and a config or results file read with its game
- kits.py: games, new, make, rules, template (files to print or to type into)
- results.py: score, enter, schema (what was played)
- engines.py: simulate and solve (a game's own command, with its own options)
"""
