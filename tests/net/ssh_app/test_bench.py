"""`grail-tui bench ssh` runs end to end (a smoke test; the figures are the benchmark's business)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


@pytest.mark.xdist_group("timing")  # its sessions must play within 4 s: not beside other timing tests
def test_bench_ssh_plays_and_reports_every_figure():
    done = subprocess.run([sys.executable, "-m", "grail_tui", "bench", "ssh", "--sessions", "2", "--seconds", "4",
                           "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["reached_lobby"] == report["played"] == 2 and not report["errors"]
    assert 0 < report["first_lobby_s"]["max"] < 60
    assert report["key_to_repaint_ms"]["ui"]["n"] >= 2 and report["key_to_repaint_ms"]["open_game"]["n"] == 2
    assert report["bytes_per_key"]["mean"] > 0
    memory = report["memory_mb_per_session"]
    assert memory["apps"] == 2 and 0 < memory["app_private_mean"] <= memory["app_pss_mean"] <= memory["app_rss_mean"]


@pytest.mark.xdist_group("timing")
def test_bench_ssh_plays_a_game_by_its_own_keys_and_names_it():
    """`bench ssh --game strings`: each session sets up Pulling Strings for four on the server's
    form by the game's own keys, opens it and looks at its panes; the report names the game."""
    done = subprocess.run([sys.executable, "-m", "grail_tui", "bench", "ssh", "--game", "strings", "--players", "4",
                           "--sessions", "1", "--seconds", "12", "--json"], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["game"] == "strings" and report["players"] == 4 and len(report["load_after"]) == 3
    assert report["reached_lobby"] == report["played"] == 1 and not report["errors"]
    # opening the game takes seconds on a loaded machine: at least one pane switch timed after it
    assert report["key_to_repaint_ms"]["open_game"]["n"] == 1 and report["key_to_repaint_ms"]["ui"]["n"] >= 1
    assert report["memory_mb_per_session"]["apps"] == 1
