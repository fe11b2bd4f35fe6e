"""The season: standings across the evenings kept in a folder.

``folder`` finds and reads the evenings (and ``season.yaml``: aliases, title), ``standings`` works out the
table, ``text`` prints it (and gives it as JSON), ``chart`` draws it with charts (``--picture``), and
``sheet`` prints it in a kit, "The season so far".
"""
