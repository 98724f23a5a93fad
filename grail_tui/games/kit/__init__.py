"""What every game's engine and kind may build on: pure Python, the standard library only.

- :mod:`.codec`: engine values (frozen dataclasses, enums, tuples, a game's own pieces) to
  JSON data and back, following the dataclasses' type hints; the wire checks its messages
  with the same type hints (net/wire.py).
- :mod:`.record`: the versioned record of a game (its setup and every action) and its replay.
- :mod:`.errors`: the errors every engine's own refine (an illegal action, a record that
  cannot be read, an action of a record that breaks the rules).
- :mod:`.dice`: seeded chance (a start player, a shuffled deck) that a record replays exactly.
- :mod:`.terms`: the plain values the platform and a game exchange (a result, a setup
  option, a wait, a bot level).
- :mod:`.kind`: ``BaseKind``, the defaults of the platform's questions, so that a game's
  ``kind.py`` holds only what is its own.

Engines import this package and nothing else of grail_tui outside their own game (an
import-linter contract in pyproject.toml says so); it imports nothing of the platform.
"""
