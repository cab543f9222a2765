"""JupyterHub for a class on one machine, every student's default page the Écarté app.

    jupyterhub -f hub/jupyterhub_config.py          # from the repository root, as root

Local Unix users log in (PAM, JupyterHub's default); each gets their own Jupyter server
(``jupyterhub-singleuser``, the environment this file runs in) whose default URL is the Écarté app
in Voilà (``Spawner.default_url``); idle servers are stopped by jupyterhub-idle-culler when it is
installed. The lessons must be in each student's home (``~/lessons``): ``pre_spawn_hook`` copies
them there on first login. ``tests/hub/test_hub.py`` loads this file and swaps in the dummy
authenticator and a spawner that runs as the current user, on loopback.

Environment variables: ``CARDKIT_HUB_IP`` (default 0.0.0.0), ``CARDKIT_HUB_PORT`` (8000),
``CARDKIT_IDLE_TIMEOUT`` (seconds, 900).
"""
import contextlib
import os
import shutil
import sys
from pathlib import Path

c = get_config()  # noqa: F821 - provided by JupyterHub

REPO = Path(__file__).resolve().parents[1]
APP = "/voila/render/lessons/ecarte_app.ipynb"

c.JupyterHub.ip = os.environ.get("CARDKIT_HUB_IP", "0.0.0.0")
c.JupyterHub.port = int(os.environ.get("CARDKIT_HUB_PORT", "8000"))
c.Spawner.default_url = APP
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
# a student's server: Voilà's settings from the repository's voila.json (Voilà reads the cwd)
c.Spawner.environment = {"CARDKIT_REPO": str(REPO)}


def copy_lessons(spawner):
    """Give the student their own copy of the lessons on first login."""
    home = Path(getattr(spawner, "home_dir", None) or os.path.expanduser(f"~{spawner.user.name}"))
    target = home / "lessons"
    if not target.exists():
        shutil.copytree(REPO / "lessons", target)
        shutil.copy(REPO / "voila.json", home / "voila.json")
        with contextlib.suppress(LookupError, PermissionError):
            shutil.chown(target, spawner.user.name)


c.Spawner.pre_spawn_hook = copy_lessons

# stop idle students' servers (and their kernels) after CARDKIT_IDLE_TIMEOUT seconds
timeout = os.environ.get("CARDKIT_IDLE_TIMEOUT", "900")
if shutil.which("jupyterhub-idle-culler") or shutil.which(
        "jupyterhub-idle-culler", path=str(Path(sys.executable).parent)):
    c.JupyterHub.load_roles = [{"name": "idle-culler", "services": ["idle-culler"],
                                "scopes": ["list:users", "read:users:activity",
                                           "read:servers", "delete:servers"]}]
    c.JupyterHub.services = [{"name": "idle-culler",
                              "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                                          f"--timeout={timeout}"]}]
# and the kernels inside a server: Jupyter's own culler; and gzip for what the page downloads
# (5.3 MB of Voilà's front end becomes 1.5 MB: cardkit_serving.delivery)
c.Spawner.args = [f"--MappingKernelManager.cull_idle_timeout={timeout}",
                  "--MappingKernelManager.cull_interval=60",
                  "--ServerApp.tornado_settings=compress_response=True"]
