"""Add/Residue's sub-command ``printkit solve add-residue``: its options; the work is in review.py (loaded
only when the command runs)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ... import limits


def solve(
    results: Optional[Path] = typer.Argument(None, help="A results file of a two-player game to review"),
    n: Optional[int] = typer.Option(None, "--n", help="Perfect-play value of the game with piles 1..N"),
    openings: bool = typer.Option(False, "--openings", help="Also list every best opening move (with --n; "
                                                            "several times the search)"),
    players: int = typer.Option(2, "--players", help="2: the perfect-play margin; 3: what each seat can make sure "
                                                     "of scoring, for piles 1..1 up to 1..N (N up to 4)"),
    max_memory: int = typer.Option(0, "--max-memory", min=0, help="Refuse a search needing more than this many MB "
                                                                  "(0: the memory this machine has available)"),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object"),
    max_cards: int = typer.Option(0, "--max-cards", callback=limits.count_option(0, 24),
                                  help="Review only positions with at most this many cards left, 0 to 24 (0: 24 "
                                       "for n up to 6, that is the whole game, and 20 above; the search grows "
                                       "fast with more)"),
) -> None:
    """Perfect play: the value of the game (--n N), or a review of a played two-player game."""
    from .review import run

    run(results, n, as_json, max_cards, openings, players, max_memory)
