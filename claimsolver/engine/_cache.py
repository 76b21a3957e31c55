"""Numba cache guard for the engine package.

numba's ``cache=True`` keys a cached function on its own source file only: when a jitted
callee in another file changes, a cached caller keeps the old inlined code (stale results).
The guard hashes the source of every engine module; the hash is kept in a stamp file in the
package's ``__pycache__``; when it differs, all the engine's cached ``*.nbi``/``*.nbc`` files
are deleted before any kernel is loaded, so everything recompiles consistently.

It also tells whether a compiled cache exists, so the first run can say on stderr that it is
compiling (several seconds) instead of looking hung.
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

STAMP_NAME = "claimsolver_engine.stamp"
COMPILE_MESSAGE = "claimsolver: compiling the solver (first run only)..."


#: files outside the package whose values the kernels compile in: the play classes, policy
#: values and step fields of ``claimsolver/tables.py`` are read as globals, which numba freezes
#: into the cached code without tracking their file
SHARED_SOURCES = ("tables.py",)


def source_hash(pkg_dir: Path) -> str:
    """SHA-256 over the names and contents of the package's ``*.py`` files (sorted) and of the
    :data:`SHARED_SOURCES` beside the package, where they exist."""
    h = hashlib.sha256()
    shared = [Path(pkg_dir).parent / name for name in SHARED_SOURCES]
    for p in sorted(Path(pkg_dir).glob("*.py")) + [q for q in shared if q.is_file()]:
        h.update(p.name.encode())
        h.update(b"\0")
        h.update(p.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def cache_dirs(pkg_dir: Path) -> list[Path]:
    """Directories where numba may keep this package's cache files: the package's
    ``__pycache__`` and, when NUMBA_CACHE_DIR is set, its mirror of the package path."""
    dirs = [Path(pkg_dir) / "__pycache__"]
    env = os.environ.get("NUMBA_CACHE_DIR")
    if env:
        full = Path(pkg_dir).resolve()
        rel = full.relative_to(full.anchor)
        dirs.append(Path(env) / rel)
    return dirs


def cache_files(pkg_dir: Path) -> list[Path]:
    out: list[Path] = []
    for d in cache_dirs(pkg_dir):
        if d.is_dir():
            out.extend(sorted(d.glob("*.nbi")))
            out.extend(sorted(d.glob("*.nbc")))
    return out


def guard(pkg_dir: Path) -> bool:
    """Invalidate stale numba caches of the package in ``pkg_dir``.

    Returns True when the stamp matched (caches kept), False when caches were cleared (or
    there was no stamp). Never raises on file-system errors (a read-only install simply
    keeps whatever cache numba manages).
    """
    pkg_dir = Path(pkg_dir)
    digest = source_hash(pkg_dir)
    stamp = pkg_dir / "__pycache__" / STAMP_NAME
    try:
        old = stamp.read_text().strip() if stamp.exists() else None
    except OSError:
        old = None
    if old == digest:
        return True
    for f in cache_files(pkg_dir):
        try:
            f.unlink()
        except OSError:
            pass
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest + "\n")
    except OSError:
        pass
    return False


def has_compiled_cache(pkg_dir: Path, module: str = "search_dd") -> bool:
    """Whether numba cache data of ``module`` (the main kernel file) exists."""
    for d in cache_dirs(Path(pkg_dir)):
        if d.is_dir() and any(d.glob(f"{module}.*.nbc")):
            return True
    return False


_announced = False


def announce_compile(stream=None) -> None:
    """Say on stderr that the kernels are compiling — once per process, whichever kernel
    (double dummy, claim search) compiles first."""
    global _announced
    if not _announced:
        _announced = True
        print(COMPILE_MESSAGE, file=stream or sys.stderr, flush=True)
