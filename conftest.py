"""nbval settings for every notebook (lessons/), and how ``./dev test`` shares the tests between
its two pytest-xdist workers (``pytest -n 2``; :func:`work_unit`). They live here, at the root, because a conftest's
collection hooks only reach the folders below it, and in code rather than in ``addopts`` so that
``pytest -p no:nbval tests/...`` still works.

- The kernel is the running interpreter's environment (``--nbval-current-env``), and a cell may
  take up to 300 s (``--nbval-cell-timeout``), unless given on the command line.
- Outputs are compared strictly (``--nbval``) except ``stderr`` (warnings differ between
  machines); memory addresses are sanitized. nbval never compares widget model ids, and the
  tables' ``text/plain`` repr is short and stable (``EcarteTable(seat=0)``).
- The Écarté app keeps its matches in the table store (``open_store()``): a test run, its
  kernels and its Voilà servers use a store in a temporary folder (``CARDKIT_STORE``, unless
  set already), never the user's own file.
"""
import atexit
import os
import shutil
import tempfile

import pytest

try:
    from nbval.plugin import IPyNbFile
except ImportError:  # nbval not installed: nothing to configure
    IPyNbFile = None

CELL_TIMEOUT = 300


def pytest_configure(config):
    if "CARDKIT_STORE" not in os.environ:
        folder = tempfile.mkdtemp(prefix="cardkit-store-")
        os.environ["CARDKIT_STORE"] = f"sqlite:///{folder}/tables.db"
        atexit.register(shutil.rmtree, folder, True)
    if IPyNbFile is None or not config.pluginmanager.hasplugin("nbval"):
        return
    opt = config.option
    if not (opt.nbval_kernel_name or opt.current_env):
        opt.nbval_current_env = True
    if opt.nbval_cell_timeout == 2000:       # nbval's default
        opt.nbval_cell_timeout = CELL_TIMEOUT


def pytest_collection_modifyitems(config, items):
    """The browser tests run last (in one process, ``JOBS=0``, they would otherwise come before
    the tables'): their session's Playwright driver keeps an event loop running on the main
    thread, and a table built while one runs leaves the computer's moves to that loop, as in a
    live kernel (``cardkit_tables.hooks.running_loop``)."""
    items.sort(key=lambda item: item.nodeid.startswith("tests/browser/"))


def pytest_collectstart(collector):
    if IPyNbFile is not None and isinstance(collector, IPyNbFile):
        collector.skip_compare += ("stderr",)
        collector.sanitize_patterns[r"at 0x[0-9a-fA-F]+"] = "at 0xADDR"


#: the tests that start servers and browsers, or measure time: one worker runs them all, one
#: after another, as a plain ``pytest`` would (they would fight over the 2 cores with each other)
SERIAL = ("tests/browser/", "tests/security/", "tests/hub/", "tests/serving/")


def work_unit(nodeid: str) -> str:
    """The unit of work a test belongs to under ``./dev test``'s two pytest-xdist workers: every
    test of :data:`SERIAL` is one unit, run by one worker in order; any other test file, and each
    notebook (whose cells share one kernel), is a unit of its own (a module's fixtures are set up
    once). ``work_unit("lessons/02_war.ipynb::Cell 3") == "lessons/02_war.ipynb"``."""
    path = nodeid.split("::")[0]
    return "serial" if path.startswith(SERIAL) else path


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's scheduler, sending each :func:`work_unit` to one worker. (xdist's own
    ``--dist loadgroup`` renames node ids to carry a group, which pytest 9.2 no longer allows:
    pytest-xdist issue 1386; a scheduler of our own needs no renaming.)"""
    from xdist.scheduler import LoadScopeScheduling

    class ByWorkUnit(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return ByWorkUnit(config, log)
