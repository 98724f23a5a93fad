"""The games grail-tui plays, each in its own package; the platform reaches them through the registry."""
