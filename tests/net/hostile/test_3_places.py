"""§3: nobody can stand in for the server or for another account.

The server only uses a socket folder it owns with mode 0700 and refuses any
other; the client asks the kernel who runs the server before it says a word;
the database is private from its first instant; the loopback benchmark
transport is the only TCP there is; a server named on purpose that does not
answer is an error, never a quiet local game. Tests that need a second account
run as root (they start processes under spare uids) and are skipped otherwise.
"""

from __future__ import annotations

import io
import json
import os
import pwd
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from grail_tui.app.connect import open_session
from grail_tui.app.plain.lobby import lobby as plain_lobby
from grail_tui.app.plain.terminal import Terminal
from grail_tui.net import sockets
from grail_tui.net.client import ServerLink
from grail_tui.net.remote import Target
from grail_tui.net.sockets import SocketPlaceError, check_dir

from .conftest import serve
from .wire import Wire, create

ROOT = Path(__file__).resolve().parents[3]
NOBODY = 65534
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as a second account")


def python_for(uid: int) -> tuple[str, dict[str, str]]:
    """An interpreter another account may run, with this checkout and its packages on its path
    (the virtualenv's own interpreter may live in root's home); skip if there is none."""
    site = next(p for p in sys.path if p.endswith("site-packages"))
    env = {"PYTHONPATH": f"{ROOT}:{site}", "PATH": "/usr/bin:/bin"}
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for candidate in (sys.executable, f"/usr/bin/{version}", f"/usr/local/bin/{version}"):
        try:
            done = subprocess.run([candidate, "-c", "import grail_tui.net.server, textual"], env=env,
                                  user=uid, group=uid, cwd="/", capture_output=True, timeout=60)
        except OSError:
            continue
        if done.returncode == 0:
            return candidate, env
    pytest.skip(f"no {version} that uid {uid} may run")


def spare_uid() -> int:
    """A uid no account on this machine has, and no other test run is using."""
    uid = 61000 + os.getpid() % 3000
    while True:
        try:
            pwd.getpwuid(uid)
        except KeyError:
            if not Path(f"/tmp/grail-tui-{uid}").exists():
                return uid
        uid += 1


@dataclass
class Stranger:
    """A spare uid with a home folder of its own, and an interpreter it may run. No
    XDG_RUNTIME_DIR in its environment."""

    uid: int
    home: Path
    python: str
    env: dict[str, str]


@pytest.fixture
def stranger() -> Iterator[Stranger]:
    uid = spare_uid()
    home = Path(tempfile.mkdtemp(prefix="grail-stranger-"))
    os.chown(home, uid, uid)
    python, env = python_for(uid)
    yield Stranger(uid, home, python, {**env, "HOME": str(home), "GRAIL_TUI_DATA": str(home / "data")})
    shutil.rmtree(home, ignore_errors=True)
    shutil.rmtree(f"/tmp/grail-tui-{uid}", ignore_errors=True)


def serve_refused(*args: str, who: Stranger | None = None) -> str:
    """Run `grail-tui serve` expecting it to refuse; its message."""
    python, uid, env = (sys.executable, None, None) if who is None else (who.python, who.uid, who.env)
    done = subprocess.run([python, "-m", "grail_tui", "serve", *args], capture_output=True,
                          text=True, timeout=30, user=uid, group=uid, env=env, cwd="/")
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return done.stderr


# -- the socket folder ---------------------------------------------------------------------------


def test_the_server_refuses_a_socket_folder_with_a_loose_mode_or_a_link(tmp_path):
    loose = tmp_path / "loose"
    loose.mkdir(mode=0o755)
    loose.chmod(0o755)
    said = serve_refused("--socket", str(loose / "s.sock"), "--db", str(tmp_path / "db"))
    assert "has mode 755; it must be private (mode 0700)" in said
    target = tmp_path / "target"
    target.mkdir(mode=0o700)
    (tmp_path / "link").symlink_to(target)
    said = serve_refused("--socket", str(tmp_path / "link" / "s.sock"), "--db", str(tmp_path / "db"))
    assert "is not a plain folder" in said
    system = tmp_path / "system"
    system.mkdir()
    system.chmod(0o755)
    check_dir(system, os.geteuid(), system=True)  # the service's folder: readable, writable by it alone
    system.chmod(0o775)
    with pytest.raises(SocketPlaceError, match="writable by its owner alone"):
        check_dir(system, os.geteuid(), system=True)


@as_root
def test_another_account_cannot_prepare_the_folder_of_a_server_without_a_runtime_folder(
        stranger: Stranger):
    """Without XDG_RUNTIME_DIR the server's folder is /tmp/grail-tui-<uid>: made by anybody else
    first, the server refuses it and says why."""
    trap = Path(f"/tmp/grail-tui-{stranger.uid}")
    trap.mkdir(mode=0o700)
    os.chown(trap, NOBODY, NOBODY)
    said = serve_refused("--db", str(stranger.home / "server.db"), who=stranger)
    assert f"{trap} belongs to another account (uid {NOBODY}); refusing to use it." in said
    os.chown(trap, stranger.uid, stranger.uid)
    trap.chmod(0o711)
    said = serve_refused("--db", str(stranger.home / "server.db"), who=stranger)
    assert "has mode 711; it must be private (mode 0700)" in said


