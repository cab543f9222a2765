"""A real JupyterHub on loopback (JupyterHub from PyPI, configurable-http-proxy from npm) with
``hub/jupyterhub_config.py``, the dummy authenticator and a local-process spawner that runs as
the current user: three students log in, and each one's default page is the Écarté app in
Voilà with a working table (its widget state holds the table, a click is answered), and Voilà's
front end comes gzipped.

Marked ``hub`` (``-m hub`` selects it, ``-m "not hub"`` leaves it out); CI runs it.
"""
from __future__ import annotations

import http.cookiejar
import json
import os
import re
import secrets
import shutil
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from cardkit_serving.launch import ROOT, free_port, start_server
from voila_client import WidgetSession, choices, table_model_id

pytestmark = pytest.mark.hub
STUDENTS = ("ada", "blaise", "carl")
PASSWORD = "class-password"


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    pytest.importorskip("jupyterhub", reason="jupyterhub is a test extra")
    proxy = shutil.which("configurable-http-proxy")
    if proxy is None:
        pytest.fail("configurable-http-proxy is missing: `npm install -g configurable-http-proxy`"
                    " (./dev test does it)")
    work = tmp_path_factory.mktemp("hub")
    port, api_token = free_port(), secrets.token_hex(16)
    (work / "homes").mkdir()
    config = work / "test_config.py"
    root_flag = ', "--allow-root"' if os.geteuid() == 0 else ""
    config.write_text(f"""
c = get_config()
load_subconfig({str(ROOT / 'hub' / 'jupyterhub_config.py')!r})
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {free_port()}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.JupyterHub.db_url = "sqlite:///{work / 'hub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(work / 'cookie_secret')!r}
c.JupyterHub.pid_file = {str(work / 'hub.pid')!r}
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(work / 'homes' / '{username}')!r}
c.Spawner.args.extend(["--ServerApp.ip=127.0.0.1"{root_flag}])
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.load_roles.extend([
    {{"name": "test-admin", "services": ["test-admin"], "scopes": ["admin:users", "admin:servers"]}}])
c.JupyterHub.services.extend([
    {{"name": "test-admin", "api_token": {api_token!r}}}])
""")
    cmd = [str(Path(sys.executable).with_name("jupyterhub")), "-f", str(config)]
    env = {"PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}
    try:
        server = start_server(cmd, port, "/hub/api/", cwd=work, env=env, timeout=120)
    except RuntimeError as exc:
        pytest.fail(str(exc))
    try:
        yield server, api_token, work
    finally:
        server.stop()


def api(server, token, method, path, body=None):
    req = urllib.request.Request(f"{server.url}/hub/api/{path}", method=method,
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            text = r.read().decode()
            return r.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def log_in(server, name) -> http.cookiejar.CookieJar:
    """The student's browser: log in through the hub's form; returns its cookies."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(f"{server.url}/hub/login", timeout=30) as r:
        page = r.read().decode()
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page)
    form = {"username": name, "password": PASSWORD}
    if xsrf:
        form["_xsrf"] = xsrf.group(1)
    req = urllib.request.Request(f"{server.url}/hub/login?next=",
                                 data=urllib.parse.urlencode(form).encode())
    with opener.open(req, timeout=60):
        pass
    return jar


def test_each_student_gets_a_working_ecarte_table(hub):
    server, token, work = hub
    for name in STUDENTS:
        assert api(server, token, "POST", "users", {"usernames": [name]})[0] in (201, 409)
        assert api(server, token, "POST", f"users/{name}/server")[0] in (201, 202)
    deadline = time.monotonic() + 240
    for name in STUDENTS:
        while True:
            status, user = api(server, token, "GET", f"users/{name}")
            if status == 200 and user["servers"].get("", {}).get("ready"):
                break
            assert time.monotonic() < deadline, f"{name}'s server not ready:\n{server.log()[-4000:]}"
            time.sleep(1)
    kernels = set()
    for name in STUDENTS:
        jar = log_in(server, name)
        # the hub sends a logged-in student to their server's default URL: the app
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        with opener.open(f"{server.url}/hub/", timeout=120) as r:
            landed = r.geturl()
        assert landed.endswith(f"/user/{name}/voila/render/lessons/ecarte_app.ipynb"), landed
        # Voilà's front end comes gzipped (the spawner's --ServerApp.tornado_settings)
        req = urllib.request.Request(f"{server.url}/user/{name}/voila/static/voila.js",
                                     headers={"Accept-Encoding": "gzip"})
        with opener.open(req, timeout=60) as r:
            assert r.headers.get("Content-Encoding") == "gzip", dict(r.headers)
        s = WidgetSession(f"{server.url}/user/{name}", "voila/render/lessons/ecarte_app.ipynb",
                          cookies=jar)
        s.load()
        s.connect()
        s.request_states()
        table = table_model_id(s.models)
        assert table, f"{name}: no table in the widget state"
        for _ in range(5):              # the computer may move first: wait for the table
            options = [c for c in choices(s.models, table) if c.label.strip()
                       and c.label != "New game"]
            if options:
                break
            s.pump(quiet=1.5, timeout=30)
        answered = False
        for c in options[:6]:
            s.comm_msg(c.model_id, c.data)
            if any((m.get("content") or {}).get("data", {}).get("method") == "update"
                   for m in s.pump(quiet=1.5, timeout=20)):
                answered = True
                break
        assert answered, f"{name}: the table answered none of {[c.label for c in options[:6]]}"
        kernels.add(s.kernel_id)
        s.close()
    assert len(kernels) == len(STUDENTS)
    assert (work / "homes" / STUDENTS[0] / "lessons" / "ecarte_app.ipynb").is_file()
