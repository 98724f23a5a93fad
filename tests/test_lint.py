"""ruff, mypy (strict on the engines) and the import contracts run as part of the suite, so CI enforces them."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff():
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "grail_tui", "tests"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_strict_engine():
    out = subprocess.run([sys.executable, "-m", "mypy", "grail_tui"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_import_contracts():
    """The boundaries in pyproject.toml's [tool.importlinter]: layers, pure engines, no game named."""
    out = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command;"
                          " sys.exit(lint_imports_command())"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_oracle_is_kept_out_of_what_players_and_the_server_reach(tmp_path):
    """The bot benchmark's oracle sees every sheet: a module of the table (or of a game's bots)
    that imported it would break a contract, and the check says which."""
    import shutil

    shutil.copytree(ROOT / "grail_tui", tmp_path / "grail_tui",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    check = [sys.executable, "-c", "import sys; sys.path.insert(0, '.'); from importlinter.cli import "
             "lint_imports_command; sys.exit(lint_imports_command())"]
    clean = subprocess.run(check, cwd=tmp_path, capture_output=True, text=True)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    for leak in ("table/peek.py", "games/hunt/bots/peek.py"):
        (tmp_path / "grail_tui" / leak).write_text("from grail_tui.bench.bots import Oracle  # noqa: F401\n")
        out = subprocess.run(check, cwd=tmp_path, capture_output=True, text=True)
        (tmp_path / "grail_tui" / leak).unlink()
        assert out.returncode != 0
        assert "The oracle that sees every sheet is a measuring instrument" in out.stdout
        assert "BROKEN" in out.stdout
