"""The tables' front end: the shipped bundles are exactly the build of their sources.

The JavaScript is written as ES modules in ``widgets/js/`` (``table.js``, ``cards.js``, ``dom.js``,
``motion.js`` and ``connection.js`` export what the tables share; ``ecarte.js``, ``switch.js``,
``war.js`` and ``quiz.js`` import what they use and end with ``export default { render }``).
esbuild, pinned exactly in ``package.json`` and ``package-lock.json``, bundles each into one ES
module, ``widgets/static/<name>.bundle.js``: the file anywidget loads, committed and shipped in
the package, so that a user needs no Node.js and nothing is fetched at run time.

After changing a file in ``widgets/js/``, rebuild and commit the bundles::

    npm ci            # once: the pinned esbuild into node_modules/ (./dev test does it)
    npm run build     # node widgets/js/build.mjs: rewrites widgets/static/*.bundle.js

The same build copies the Gurmukhi and Kannada fonts (woff2, regular and bold) and their licences
from the pinned ``@fontsource/noto-sans-gurmukhi`` and ``@fontsource/noto-sans-kannada`` into
``widgets/static/fonts/`` (``cardkit_tables.fonts``) and ``serving/templates/cardkit/static/fonts/``
(the page template), committed and shipped.

The test rebuilds into a temporary folder with the same script and fails, rather than skip, when
Node.js, esbuild or the font packages are missing.
"""
from __future__ import annotations

import fnmatch
import json
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "widgets" / "static"
WIDGETS = ("ecarte", "switch", "war", "quiz")
FONT_PACKAGES = ("noto-sans-gurmukhi", "noto-sans-kannada")
#: where the build copies them: for the tables (cardkit_tables.fonts) and the page template
FONT_FOLDERS = (STATIC / "fonts", ROOT / "serving" / "templates" / "cardkit" / "static" / "fonts")
#: what widgets/static/fonts/ holds: exactly these, copied from the packages by the build
FONT_FILES = sorted(["OFL-NotoSansGurmukhi.txt", "OFL-NotoSansKannada.txt"]
                    + [f"noto-sans-{s}-{s}-{w}-normal.woff2"
                       for s in ("gurmukhi", "kannada") for w in (400, 700)])


def _need_esbuild() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is not installed: the front-end bundles cannot be rebuilt to be checked "
                    "(apt-get install nodejs npm, then npm ci in the repository)")
    if not (ROOT / "node_modules" / "esbuild" / "package.json").is_file():
        pytest.fail("esbuild is not installed: run `npm ci` in the repository (./dev test does it)")
    for name in FONT_PACKAGES:
        if not (ROOT / "node_modules" / "@fontsource" / name / "package.json").is_file():
            pytest.fail(f"@fontsource/{name} is not installed: run `npm ci` in the repository "
                        "(./dev test does it)")
    return node


