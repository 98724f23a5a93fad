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
