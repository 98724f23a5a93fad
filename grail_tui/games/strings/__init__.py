"""Pulling Strings: a conspiracy card game on the rules of the INWO trading card game, with an original card set (docs/strings.md)."""
