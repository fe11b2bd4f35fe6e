"""Within The Curve (Leroy Quet): kit, scorer (``game``), geometry and the fill solver (``solver``)."""

from .game import GAME

__all__ = ["GAME"]
