"""printkit: print-ready kits and scoring for paper-and-pencil games."""

__version__ = "0.1.0"
