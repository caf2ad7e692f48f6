"""All settings, in one typed object.

`Settings` has one nested group per stage (paths, index, embedder, retrieval,
llm, answer, ui). Every field is typed, defaulted and described; unknown keys
are an error, so a typo in a YAML preset is caught at start-up. Presets are
YAML files in `config/`; environment variables override them, read once in
`Settings.load` and never at import (`PAPERCHAT_INDEX` for the index folder,
`PAPERCHAT_MODELS` for the model cache, and `PAPERCHAT_<GROUP>__<FIELD>` for
any field, e.g. `PAPERCHAT_LLM__MODEL=qwen2.5-coder-0.5b`).

Settings are frozen: a variant is made with `settings.changed(llm={"backend":
"none"})`, which validates the result like a loaded file, so no caller edits
the object another component holds.

Paths that are relative are taken from the repository root (the folder holding
`config/`), so the CLI works from any working directory.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from paperchat.errors import PaperchatError

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CONFIG = ROOT / "config" / "default.yaml"


class _Group(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PathSettings(_Group):
    data: Path = Field(Path("data"), description="The bundled corpus that `make run` and the app index when no index exists.")
    models: Path = Field(
        Path("~/.cache/paperchat/models"),
        description="Where the assembled GGUF models and the ONNX embedder are cached (PAPERCHAT_MODELS overrides).",
    )


class IndexSettings(_Group):
    dir: Path = Field(Path("data/index"), description="Folder of the persistent index.")
    collection: str = Field("papers", description="Chroma collection name.")
    chunk_tokens: int = Field(
        160, ge=32, le=256, description="Chunk size in embedder tokens (MiniLM window is 256)."
    )
    chunk_overlap: int = Field(32, ge=0, description="Token overlap between chunks.")
    embed_chunks: int = Field(
        0, ge=0, description="Embed at most this many chunks of each paper, from its start (0: all). "
        "1 halves ingest time; BM25 still indexes the whole abstract (README: Running for a team).")
    store: Literal["embedded", "http"] = Field(
        "embedded", description="embedded: Chroma and the index state in `dir`; http: a Chroma server holds both.")
    host: str = Field("127.0.0.1", description="Chroma server host (store: http).")
    port: int = Field(8000, ge=1, le=65535, description="Chroma server port (store: http).")
    ssl: bool = Field(False, description="HTTPS to the Chroma server (store: http).")
    token_env: str = Field("", description="Environment variable holding a token sent as 'Authorization: Bearer …'.")
    headers: dict[str, str] = Field(default_factory=dict, description="Extra HTTP headers for the Chroma server.")


class EmbedderSettings(_Group):
    name: str = Field("all-MiniLM-L6-v2", description="Embedder; the bundled one is all-MiniLM-L6-v2.")
    runtime: Literal["onnx", "torch"] = Field(
        "onnx", description="ONNX Runtime (same vectors, faster, no torch at query time) or sentence-transformers."
    )
    quantize: Literal["none", "int8"] = Field(
        "none", description="int8 weights (ONNX only): ~1.4x faster to embed, cosine ~0.99 to fp32; a different index."
    )
    dtype: Literal["auto", "float32", "bfloat16"] = Field(
        "auto", description="Torch dtype (runtime torch); auto is bfloat16 on CPUs with AMX or AVX512-BF16."
    )
    batch_size: int = Field(16, ge=1, description="Chunks embedded per batch (small batches stay in cache: 16 is fastest here).")
    threads: int = Field(2, ge=1, description="CPU threads for embedding.")
    device: Literal["cpu", "cuda"] = Field(
        "cpu", description="cuda: runtime torch on a GPU in fp16 (same index: vectors within cosine 0.999).")

    @model_validator(mode="after")
    def _int8_needs_onnx(self) -> EmbedderSettings:
        if self.quantize == "int8" and self.runtime != "onnx":
            raise ValueError("quantize: int8 is an ONNX model; set runtime: onnx or quantize: none")
        return self


class RetrievalSettings(_Group):
    k: int = Field(5, ge=1, le=50, description="Papers returned per question.")
    candidates: int = Field(50, ge=5, description="Chunks taken from each retriever before fusion.")
    rrf_k: float = Field(20.0, gt=0, description="Reciprocal-rank-fusion constant.")
    dense_weight: float = Field(1.0, ge=0, description="Weight of the dense ranking in fusion.")
    keyword_weight: float = Field(0.7, ge=0, description="Weight of the BM25 ranking in fusion.")
    keyword_floor: float = Field(
        0.05, ge=0, le=1, description="BM25 hits scoring below this share of the best one are left out of fusion."
    )
    abstain_below: float = Field(
        0.58, description="Confidence (best cosine + weighted term coverage) below which the corpus has nothing."
    )
    coverage_weight: float = Field(0.5, ge=0, description="Weight of query-term coverage in the confidence.")
    relevant_margin: float = Field(
        0.15, description="Papers whose cosine is this far below the best are not evidence."
    )
    comparative_margin: float = Field(
        0.25, description="For comparative questions: papers whose relevance (cosine + coverage_weight_relevance x "
        "coverage of the topic terms the hits share) is this far below the best get no row and no citation."
    )
    coverage_weight_relevance: float = Field(
        1.0, ge=0, description="Weight of query-term coverage in the relevance of a paper to a comparative question."
    )
    result_only_weight: float = Field(
        0.25, ge=0, le=1, description="For comparative questions not about evaluation: a topic term a paper holds only "
        "in its result sentences counts this share of itself (chosen on the 16 tuned questions)."
    )
    generic_share: float = Field(
        0.35, ge=0, le=1, description="A query term found in at least this share of the papers ('model', 'diffusion' "
        "in a diffusion collection) is not a topic of a comparative question; 0 keeps every shared term."
    )
    passages: int = Field(2, ge=1, description="Matching sentences returned with each hit (search --json, sources panel).")
    passage_chunk_bonus: float = Field(
        0.5, ge=0, description="Score added to a passage sentence that lies in the paper's best dense chunk."
    )


class LLMSettings(_Group):
    backend: Literal["llama_cpp", "transformers", "openai_like", "none"] = Field(
        "llama_cpp", description="Who writes the synthesis; 'none' gives the extractive answer only."
    )
    model: str = Field("qwen2.5-coder-1.5b", description="Model key (see models.GGUF_MODELS).")
    model_path: Path | None = Field(None, description="A GGUF file to use instead of the key.")
    threads: int = Field(2, ge=1, description="CPU threads for generation.")
    n_ctx: int = Field(2048, ge=512, description="Context window.")
    max_tokens: int = Field(120, ge=8, description="Most tokens the synthesis may use.")
    temperature: float = Field(0.0, ge=0, description="0 is greedy.")
    draft_tokens: int = Field(4, ge=0, le=32, description="llama_cpp and transformers: tokens "
                              "drafted by prompt lookup and checked in one pass (0: off).")
    api_base: str = Field("http://127.0.0.1:8080/v1", description="OpenAI-compatible server; several, "
                          "comma-separated, share the answers (each takes `parallel` at a time).")
    api_key: str = Field("none", description="Key for the server, if it wants one (api_key_env wins when set).")
    api_key_env: str = Field("PAPERCHAT_API_KEY", description="Environment variable read for the server's key.")
    api_model: str = Field("local", description="Model name sent to the server.")
    timeout_s: float = Field(60.0, gt=0, description="Seconds to wait for the server (connect, and between pieces).")
    retries: int = Field(2, ge=0, description="Retries, with backoff, of a request that failed before its first piece.")
    parallel: int = Field(2, ge=1, description="Answers in flight at once per server (its slots or batch size).")


class AnswerSettings(_Group):
    evidence_sentences: int = Field(2, ge=1, le=4, description="Sentences quoted per paper.")
    support_threshold: float = Field(
        0.5, description="Cosine a cited sentence needs with some sentence of the cited abstract."
    )
    min_term_overlap: float = Field(
        0.3, description="Share of a sentence's key terms that the cited abstract must hold."
    )
    synthesis: bool = Field(True, description="Let the model add a verified comparison.")
    single_paper_sentences: int = Field(
        3, ge=1, le=4, description="Sentences quoted when one paper answers the question (up to four)."
    )
    table_sentences: int = Field(3, ge=1, description="Most 'how they differ' sentences after a comparison table.")
    table_prompt_rows: int = Field(5, ge=2, description="The table's first rows the model writes its 'how they differ' "
                                   "sentences from (three sentences cannot set more apart; each row costs prompt time).")
    intent_bonus: float = Field(
        0.15, ge=0, description="Added to the closeness of a sentence of the kind the question asks for "
        "(a number for 'how much', the method for 'how does it work', the data for 'what data')."
    )
    max_sentences: int = Field(2, ge=1, description="Most synthesis sentences kept (small models loop past the format).")
    finish_tokens: int = Field(
        40, ge=0, description="Past llm.max_tokens the model may finish the sentence it is writing, for up to this "
        "many more tokens; it begins no other (0: a sentence cut off at max_tokens is withheld)."
    )
    repeat_overlap: float = Field(
        0.6, ge=0, le=1, description="A synthesis sentence sharing more than this share of its terms with an earlier one is a repeat."
    )
    echo_overlap: float = Field(
        0.9, ge=0, le=1, description="Under a table, a synthesis sentence with more than this share of its terms from one "
        "cell, and 0.8 of that cell's, copies the table and is left out (set by reading the kept sentences of two eval "
        "runs: at 0.8 / 0.6 it also left out short summaries of a cell, not tuned)."
    )
    min_quote_words: int = Field(3, ge=1, description="Words a clause needs to count as a verbatim quote of an abstract.")
    min_clause_terms: int = Field(
        4, ge=1, description="Key terms a clause needs to be checked on its own; shorter ones join the clause before."
    )
    attribution_margin: float = Field(
        0.15, ge=0, le=2, description="A clause whose subject is paper [n] is withheld when another shown paper's "
        "closest sentence is this much closer to it (cosine): the claim is that paper's."
    )


class UISettings(_Group):
    host: str = Field("127.0.0.1", description="Address the app listens on.")
    port: int = Field(7860, description="Port the app listens on.")
    max_question_chars: int = Field(1000, description="Longer questions are refused.")
    concurrency: int = Field(
        4, ge=1, description="Questions worked on at once (retrieval and quoted evidence run in parallel); "
        "an in-process model still writes one answer at a time, the others wait their turn and are told their place.",
    )
    queue_size: int = Field(32, ge=1, description="Questions that may wait for the model; more are refused with a message.")


class Settings(_Group):
    paths: PathSettings = PathSettings()
    index: IndexSettings = IndexSettings()
    embedder: EmbedderSettings = EmbedderSettings()
    retrieval: RetrievalSettings = RetrievalSettings()
    llm: LLMSettings = LLMSettings()
    answer: AnswerSettings = AnswerSettings()
    ui: UISettings = UISettings()

    @property
    def index_dir(self) -> Path:
        return _resolve(self.index.dir)

    @property
    def data_dir(self) -> Path:
        return _resolve(self.paths.data)

    @property
    def models_dir(self) -> Path:
        return _resolve(self.paths.models.expanduser())

    def changed(self, **groups: dict[str, Any]) -> Settings:
        """A validated copy with some fields changed: `changed(llm={"backend": "none"})`."""
        data = self.model_dump()
        for group, fields in groups.items():
            if group not in data:
                raise PaperchatError(f"no settings group '{group}'")
            data[group].update(fields)
        try:
            return Settings.model_validate(data)
        except ValidationError as e:
            raise PaperchatError(f"setting '{_where(e)}': {e.errors()[0]['msg']}") from None

    @classmethod
    def load(cls, path: Path | str | None = None, env: dict[str, str] | None = None) -> Settings:
        """Read a YAML preset (default `config/default.yaml`) and apply env overrides."""
        env = dict(os.environ) if env is None else env
        path = Path(path) if path else DEFAULT_CONFIG
        data: dict[str, Any] = {}
        if path.exists():
            try:
                data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            except yaml.YAMLError as e:
                raise PaperchatError(f"{path}: not valid YAML: {e}") from None
        elif path != DEFAULT_CONFIG:
            raise PaperchatError(f"{path}: no such config file")
        for key, value in env.items():
            if key.startswith("PAPERCHAT_") and "__" in key:
                group, field = key[len("PAPERCHAT_") :].lower().split("__", 1)
                data.setdefault(group, {})[field] = value
        if env.get("PAPERCHAT_INDEX"):
            data.setdefault("index", {})["dir"] = env["PAPERCHAT_INDEX"]
        if env.get("PAPERCHAT_MODELS"):
            data.setdefault("paths", {})["models"] = env["PAPERCHAT_MODELS"]
        try:
            return cls.model_validate(data)
        except ValidationError as e:
            raise PaperchatError(f"{path}: setting '{_where(e)}': {e.errors()[0]['msg']}") from None


def _where(error: ValidationError) -> str:
    return ".".join(str(p) for p in error.errors()[0]["loc"])


def _resolve(path: Path) -> Path:
    return path if path.is_absolute() else ROOT / path
