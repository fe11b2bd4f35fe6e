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
