"""Comparison rows over the real corpora: do they go to papers on the question, and do the papers known
to be on it get one?

    python eval/real_rows.py --icml DIR --iclr DIR    # indexes of ../shared/corpora's ICML and ICLR 2026

The eval's comparative questions (eval/questions.jsonl) are asked of the 76 seed abstracts, where every
paper on a topic can be listed. Over the 4,302 ICLR and 5,788 ICML 2026 abstracts no one can list them
all, so eval/real_rows.jsonl keeps, per question, the papers judged by reading their abstracts: `on`
(the rows of the first run read as on the question, and papers a word search found that were read as on it
and got no row) and `off` (rows read as not on it). A row that was never judged is counted apart
(`unjudged`), not guessed; a change that tables new papers must have them read and added. Answers are
extractive (no model): the table is built before the model writes anything.

Figures: precision = rows judged on / rows judged; known rowed = papers judged on that got a row / papers
judged on (a floor on recall's reach, not recall: the papers on a question that no one read are not in it).
Per `set`: a, 16 questions written and judged before the changes after 89f646d (which then read some of them);
b, 8 more written and judged on the rows of 9bb3982, after those changes, and read for nothing else; c, 8 more
written and judged on the rows of b48673f before any change of the session after it, which then read them (the
benchmarks and position papers they tabled led to contribution.py); d, 8 more written after those changes (at
1213330) and judged on their rows, read for nothing else (d8's only rows are off, so its `on` is empty), until the
session after 32f6c79 read d1 for the attack rule; e, 8 more written at the start of that session and judged on the
rows of c0b391e, before its retrieval changes, which then read e1 (speedups) and e8 (attacks). That session's
deeper search for comparisons over large collections (engine.DEEP_FROM) tabled 30 papers never judged, in sets a,
c, d and e; each was read and added (25 on, 5 off), after the change, by the one who made it; f, 8 more written at the start of the
session after 2ace41a and judged on its rows (f8's only rows are off: ICLR 2026 has no paper on symbolic regression),
before that session's changes, which then read f4 ("like Mamba") and f8; the six rows f4 gained were read after the
change (2 on, 4 off); g, 8 more written at the start of the session after e704805 (five put their topic "in" a
setting: "exploration in reinforcement learning", "in-context learning in transformers") and judged on the rows of
e704805 and of a first version of that session's change, read together before either was chosen; that session then
read g4 (exploration) and g7 (differential privacy); h, 8 more written in the session after ed0aa65 (h1 and h2
asked first as a user would, their few rows being what that session's changes addressed: a hyphenated word with a
participle, "LLM-generated", and a last clause that asks of the papers, "and what do they measure?"; the other six
written to try those two forms), judged on the rows of ed0aa65 and of that session's change, read together; e6
gained a row after that change, read after it (on); i, 8 more written in the session after b68d86d to try its rule
for questions that join two topics ("combine retrieval with diffusion models", "integrate knowledge graphs with
large language models", "unify image generation and understanding"), judged on the rows of b68d86d and of the
change, read together (i1 and i7 have no rowed paper on them: ICLR 2026's one paper on retrieval with diffusion
got no row, and ICML 2026 has none on speculative decoding with quantization). After 3095ef8, reading "machine
unlearning" as unlearning (retrieve._FIELD_WORD) gave c1 six more rows, three of them never judged, read after
the change by the one who made it (1 on, 2 off: those two study or measure unlearning and propose no method). j, 8 more written in the session after 3095ef8
(its rows were seen there only to write down a limit: j8, "use LLMs for theorem proving", tables none of ICLR 2026's
provers) and judged in the session after 2dd405d on the rows of 2dd405d (the same as those of 3095ef8), changed by
nothing since; a mesh or surface reconstructed from points or views is not "generated" (j6), and a study that
compares optimizers proposes none (j7). k, 4 more written in the session after 2eff35d to try its reading of a
hyphenated word for what a method spares ("memory-efficient", "communication-efficient", "energy-efficient"; k1 was
one of that session's conversations, answered over one paper before), so they measure the change more than they test
it; judged on the rows of 2eff35d and of the change (three versions of it among them), read together, and on the
papers a word search found ("communication" near "cost", "overhead", "rounds"; "energy" near "efficient",
"consumption"). An LLM-inference system that reports an energy reduction counts as energy-efficient (k3), a study of
deployment costs does not; an analysis that also proposes a communication-efficient variant counts (k4, Lion). l, 3
more written in the session after 7c1f91a to try its reading of a verb in -ify as the noun in -ification ("quantify
uncertainty" and "uncertainty quantification", "detoxify" and "detoxification"), so they too measure the change more
than they test it; judged on the rows of 7c1f91a and of the change, read together, and on the papers a word search
found ("uncertainty quantification", "quantify … uncertainty" beside "LLM" or "language model"). Uncertainty of an
evaluation's estimate, or of a CLIP-like model's embeddings, is not an LLM's (l1); a method shown on detoxification
tasks that does not detoxify at test time is off (l3). The same change gave m11 and g8 a row each, read after it (both
off). m, 2 (one question over each corpus) written in the session after fe3968f, after a conversation found that
"Which papers quantize LLM weights to 2 bits or less …?" tabled 4-bit papers; judged on the rows of fe3968f and of
that session's rule for a bound on a count (retrieve.Retriever.relevant, claims.within_bound), read together, and on
the papers a word search found (a quantization paper writing a width of 2 bits or less, binary or ternary). On: a
paper that quantizes an LLM's weights at 2 bits or less (ternary, binary, sub-1-bit, "2.4 bits" beside 2-bit
models); off: 4-bit methods, activations, gradients or the KV cache, and "low-bit" with no width. They too measure
the change more than they test it. n, 12 (six over each corpus) written at the start of the session after
ed37008 as the first turns of conversations, and judged on the rows of ed37008, before that session's changes, of
which only n7 ("design proteins") was read to make one (the question's verb as a participle, "a benchmark designed to
assess protein …", is no design; its rows then lost VenusX); n7's known papers add one found by a word search
("Shrinking Proteins with Diffusion"), the others' only the rows judged. RNA design is not protein design (n7); a
distillation or personalization method is no text-to-image alignment (n11), nor a theory of how context length acts
an extension of it (n12); a study of when memorization sets in studies memorization, one of a "non-memorization
regime" does not (n5). o, 20 (ten over each corpus) written at the start of the session after 49e739f as the first
turns of conversations, and judged on the rows of 49e739f and of that session's changes, read together: only o16
("without replay", one paper and no table at 49e739f, three rows after) was read to make a rule. Papers a word search
found are added to the known ones of o1 (RoPE variants and architectures that write "length extrapolation" or "length
generalization" as what they improve), o10 (two training-free sparse-attention methods for video diffusion
transformers), o16 (an exemplar-free and a replay-free method); the others' are only the rows judged. A theory of
length generalization is no improvement of it (o1); a federated method for heterogeneous clients counts whatever
its aim (o3); DNA or RNA design is no protein design, protein inverse folding is (o11); a study that evaluates
foundation models builds none (o15: ICLR 2026 has no paper building one for forecasting, so o15's known set is
empty); early stopping of sampled paths is no early exit (o20). A judgment is strict about the question's verb: a
paper that analyses unlearning is not one that "proposes unlearning methods". p, 20 (ten over each corpus) written
at the start of the session after 4ecf24c as first turns, and judged on the rows of 4ecf24c, before that session's
changes, which then read p9 (defenses against membership inference: ICML 2026 has none, so p9's known set is empty
and its off ones are the attacks), p12 ("data science", a field) and p14 ("when chain-of-thought reasoning is
faithful"); papers a word search found are added to the known ones of p1 (contamination), p2, p3, p4, p5, p11 and
p12. An attack is no defense (p9) and a defense no attack (p16); a method shown on images is no distillation of
LLMs (p13); an LLM trained by RL is no LLM that writes rewards (p4); a theory of linear attention proposes none (p7).
q, 10 more (five over each corpus) written later in that session as the first turns of a second round of
conversations, and judged on the rows of ff8eda3, read for nothing else: q7 and q9 have no paper on them in ICLR 2026
(a word search finds no abstract on the adversarial robustness of graph neural networks, nor on molecular
representations learned with them), so their known sets are empty and their rows are off; q1 (ICML 2026's one
defense against backdoors in federated learning, INDEXGUARD) and q6 add the paper a word search found. A robustness
study of neural networks in general is no study of graph neural networks (q7), a time series benchmark for
foundation models uses no LLM (q2), and alignment without a reward model studies none (q3).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from paperchat.config import Settings  # noqa: E402
from paperchat.engine import Engine  # noqa: E402

JUDGED = ROOT / "eval" / "real_rows.jsonl"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--icml", type=Path, required=True, help="an index of icml2026.jsonl.gz")
    parser.add_argument("--iclr", type=Path, required=True, help="an index of iclr2026.jsonl.gz")
    args = parser.parse_args()
    indexes = {"icml2026": args.icml, "iclr2026": args.iclr}
    for name, where in indexes.items():
        if not (where / "manifest.json").is_file():
            print(f"{where}: no paperchat index here (paperchat ingest ../shared/corpora/{name}.jsonl.gz "
                  f"--index {where})", file=sys.stderr)
            return 2
    questions = [json.loads(line) for line in JUDGED.read_text(encoding="utf-8").splitlines() if line.strip()]
    totals = {name: {"on": 0, "off": 0, "unjudged": 0, "known": 0, "known_rowed": 0}
              for name in sorted({q["set"] for q in questions}) + ["all"]}
    print("| question | rows | on | off | unjudged | known on, rowed |")
    print("|---|---|---|---|---|---|")
    for corpus, where in indexes.items():
        engine = Engine.open(Settings.load().changed(index={"dir": where.resolve()}), model=False)
        for q in (q for q in questions if q["corpus"] == corpus):
            table = engine.answer(q["question"]).table
            rows = [r.paper_id for r in table.rows] if table else []
            on, off = set(q["on"]), set(q["off"])
            counts = {"on": sum(p in on for p in rows), "off": sum(p in off for p in rows),
                      "unjudged": sum(p not in on | off for p in rows), "known": len(on),
                      "known_rowed": len(on & set(rows))}
            for key, value in counts.items():
                totals[q["set"]][key] += value
                totals["all"][key] += value
            unjudged = [p for p in rows if p not in on | off]
            print(f"| {q['set']} {q['id']} {q['question']} | {len(rows)} | {counts['on']} | {counts['off']} | "
                  f"{counts['unjudged']}{' ' + ', '.join(unjudged) if unjudged else ''} | "
                  f"{counts['known_rowed']} of {counts['known']} |")
    print()
    for name, t in totals.items():
        judged = t["on"] + t["off"]
        print(f"set {name}: row precision {t['on']}/{judged} = {t['on'] / max(judged, 1):.3f} ({t['unjudged']} rows "
              f"unjudged); known on-topic papers rowed {t['known_rowed']}/{t['known']} = "
              f"{t['known_rowed'] / max(t['known'], 1):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
