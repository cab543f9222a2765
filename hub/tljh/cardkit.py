# The Littlest JupyterHub (one server, up to ~100 students): copy this file to
# /opt/tljh/config/jupyterhub_config.d/cardkit.py, then `sudo tljh-config reload`.
# Every student lands on the Écarté app in Voilà; the lessons are copied into their home on
# first login from /opt/cardkit (a clone of this repository; see hub/README.md).
import shutil
from pathlib import Path

c.Spawner.default_url = "/voila/render/lessons/ecarte_app.ipynb"  # noqa: F821


def _copy_lessons(spawner):
    home = Path(f"/home/jupyter-{spawner.user.name}")
    if home.is_dir() and not (home / "lessons").exists():
        shutil.copytree("/opt/cardkit/lessons", home / "lessons")
        shutil.copy("/opt/cardkit/voila.json", home / "voila.json")
        shutil.chown(home / "lessons", f"jupyter-{spawner.user.name}")


c.Spawner.pre_spawn_hook = _copy_lessons  # noqa: F821
# gzip for what the page downloads (Voilà's front end: 5.3 MB becomes 1.5 MB)
c.Spawner.args.append("--ServerApp.tornado_settings=compress_response=True")  # noqa: F821
