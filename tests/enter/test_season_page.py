"""The evening's page shows the season so far beside the evening's standings: the same table as ``printkit
season --json``, and again as this evening's games are entered (when the evening is one of the season's)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the season's test data

from enter_helpers import Served, run_printkit, shot  # noqa: E402
import season_data  # noqa: E402


def season_json(folder: Path) -> dict:
    code, out, err = run_printkit("season", folder, "--json")
    assert code == 0, err
    return json.loads(out)


def page_rows(page) -> list[list[str]]:
    return [[td.inner_text() for td in tr.locator("td").all()] for tr in page.locator("#season-table tbody tr").all()]


def json_rows(got: dict) -> list[list[str]]:
    return [[p["name"], str(p["evenings"]), str(p["played"]), str(p["won"]),
             "-" if p["win_rate"] is None else f"{p['win_rate']}%", str(p["streak"]), str(p["best_streak"])]
            for p in got["players"]]


def wait_rows(page, rows: list[list[str]]) -> None:
    page.wait_for_function(
        "(want) => { const got = [...document.querySelectorAll('#season-table tbody tr')].map((tr) => "
        "[...tr.querySelectorAll('td')].map((td) => td.textContent)); return JSON.stringify(got) === JSON.stringify(want); }",
        arg=rows, timeout=30000)


def test_the_season_so_far_beside_the_evenings_standings_and_as_games_are_entered(tmp_path, page):
    folder = season_data.season(tmp_path / "autumn", 3, skip_last=("curve",))
    config = folder / "2026-09-17.yaml"
    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    config.write_text(yaml.safe_dump({**data, "season": "."}, sort_keys=False), encoding="utf-8")
    before = season_json(folder)
    served = Served(config)
    try:
        page.goto(served.url)
        page.wait_for_selector("#season-table tbody tr")
        wait_rows(page, json_rows(before))
        assert page.locator("#standing #season").count() == 1  # beside the evening's standings
        assert page.inner_text("[data-season-leader]").startswith(
            ("Leader: " if len(before["leaders"]) == 1 else "Leaders (sharing the lead): ") + before["leaders"][0])
        page.click("#season-games summary")
        for gid in before["games"]:
            cells = [[td.inner_text() for td in tr.locator("td").all()]
                     for tr in page.locator(f"[data-season-game='{gid}'] tbody tr").all()]
            assert cells == [[p["name"], f"{g['won']} of {g['played']}", f"{g['best']} ({g['best_evening']})"]
                             for p in before["players"] if (g := p["games"].get(gid))]
        shot(page, "evening-season")
        # the evening's curve game entered in its file: the season counts it within a few seconds
        play = next(p for p in __import__("printkit.evening", fromlist=["load"]).load(config).plays
                    if p.game_id == "curve")
        play.results.write_text(season_data.renamed(season_data.played("curve"), season_data.turn(2)),
                                encoding="utf-8")
        after = season_json(folder)
        assert after["players"] != before["players"]
        wait_rows(page, json_rows(after))
        page.set_viewport_size({"width": 390, "height": 844})  # a phone: the season under the standings, nothing wider
        page.wait_for_timeout(300)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.locator("#season").scroll_into_view_if_needed()
        shot(page, "evening-season-phone")
        assert not page.errors, page.errors
    finally:
        served.stop()


def test_an_evening_without_a_season_shows_none(tmp_path, page):
    season_data.evening(tmp_path, "night", games=["add-residue", "intersections"])
    served = Served(tmp_path / "night.yaml")
    try:
        page.goto(served.url)
        page.wait_for_selector("#game-list a[data-game='2']")
        page.wait_for_timeout(500)
        assert page.locator("#season").count() == 0
        assert not page.errors, page.errors
    finally:
        served.stop()
