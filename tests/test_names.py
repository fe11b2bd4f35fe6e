"""Players' names on paper: whole up to 16 letters, smaller or on two lines first, a longer one cut at a word."""

from __future__ import annotations

from printkit import names
from printkit.draw import text_width


def texts(items):
    return [t.text for t in items]


def test_a_name_that_fits_keeps_its_size():
    (t,) = names.label("Ann", 0, 10, 40, 9)
    assert t.text == "Ann" and t.size == 9


def test_a_long_name_is_set_smaller_before_anything_else():
    width = text_width("Hieronymus Bosch", 8)
    (t,) = names.label("Hieronymus Bosch", 0, 10, width + 0.1, 9)
    assert t.text == "Hieronymus Bosch" and 7 <= t.size < 9


def test_a_name_too_wide_even_at_7_pt_goes_on_two_lines_where_there_is_height():
    items = names.label("Дмитрий Иванович", 0, 10, 15, 8, height=6.5)
    assert texts(items) == ["Дмитрий", "Иванович"] and all(t.size >= 7 for t in items)
    assert items[0].y < items[1].y and items[1].y - items[0].y < 6.5


def test_a_name_over_16_letters_is_cut_at_a_word_and_the_label_keeps_its_other_words():
    (t,) = names.label("Maximilian Alexander Weber", 0, 10, 40, 9, after=": vermilion")
    assert t.text == "Maximilian Alexander...: vermilion" or t.text == "Maximilian...: vermilion"
    assert text_width(t.text, t.size) <= 40


def test_a_one_word_name_with_no_room_is_cut_at_a_letter():
    (t,) = names.label("Wolfgangamadeusmozart", 0, 10, 12, 9)
    assert t.text.endswith("...") and t.text.startswith("Wolf") and text_width(t.text, 7) <= 12
