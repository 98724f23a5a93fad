"""Imported once by the SSH front door's zygote (the kind's ``app_rooms``): the shipped card set
and decks read now, so every session forked from it shares one copy instead of parsing its own
when its first screen draws a card."""

from __future__ import annotations

from .engine import card_set, decks

card_set()
decks()
