"""Draws docs/scaling.png from a bench run: search latency and ingest time against corpus size.

    python bench/plot.py [bench/results/<date>.json]    # default: the newest full run

`bench/run.py` calls it after every full run.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def newest_full_run() -> Path:
    runs = sorted(p for p in (ROOT / "bench" / "results").glob("*.json") if not p.stem.endswith("quick"))
    return runs[-1]


def plot(results: dict[str, Any], out: Path) -> Path:
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.4))
    search = sorted(results["search"], key=lambda r: r["papers"])
    sizes = [r["papers"] for r in search]
    a.plot(sizes, [r["p50 ms"] for r in search], "o-", label="p50")
    a.plot(sizes, [r["p95 ms"] for r in search], "s--", label="p95")
    a.plot([10_000, 100_000], [50, 150], "x", color="grey", label="p95 targets")
    a.set(xscale="log", xlabel="papers", ylabel="ms per query", title="Search latency (model loaded)")
    a.set_ylim(bottom=0)
    a.legend()
    ingest = sorted(results["ingest"], key=lambda r: r["papers"])
    sizes = [r["papers"] for r in ingest]
    b.plot(sizes, [r["seconds"] / 60 for r in ingest], "o-", label="measured")
    b.plot(sizes, [n / 40 / 60 for n in sizes], ":", color="grey", label="40 papers/s target")
    b.set(xscale="log", yscale="log", xlabel="papers", ylabel="minutes",
          title="Ingest time (2 cores, MiniLM on ONNX Runtime)")
    b.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else newest_full_run()
    print(plot(json.loads(source.read_text()), ROOT / "docs" / "scaling.png"))


if __name__ == "__main__":
    main()
