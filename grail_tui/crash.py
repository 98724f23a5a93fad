"""Write crash details to a private file in the user's own state directory."""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

from platformdirs import user_state_dir


def report(exc: BaseException | str) -> Path | None:
    try:
        folder = Path(user_state_dir("grail-tui"))
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.txt"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(exc if isinstance(exc, str) else "".join(traceback.format_exception(exc)))
        return path
    except OSError:
        return None
