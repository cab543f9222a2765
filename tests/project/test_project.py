"""Checks of the project's own promises: pins, README, configuration, layering
(notes/jupyter-ecosystem.md §7 turns known Voilà/Binder/nbval bugs into these checks)."""
from __future__ import annotations

import ast
import importlib.metadata
import json
import os
import re
import subprocess
import sys
import tomllib
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _requirements() -> list[str]:
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    return [ln.split("#")[0].strip() for ln in lines if ln.split("#")[0].strip()]


def test_binder_pins_the_widget_stack_to_the_installed_versions():
    reqs = _requirements()
    pins = dict(r.split("==") for r in reqs if "==" in r)
    for name in ("voila", "ipywidgets", "jupyterlab_widgets", "anywidget"):
        assert name in pins, f"binder/requirements.txt must pin {name} exactly"
    for name, version in pins.items():
        assert importlib.metadata.version(name) == version, (
            f"binder pins {name}=={version} but the tests ran with "
            f"{importlib.metadata.version(name)}")
    assert "." in reqs, "binder/requirements.txt must install this repository ('.')"


def test_binder_python_version():
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    m = re.fullmatch(r"python-3\.(\d+)", runtime)
    assert m, runtime
    low = re.search(r">=\s*3\.(\d+)", PYPROJECT["project"]["requires-python"])
    assert int(m.group(1)) >= int(low.group(1))
    assert not (ROOT / ".binder").exists(), "repo2docker refuses both binder/ and .binder/"


def _badge_urlpaths() -> list[str]:
    return re.findall(r"mybinder\.org/v2/[^)\s]*?[?&]urlpath=([^)&\s]+)", README)


def test_readme_binder_badge_opens_an_existing_voila_app():
    paths = _badge_urlpaths()
    assert paths, "the README has no Binder badge with urlpath="
    for raw in paths:
        # voila#776: a leading slash redirects to /tree/voila/... and 404s
        assert not raw.startswith(("%2F", "%2f", "/")), raw
        path = urllib.parse.unquote(raw)
        assert path.startswith(("voila/render/", "lab/tree/")), path
        assert (ROOT / path.removeprefix("voila/render/").removeprefix("lab/tree/")).is_file(), path


def test_notebooks_named_in_readme_exist():
    named = set(re.findall(r"lessons/[\w.-]+\.ipynb", README))
    assert "lessons/ecarte_app.ipynb" in named
    missing = sorted(n for n in named if not (ROOT / n).is_file())
    assert not missing, f"the README names notebooks that do not exist: {missing}"


def test_readme_quick_start_and_ci_run_the_same_commands():
    assert "./dev app" in README and "voila lessons/ecarte_app.ipynb" in README
    assert "http://localhost:8866" in README
    assert "./dev test" in README and "pytest --nbval" in README
    ci = (ROOT / ".ci" / "run").read_text()
    assert ci.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in ci
    assert re.search(r"^\./dev test$", ci, re.MULTILINE)
    dev = (ROOT / "dev").read_text()
    assert 'lessons/${game}_app.ipynb' in dev and "pytest --nbval" in dev


def test_pytest_options_avoid_nbdime():
    # nbval#230: --nbdime breaks on pytest 9
    opts = PYPROJECT["tool"]["pytest"]["ini_options"]
    assert "--nbdime" not in str(opts.get("addopts", ""))
    assert "lessons" in opts["testpaths"]


def test_voila_configuration():
    conf = json.loads((ROOT / "voila.json").read_text())
    voila = conf["VoilaConfiguration"]
    assert voila["template"] == "cardkit"     # serving/templates/cardkit, based on "lab"
    assert voila["strip_sources"] is True and voila["show_tracebacks"] is False
    culling = conf["MappingKernelManager"]
    assert culling["cull_idle_timeout"] > 0 and culling["cull_interval"] > 0   # voila#617, #849


