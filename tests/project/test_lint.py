"""The code is clean by ``ruff check`` and type-checked by mypy (settings in pyproject.toml), in
the test suite and so in CI: ``mypy --strict`` over the rules package ``cardkit`` (it ships
``py.typed``: its types are a promise to the code that uses it) and over the serving layer
``serving/`` (it reads what browsers send), and plain ``mypy`` over the tables, the serving layer
and the lesson helpers. No function in any package is complex past radon's grade C."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str) -> str:
    return shutil.which(name) or str(Path(sys.executable).with_name(name))


def test_ruff_check_finds_nothing():
    done = subprocess.run([_tool("ruff"), "check", "--no-cache", str(ROOT)], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("args", [["--strict", "cardkit"],
                                  ["--strict", "widgets", "serving"],
                                  ["widgets", "serving", "teaching"]],
                         ids=["strict-cardkit", "strict-tables-serving", "tables-serving-lessons"])
def test_mypy_finds_nothing(args):
    done = subprocess.run([_tool("mypy"), "--no-incremental", "--cache-dir=/dev/null", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr


def _modules(*folders: str) -> list[Path]:
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py"))


#: every import package's folder (pyproject.toml's [tool.setuptools] packages and package-dir)
PACKAGES = ("cardkit", "widgets", "serving", "teaching")


def test_no_function_is_complex_past_radon_c():
    """radon's cyclomatic complexity: nothing in any package (the rules, the tables, the serving
    layer, the lesson helpers) at grade D or worse (a function a newcomer cannot hold in their
    head is split into named steps)."""
    from radon.complexity import cc_rank, cc_visit

    found = [f"{p.relative_to(ROOT)}:{b.lineno} {b.name} {cc_rank(b.complexity)} ({b.complexity})"
             for p in _modules(*PACKAGES)
             for b in cc_visit(p.read_text(encoding="utf-8")) if cc_rank(b.complexity) >= "D"]
    assert not found, "\n".join(found)


def test_the_complexity_check_reads_every_package():
    """``PACKAGES`` is every import package's folder, so that a new package is not left out."""
    import tomllib

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    top = {name.split(".")[0] for name in conf["packages"]}
    assert {conf["package-dir"].get(name, name) for name in top} == set(PACKAGES)


def test_no_rules_module_is_longer_than_600_lines():
    """One concern per module: a rules or tables module over about 600 lines (640 with its docs) is
    split, and so is a module of the tables' front end (``widgets/js/*.js``)."""
    front_end = sorted((ROOT / "widgets" / "js").glob("*.js"))
    assert front_end, "no widgets/js/*.js: the front end moved, and this check lost it"
    long = [f"{p.relative_to(ROOT)}: {n}" for p in [*_modules("cardkit", "widgets"), *front_end]
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 640]
    assert not long, long


def _imports(path: Path, package: str) -> set[str]:
    """The package's own modules that ``path`` imports (absolute or relative), as dotted names."""
    import ast

    rel = path.relative_to(ROOT / package.split(".")[0]).with_suffix("")
    here = [package.split(".")[0], *rel.parts]
    if here[-1] == "__init__":
        here = here[:-1]
        pkg = here
    else:
        pkg = here[:-1]
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for block in ast.walk(tree):         # imports for type checkers only are not run: no cycle
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test):
            block.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg[: len(pkg) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            names = [mod] + [f"{mod}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found.update(n for n in names if n.split(".")[0] == here[0])
    return found


def test_the_rules_package_has_no_import_cycle():
    """Modules of ``cardkit`` import each other one way only (a package's ``__init__`` may gather
    its modules' names; a module never imports back a module that imports it)."""
    mods: dict[str, Path] = {}
    for p in _modules("cardkit"):
        rel = p.relative_to(ROOT).with_suffix("")
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        mods[name] = p
    graph = {m: {n for n in _imports(p, m) if n in mods and n != m and mods[n].name != "__init__.py"}
             for m, p in mods.items() if p.name != "__init__.py"}
    seen: dict[str, int] = {}
    cycle: list[str] = []

    def visit(m: str, path: list[str]) -> bool:
        seen[m] = 1
        for n in sorted(graph.get(m, ())):
            if seen.get(n) == 1:
                cycle.extend([*path[path.index(n):], n] if n in path else [m, n])
                return True
            if n not in seen and visit(n, [*path, n]):
                return True
        seen[m] = 2
        return False

    for m in sorted(graph):
        if m not in seen and visit(m, [m]):
            break
    assert not cycle, " -> ".join(cycle)
