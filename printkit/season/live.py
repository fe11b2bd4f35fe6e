"""The season an evening's config names (``season:``), for the entry page that asks for it every few
seconds: the folder read again only when one of its files changed (when the evening being entered is in
that folder, its games count as they are entered)."""

from __future__ import annotations

import threading
from pathlib import Path

from ..inputs import InputError, load as read_document


class Live:
    def __init__(self, config: Path):
        self.folder: Path | None = None
        try:
            value = read_document(config).data.get("season")
        except InputError:
            value = None
        if isinstance(value, str) and value:
            self.folder = Path(config).parent / value
        self.lock = threading.Lock()
        self.stamps: tuple | None = None
        self.answer: dict | None = None
        self.memo: dict = {}  # each file's reading, while it does not change

    def stamp(self) -> tuple:
        """Every YAML file of the folder with its size and time of change."""
        from .folder import stamp, yaml_files

        if self.folder is None or not self.folder.is_dir():
            return ()
        try:
            files = yaml_files(self.folder)
        except InputError:
            return ()
        return tuple(sorted((str(rel), stamp(self.folder / rel)) for rel in files))

    def json(self) -> dict | None:
        """The season's table as the page shows it (``text.page_json``), ``{"error": ...}`` when the folder
        cannot be read, or None when the config names no season."""
        if self.folder is None:
            return None
        with self.lock:
            now = self.stamp()
            if now != self.stamps:
                from .folder import load
                from .text import page_json

                try:
                    self.answer = page_json(load(self.folder, key="season", memo=self.memo))
                except InputError as e:
                    self.answer = {"error": str(e)}
                self.stamps = now
            return self.answer
