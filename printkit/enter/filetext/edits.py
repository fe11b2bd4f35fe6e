"""The text's edits, and its comments: where every comment is (with the list dashes and flow commas, from
one pass of YAML's scanner), spans of the text replaced, the comments of a part written anew kept on lines
of their own, and the check that a text written still has every comment (``Edits.lost``).
"""

from __future__ import annotations

import bisect
import collections

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Edits:
    """Replacements of spans of the text, applied from the end so that earlier positions stay right; and
    where the text's comments are (every ``#`` that YAML's tokens leave out, and one on a block's ``|``
    line), its list dashes and its flow commas, from one pass of YAML's scanner."""

    def __init__(self, text: str):
        self.text, self.spans = text, []
        self.comments: list[tuple[int, int]] = []
        self.dashes: list[int] = []
        self.commas: list[int] = []
        after = 0
        for token in yaml.scan(text, Loader=LOADER):
            start, end = token.start_mark.index, token.end_mark.index
            self._comments_in_gap(after, start)
            if isinstance(token, yaml.ScalarToken) and token.style in ("|", ">"):
                line = text.find("\n", start, end)
                self._comments_in_gap(start + 1, line if line >= 0 else end, header=True)
            elif isinstance(token, yaml.BlockEntryToken):
                self.dashes.append(start)
            elif isinstance(token, yaml.FlowEntryToken):
                self.commas.append(start)
            after = max(after, end)
        self._comments_in_gap(after, len(text))

    def _comments_in_gap(self, start: int, end: int, header: bool = False) -> None:
        """The comments between two tokens: each from its '#' to its line's end (a '#' here is nothing else)."""
        at = self.text.find("#", start, end)
        while at >= 0:
            if header and self.text[at - 1] not in " \t":
                return
            stop = self.text.find("\n", at)
            stop = len(self.text) if stop < 0 else stop
            self.comments.append((at, at + len(self.text[at:stop].rstrip())))
            at = self.text.find("#", stop, end)

    def replace(self, start: int, end: int, new: str) -> None:
        self.spans.append((start, end, new))

    def result(self) -> str:
        spans = sorted(self.spans, key=lambda s: (s[0], s[1]))
        for (_, end, _), (start, _, _) in zip(spans, spans[1:]):
            if start < end:
                raise ValueError("two changes of one part of the text")
        out = self.text
        for start, end, new in reversed(spans):
            out = out[:start] + new + out[end:]
        return out

    def lost(self, written: str) -> list[str]:
        """The comments of this text that ``written`` no longer has (each counted as often as it is typed)."""
        left = collections.Counter(written[a:b] for a, b in Edits(written).comments)
        out = []
        for a, b in self.comments:
            comment = self.text[a:b]
            if left[comment]:
                left[comment] -= 1
            else:
                out.append(comment)
        return out

    # -- lines of the text

    def line_start(self, i: int) -> int:
        return self.text.rfind("\n", 0, i) + 1

    def line_end(self, i: int) -> int:
        """The end of the line holding ``i``, its newline included."""
        j = self.text.find("\n", i)
        return len(self.text) if j < 0 else j + 1

    def column(self, i: int) -> int:
        return i - self.line_start(i)

    def first_on_line(self, i: int) -> bool:
        return not self.text[self.line_start(i): i].strip()

    def dash_of(self, node: yaml.Node) -> int:
        """The '-' of a block list's item (-1 if none)."""
        i = bisect.bisect_left(self.dashes, node.start_mark.index)
        return self.dashes[i - 1] if i > 0 else -1

    def comma_in(self, start: int, end: int) -> int | None:
        i = bisect.bisect_left(self.commas, start)
        return self.commas[i] if i < len(self.commas) and self.commas[i] < end else None

    # -- comments of a part written anew: kept

    def keeping_comments(self, start: int, end: int, written: list[str], pad: int) -> str:
        """``written`` (lines) in place of the text from ``start`` to ``end`` (whole lines), with the comments
        that text held: one on its first line stays at the end of the first line written, spaced as typed;
        the others follow as lines of their own at ``pad``."""
        first_end = self.line_end(start)
        written = list(written)
        held = self.comments[bisect.bisect_left(self.comments, (start,)): bisect.bisect_left(self.comments, (end,))]
        for a, b in held:
            if a < first_end and written:
                space = a
                while space > 0 and self.text[space - 1] in " \t":
                    space -= 1
                space = self.text[space: a] or " "
                if not written[0].strip():  # after a lone '-' or ':' libyaml takes a tab for indentation
                    space = space.expandtabs(2)
                written[0] += space + self.text[a:b]
            else:
                written.append(" " * pad + self.text[a:b])
        return "".join(line + "\n" for line in written)
