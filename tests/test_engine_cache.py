"""The numba cache guard and the first-run compile message."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from claimsolver.engine import _cache

ENGINE_DIR = Path(__file__).resolve().parents[1] / "claimsolver" / "engine"


def _fake_pkg(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "__pycache__").mkdir(parents=True)
    (pkg / "a.py").write_text("x = 1\n")
    (pkg / "b.py").write_text("y = 2\n")
    return pkg


def _fake_cache(pkg):
    for name in ("a.f-1.py311.nbi", "a.f-1.py311.1.nbc", "b.g-3.py311.nbi"):
        (pkg / "__pycache__" / name).write_text("stale")


def test_guard_clears_on_change_only(tmp_path):
    pkg = _fake_pkg(tmp_path)
    _fake_cache(pkg)
    assert _cache.guard(pkg) is False          # no stamp yet: clear
    assert _cache.cache_files(pkg) == []
    _fake_cache(pkg)
    assert _cache.guard(pkg) is True           # unchanged sources: keep
    assert len(_cache.cache_files(pkg)) == 3
    assert _cache.has_compiled_cache(pkg, "a")
    (pkg / "b.py").write_text("y = 3\n")       # a callee changes
    assert _cache.guard(pkg) is False
    assert _cache.cache_files(pkg) == []
    assert not _cache.has_compiled_cache(pkg, "a")
    other = (pkg / "__pycache__" / "a.cpython-311.pyc")
    other.write_text("pyc")                     # non-numba files are left alone
    (pkg / "a.py").write_text("x = 5\n")
    _cache.guard(pkg)
    assert other.exists()


def test_guard_hash_depends_on_content(tmp_path):
    pkg = _fake_pkg(tmp_path)
    h1 = _cache.source_hash(pkg)
    (pkg / "a.py").write_text("x = 1 \n")
    assert _cache.source_hash(pkg) != h1


def test_guard_hash_covers_the_tables_the_kernels_compile_in(tmp_path):
    # numba freezes claimsolver/tables.py's constants (play classes, policy values) into the
    # cached kernels and does not track that file: a change there must invalidate the cache
    pkg = _fake_pkg(tmp_path)
    tables = pkg.parent / "tables.py"
    tables.write_text("IRRATIONAL = 0\n")
    h1 = _cache.source_hash(pkg)
    tables.write_text("IRRATIONAL = 1\n")
    assert _cache.source_hash(pkg) != h1


_SNIPPET = (
    "import numpy as np\n"
    "from claimsolver import engine as E\n"
    "h = np.array([1 << 14, 1 << 13, 1 << 12, 1 << 11], np.int64)\n"
    "print(E.dd_tricks(h, 4, 0, np.zeros(0, np.int64)))\n"
)


@pytest.mark.slow
def test_compile_message_and_stale_callee(tmp_path):
    """Copy the package, run twice: message only on the first run; then change a callee
    (trick resolution reversed) and check the caller's cached code is not reused."""
    root = tmp_path / "proj"
    dst = root / "claimsolver" / "engine"
    shutil.copytree(ENGINE_DIR, dst, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "claimsolver" / "__init__.py").write_text("")
    env = dict(os.environ, PYTHONPATH=str(root))
    env.pop("NUMBA_CACHE_DIR", None)

    def run():
        return subprocess.run([sys.executable, "-c", _SNIPPET], env=env, cwd=root,
                              capture_output=True, text=True, timeout=600)

    r1 = run()
    assert r1.returncode == 0, r1.stderr
    assert r1.stdout.strip() == "1"
    assert _cache.COMPILE_MESSAGE in r1.stderr
    r2 = run()
    assert r2.stdout.strip() == "1"
    assert _cache.COMPILE_MESSAGE not in r2.stderr
    # change the callee: a lower card now "beats" a higher one of the same suit
    tp = dst / "trick.py"
    tp.write_text(tp.read_text().replace("return (c & 15) > (w & 15)",
                                         "return (c & 15) < (w & 15)"))
    r3 = run()
    assert r3.returncode == 0, r3.stderr
    assert _cache.COMPILE_MESSAGE in r3.stderr
    assert r3.stdout.strip() == "0"   # new callee used: the lowest spade (E) wins
