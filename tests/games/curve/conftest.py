"""The curve tests import their shared grids and helpers (curve_helpers.py) from this folder."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
