"""A ``redis-server`` of a test's own (Debian's package): on loopback, nothing saved to disk,
stopped afterwards. The store's tests and the classmate browser tests use it; a missing server
fails the test with what to install (never a skip)."""
from __future__ import annotations

import contextlib
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardkit_serving.launch import free_port


@contextlib.contextmanager
def redis_server(work: Path) -> Iterator[str]:
    """Start ``redis-server`` with its files in ``work``; yield its URL
    (``redis://127.0.0.1:<port>/0``) once it answers a ping; stop it on exit."""
    exe = shutil.which("redis-server")
    if exe is None:
        pytest.fail("redis-server is missing: `apt-get install redis-server` (./dev test and "
                    ".ci/run install it); the Redis table store is tested against the real server")
    try:
        import redis
    except ImportError:
        pytest.fail("redis-py is missing: pip install -e '.[test]' (or 'cardkit[store-redis]')")
    port = free_port()
    proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", str(work)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url, deadline = f"redis://127.0.0.1:{port}/0", time.monotonic() + 20
    client = redis.Redis.from_url(url)
    while True:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"redis-server did not start on port {port}")
            time.sleep(0.05)
    try:
        yield url
    finally:
        client.close()
        proc.terminate()
        proc.wait(timeout=10)
