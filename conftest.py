"""nbval settings for every notebook (lessons/), and how ``./dev test`` shares the tests between
its pytest-xdist workers. They live here, at the root, because a conftest's
collection hooks only reach the folders below it, and in code rather than in ``addopts`` so that
``pytest -p no:nbval tests/...`` still works.

- The kernel is the running interpreter's environment (``--nbval-current-env``), and a cell may
  take up to 300 s (``--nbval-cell-timeout``), unless given on the command line.
- Outputs are compared strictly (``--nbval``) except ``stderr`` (warnings differ between
  machines); memory addresses are sanitized. nbval never compares widget model ids, and the
  tables' ``text/plain`` repr is short and stable (``EcarteTable(seat=0)``).
"""
import pytest

try:
    from nbval.plugin import IPyNbFile
except ImportError:  # nbval not installed: nothing to configure
    IPyNbFile = None

CELL_TIMEOUT = 300


def pytest_configure(config):
    if IPyNbFile is None or not config.pluginmanager.hasplugin("nbval"):
        return
    opt = config.option
    if not (opt.nbval_kernel_name or opt.current_env):
        opt.nbval_current_env = True
    if opt.nbval_cell_timeout == 2000:       # nbval's default
        opt.nbval_cell_timeout = CELL_TIMEOUT


def pytest_collectstart(collector):
    if IPyNbFile is not None and isinstance(collector, IPyNbFile):
        collector.skip_compare += ("stderr",)
        collector.sanitize_patterns[r"at 0x[0-9a-fA-F]+"] = "at 0xADDR"


#: the tests that start servers and browsers, or measure time: one worker runs them all, one
#: after another, as a plain ``pytest`` would (they would fight over the 2 cores with each other)
SERIAL = ("tests/browser/", "tests/security/", "tests/hub/", "tests/serving/")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Under ``pytest -n N --dist loadgroup`` (``./dev test``): every test of :data:`SERIAL` is
    in one group, so one worker runs them in order while the other workers share the rest; every
    other test file (and each notebook, whose cells share one kernel) is a group of its own, so a
    module's fixtures are set up once. Without ``--dist loadgroup`` the markers do nothing (the
    workers run this hook too, so it marks every run)."""
    for item in items:
        path = item.nodeid.split("::")[0]
        group = "serial" if path.startswith(SERIAL) else path
        item.add_marker(pytest.mark.xdist_group(group))
