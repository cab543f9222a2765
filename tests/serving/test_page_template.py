"""Bug 2 of issue 17: after ``pip install -e .``, ``voila lessons/ecarte_app.ipynb`` from the
repository root could not find the page template ``cardkit`` (an editable install copies no data
files to ``share/jupyter``); the first page request hung with ``TemplateNotFound`` in the log and
later ones got a bare 500. Now Voilà stops at start-up with a sentence that says what to run
(``python -m cardkit_serving.page_template``), and once that has run the app is served.

The editable install without the template is made as a throwaway environment: a venv (no pip, no
packages) whose site-packages reach this environment's (so ``cardkit_serving`` is the
repository's folder, as in an editable install) and whose ``share/jupyter`` holds Voilà's and
nbconvert's own templates but not ``cardkit``."""
from __future__ import annotations

import contextlib
import os
import signal
import site
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from cardkit_serving import page_template
from cardkit_serving.launch import descendants, free_port, start_voila

ROOT = Path(__file__).resolve().parents[2]
SHARE = Path(sys.prefix) / "share" / "jupyter"


# ------------------------------------------------------------------------------- the functions
def test_find_looks_under_voila_templates_of_each_root_in_order(tmp_path):
    first, second = tmp_path / "user", tmp_path / "env"
    (second / "voila" / "templates" / "cardkit").mkdir(parents=True)
    assert page_template.find("cardkit", [first, second]) == second / "voila" / "templates" / "cardkit"
    (first / "voila" / "templates" / "cardkit").mkdir(parents=True)
    assert page_template.find("cardkit", [first, second]) == first / "voila" / "templates" / "cardkit"
    assert page_template.find("other", [first, second]) is None


def test_require_stops_with_a_sentence_that_says_what_to_run(tmp_path):
    with pytest.raises(SystemExit) as stop:
        page_template.require("cardkit", [tmp_path])
    text = str(stop.value.code)
    assert text.startswith("Voilà cannot find the page template 'cardkit' that voila.json names")
    assert f"{tmp_path / 'voila' / 'templates'}" in text
    assert f"`{sys.executable} -m cardkit_serving.page_template`" in text
    assert "pip install ." in text


def test_link_makes_the_repository_template_findable_and_is_idempotent(tmp_path):
    dest = page_template.link(tmp_path)
    assert dest == tmp_path / "share" / "jupyter" / "voila" / "templates" / "cardkit"
    assert dest.resolve() == (ROOT / "serving" / "templates" / "cardkit").resolve()
    assert page_template.find("cardkit", [tmp_path / "share" / "jupyter"]) == dest
    assert page_template.link(tmp_path) == dest and dest.resolve() == page_template.SOURCE
    dest.unlink()
    dest.symlink_to(tmp_path / "moved-away")          # a dangling link is replaced
    assert page_template.link(tmp_path).resolve() == page_template.SOURCE
    with pytest.raises(FileNotFoundError):
        page_template.link(tmp_path, source=tmp_path / "nothing")


def test_the_kernel_manager_requires_the_template_voila_names(monkeypatch):
    from traitlets.config import Configurable

    from cardkit_serving.kernels import ClassroomKernelManager

    class FakeVoila(Configurable):          # what the kernel manager reads of its parent
        class voila_configuration:
            template = "no-such-template"

    with pytest.raises(SystemExit, match="cannot find the page template 'no-such-template'"):
        ClassroomKernelManager(parent=FakeVoila())
    FakeVoila.voila_configuration.template = "lab"          # Voilà's own: found
    assert ClassroomKernelManager(parent=FakeVoila()).max_kernels == 40


# ------------------------------------------------------------------- a real Voilà, editable
@pytest.fixture
def editable_env(tmp_path):
    """A Python environment like an editable install's: the project importable, the template
    not in any ``share/jupyter`` Voilà looks in."""
    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    python = env / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             capture_output=True, text=True, check=True).stdout.strip()
    # this environment's site-packages, .pth files (the editable install's finder) included
    (Path(purelib) / "reach.pth").write_text(
        "".join(f"import site; site.addsitedir({p!r})\n" for p in site.getsitepackages()))
    share = env / "share" / "jupyter"
    share.mkdir(parents=True)
    for entry in SHARE.iterdir():
        if entry.name != "voila":
            (share / entry.name).symlink_to(entry)
    for entry in (SHARE / "voila").iterdir():
        if entry.name != "templates":
            (share / "voila" / entry.name).parent.mkdir(exist_ok=True)
            (share / "voila" / entry.name).symlink_to(entry)
    for entry in (SHARE / "voila" / "templates").iterdir():
        if entry.name != "cardkit":
            (share / "voila" / "templates").mkdir(parents=True, exist_ok=True)
            (share / "voila" / "templates" / entry.name).symlink_to(entry)
    probe = subprocess.run([str(python), "-c", "from cardkit_serving import page_template as p; "
                            "print(p.find(), p.SOURCE)"], capture_output=True, text=True, check=True,
                           cwd=tmp_path)
    assert probe.stdout.split() == ["None", str(ROOT / "serving" / "templates" / "cardkit")], probe
    return python


def test_voila_from_an_editable_install_stops_then_serves_once_linked(editable_env):
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "JUPYTER_PATH")}
    cmd = [str(editable_env), "-m", "voila", "lessons/ecarte_app.ipynb", "--no-browser",
           f"--port={free_port()}", "--Voila.ip=127.0.0.1",
           '--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 0}}']
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        _, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:            # it started (and would hang at the first page)
        for pid in [*descendants(proc.pid), proc.pid]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        _, err = proc.communicate()
        raise AssertionError("Voilà started without its page template: " + err[-3000:]) from None
    assert proc.returncode == 1, err[-3000:]
    assert "Voilà cannot find the page template 'cardkit'" in err
    assert f"`{editable_env} -m cardkit_serving.page_template`" in err
    assert "Traceback" not in err

    linked = subprocess.run([str(editable_env), "-m", "cardkit_serving.page_template"], env=env,
                            capture_output=True, text=True, timeout=60, check=True)
    dest = editable_env.parent.parent / "share" / "jupyter" / "voila" / "templates" / "cardkit"
    assert linked.stdout == f"linked {dest} -> {ROOT / 'serving' / 'templates' / 'cardkit'}\n"

    server = start_voila("lessons/ecarte_app.ipynb", pool={"ecarte_app.ipynb": 0}, env=env,
                         python=editable_env)
    try:
        with urllib.request.urlopen(server.url + "/voila/templates/cardkit/static/rule-cards/war.html",
                                    timeout=30) as r:
            assert r.status == 200 and b"War" in r.read()
        with urllib.request.urlopen(server.url + "/", timeout=120) as r:
            page = r.read().decode()
        assert 'ck-stopped-text"' in page          # the cardkit template's notice
        assert "TemplateNotFound" not in server.log()
    finally:
        server.stop()
