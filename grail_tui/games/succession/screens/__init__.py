"""Grail Succession's screens: the game, its end, the replay of a record."""
