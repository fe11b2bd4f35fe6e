"""The Long Way's tests import their shared helpers (ikes_helpers.py) from this folder."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
