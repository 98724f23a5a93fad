"""contrib/grail-tui.service, read as systemd reads it, starts a server that keeps within it.

The server is started the way the unit starts it, as far as a test can: its
ExecStart (the command, its options), its folders with their modes, its umask,
its file limit and the bare environment systemd gives a service. Only the
places move into the test's folder: the database beside the state folder, the
socket in a runtime folder (still `--system`), the front door on a free port.
Every socket any of its processes opens, whether it stays open or not (strace
sees them all), must be of a family the unit allows; a person gets in through
the front door with OpenSSH; SIGTERM, which systemd sends to stop it, ends
every process it started and leaves no socket behind.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

from grail_tui.net.sockets import SYSTEM_SOCKET

from ..said import Said

UNIT = Path(__file__).resolve().parents[2] / "contrib" / "grail-tui.service"
STRACE = shutil.which("strace")


def unit_settings() -> dict[str, list[str]]:
    """``Key=value`` lines of the unit (a key may come more than once), comments left out."""
    settings: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith(("#", ";", "[")) and "=" in line:
            key, _, value = line.partition("=")
            settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def one(settings: dict[str, list[str]], key: str) -> str:
    assert len(settings.get(key, [])) == 1, f"the unit should set {key} once"
    return settings[key][0]


def server_argv(settings: dict[str, list[str]], run: Path, state: Path) -> list[str]:
    """ExecStart, with this interpreter for the command and the test's places for the unit's."""
    argv = shlex.split(one(settings, "ExecStart"))
    assert Path(argv[0]).name == "grail-tui" and argv[1] == "serve"
    runtime, state_dir = Path("/run", one(settings, "RuntimeDirectory")), Path("/var/lib", one(settings, "StateDirectory"))
    out = [sys.executable, "-m", "grail_tui", "serve"]
    words = iter(argv[2:])
    for word in words:
        if word == "--db":
            db = Path(next(words))
            assert db.parent == state_dir, "the database lives in the unit's StateDirectory"
            out += ["--db", str(state / db.name)]
        elif word == "--ssh":
            host = next(words).rsplit(":", 1)[0]
            out += ["--ssh", f"{host}:0"]
        elif word == "--system":
            assert SYSTEM_SOCKET.parent == runtime, "--system's socket is in the unit's RuntimeDirectory"
            out += ["--system", "--socket", str(run / SYSTEM_SOCKET.name)]
        else:
            out.append(word)
    return out


def start_as_the_unit(settings: dict[str, list[str]], argv: list[str], home: Path,
                      trace: Path | None) -> subprocess.Popen[str]:
    umask = int(one(settings, "UMask"), 8)
    files = int(one(settings, "LimitNOFILE"))

    def as_systemd_would() -> None:
        os.umask(umask)
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        allowed = files if hard == resource.RLIM_INFINITY or os.geteuid() == 0 else min(files, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (allowed, allowed))

    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LANG": "C.UTF-8"}
    if trace is not None:
        argv = [STRACE, "-f", "-qq", "--seccomp-bpf", "-e", "trace=socket,socketpair", "-o", str(trace), *argv]
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=as_systemd_would, start_new_session=True)


def traced_families(trace: Path) -> set[str]:
    return set(re.findall(r"\bsocket(?:pair)?\((AF_\w+)", trace.read_text()))


def open_families(pid: int) -> set[str]:
    """The families of the sockets a process and its descendants hold now (without strace)."""
    tables = {"AF_UNIX": "unix", "AF_INET": "tcp", "AF_INET6": "tcp6", "AF_NETLINK": "netlink"}
    inodes: dict[str, str] = {}
    for family, table in tables.items():
        with open(f"/proc/net/{table}") as rows:
            next(rows)
            for row in rows:
                fields = row.split()
                inode = fields[6] if family == "AF_UNIX" else fields[9] if family != "AF_NETLINK" else fields[-1]
                inodes[inode] = family
    families = set()
    for each in tree(pid):
        try:
            for fd in os.listdir(f"/proc/{each}/fd"):
                target = os.readlink(f"/proc/{each}/fd/{fd}")
                if target.startswith("socket:["):
                    families.add(inodes.get(target[8:-1], "another family"))
        except OSError:
            continue
    return families


def tree(pid: int) -> set[int]:
    """A process and all its descendants (their session: the server starts no session of its own
    but the front door's, whose processes it ends itself)."""
    found, more = set(), {pid}
    while more:
        found |= more
        children = set()
        for each in more:
            try:
                with open(f"/proc/{each}/task/{each}/children") as listed:
                    children |= {int(c) for c in listed.read().split()}
            except OSError:
                continue
        more = children - found
    return found


def ssh_help(port: int) -> subprocess.CompletedProcess[str]:
    argv = ["ssh", "-F", "/dev/null", "-p", str(port), "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "IdentityAgent=none",
            "-o", "PubkeyAuthentication=no", "-o", "GSSAPIAuthentication=no", "guest@127.0.0.1", "help"]
    return subprocess.run(argv, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)


def test_the_unit_starts_a_server_that_keeps_within_it(tmp_path):
    settings = unit_settings()
    run = tmp_path / "run" / one(settings, "RuntimeDirectory")
    state = tmp_path / "lib" / one(settings, "StateDirectory")
    for folder, mode in ((run, "RuntimeDirectoryMode"), (state, "StateDirectoryMode")):
        folder.mkdir(parents=True)
        folder.chmod(int(one(settings, mode), 8))  # as systemd makes them, before the server starts
    argv = server_argv(settings, run, state)
    trace = tmp_path / "trace.txt" if STRACE else None
    proc = start_as_the_unit(settings, argv, state, trace)
    try:
        assert proc.stdout is not None and proc.stderr is not None
        said = Said(proc.stderr)
        line = Said(proc.stdout).line(60)
        assert line.startswith("{"), said.rest()
        ready = json.loads(line)
        server = proc.pid if trace is None else next(p for p in tree(proc.pid) if _is_server(p, proc.pid))
        socket_path = Path(ready["socket"])
        assert stat.S_IMODE(socket_path.stat().st_mode) == 0o666  # who connects comes from the kernel
        for private in (state / "server.db", state / "ssh_host_ed25519_key"):
            assert stat.S_IMODE(private.stat().st_mode) == 0o600, private
        if shutil.which("ssh"):
            shown = ssh_help(ready["ssh"][1])
            assert "join CODE" in shown.stdout, shown.stderr
        allowed = set(one(settings, "RestrictAddressFamilies").split())
        used = traced_families(trace) if trace is not None else open_families(server)
        assert "AF_INET" in used | open_families(server)  # the front door listens on TCP
        assert used | open_families(server) <= allowed, f"opened {sorted(used)}; the unit allows {sorted(allowed)}"
        everyone = tree(proc.pid)
        os.kill(server, signal.SIGTERM)  # what `systemctl stop` sends first
        proc.wait(float(one(settings, "TimeoutStopSec")))
        assert proc.returncode is not None
        assert not socket_path.exists(), "a stopped server leaves no socket behind"
        deadline = time.monotonic() + 5
        while any(_alive(p) for p in everyone) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(_alive(p) for p in everyone), "every process the server started goes with it"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def _is_server(pid: int, parent: int) -> bool:
    """Under strace the server is strace's child."""
    try:
        with open(f"/proc/{pid}/stat") as info:
            return int(info.read().rsplit(")", 1)[1].split()[1]) == parent
    except OSError:
        return False


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as info:
            return info.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
