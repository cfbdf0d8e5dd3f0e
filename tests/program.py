"""The real program, `getaway run --sim`, in a child process, and a virtual screen for it."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from companion.server.limiter import SCALE_VARIABLE

PORTS_VARIABLE = "GETAWAY_TEST_PORTS"
"""A range of ports ("20000-20999") the programs the tests start listen on, each the next
free one; unset, each listens on any free port the system gives."""
LIMITS_SCALE = "1000"
"""How many times a person's pace the box takes actions and asks at: the tests play whole
games as fast as the machine goes (the limits themselves are tested in tests/server)."""


_taken: set[int] = set()


def next_port() -> int:
    """The next free port of GETAWAY_TEST_PORTS not handed out yet, or 0 (any free one)."""
    span = os.environ.get(PORTS_VARIABLE, "")
    if not span:
        return 0
    first, _, last = span.partition("-")
    for port in range(int(first), int(last or first) + 1):
        if port not in _taken and free(port):
            _taken.add(port)
            return port
    raise RuntimeError(f"no free port left in {PORTS_VARIABLE}={span}")


def free(port: int) -> bool:
    """Whether nothing listens on ``port`` of loopback now."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class Program:
    """`getaway run --sim` on loopback; headless unless a ``display`` is given. A restart
    listens on the port of the first start, as the box does, so phones find it again.
    Its rate limits are LIMITS_SCALE times a box's."""

    def __init__(self, data: Path, display: str | None = None,
                 wrapper: Sequence[str] = (), port: int | None = None) -> None:
        self.data = data
        self.display = display
        self.wrapper = tuple(wrapper)  # a command that runs the program (strace, unshare)
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.port = next_port() if port is None else port
        self.join_path = "/"
        self.printed_join = ""
        """The join link the box printed for phones (the QR code's)."""
        self.cookies = http.cookiejar.CookieJar()
        self.host = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        """The table page: a browser that opened the host link the box printed (once: the
        box keeps its hosts across restarts)."""

    def start(self) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", SCALE_VARIABLE: LIMITS_SCALE}
        command = [*self.wrapper, sys.executable, "-m", "companion.cli", "run", "--sim", "--data",
                   str(self.data), "--host", "127.0.0.1", "--port", str(self.port),
                   "--print-host-link"]
        if self.display is None:
            command.append("--headless")
        else:
            env["DISPLAY"] = self.display
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, env=env)
        assert self.process.stdout is not None
        for line in self.process.stdout:  # the handshake: the box says where it listens
            if line.startswith("Getaway is ready. Phones join at "):
                self.printed_join = line.split()[-1]
            found = re.search(r"On this machine: (http://localhost:\d+)(/\S*).*page: (\S+)\)",
                              line)
            if found:
                self.url, self.join_path, host_link = found.groups()
                self.port = int(self.url.rsplit(":", 1)[1])
                if not any(cookie.name == "getaway_host" for cookie in self.cookies):
                    self.host.open(host_link, timeout=10).close()
                return
        raise AssertionError(f"the box did not start (exit {self.process.wait()})")

    def kill(self) -> None:
        """Pull the plug (of the program itself, not of a wrapper around it)."""
        assert self.process is not None
        os.kill(self.pid(), signal.SIGKILL)
        self.process.wait()
        assert self.process.stdout is not None
        self.process.stdout.close()

    def pid(self) -> int:
        """The process of `getaway run`: the wrapper's child if it has one (strace), else the
        process itself (a wrapper that ends in exec)."""
        assert self.process is not None
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        found = children.read_text().split() if self.wrapper and children.exists() else []
        return int(found[0]) if found else self.process.pid

    def post(self, kind: str, args: dict[str, Any] | None = None,
             version: int | None = None) -> int | None:
        """Send an action from the table page; its new version, or None if the box refused it
        (409)."""
        body = json.dumps({"type": kind, "args": args or {}, "version": version,
                           "host": True}).encode()
        request = urllib.request.Request(self.url + "/api/action", body,
                                         {"Content-Type": "application/json"})
        try:
            with self.host.open(request, timeout=10) as response:
                return int(json.load(response)["version"])
        except urllib.error.HTTPError as error:
            if error.code == 409:
                return None
            raise

    def view(self) -> dict[str, Any]:
        """The table page's view."""
        with self.host.open(self.url + "/api/view?page=table", timeout=10) as response:
            return dict(json.load(response))


class VirtualScreen:
    """An X server in memory (Xvfb) and xdotool, so the simulator's window gets real keys."""

    def __init__(self) -> None:
        for tool in ("Xvfb", "xdotool"):
            if shutil.which(tool) is None:
                pytest.fail(f"{tool} is missing: `./dev test` installs it (Debian: xvfb xdotool)")
        self.display = f":{90 + os.getpid() % 500}"
        self.process = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1280x800x24",
                                         "-nolisten", "tcp"], stderr=subprocess.DEVNULL)
        self._wait_for_server()

    def _wait_for_server(self) -> None:
        socket = Path(f"/tmp/.X11-unix/X{self.display[1:]}")
        deadline = time.monotonic() + 10
        while not socket.exists():
            assert time.monotonic() < deadline, "Xvfb did not start"
            time.sleep(0.05)

    def window(self, pid: int) -> str:
        """The window of process ``pid``, once it has one."""
        return subprocess.run(["xdotool", "search", "--sync", "--pid", str(pid)],
                              env={**os.environ, "DISPLAY": self.display}, capture_output=True,
                              text=True, timeout=10, check=True).stdout.split()[0]

    def press(self, key: str, pid: int) -> None:
        """Press and release ``key`` (an X keysym like "space") in the window of process ``pid``."""
        env = {**os.environ, "DISPLAY": self.display}
        window = self.window(pid)
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env, timeout=10,
                       check=True)
        subprocess.run(["xdotool", "key", "--delay", "60", key], env=env, timeout=10,
                       check=True)

    def hold(self, key: str, pid: int, seconds: float) -> None:
        """Hold ``key`` down for ``seconds`` in the window of process ``pid``, then let go."""
        env = {**os.environ, "DISPLAY": self.display}
        window = self.window(pid)
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env, timeout=10,
                       check=True)
        subprocess.run(["xdotool", "keydown", key, "sleep", str(seconds), "keyup", key], env=env,
                       timeout=10 + seconds, check=True)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait()