def test_one_widgets_8_front_end_is_installed():
    # voila#1539: a widgets-7 lab extension next to the widgets-8 one breaks every app
    ext = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyter-widgets"
    found = sorted(p.name for p in ext.iterdir()) if ext.is_dir() else []
    assert found == ["jupyterlab-manager"], found
    version = json.loads((ext / "jupyterlab-manager" / "package.json").read_text())["version"]
    assert version.startswith("5."), version


def test_tables_import_name_cannot_clash():
    # the folder widgets/ is installed as cardkit_tables; no top-level "widgets" reaches
    # site-packages, where another distribution's "widgets" could clash with it
    import subprocess
    probe = ("import importlib.util as u; s = u.find_spec('cardkit_tables'); "
             "print(s.origin if s else None); print(u.find_spec('widgets'))")
    out = subprocess.run([sys.executable, "-c", probe], cwd="/", capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert Path(out[0]).resolve() == (ROOT / "widgets" / "__init__.py").resolve(), out
    assert out[1] == "None", out


def test_every_package_folder_is_packaged():
    # a regular install (Binder, a hub) ships only the packages pyproject.toml lists: each
    # folder with an __init__.py under cardkit/, widgets/, teaching/ and serving/ must be one of them
    import tomllib
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    dirs = {v: k for k, v in conf.get("package-dir", {}).items()}
    listed = set(conf["packages"])
    for top in ("cardkit", "widgets", "teaching", "serving"):
        for init in sorted((ROOT / top).rglob("__init__.py")):
            rel = init.parent.relative_to(ROOT).parts
            name = ".".join((dirs.get(rel[0], rel[0]), *rel[1:]))
            assert name in listed, f"{init.parent.relative_to(ROOT)} is not packaged as {name}"


def _python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_widgets_never_print():
    # voila#483: print() in a callback shows nothing in Voilà (and breaks nbval in notebooks)
    for path in _python_files("widgets") + _python_files("teaching"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
                raise AssertionError(f"{path.relative_to(ROOT)}:{node.lineno} calls print()")


def test_cardkit_imports_no_jupyter():
    banned = ("ipywidgets", "IPython", "ipykernel", "traitlets", "widgets")
    for path in _python_files("cardkit"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            for name in names:
                assert name.split(".")[0] not in banned, f"{path.relative_to(ROOT)} imports {name}"
    code = ("import importlib, pkgutil, sys, cardkit\n"
            "for m in pkgutil.iter_modules(cardkit.__path__): importlib.import_module('cardkit.' + m.name)\n"
            "print(sorted(n for n in ('ipywidgets', 'IPython', 'ipykernel') if n in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]", out


#: each layer's folder and the import packages above it, which it must not import
#: (docs/architecture.md "Layers": rules <- tables <- lesson helpers; serving on top)
LAYERS = {"cardkit": ("cardkit_tables", "cardkit_lessons", "cardkit_serving"),
          "widgets": ("cardkit_lessons", "cardkit_serving"),
          "teaching": ("cardkit_serving",)}
PACKAGE_OF = {"cardkit": "cardkit", "widgets": "cardkit_tables", "teaching": "cardkit_lessons",
              "serving": "cardkit_serving"}


def _imported_names(path: Path, root: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, with its line; a relative ``from .x import y`` counts as
    the package's own ``x`` (so it is never an import from above)."""
    package = PACKAGE_OF[path.relative_to(root).parts[0]]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            name = node.module or ""
            out.append((node.lineno, f"{package}.{name}" if node.level else name))
    return out


def _upward_imports(root: Path) -> list[str]:
    found = []
    for folder, banned in LAYERS.items():
        for path in sorted((root / folder).rglob("*.py")):
            found += [f"{path.relative_to(root)}:{line} imports {name}"
                      for line, name in _imported_names(path, root) if name.split(".")[0] in banned]
    return found


def test_the_layers_import_downwards_only():
    # a lesson may use a table, a table never a lesson helper: cardkit_tables and cardkit import
    # no cardkit_lessons (and nothing below serving imports cardkit_serving)
    assert all(_python_files(folder) for folder in LAYERS)
    assert _upward_imports(ROOT) == []


def test_the_layer_check_sees_an_upward_import(tmp_path):
    # the check above can fail: a table module importing a lesson helper, in both spellings;
    # a lesson helper importing a table, or its own package relatively, is fine
    for folder in LAYERS:
        (tmp_path / folder).mkdir()
    (tmp_path / "widgets" / "bad.py").write_text(
        "import cardkit_lessons.lesson_war\nfrom .cardtable import CardTable\n\n"
        "def f():\n    from cardkit_lessons import war_numbers\n")
    (tmp_path / "teaching" / "ok.py").write_text(
        "from cardkit_tables.live_note import LiveNote\nfrom .lesson_view import box\n")
    (tmp_path / "cardkit" / "rules.py").write_text("from cardkit_tables import WarTable\n")
    assert _upward_imports(tmp_path) == ["cardkit/rules.py:1 imports cardkit_tables",
                                         "widgets/bad.py:1 imports cardkit_lessons.lesson_war",
                                         "widgets/bad.py:5 imports cardkit_lessons"]


def test_lessons_import_ipywidgets_as_ipw():
    bad = re.compile(r"import ipywidgets as (?!ipw\b)\w+|from ipywidgets import \*")
    for nb in sorted((ROOT / "lessons").glob("*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            assert not (cell["cell_type"] == "code" and bad.search(src)), nb.name


def _radon_blocks(blocks):
    """radon's functions, methods, classes and nested functions, flattened."""
    for block in blocks:
        yield block
        yield from _radon_blocks(getattr(block, "closures", []))
        yield from _radon_blocks(getattr(block, "methods", []))
        yield from _radon_blocks(getattr(block, "inner_classes", []))


#: Known exceptions (none today): "path:function" → the complexity it must stay at or below.
RADON_KNOWN: dict[str, int] = {}


def test_no_function_is_rated_e_or_f_by_radon():
    # radon's ranks: A 1-5, B 6-10, C 11-20, D 21-30, E 31-40, F 41+ (cyclomatic complexity)
    from radon.complexity import cc_rank, cc_visit

    too_complex = []
    files = _python_files("cardkit") + _python_files("widgets") + _python_files("teaching")
    assert any(p.name == "war_table.py" for p in files), files
    assert any(p.name == "war_numbers.py" for p in files), files
    for path in files:
        for block in _radon_blocks(cc_visit(path.read_text(encoding="utf-8"))):
            known = RADON_KNOWN.get(f"{path.relative_to(ROOT)}:{block.fullname}")
            if known is not None and block.complexity <= known:
                continue
            if cc_rank(block.complexity) in ("E", "F"):
                too_complex.append(f"{path.relative_to(ROOT)}:{block.lineno} {block.fullname} "
                                   f"{cc_rank(block.complexity)} ({block.complexity})")
    assert not too_complex, "functions rated E or F by radon: " + "; ".join(too_complex)


def test_dev_app_refuses_a_taken_port_and_names_it():
    # Voilà moves to the next free port by itself; ./dev app printed the port asked for, so a
    # teacher handed out another server's address. Now it stops and says which port is taken.
    import socket
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        for cmd in (["app"], ["lessons"]):
            run = subprocess.run([str(ROOT / "dev"), *cmd], cwd=ROOT, capture_output=True,
                                 text=True, timeout=120, env={**os.environ, "PORT": str(port)},
                                 stdin=subprocess.DEVNULL)
            assert run.returncode == 1, run.stderr[-2000:]
            assert f"Port {port} is already in use" in run.stderr
            assert f"PORT={port + 1} ./dev {cmd[0]}" in run.stderr
            assert "Voilà is running" not in run.stdout + run.stderr
