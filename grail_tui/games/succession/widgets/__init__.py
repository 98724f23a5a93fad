"""Grail Succession's widgets: cards (the row, the hand), the score sheet, the side panes."""
