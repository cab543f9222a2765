"""IPython startup file for the memory-ceiling test's kernels (never used in class): when the file
``$CARDKIT_GROW_DIR/<this kernel's pid>`` appears, the kernel takes as many MB of memory as the
file says, and keeps them. It stands for a page that found a way to grow its kernel, which the
websocket policy no longer allows (tests/security/test_classroom_hardening.py)."""
import os
import threading
import time


def _watch(folder: str) -> None:
    flag = os.path.join(folder, str(os.getpid()))
    hog = []
    while True:
        time.sleep(0.2)
        try:
            with open(flag) as f:
                mb = int(f.read().strip() or 0)
        except (OSError, ValueError):
            continue
        hog.append(b"x" * (mb * 1024 * 1024))     # written, so resident
        os.unlink(flag)


if os.environ.get("CARDKIT_GROW_DIR"):
    threading.Thread(target=_watch, args=(os.environ["CARDKIT_GROW_DIR"],), daemon=True).start()
