"""Warm starts: apps forked from a zygote behave like apps started cold."""

from __future__ import annotations

import os
import sys

from grail_tui.net.ssh import Limits, WarmStart

from ...waiting import until
from .helpers import CHILD_APP, alive, gone, new_key, play

WARM = WarmStart(run=("child_app",), preload=("child_app",))
ENV = {"PYTHONPATH": str(CHILD_APP.parent), "CHILD_APP_GRANDCHILD": "1"}


def warm_argv(identity, args):
    return [sys.executable, "-m", "child_app", *args]


async def test_a_warm_app_has_the_clients_terminal_and_its_socket(open_door):
    door = await open_door(warm=WARM, extra_env=ENV, app_argv=warm_argv)
    conn, term = await play(door, new_key(), "-- --ascii", name="Ann")
    ready = term.reports()[0]
    assert ready["argv"] == ["--ascii"] and ready["size"] == [100, 30]
    assert ready["reply"].startswith("Ann|SHA256:")
    assert ready["pid"] == ready["pgid"] == ready["sid"] == ready["foreground"]
    assert ready["nice"] == min(19, os.nice(0) + Limits().app_nice)  # below the server that serves it
    zygote = door._zygote
    assert zygote is not None and os.getpgid(ready["pid"]) != zygote.process.pid
    term.process.change_terminal_size(70, 20)
    assert (await term.report("resized"))["resized"] == [70, 20]
    term.type(b"\x1b[A")
    assert (await term.report("keys"))["keys"] == "1b5b41"
    conn.abort()
    assert await gone(ready["pgid"], within=5.0)


async def test_an_app_that_quits_reports_its_status_and_the_door_closes_cleanly(open_door):
    door = await open_door(warm=WARM, extra_env=ENV, app_argv=warm_argv)
    conn, term = await play(door, new_key(), name="Ann")
    term.type(b"q")
    assert await term.finish() == 0
    grandchild = term.reports()[0]["grandchild"]
    conn.close()
    zygote = door._zygote
    await door.close()
    assert zygote is not None and zygote.process.returncode is not None
    await until(lambda: not alive(grandchild), 5, "the app's grandchild gone")  # it ends as it is told


async def test_other_commands_are_exec_d_and_a_dead_zygote_means_cold_starts(open_door):
    def cold_argv(identity, args):
        return [sys.executable, str(CHILD_APP), *args]

    door = await open_door(warm=WARM, extra_env=ENV, app_argv=cold_argv)
    conn, term = await play(door, new_key(), name="Ann")
    ready = term.reports()[0]
    assert ready["reply"].startswith("Ann|")
    assert ready["nice"] == min(19, os.nice(0) + Limits().app_nice)  # exec'd, as lowered as a warm one
    zygote = door._zygote
    assert zygote is not None
    # The zygote dies with a session open: the session goes on, and its processes still end.
    zygote.process.kill()
    await zygote.process.wait()
    term.type(b"x")
    assert (await term.report("keys"))["keys"] == "78"
    conn.close()
    assert await gone(ready["pgid"], within=6.0)
    conn, term = await play(door, new_key(), name="Bea")
    assert term.reports()[0]["reply"].startswith("Bea|")
    conn.close()


async def test_the_zygote_rehearses_once_and_every_session_starts_with_it(open_door):
    warm = WarmStart(run=("child_app",), preload=("child_app", "no_such_module"), rehearse="child_app:rehearse")
    door = await open_door(warm=warm, extra_env=ENV, app_argv=warm_argv)
    zygote = door._zygote
    assert zygote is not None
    for name in ("Ann", "Bea"):
        conn, term = await play(door, new_key(), name=name)
        assert term.reports()[0]["rehearsed"] == zygote.process.pid
        conn.close()


async def test_a_rehearsal_that_leaves_a_thread_running_means_cold_starts(open_door):
    warm = WarmStart(run=("child_app",), preload=("child_app",), rehearse="child_app:rehearse_leaving_a_thread")
    door = await open_door(warm=warm, extra_env=ENV, app_argv=warm_argv)
    assert door._zygote is None  # forking beside a running thread is not safe: no zygote at all
    conn, term = await play(door, new_key(), name="Ann")
    ready = term.reports()[0]
    assert ready["reply"].startswith("Ann|") and ready["rehearsed"] is None
    conn.close()


async def test_a_rehearsal_that_hangs_is_given_up_and_sessions_start_cold(open_door, monkeypatch):
    import grail_tui.net.ssh.door as door_module

    monkeypatch.setattr(door_module, "WARM_UP_SECONDS", 1.0)
    warm = WarmStart(run=("child_app",), preload=("child_app",), rehearse="child_app:rehearse_for_ever")
    door = await open_door(warm=warm, extra_env=ENV, app_argv=warm_argv)
    assert door._zygote is None
    conn, term = await play(door, new_key(), name="Ann")
    assert term.reports()[0]["reply"].startswith("Ann|")
    conn.close()


async def test_the_start_up_benchmark_runs_the_real_app_warm():
    from grail_tui.bench.app_start import measure

    result = await measure(1, warm=True)
    assert result["sessions"] == 1 and result["warm"]
    assert result["first_output_s"]["max"] > 0 and result["pss_mb_per_session"] > 0
