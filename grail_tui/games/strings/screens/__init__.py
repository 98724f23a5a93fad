"""Pulling Strings' screens (Textual)."""
