"""voila.json and serving/ fit together (fast checks; the behaviour is tested against a real
Voilà in tests/security/ and measured by benchmarks/classroom.py)."""
from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import cardkit_serving

ROOT = Path(__file__).resolve().parents[2]
CONF = json.loads((ROOT / "voila.json").read_text())
TEMPLATE = ROOT / "serving" / "templates" / "cardkit"


def _load(dotted: str):
    module, name = dotted.rsplit(".", 1)
    return getattr(importlib.import_module(module), name)


def test_voila_json_names_the_serving_classes():
    from jupyter_server.auth.identity import IdentityProvider
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    assert issubclass(_load(CONF["Voila"]["kernel_websocket_connection_class"]),
                      ZMQChannelsWebsocketConnection)
    assert issubclass(_load(CONF["Voila"]["identity_provider_class"]), IdentityProvider)
    assert issubclass(_load(CONF["VoilaConfiguration"]["multi_kernel_manager_class"]),
                      AsyncMappingKernelManager)


def test_pool_and_caps_fit_a_class_of_thirty():
    pools = CONF["VoilaKernelManager"]["kernel_pools_config"]
    assert CONF["VoilaConfiguration"]["preheat_kernel"] is True
    assert pools["default"]["pool_size"] == 0          # lessons are not preheated
    assert pools["ecarte_app.ipynb"]["pool_size"] == 30
    # the pool refills while the class plays: the cap leaves room for both
    assert CONF["ClassroomKernelManager"]["max_kernels"] >= 2 * 30
    assert CONF["StudentConnection"]["close_grace"] <= 10
    assert CONF["VoilaExecutor"]["iopub_timeout"] >= 10   # 4 s default lost outputs under load
    assert CONF["KernelManager"]["transport"] == "ipc"    # no TCP port races between kernels


def test_template_extends_lab_and_is_installed_where_voila_looks():
    assert json.loads((TEMPLATE / "conf.json").read_text())["base_template"] == "lab"
    from cardkit_serving import page_template
    found = page_template.find("cardkit")
    assert found is not None and (found / "index.html.j2").is_file(), page_template.missing_message()


def test_page_notice_says_the_stopped_message():
    text = (TEMPLATE / "index.html.j2").read_text()
    shown = re.search(r'says\.say\("(.*?)", "ck-stopped-text"\)', text, re.S).group(1)
    assert shown == cardkit_serving.STOPPED_MESSAGE
    # shown by the watcher of the kernel websocket, in <head> (before Voilà's scripts), which
    # tells the tables; the tables say the notice's own text (tests/browser/test_serving_notice.py)
    head = re.search(r"{%- block html_head_js -%}(.*?){%- endblock html_head_js -%}", text, re.S)
    assert head and "window.WebSocket = " in head.group(1) and "/channels" in head.group(1)
    assert 'say("cardkit:stopped")' in head.group(1)
    table = (ROOT / "widgets" / "js" / "connection.js").read_text()
    assert '"cardkit:stopped"' in table and "#ck-stopped .ck-stopped-text" in table


def test_voila_pool_methods_the_kernel_manager_wraps_exist():
    # ClassroomKernelManager.__init_subclass__ wraps these methods of Voilà's pool: a Voilà that
    # renames one would silently lose the wrapper
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    from cardkit_serving.kernels import ClassroomKernelManager
    pooled = voila_kernel_manager_factory(ClassroomKernelManager, True, 1)
    for name in ClassroomKernelManager._WRAPPED:
        method = pooled.__dict__[name]
        assert method.__wrapped__.__qualname__.startswith("voila_kernel_manager_factory."), name


def test_classroom_limits_are_set_for_a_class():
    km, ws = CONF["ClassroomKernelManager"], CONF["StudentConnection"]
    assert km["unclaimed_timeout"] <= 30 and km["sweep_interval"] <= 5
    assert km["max_pending_per_address"] >= 3 and km["max_kernel_memory"] >= 300
    assert 4 <= ws["rate"] <= 20 and ws["burst"] >= 20 and ws["flood_limit"] >= 10 * ws["burst"]
    assert CONF["Voila"]["tornado_settings"]["websocket_max_message_size"] <= 1024 * 1024
    assert CONF["KernelRestarter"]["restart_limit"] == 0        # a dead kernel is not restarted


