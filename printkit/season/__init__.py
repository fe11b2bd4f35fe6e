"""The season: standings across the evenings kept in a folder.

``folder`` finds and reads the evenings (and ``season.yaml``: aliases, title), ``standings`` works out the
table, ``text`` prints it (and gives it as JSON), ``chart`` draws it with charts (``--picture``),
``sheet`` (with ``wins``, its chart) prints it in a kit, "The season so far", and ``live`` keeps it for the
entry page, read again when a file changes.
"""
