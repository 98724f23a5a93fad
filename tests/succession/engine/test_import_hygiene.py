"""The engine stays pure: importing it pulls in no UI, event loop, database or package siblings."""

import subprocess
import sys

FORBIDDEN = ("textual", "rich", "asyncio", "sqlite3", "platformdirs", "grail_tui.app", "grail_tui.net",
             "grail_tui.table", "grail_tui.games.hunt", "grail_tui.games.succession.bots",
             "grail_tui.games.api", "grail_tui.games.registry")


def test_engine_imports_nothing_forbidden():
    code = (
        "import sys, grail_tui.games.succession.engine\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r} or m in {FORBIDDEN!r}"
        " or any(m.startswith(f + '.') for f in " + repr(FORBIDDEN) + ")]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""

# That nothing outside the engine imports a module behind its package is an import-linter
# contract (pyproject.toml, checked by tests/test_lint.py).
