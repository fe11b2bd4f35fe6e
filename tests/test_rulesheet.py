"""Rule sheet sources and their setting."""

from printkit import registry, rulesheet
from printkit.draw import Text
from printkit.sheet import MARGIN, paper


def test_blocks():
    src = "# T\n\nPara one\ncontinues.\n\n## H\n- item\n  more\n1. first\n> note\n\n![example]\n"
    assert rulesheet.blocks(src) == [("h1", "T"), ("p", "Para one continues."), ("h2", "H"),
                                     ("li", "item more"), ("ol:1.", "first"), ("note", "note"), ("fig", "example")]


def test_blocks_read_as_markdown_reads_them():
    """A paragraph after a list, past a blank line, is a paragraph of its own; numbered items count on from
    the list's first number; a note runs over several lines; ``![name]`` inside a sentence is text."""
    src = ("1. one\n2. two\n\nAfter the list.\n\n3. three\n4. four\n\n> a note\n> goes on\n\n"
           "See ![example] here.\n\n- a\n- b\n")
    assert rulesheet.blocks(src) == [("ol:1.", "one"), ("ol:2.", "two"), ("p", "After the list."),
                                     ("ol:3.", "three"), ("ol:4.", "four"), ("note", "a note goes on"),
                                     ("p", "See ![example] here."), ("li", "a"), ("li", "b")]


def test_every_game_has_a_rule_sheet_that_credits_its_designer():
    for game in registry.all_games():
        pages = rulesheet.pages(game, paper("letter"))
        texts = [i.text for p in pages for i in p.items if isinstance(i, Text)]
        assert any(game.designer in t for t in texts), game.id
        assert any("Fine points" in t for t in texts), game.id  # the rulings box
        for p in pages:
            for i in p.items:
                if isinstance(i, Text):
                    assert MARGIN <= i.y <= p.height - MARGIN and i.size >= 7, (game.id, i.text)


def test_no_page_of_a_rule_sheet_ends_with_a_heading_or_a_line_that_opens_a_list():
    for game in registry.all_games():
        for size in ("letter", "a4"):
            pages = rulesheet.pages(game, paper(size))
            for i, page in enumerate(pages[:-1], 1):
                last = max((t for t in page.items if isinstance(t, Text)), key=lambda t: t.y)
                assert not (last.bold and last.size > 10), (game.id, size, i, last.text)
                assert not last.text.endswith(":"), (game.id, size, i, last.text)


def words(game_id: str, **keys) -> str:
    game = registry.get(game_id)
    cfg = game.Config.from_dict({"game": game_id, **keys})
    return " ".join(t for _, t in rulesheet.blocks(rulesheet.source(game, cfg)))


def test_each_rule_sheet_describes_the_kit_it_is_printed_with():
    drawn, fixed = words("knives"), words("knives", kcount=12)
    assert "until someone draws a card higher than 7" in drawn and "every kcount from 8 to 14" in drawn
    assert "until someone draws" not in fixed and "This kit is for kcount 12: 12 knife centres and 66 roads" in fixed
    assert "claim cards for kcount 12" in fixed and "set-up card" not in fixed
    assert "A set for each of the 3 games" in words("knives", copies=3)
    assert "A set for each" not in drawn
    assert "grids of 9 by 9 squares" in words("curve", n=9) and "above the grid" in words("curve")
    assert "under the grid" not in words("curve")
    assert "dot array of 8 by 8 dots" in words("intersections", n=8, segments=10, rounds=4)
    assert "log of its 10 segments (m = 10)" in words("intersections", n=8, segments=10, rounds=4)
    assert "in this kit n is 7" in words("add-residue", n=7) and "marked with scissors" in words("add-residue")


def test_the_long_way_s_coins_are_said_one_way_on_the_rule_sheet_and_the_store_sheet():
    from printkit.draw import Text
    from printkit.games.ikes import sheets

    rules = words("ikes")
    assert "ring two circles in your coin box" in rules and "cross out one ringed circle" in rules
    assert "draw two coins" not in rules
    cfg = registry.get("ikes").Config.from_dict({"game": "ikes"})
    sheet = " ".join(t.text for t in sheets.player_sheet(cfg, paper("letter"), cfg.seats()[0]).items
                     if isinstance(t, Text))
    assert "ring a circle per coin gained" in sheet and "cross one out to reroll" in sheet


def test_a_word_of_the_kit_that_is_empty_leaves_its_line_out():
    without = words("knives", kcount=12, turn_log=False)
    assert "Write every turn on the turn log" not in without and "{{" not in without
    assert "Write every turn on the turn log" in words("knives", kcount=12)
