"""One module per game; each is listed in ``printkit.registry``."""