def test_read_frame_takes_a_page_message_and_refuses_junk():
    import pytest

    from cardkit_serving.connection import BadFrame, read_frame
    ok = json.dumps({"header": {"msg_id": "1", "msg_type": "comm_msg"}, "channel": "shell",
                     "content": {"comm_id": "c", "data": {"method": "custom",
                                                          "content": {"do": "ping", "n": 3}}}})
    frame = read_frame(ok, v1=False)
    assert (frame.channel, frame.msg_type, frame.content["comm_id"]) == ("shell", "comm_msg", "c")
    for junk in ('{"a":' * 40 + "1" + "}" * 40, '{"a":' * 3000 + "1" + "}" * 3000, "[]",
                 '{"header": [], "channel": "shell"}', '{"channel": "shell"}',
                 '{"header": {"msg_id": "1", "msg_type": "x"}, "channel": "iopub"}', "x", b"x",
                 # a channel that is not a string (unhashable: it once escaped as a TypeError)
                 '{"header": {"msg_id": "1", "msg_type": "x"}, "channel": ["shell"]}',
                 '{"header": {"msg_id": "1", "msg_type": "x"}, "channel": {"shell": 1}}'):
        with pytest.raises(BadFrame):
            read_frame(junk, v1=False)
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
    header = json.dumps({"msg_id": "2", "msg_type": "comm_open"}).encode()
    frame = read_frame(serialize_msg_to_ws_v1([header, b"{}", b"{}", b'{"target_name": "t"}', b"buf"],
                                              "control"), v1=True)
    assert (frame.channel, frame.msg_type, frame.content) == ("control", "comm_open", {"target_name": "t"})
    for junk in (b"", (2 ** 60).to_bytes(8, "little"), (6).to_bytes(8, "little") + b"\0" * 48,
                 (7).to_bytes(8, "little") + (10 ** 9).to_bytes(8, "little") * 7, "a str frame"):
        with pytest.raises(BadFrame):
            read_frame(junk, v1=True)


def test_background_tasks_are_kept_until_they_end():
    # asyncio keeps only a weak reference to a task: one nobody holds may be collected mid-way
    # (a kernel's delayed shutdown lost). StudentConnection keeps each until it is done.
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from cardkit_serving.connection import StudentConnection

    async def scenario() -> None:
        go, ran = asyncio.Event(), []

        async def job() -> None:
            await go.wait()
            ran.append(True)

        before = set(StudentConnection._tasks)
        StudentConnection._keep(job())
        (task,) = StudentConnection._tasks - before
        assert not task.done()
        go.set()
        await task
        await asyncio.sleep(0)                       # the done callback runs
        assert ran == [True] and task not in StudentConnection._tasks

    # in a thread of its own: the session's browser tests leave a running loop in this one
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario()).result()


def test_servers_start_from_the_checkout_when_the_kit_is_installed_elsewhere(tmp_path, monkeypatch):
    """Issue 31: after a regular ``pip install .`` (this module in site-packages, no
    ``lessons/`` beside it) the benchmarks and tests still start Voilà from the checkout they
    are run in, not from site-packages ("argument is neither a file nor a directory")."""
    import importlib.util
    import sys
    import shutil
    from pathlib import Path

    import cardkit_serving.launch as launch
    installed = tmp_path / "site-packages" / "cardkit_serving"
    installed.mkdir(parents=True)
    shutil.copy(launch.__file__, installed / "launch.py")
    checkout = Path(launch.__file__).resolve().parents[1]
    assert (checkout / "voila.json").is_file()

    def root_when_run_in(folder):
        monkeypatch.chdir(folder)
        spec = importlib.util.spec_from_file_location("installed_launch", installed / "launch.py")
        module = importlib.util.module_from_spec(spec)
        monkeypatch.setitem(sys.modules, "installed_launch", module)     # (its dataclasses look it up)
        spec.loader.exec_module(module)
        return module.ROOT

    assert root_when_run_in(checkout) == checkout
    assert root_when_run_in(tmp_path) == tmp_path / "site-packages"       # no checkout: as before
    assert checkout == launch.ROOT                                        # the editable install
