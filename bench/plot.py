"""Draws docs/scaling.png: search latency and ingest time against corpus size, from the
numbers in the README's benchmark tables (bench/results/*.json hold the raw runs)."""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SEARCH = {76: (46, 55), 10_090: (56, 77), 100_900: (60, 78)}  # papers: (p50 ms, p95 ms)
INGEST = {76: 52, 4_302: 1_035, 10_090: 1_035 + 1_968}  # papers: cumulative wall seconds


def main() -> None:
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.4))
    sizes = sorted(SEARCH)
    a.plot(sizes, [SEARCH[n][0] for n in sizes], "o-", label="p50")
    a.plot(sizes, [SEARCH[n][1] for n in sizes], "s--", label="p95")
    a.axhline(50, color="grey", lw=0.8, ls=":")
    a.set(xscale="log", xlabel="papers", ylabel="ms per query", title="Search latency (model loaded)")
    a.legend()
    sizes = sorted(INGEST)
    b.plot(sizes, [INGEST[n] / 60 for n in sizes], "o-")
    b.set(xscale="log", yscale="log", xlabel="papers", ylabel="minutes", title="Ingest time (2 cores, MiniLM fp32)")
    fig.tight_layout()
    out = ROOT / "docs" / "scaling.png"
    fig.savefig(out, dpi=110)
    print(out)


if __name__ == "__main__":
    main()
