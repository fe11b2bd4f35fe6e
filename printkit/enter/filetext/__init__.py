"""The results file's text, as the player keeps it.

A save from the page changes only the text of the parts of the record that changed: a line of a log, a grid,
a round, a sheet's walls.  Every other byte stays as it was: comments, blank lines, key order, quoting and
the player's own layout; a save with nothing changed leaves the file byte for byte as it was.  The parts
are found in the text by the positions PyYAML gives every node, and what is written anew is written as a
person would type it (``lines``): a list of short lines one a line, grids as '|' blocks, rounds as
``- [A1-A5, C1-C3]``.  A list or mapping typed as [...] or {...} is changed inside, over the lines it was
typed on (a turn goes in before its ']').  Every comment stays: the comments of a part taken away or written
anew stay on lines of their own.  A file that does not parse any more (typed over by hand) is written whole,
and so is one whose change would lose a comment or not read back as the document; the answer says why.

``writing`` is the save (``write``, ``update``): in place, checked, or whole; ``inplace`` changes a value
where it stands (block mappings and lists, scalars); ``flows`` changes a [...] or {...} inside; ``grids``
the '|' blocks; ``edits`` holds the text's spans replaced and its comments (found, kept, and checked all
there after a write); ``written`` writes a value as a person would type it, and a document whole; ``values``
compares documents type for type.
"""

from .edits import LOADER, Edits
from .values import same
from .writing import BOM, update, write
from .written import double_quoted, flow, in_flow, item, lines, quoted_as, scalar, whole

__all__ = ["BOM", "LOADER", "Edits", "double_quoted", "flow", "in_flow", "item", "lines", "quoted_as", "same",
           "scalar", "update", "whole", "write"]