@as_root
async def test_without_a_runtime_folder_the_server_makes_its_own_and_its_player_finds_it(
        stranger: Stranger):
    uid, home, env = stranger.uid, stranger.home, stranger.env
    log = home / "stderr.txt"
    with log.open("w") as err:
        proc = subprocess.Popen([stranger.python, "-m", "grail_tui", "serve", "--db", str(home / "server.db")],
                                stdout=subprocess.PIPE, stderr=err, text=True, user=uid, group=uid, env=env,
                                cwd="/")
    try:
        assert proc.stdout is not None
        ready = json.loads(proc.stdout.readline() or "{}")
        folder = Path(f"/tmp/grail-tui-{uid}")
        assert ready.get("socket") == str(folder / "server.sock"), (ready, log.read_text())
        info = os.lstat(folder)
        assert info.st_uid == uid and stat.S_IMODE(info.st_mode) == 0o700
        # the player finds their own server without being told, and it knows who they are
        found = subprocess.run(
            [stranger.python, "-c", "import asyncio\nfrom grail_tui.net.client import ServerLink\n"
             "from grail_tui.net.sockets import default_socket\n"
             "async def main():\n    link = await ServerLink.unix(default_socket())\n    print(link.user)\n"
             "asyncio.run(main())"],
            capture_output=True, text=True, timeout=30, user=uid, group=uid, env=env, cwd="/")
        assert found.stdout.strip() == f"uid{uid}", found.stderr
        # anybody else (here root) refuses to talk to it: it is not their server
        with pytest.raises(SocketPlaceError, match=f"run by uid{uid}, not by you"):
            await ServerLink.unix(folder / "server.sock")
    finally:
        proc.terminate()
        proc.wait(10)
    assert "Traceback" not in log.read_text()


@as_root
def test_a_system_server_closed_to_an_account_is_said_in_words_not_a_crash(stranger: Stranger):
    """A system socket whose folder an account may not enter (an operator started the server by
    hand, as root, and left /run/grail-tui at 0700): that account's client says so in a sentence,
    with no traceback; with no arguments it plays on this machine instead."""
    closed = Path(tempfile.mkdtemp(prefix="grail-closed-"))  # root's, mode 0700
    try:
        env = {**stranger.env, "GRAIL_TUI_SYSTEM_SOCKET": str(closed / "server.sock")}
        asked = subprocess.run([stranger.python, "-m", "grail_tui", "status"], capture_output=True, text=True,
                               timeout=60, user=stranger.uid, group=stranger.uid, env=env, cwd="/")
        assert asked.returncode == 2 and "Traceback" not in asked.stderr, asked.stderr
        assert f"no grail-tui server answers at {closed / 'server.sock'}" in asked.stderr
        assert "Permission denied" in asked.stderr
        played = subprocess.run([stranger.python, "-m", "grail_tui", "--plain"], input="quit\n",
                                capture_output=True, text=True, timeout=60, user=stranger.uid,
                                group=stranger.uid, env=env, cwd="/")
        assert "Traceback" not in played.stderr + played.stdout, played.stderr
        assert (f"The grail-tui server at {closed / 'server.sock'} is closed to your account "
                "(permission denied): ask whoever runs it. Playing on this machine.") in played.stdout
    finally:
        shutil.rmtree(closed, ignore_errors=True)


async def test_a_system_socket_closed_to_this_account_is_found_and_then_said_in_words(monkeypatch, tmp_path):
    """The same, in this process (the test above needs an interpreter a second account may run):
    the closed socket is still found, not skipped for the player's own, and not reaching it is a
    sentence in the app and in plain mode, which then play on this machine."""
    closed = tmp_path / "run" / "server.sock"
    monkeypatch.setenv(sockets.SYSTEM_SOCKET_VARIABLE, str(closed))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "runtime"))  # no server of the player's own
    real_stat = os.stat

    def stat(path: object, *args: object, **kwargs: object) -> os.stat_result:
        if Path(str(path)) == closed:
            raise PermissionError(13, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sockets.os, "stat", stat)
    target = Target.find_default()
    assert target is not None and target.path == closed and not target.named

    async def refused(self: Target) -> ServerLink:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Target, "open", refused)
    said = (f"The grail-tui server at {closed} is closed to your account (permission denied): "
            "ask whoever runs it. Playing on this machine.")
    out = io.StringIO()
    assert await plain_lobby(Terminal(fd=0, out=out), target, None) is None
    assert said in out.getvalue() and "Traceback" not in out.getvalue()
    notices: list[str] = []
    app = SimpleNamespace(exit_message=None, notify=lambda text, **_: notices.append(text))
    assert await open_session(app, target) is None
    assert notices == [said] and app.exit_message is None


async def until_gone(app: object, pilot: object) -> None:
    for _ in range(200):
        if getattr(app, "return_value", None) is not None:
            return
        await pilot.pause(0.05)  # type: ignore[attr-defined]


