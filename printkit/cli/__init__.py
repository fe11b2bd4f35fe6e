"""The ``printkit`` command line: ``app`` (the typer app and what commands share), one module per command
group (``kits``, ``scoring``, ``seasons``, ``entering``, ``engines``, ``schema``), and ``ending`` (``main``: how every command
ends)."""

from . import kits, scoring, seasons, entering, engines, schema  # noqa: F401, I001 - each registers its commands, in help order
from .app import app
from .ending import main

__all__ = ["app", "main"]