def test_the_shipped_bundles_are_the_build_of_widgets_js(tmp_path):
    node = _need_esbuild()
    done = subprocess.run([node, str(ROOT / "widgets" / "js" / "build.mjs"), str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"the build failed:\n{done.stdout}\n{done.stderr}"
    built = sorted(p.name for p in tmp_path.iterdir() if p.name != "fonts")
    assert built == sorted(f"{w}.bundle.js" for w in WIDGETS)
    shipped = sorted(p.name for p in STATIC.glob("*.js"))
    assert shipped == built, "widgets/static/ holds JavaScript that the build does not write"
    stale = [name for name in built if (tmp_path / name).read_bytes() != (STATIC / name).read_bytes()]
    assert not stale, (f"not the build of widgets/js/: {', '.join(stale)} in widgets/static/ "
                       "(run `npm run build` and commit the bundles)")


def test_the_shipped_fonts_are_the_pinned_packages_files(tmp_path):
    """widgets/static/fonts/ and serving/templates/cardkit/static/fonts/ are exactly what the build
    copies from the pinned @fontsource packages: the four woff2 files and the two licences, byte
    for byte."""
    node = _need_esbuild()
    done = subprocess.run([node, str(ROOT / "widgets" / "js" / "build.mjs"), str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"the build failed:\n{done.stdout}\n{done.stderr}"
    assert sorted(p.name for p in (tmp_path / "fonts").iterdir()) == FONT_FILES
    for fonts in FONT_FOLDERS:
        where = fonts.relative_to(ROOT)
        assert sorted(p.name for p in fonts.iterdir()) == FONT_FILES, \
            f"{where}/ holds files that the build does not write"
        stale = [name for name in FONT_FILES
                 if (tmp_path / "fonts" / name).read_bytes() != (fonts / name).read_bytes()]
        assert not stale, (f"not the pinned packages' files: {', '.join(stale)} in {where}/ "
                           "(run `npm ci && npm run build` and commit them)")
    # and they are the packages' own, not something the build made up
    fonts = STATIC / "fonts"
    for name in FONT_FILES:
        if name.endswith(".woff2"):
            package = name.split("-normal")[0].rsplit("-", 2)[0]
            source = ROOT / "node_modules" / "@fontsource" / package / "files" / name
        else:
            package = {"OFL-NotoSansGurmukhi.txt": "noto-sans-gurmukhi",
                       "OFL-NotoSansKannada.txt": "noto-sans-kannada"}[name]
            source = ROOT / "node_modules" / "@fontsource" / package / "LICENSE"
        assert (fonts / name).read_bytes() == source.read_bytes(), name
        assert (fonts / name).stat().st_size > 1000, name


def test_the_font_ranges_are_the_packages():
    """cardkit_tables.fonts.UNICODE_RANGES (and so the tables' and the page template's
    @font-face rules) say what the pinned packages' CSS says for each script's subset."""
    from cardkit_tables.fonts import UNICODE_RANGES

    _need_esbuild()
    template = (ROOT / "serving" / "templates" / "cardkit" / "index.html.j2").read_text(encoding="utf-8")
    for family, (package, script) in {"Noto Sans Gurmukhi": ("noto-sans-gurmukhi", "gurmukhi"),
                                      "Noto Sans Kannada": ("noto-sans-kannada", "kannada")}.items():
        for weight in (400, 700):
            # {weight}.css holds one rule per subset; the script's is the one naming its file
            css = (ROOT / "node_modules" / "@fontsource" / package / f"{weight}.css").read_text()
            (declared,) = re.findall(rf"/{package}-{script}-{weight}-normal\.woff2\).*?"
                                     r"unicode-range:\s*([^;]+);", css, re.S)
            assert declared.strip() == UNICODE_RANGES[family], (family, weight)
        assert template.count(f"unicode-range: {UNICODE_RANGES[family]};") == 2, family


def test_esbuild_is_pinned_exactly():
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    pin = package["devDependencies"]["esbuild"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pin), f"esbuild {pin!r}: pin one exact version"
    assert lock["packages"][""]["devDependencies"]["esbuild"] == pin
    assert lock["packages"]["node_modules/esbuild"]["version"] == pin
    assert package["scripts"]["build"] == "node widgets/js/build.mjs"
    # the other tools too (the fonts, axe-core for tests/browser/test_keyboard_a11y.py): one
    # exact version each, the one the lock file installs
    for name, want in package["devDependencies"].items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", want), f"{name} {want!r}: pin one exact version"
        assert lock["packages"][f"node_modules/{name}"]["version"] == want, name


def test_each_widget_loads_its_bundle_a_module_that_imports_nothing():
    from cardkit_tables import EcarteTable, Quiz, SwitchTable, WarTable

    for widget, name in zip((EcarteTable, SwitchTable, WarTable, Quiz), WIDGETS, strict=True):
        text = (STATIC / f"{name}.bundle.js").read_text(encoding="utf-8")
        assert widget._esm == text, widget.__name__
        assert widget._css == (STATIC / "table.css").read_text(encoding="utf-8")
        # self-contained: the shared modules are inside, nothing is imported (fetched) at load
        assert not re.search(r"^\s*import\b|\bimport\(", text, re.M), name
        assert "// widgets/js/cards.js" in text and f"// widgets/js/{name}.js" in text
        # anywidget takes the module's default export, {render}
        assert text.rstrip().endswith(f"export {{\n  {name}_default as default\n}};"), name


def test_the_package_ships_every_bundle_and_the_css():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["cardkit_tables"]
    wanted = ([f"static/{w}.bundle.js" for w in WIDGETS] + ["static/table.css"]
              + [f"static/fonts/{name}" for name in FONT_FILES])
    for path in wanted:
        assert (ROOT / "widgets" / path).is_file(), path
        assert any(fnmatch.fnmatch(path, g) for g in globs), f"{path} is not in the package data"


def test_no_bundle_holds_a_card_text():
    """A bundle is part of every page's widget state, so a card written in it (even in a comment,
    "play K♥") reads to the hidden-card scans as a card the page may know (tests/security)."""
    for name in WIDGETS:
        text = (STATIC / f"{name}.bundle.js").read_text(encoding="utf-8")
        assert not re.findall(r"\b(?:10|[2-9AKQJ])[♠♥♦♣]", text), name
