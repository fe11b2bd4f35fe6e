"""Printed words for players: no software talk on any page of a kit, and names of up to 16 letters whole."""

from __future__ import annotations

import re

from quality_helpers import load_config, printed_matches

from printkit import kit, registry
from printkit.draw import Text

SOFTWARE_WORDS = re.compile(
    r"\bprintkit (new|make|rules|template|score|enter|simulate|solve|schema|games)\b|(?<![\w-])--?[a-z]{2,}\b|"
    r"\bresults? files?\b|\bconfig\b|\bya?ml\b|\btemplate\b|\bsolver\b|\bsimulator\b|\bscorer\b|\bbot\b|"
    r"\bJSON\b|\bPDF\b|\bSVG\b|\w@\w|\b(kcount|n|segments|rounds|players|copies|also|color|paper|turns|"
    r"moves|grid|walls|title|game): (\d|\[|draw\b)", re.I)

EVENING_KIT = {"game": "knives", "players": ["Ann", "Ben", "Cat"], "copies": 3,
               "also": [{"game": "curve"}, {"game": "ikes"}, {"game": "add-residue"}, {"game": "intersections"}]}


def _kit_pages():
    """What players hold: every preset's kit on both papers, at 8 players too, and an evening kit."""
    from printkit.resources import layouts as presets

    eight = [f"Player {i}" for i in range(1, 9)]
    for preset in sorted(presets().glob("*.yaml")):
        more = {"segments": 16, "rounds": 8} if preset.stem == "intersections" else {}  # multiples of 8
        for changes in ({}, {"players": eight, "color": False, **more}):
            game, cfg = load_config(preset, **changes)
            for paper in ("letter", "a4"):
                yield f"{preset.stem} {paper} {changes and '8 players'}", kit.build(game, cfg, paper)
    game = registry.get("knives")
    yield "evening", kit.build(game, game.Config.from_dict(EVENING_KIT), "letter")


def test_no_printed_page_speaks_of_the_software():
    """No command, option, file, key or YAML syntax on any page of a kit (a plain sentence naming
    printkit is fine)."""
    found = sorted(set(printed_matches(_kit_pages(), SOFTWARE_WORDS)))
    assert not found, "printed words that speak of the software:\n  " + "\n  ".join(found[:30])


def test_the_software_check_catches_planted_words():
    for planted in ("Write the count in the results file, e.g. kcount: 12", "for printkit score",
                    "display@space", "The kit's config sets n", "With --picture it draws", "players: [Ann, Ben]",
                    "run printkit template on it", "the solver finds"):
        assert SOFTWARE_WORDS.search(planted), planted
    for fine in ("A game by Leroy Quet. Rules in printkit's own words.", "kcount 12: 66 roads",
                 "printkit can check a finished game.", "Roads left: strike one number", "Ann claims 1-2"):
        assert not SOFTWARE_WORDS.search(fine), fine


# ---------------------------------------------------------------- names whole

LONG_NAMES = ["Дмитрий Иванович", "Benedikt Olafson", "Wolfgang Amadeus", "Françoise Dupont",
              "Gwendolyn Harris", "Hieronymus Bosch", "Maximilian Weber", "Катерина Петрова"]


def _cut_names(pages, names) -> list[str]:
    """Printed texts that hold a name cut short (its start, then an ellipsis)."""
    found = []
    for i, page in enumerate(pages, 1):
        for t in page.items:
            if not isinstance(t, Text) or not t.text.rstrip(").").endswith(("...", "\u2026")) and "..." not in t.text:
                continue
            for name in names:
                for cut in range(1, len(name)):
                    if name[:cut].rstrip() + "..." in t.text or name[:cut].rstrip() + "\u2026" in t.text:
                        found.append(f"page {i}: {t.text!r}")
                        break
    return found


def test_names_of_16_letters_print_whole(paper):  # paper: letter and a4 (conftest)
    from printkit.resources import layouts as presets

    assert all(len(n) == 16 for n in LONG_NAMES)
    found = []
    for preset in sorted(presets().glob("*.yaml")):
        more = {"segments": 16, "rounds": 8} if preset.stem == "intersections" else {}
        for names in (LONG_NAMES, LONG_NAMES[:2]):
            game, cfg = load_config(preset, players=names, **(more if len(names) == 8 else {}))
            found += [f"{preset.stem} {len(names)} players {x}" for x in _cut_names(kit.build(game, cfg, paper), names)]
    assert not found, "names cut short:\n  " + "\n  ".join(found[:30])


def test_the_cut_name_check_catches_a_cut_name():
    from printkit.draw import Page

    page = Page(100, 100, [Text(0, 0, "copy of Benedikt Ol...'s curve", 9), Text(0, 9, "Hieronymus Bosch", 9)])
    assert _cut_names([page], LONG_NAMES) == ["page 1: \"copy of Benedikt Ol...'s curve\""]
