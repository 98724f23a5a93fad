"""grail-tui: The Hunt for the Grail in a terminal."""

__version__ = "0.1.0"
