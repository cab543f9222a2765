"""Start and stop a standalone Voilà on 127.0.0.1 the way a teacher would, for tests and
benchmarks: from the repository root, so the root ``voila.json`` applies.

``start_voila(target, *, pool=None, args=(), env=None)`` returns a :class:`Server` (``url``,
``proc``, ``log_path``, ``log()``); ``pool`` overrides the preheated pool sizes
(``{"ecarte_app.ipynb": 2}``), everything else comes from ``voila.json``. ``server.stop()``
ends Voilà and every process below it (kernels included).
"""
from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ROOT", "Server", "descendants", "free_port", "kernel_pids", "start_voila"]

def _repository_root() -> Path:
    """The repository a server is started from: the folder above this package in the source
    tree (an editable install, as ``./dev`` makes), else the current folder when it is a
    checkout (a regular ``pip install .`` puts this module in site-packages, where no
    ``lessons/`` or ``voila.json`` is)."""
    here = Path(__file__).resolve().parents[1]
    if (here / "voila.json").is_file() and (here / "lessons").is_dir():
        return here
    cwd = Path.cwd()
    return cwd if (cwd / "voila.json").is_file() and (cwd / "lessons").is_dir() else here


ROOT = _repository_root()


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (Linux /proc)."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    out, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def kernel_pids(pid: int) -> list[int]:
    """The ipykernel processes below ``pid``."""
    out = []
    for child in descendants(pid):
        try:
            cmd = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"ipykernel" in cmd:
            out.append(child)
    return out


@dataclass
class Server:
    """A running Voilà: ``url`` (no trailing slash), ``proc``, ``log_path``."""
    url: str
    proc: subprocess.Popen[bytes]
    log_path: str

    def log(self) -> str:
        return Path(self.log_path).read_text(errors="replace")

    def kernels(self) -> list[int]:
        return kernel_pids(self.proc.pid)

    def stop(self) -> None:
        kids = descendants(self.proc.pid)
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=20)
        for pid in kids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)


def start_server(cmd: list[str], port: int, ready_path: str, *, cwd: str | os.PathLike[str] = ROOT,
                 env: dict[str, str] | None = None, timeout: float = 90.0) -> Server:
    """Start ``cmd`` (a Jupyter server, JupyterHub …) listening on ``port`` of 127.0.0.1, its
    output in a log file, and wait until ``ready_path`` (e.g. ``/api/status?token=…``) answers.
    Raises RuntimeError, with the log, when it exits or does not answer within ``timeout`` s."""
    # the server writes its own copy of the file descriptor: ours is closed once it has started
    with tempfile.NamedTemporaryFile("w+", prefix="server-", suffix=".log", delete=False) as log:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True,
                                env={**os.environ, **(env or {})})
    server = Server(f"http://127.0.0.1:{port}", proc, log.name)
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(server.url + ready_path, timeout=5):
                return server
        except Exception:
            if proc.poll() is not None or time.monotonic() > deadline:
                server.stop()
                raise RuntimeError(f"{Path(cmd[0]).name} did not start:\n{server.log()[-5000:]}") from None
            time.sleep(0.5)


def start_voila(target: str | os.PathLike[str], *, pool: dict[str, int] | None = None,
                args: Iterable[str] = (), env: dict[str, str] | None = None, timeout: float = 90.0,
                ready_path: str = "", nice: int = 0, python: str | os.PathLike[str] | None = None,
                port: int | None = None) -> Server:
    """Start ``voila <target>`` (a notebook or a folder) on ``port`` of 127.0.0.1 (default: a
    free one; a restarted server keeps its port, so that its pages keep their ``localStorage``)
    from the repository root and wait until it answers ``ready_path`` (default: a static file,
    which starts no kernel); ``python``: another environment's interpreter to run it with
    (``python -m voila``). Raises RuntimeError when it exits or does not answer within
    ``timeout`` s."""
    port = port or free_port()
    voila = [str(Path(sys.executable).with_name("voila"))] if python is None else [str(python), "-m", "voila"]
    cmd = [*voila, str(target), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    if pool is not None:
        pools = {"default": {"pool_size": 0}}
        pools.update({name: {"pool_size": n} for name, n in pool.items()})
        cmd.append("--VoilaKernelManager.kernel_pools_config=" + json.dumps(pools))
    cmd += list(args)
    if nice:
        cmd = ["nice", "-n", str(nice), *cmd]
    # by default a probe that starts no kernel: one of Voilà's static files
    return start_server(cmd, port, ready_path or "/voila/static/voila.js", env=env, timeout=timeout)


def wait_pool(server: Server, notebook: str, size: int, timeout: float = 300.0) -> float:
    """Wait until Voilà's log says the pool of ``notebook`` holds ``size`` kernels; returns the
    seconds waited. Raises TimeoutError."""
    t0 = time.monotonic()
    needle = f"Kernel pool of {notebook} is filled with {size} kernel(s)"
    while needle not in server.log():
        if time.monotonic() - t0 > timeout:
            raise TimeoutError(f"pool of {notebook} not filled in {timeout} s")
        time.sleep(0.5)
    return time.monotonic() - t0
