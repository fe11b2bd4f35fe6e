"""Every game can be entered on the page from the start: its sheets, scores and the record's text boxes."""

from __future__ import annotations

import json

import pytest
import yaml
from enter_helpers import DATA, config_for, open_page, run_printkit, shot, wait_checked

from printkit import registry


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_the_played_example_typed_into_the_text_boxes_scores_the_same(serve, page, tmp_path, game_id):
    """Each box takes the results file's own syntax; what the boxes hold is what gets saved and scored."""
    example = DATA / f"played-{game_id}.yaml"
    played = yaml.safe_load(example.read_text(encoding="utf-8"))
    s = serve(config_for(example, tmp_path))
    open_page(page, s)
    boxes = page.locator("#editors [data-path]")
    assert boxes.count() > 0
    for i in range(boxes.count()):
        box = boxes.nth(i)
        path = box.get_attribute("data-path")
        value = played
        for part in path.replace("[", ".[").split("."):
            value = value.get(part) if not part.startswith("[") else value[int(part[1:-1]) - 1]
            if value is None:
                break
        if value is None:
            continue
        text = ", ".join(value) if isinstance(value, list) and box.evaluate("e => e.closest('.editor').classList.contains('items') || e.closest('.editor').classList.contains('list')") \
            else "\n".join(value) if isinstance(value, list) else str(value).rstrip("\n")
        box.fill(text)
        wait_checked(page)
    assert page.errors == []
    want = json.loads(run_printkit("score", example, "--json")[1])
    assert page.inner_text("[data-status]") == ("valid" if want["valid"] else f"{len(want['violations'])} mistake{'' if len(want['violations']) == 1 else 's'}")
    for p in want["players"]:
        assert page.inner_text(f'[data-score="{p["name"]}"]') == str(p["score"])
    page.wait_for_function("document.getElementById('saved').textContent.startsWith('Saved')")
    saved = tmp_path / f"{game_id}-night-results.yaml"
    assert json.loads(run_printkit("score", saved, "--json")[1]) == want
    assert page.locator("#sheets svg").count() >= 1
    shot(page, f"{game_id}-typed")
