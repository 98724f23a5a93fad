"""Grail Succession: a two-player card game of a royal succession."""
