"""nbval settings for every notebook (lessons/). They live here, at the root, because a conftest's
collection hooks only reach the folders below it, and in code rather than in ``addopts`` so that
``pytest -p no:nbval tests/...`` still works.

- The kernel is the running interpreter's environment (``--nbval-current-env``), and a cell may
  take up to 300 s (``--nbval-cell-timeout``), unless given on the command line.
- Outputs are compared strictly (``--nbval``) except ``stderr`` (warnings differ between
  machines); memory addresses are sanitized. nbval never compares widget model ids, and the
  tables' ``text/plain`` repr is short and stable (``EcarteTable(seat=0)``).
"""
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