# -- the client checks who answers -----------------------------------------------------------------

IMPOSTOR = """
import socket, sys
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(sys.argv[1])
listener.listen()
print("ready", flush=True)
heard = []
for _ in range(2):
    conn, _ = listener.accept()
    conn.settimeout(1.5)
    got = b""
    try:
        while chunk := conn.recv(4096):
            got += chunk
    except OSError:
        pass
    heard.append(len(got))
    conn.close()
print(heard, flush=True)
"""


@as_root
async def test_the_client_refuses_a_server_run_by_another_account_before_saying_a_word(tmp_path):
    python, env = python_for(NOBODY)
    from grail_tui.app.app import GrailApp
    from grail_tui.net.remote import Target

    folder = Path(tempfile.mkdtemp(prefix="grail-impostor-"))
    os.chown(folder, NOBODY, NOBODY)
    folder.chmod(0o755)
    path = folder / "server.sock"
    proc = subprocess.Popen([python, "-c", IMPOSTOR, str(path)], stdout=subprocess.PIPE, text=True,
                            user=NOBODY, group=NOBODY, cwd="/", env=env)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        with pytest.raises(SocketPlaceError, match="run by nobody, not by you or the grail-tui service"):
            await ServerLink.unix(path)
        app = GrailApp(server=Target.unix(path, named=True), seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await until_gone(app, pilot)
        assert app.return_value == 2 and "run by nobody" in app.exit_message
        heard = proc.communicate(timeout=10)[0].strip()
        assert heard == "[0, 0]", heard  # neither said a single byte to the impostor
    finally:
        proc.kill()
        shutil.rmtree(folder, ignore_errors=True)


def test_only_the_service_account_is_trusted_besides_oneself_and_only_at_the_system_socket(monkeypatch):
    service = pwd.struct_passwd(("grail-tui", "x", 4242, 4242, "", "/var/lib/grail-tui", "/bin/false"))
    monkeypatch.setattr(sockets.pwd, "getpwnam", lambda name: service)
    assert sockets.expected_server(sockets.system_socket()) == {os.getuid(), 4242}
    assert sockets.expected_server(Path("/tmp/elsewhere.sock")) == {os.getuid()}


async def test_a_server_named_on_purpose_that_does_not_answer_is_an_error_not_a_local_game(tmp_path):
    from grail_tui.app.app import GrailApp
    from grail_tui.net.remote import Target

    app = GrailApp(server=Target.unix(tmp_path / "nobody-here.sock", named=True), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_gone(app, pilot)
    assert app.return_value == 2
    assert f"no grail-tui server answers at {tmp_path / 'nobody-here.sock'}" in app.exit_message


def test_help_and_readme_say_how_to_choose_the_server():
    done = subprocess.run([sys.executable, "-m", "grail_tui", "--help"], capture_output=True, text=True,
                          timeout=30)
    assert "--socket PATH" in done.stdout and "GRAIL_TUI_SOCKET" in done.stdout
    readme = (ROOT / "README.md").read_text()
    assert "--socket PATH" in readme and "GRAIL_TUI_SOCKET" in readme
    for gone in (["--connect", "127.0.0.1:1", "--name", "x"], ["serve", "--tcp", "0.0.0.0:9"]):
        done = subprocess.run([sys.executable, "-m", "grail_tui", *gone], capture_output=True, text=True,
                              timeout=30)
        assert done.returncode == 2 and "grail-tui: error:" in done.stderr, done.stderr


def test_the_benchmark_transport_listens_on_loopback_only(tmp_path):
    for where in ("0.0.0.0:0", "192.168.1.1:0", "[::]:0"):
        said = serve_refused("--socket", str(tmp_path / "s" / "s.sock"), "--db", str(tmp_path / "db"),
                             "--bench-tcp", where)
        assert "loopback" in said


# -- the database -----------------------------------------------------------------------------------


async def test_the_database_and_its_journal_files_are_private_from_the_first_instant(tmp_path):
    """Made under umask 077 whatever the caller's umask (here 000): never chmod'ed afterwards."""
    old = os.umask(0)
    try:
        running = serve(tmp_path / "open", db=tmp_path / "open" / "new" / "server.db")
    finally:
        os.umask(old)
    try:
        host = await Wire.open(running, "host")
        await create(host, (None, "random"))
        await host.close()
        files = {p.name: stat.S_IMODE(p.stat().st_mode) for p in running.db.parent.iterdir()
                 if p.name.startswith("server.db")}
        assert files == {"server.db": 0o600, "server.db-wal": 0o600, "server.db-shm": 0o600}, files
        assert stat.S_IMODE(running.db.parent.stat().st_mode) == 0o700
        assert stat.S_IMODE(running.socket.stat().st_mode) == 0o666  # who connects is the kernel's word
        assert stat.S_IMODE(running.socket.parent.stat().st_mode) == 0o700
        assert stat.S_ISSOCK(running.socket.stat().st_mode)
    finally:
        running.stop()
    running.assert_no_traceback()

