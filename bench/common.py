"""What every benchmark shares: paths, child processes, peak memory, Markdown tables."""

from __future__ import annotations

import gzip
import json
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "corpora"
CACHE = Path(os.environ.get("PAPERCHAT_BENCH_CACHE", Path.home() / ".cache" / "paperchat" / "bench"))
sys.path.insert(0, str(ROOT / "src"))

from paperchat.config import Settings  # noqa: E402
from paperchat.metrics import median, percentile  # noqa: E402,F401  (one median for eval and bench)


def settings_for(index: Path, **groups: dict[str, Any]) -> Settings:
    """The default settings with the index at `index` (and any other changes)."""
    return Settings.load(env={}).changed(index={"dir": index}, **groups)


def table(title: str, rows: list[dict[str, Any]]) -> str:
    if not rows:
        return f"\n### {title}\n(nothing measured)\n"
    cols = list(dict.fromkeys(k for r in rows for k in r))
    out = [f"\n### {title}", "| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for r in rows:
        out.append("| " + " | ".join(_cell(r.get(c, "")) for c in cols) + " |")
    return "\n".join(out)


def _cell(v: Any) -> str:
    return f"{v:.3g}" if isinstance(v, float) else str(v)


def child(*args: str) -> dict[str, Any]:
    """Run `bench/run.py --child ...` and return the JSON it prints last."""
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--child", *args],
                         capture_output=True, text=True, cwd=ROOT)
    if out.returncode:
        raise RuntimeError(f"child {args[:2]} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def peak_rss_gb() -> float:
    """This process's own peak RSS. Not ru_maxrss: Linux carries that across fork and
    exec, so a child would report its parent's peak when the parent's is higher."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1e6  # kB -> GB
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6


def read_gz_lines(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return f.read().splitlines()
