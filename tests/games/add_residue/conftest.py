"""The Add/Residue tests import their shared game and plain search (add_residue_helpers.py) from this folder."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
