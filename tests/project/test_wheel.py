"""The wheel a regular install builds (Binder, a hub, ``pip install .``): built without one
setuptools warning (bug 6 of issue 17: ``cardkit_serving.templates.cardkit`` and
``cardkit_tables.static`` were "absent from the packages configuration"), and holding every
import package, the tables' front end, ``py.typed``, the page template where Voilà looks, and the
Gurmukhi and Kannada fonts with their licences in both places (the tables', the template's).

Built once per run from a copy of the sources (a build writes ``build/`` and ``*.egg-info``
next to ``pyproject.toml``), in pip's isolated build environment, as ``pip install .`` does."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: what a build reads: pyproject.toml, the README (the long description) and the package folders
SOURCES = ["pyproject.toml", "README.md", "cardkit", "widgets", "teaching", "serving"]
#: a warning as Python prints one (``SetuptoolsDeprecationWarning: …``, ``BuildBackendWarning``)
#: or setuptools' boxed notices; pip's own "WARNING: …" lines about its configuration are not it
#: the fonts and their licences (widgets/static/fonts, from the pinned @fontsource packages)
FONT_FILES = ["OFL-NotoSansGurmukhi.txt", "OFL-NotoSansKannada.txt",
              *(f"noto-sans-{s}-{s}-{w}-normal.woff2" for s in ("gurmukhi", "kannada") for w in (400, 700))]
SETUPTOOLS_WARNING = re.compile(r"\b\w*Warning\b|^\s*!!\s*$|\*{20,}", re.MULTILINE)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> tuple[zipfile.ZipFile, str]:
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, src / name)
    out = src / "dist"
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-cache-dir",
                          "--disable-pip-version-check", "-w", str(out), str(src)],
                         capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    (built,) = out.glob("cardkit-*.whl")
    return zipfile.ZipFile(built), run.stdout + run.stderr


def test_the_build_prints_no_setuptools_warning(wheel):
    _, output = wheel
    found = [line for line in output.splitlines() if SETUPTOOLS_WARNING.search(line)]
    assert found == [], "\n".join(found[:40])


def test_the_warning_check_sees_setuptools_warnings():
    # what setuptools printed before the fix, and what the check must let through
    assert SETUPTOOLS_WARNING.search("  /tmp/x/setuptools/command/build_py.py:215: BuildBackendWarning: "
                                     "Package 'cardkit_tables.static' is absent from the `packages` "
                                     "configuration.")
    assert SETUPTOOLS_WARNING.search("SetuptoolsDeprecationWarning: License classifiers are deprecated.")
    assert SETUPTOOLS_WARNING.search("  !!")
    assert not SETUPTOOLS_WARNING.search("WARNING: Location 'file:///x/simple/pip/' is ignored")


def test_the_wheel_holds_the_packages_the_front_end_and_the_template(wheel):
    zf, _ = wheel
    names = set(zf.namelist())
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    for package in conf["packages"]:
        assert f"{package.replace('.', '/')}/__init__.py" in names, package
    assert "cardkit/py.typed" in names
    assert [n for n in names if n.startswith("cardkit_tables/static/")], "the tables' front end"
    assert not [n for n in names if n.startswith(("tests/", "widgets/", "teaching/", "serving/"))]
    assert "cardkit_serving/client.py" not in names          # the test client stays with the tests
    share = "cardkit-0.1.0.data/data/share/jupyter/voila/templates/cardkit/"
    template = sorted(n.removeprefix(share) for n in names if n.startswith(share))
    in_repo = sorted(str(p.relative_to(ROOT / "serving" / "templates" / "cardkit"))
                     for p in (ROOT / "serving" / "templates" / "cardkit").rglob("*") if p.is_file())
    assert template == in_repo
    assert "index.html.j2" in template and "static/rule-cards/war.html" in template
    # the Gurmukhi and Kannada fonts and their licences, for the tables (cardkit_tables.fonts)
    # and beside the template (the lesson text), the same bytes as the committed files
    for name in FONT_FILES:
        committed = (ROOT / "widgets" / "static" / "fonts" / name).read_bytes()
        assert zf.read(f"cardkit_tables/static/fonts/{name}") == committed, name
        assert zf.read(f"{share}static/fonts/{name}") == committed, name
