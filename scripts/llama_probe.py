"""Does the installed llama-cpp-python compute this model correctly on this CPU?

make setup runs it after the model is fetched: a build whose kernels crash here
(SIGILL) or compute garbage must not be the one the app uses, so on failure the
Makefile installs the AVX-512 build instead (scripts/llama_wheel.sh). The check
runs in a child process, so a crash is a failed check rather than a dead setup:
the model reads a fixed English passage in prompt batches of 128 (the batch size
chat.py uses, and the path where AMX kernels run) and must find it unsurprising.
A correct build scores 1.75 nats per token on it with the 1.5B (AVX-512 and AMX
alike; 2.33 with SmolLM2-135M); a uniform guess over Qwen's 151,936 tokens scores 11.9.

    python scripts/llama_probe.py [GGUF]   # exit 0: fine; 1: crashed or garbage
"""

from __future__ import annotations

import signal
import subprocess
import sys

PASSAGE = (
    "Speculative decoding speeds up the inference of large language models. A small draft model "
    "proposes several tokens, and the large target model checks them in one forward pass, keeping "
    "the tokens it agrees with. Because the target model verifies every token, the output is the "
    "same as if it had decoded alone, but it runs far fewer sequential steps. The speed-up depends "
    "on how often the draft model is right: when the two models agree on most tokens, decoding can "
    "be two or three times faster. Recent work adapts the number of draft tokens to the context, "
    "drafts with the target model's own early layers, or verifies a tree of candidate continuations "
    "at once. In this paper, we study when these methods help and when they slow decoding down, and "
    "we propose a simple rule that chooses the draft length from the recent acceptance rate. "
) * 2
LIMIT = 5.0  # nats per token


def score(path: str) -> float:
    import numpy as np
    from llama_cpp import Llama

    llm = Llama(model_path=path, n_ctx=1024, n_threads=2, n_threads_batch=2, n_batch=256, n_ubatch=128,
                flash_attn=True, logits_all=True, verbose=False)
    tokens = llm.tokenize(PASSAGE.encode())
    llm.eval(tokens)
    logits = np.asarray(llm.scores[: len(tokens)], dtype=np.float64)
    top = logits.max(axis=1, keepdims=True)
    logp = logits - top - np.log(np.exp(logits - top).sum(axis=1, keepdims=True))
    return float(-np.mean([logp[i, tokens[i + 1]] for i in range(len(tokens) - 1)]))


def verdict(returncode: int, stdout: str, stderr: str) -> tuple[bool, str]:
    """Whether the child's run passes, and the line that says why."""
    if returncode != 0:
        last = (stderr.strip().splitlines() or [""])[-1][:200]
        how = f"killed by {signal.Signals(-returncode).name}" if returncode < 0 else f"exit {returncode}"
        return False, f"llama probe: the model did not run with this build ({how}){': ' + last if last else ''}"
    nats = float(stdout.split()[-1])
    ok = nats == nats and nats < LIMIT  # NaN fails
    return ok, (f"llama probe: {nats:.2f} nats per token on the fixed passage "
                f"({'fine' if ok else 'garbage'}; limit {LIMIT})")


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        print(f"{score(sys.argv[2]):.3f}")
        return 0
    if len(sys.argv) > 1:
        path = sys.argv[1]
    else:
        from paperchat.config import Settings
        from paperchat.fetch import gguf_path

        settings = Settings.load()
        path = str(gguf_path(settings.llm.model, settings.models_dir))
    run = subprocess.run([sys.executable, __file__, "--child", path], capture_output=True, text=True)
    ok, why = verdict(run.returncode, run.stdout, run.stderr)
    print(why, file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
