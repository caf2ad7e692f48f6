"""Corpus readers on the real seed files and on messy inputs."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from paperchat.clean import clean_text, derive_label
from paperchat.corpus import read_file, read_paths
from paperchat.errors import CorpusError
from paperchat.text import sentences

from .conftest import DATA


def test_seed_files_give_76_papers_with_venue_year_and_titles() -> None:
    papers = read_paths([DATA])
    assert len(papers) == 76
    assert {(p.venue, p.year) for p in papers} == {("ICLR", 2026), ("ICLR", 2025), ("ICML", 2026)}
    titled = [p for p in papers if not p.title_derived]
    assert len(titled) == 66
    halton = next(p for p in papers if p.title.startswith("Halton Scheduler"))
    assert halton.venue == "ICLR" and halton.year == 2025
    assert halton.code_url == "https://github.com/valeoai/Halton-MaskGIT"
    assert halton.source == "003_f3bf9c07f3ab765d.txt:3"
    gencape = next(p for p in papers if p.title.startswith("GenCape"))
    assert gencape.paper_id == "openreview:IVjs6vNDhV"
    assert gencape.url == "https://openreview.net/forum?id=IVjs6vNDhV"


def test_no_markup_left_in_any_seed_abstract() -> None:
    for p in read_paths([DATA]):
        for mark in ("\\", "$", "{", "}", "**", "http"):
            assert mark not in p.abstract, (p.source, mark)


def test_derived_labels_name_the_method_when_the_abstract_introduces_one() -> None:
    labels = {p.title for p in read_paths([DATA]) if p.title_derived}
    assert "ProTDyn" in labels
    assert len(labels) == 10


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        (r"we propose \textbf{GenCape}, a \textbf{Gen}erative model", "we propose GenCape, a Generative model"),
        ("**P**arallel sp**E**culative decoding", "Parallel spEculative decoding"),
        (r"a $2.5\times$ speed-up and $\mathcal{O}(n)$ cost", "a 2.5× speed-up and O(n) cost"),
        (r"as in \citet{smith2020} we use \emph{flows}.", "as in we use flows."),
        ("<p>Data &amp; models &lt;3</p>", "Data & models <3"),
        # inline tags join, as a browser shows them (ICML 2026: "A dapter-based D ualGuard" had been read)
        ("the <strong>A</strong>dapter-based <strong>D</strong>ualGuard (<strong>ADMI</strong>)",
         "the Adapter-based DualGuard (ADMI)"),
        ("<p>First.</p><p>Second <i>line</i><br>third</p>", "First. Second line third"),
        (r"Code: \url{https://github.com/a/b}.", "Code:."),
        (r"We introduce \GRACE{} for embeddings", "We introduce GRACE for embeddings"),
        # Unicode's hyphens are the hyphen (ICLR 2026: "'CIFAR-10' does not occur in the cited abstract" of one that
        # writes "CIFAR\u201110"); a soft hyphen is invisible; dashes stay
        # font wrappers read as what they wrap (ICML 2026: "positive mathsfC-mathsfRASP" had been read)
        (r"positive $\mathsf{C}$-$\mathsf{RASP}$ and \textsf{Cond-DP} with $\mathtt{PAE}$, $\bm{b}$, $\mathfrak{p}$",
         "positive C-RASP and Cond-DP with PAE, b, p"),
        # a footnote is an aside (ICML 2026: "… performance.footnoteCode is available." had been read)
        (r"predictive performance.\footnote{Code is available at \url{https://x.io/a}}", "predictive performance. "
         "(Code is available at)"),
        (r"Our code is publicly available\footnote{\url{https://github.com/a/b}}.", "Our code is publicly available."),
        # an environment's markers and a list's items are no words (ICLR 2026: "beginabstract Low-rank and sparse …" had
        # been quoted, ICML 2026 "… in general. endenumerate Note that …")
        (r"\begin{abstract} Low-rank and sparse. \begin{enumerate} \item First. \item[(b)] Second. \end{enumerate}",
         "Low-rank and sparse. First. Second."),
        ("for CIFAR\u201110, the log\u2010likelihood; un\u00adlearning \u2013 2\u20133 \u2014 done",
         "for CIFAR-10, the log-likelihood; unlearning \u2013 2\u20133 \u2014 done"),
        # the Latin abbreviations papers define as macros (ICLR 2026: "(eg, Linux)", "mask wrt historical feedback")
        (r"tasks (\eg, Linux; \ie, planning), \etc. A mask \wrt feedback, A \vs. B, Smith \etal{} show",
         "tasks (e.g., Linux; i.e., planning), etc. A mask w.r.t. feedback, A vs. B, Smith et al. show"),
        # old-style font switches, colours, dashes and dingbats (ICLR/ICML 2026: "a em softmax bottleneck", "speedup of bf
        # ×3.12", "textcolorblueHowever", "timescalestextemdash clip", "errors. ding183 Adaptive …")
        (r"a {\em softmax bottleneck}, a speedup of {\bf $\times$3.12}, \textcolor{blue}{However}, timescales"
         r"\textemdash clip, \ding{172} one; \ding{183} two",
         "a softmax bottleneck, a speedup of ×3.12, However, timescales—clip, (1) one; (2) two"),
        (r"\textbf{\ding{182} high-performing}", "(1) high-performing"),
        # a tie is a space, but between numbers a range
        (r"a sparse autoencoder~(SAE) on an RTX~5090 in 1~4 steps, sizes 1.3B~14B", "a sparse autoencoder (SAE) on an RTX "
         "5090 in 1~4 steps, sizes 1.3B~14B"),
        # symbols that read as words (ICLR/ICML 2026: "The impact of LoRA on Oversmoothing colon Understanding …", a
        # title; "Omega(T^1/4)", "varepsilon-Gaussian certifiability", "Kendall's tau")
        (r"Oversmoothing $\colon$ Understanding, $\Omega(T^{1/4})$, $\varepsilon$-Gaussian, Kendall's $\tau$, "
         r"$\tau$-Bench, $\nabla$-Reasoner, 11.4$\pm$2.1%",
         "Oversmoothing: Understanding, Ω(T^1/4), ε-Gaussian, Kendall's τ, τ-Bench, ∇-Reasoner, 11.4±2.1%"),
    ],
)
def test_clean_text(raw: str, clean: str) -> None:
    assert clean_text(raw) == clean


@pytest.mark.parametrize(("raw", "ours", "clean"), [
    # ICLR 2026's GTA1 read "namely name", and "… pipeline, method. method achieves …" another paper
    (r"our GUI Scaling Agent, namely \name. Experimentally, \name achieves", "GTA1",
     "our GUI Scaling Agent, namely GTA1. Experimentally, GTA1 achieves"),
    (r"we introduce \modelname{}, and \ourmethod{} improves; \oursname consistently", "TreePO",
     "we introduce TreePO, and TreePO improves; TreePO consistently"),
    # a macro that sets a word in a style keeps the word ("\algname{SGD}" had read "algnameSGD")
    (r"the distributed version of \algname{SGD} has", "Proving", "the distributed version of SGD has"),
    # a title with no short name: the method, as the sentence needs it
    (r"pipeline, \method. \method achieves; our \method helps", "Realtime Video Frame Interpolation using One-Step "
     "Diffusion", "pipeline, the method. The method achieves; our method helps"),
])
def test_a_macro_for_the_papers_own_method_reads_as_its_name(raw: str, ours: str, clean: str) -> None:
    assert clean_text(raw, ours=ours) == clean


def test_derive_label() -> None:
    assert derive_label("We present ProTDyn, a foundation model for dynamics.") == "ProTDyn"
    assert derive_label("Plain text with no method name here at all.").startswith("Plain text")


def test_sentences_keep_abbreviations() -> None:
    text = "We use e.g. flows and diffusion. It is 2.5× faster than Smith et al. in tests. Done!"
    assert sentences(text) == ["We use e.g. flows and diffusion.", "It is 2.5× faster than Smith et al. in tests.", "Done!"]
    # a model's "… quantization techniques w.r.t. Perplexity [1]." was shown cut at "w.r.t." (ICLR 2026)
    assert sentences("It is best w.r.t. Perplexity on C4. Done!") == ["It is best w.r.t. Perplexity on C4.", "Done!"]


def test_sentences_end_where_an_abstract_left_out_the_space() -> None:
    # ICML 2026 "A General Neural Backbone for Mixed-Integer Linear Optimization …" is written so,
    # and was one sentence: its table row had a Problem cell only
    text = ("It remains hard due to NP-hardness.Recent methods use GNNs, yet their locality limits power.We "
            "propose dual attention (see e.g.Smith).Across three tasks on CLIP-DataComp.XL, it wins.")
    said = sentences(text)
    assert said == ["It remains hard due to NP-hardness.", "Recent methods use GNNs, yet their locality limits power.",
                    "We propose dual attention (see e.g.Smith).", "Across three tasks on CLIP-DataComp.XL, it wins."]
    assert all(s in text for s in said)  # spans of the text as written


def _record(**kw: object) -> dict:
    base = {"id": "openreview:abc", "title": "A Title", "abstract": "An abstract " * 20,
            "venue": "ICML", "year": 2026, "authors": ["A. One", "B. Two"]}
    base.update(kw)
    return base


def test_jsonl_gz_and_csv(tmp_path: Path) -> None:
    gz = tmp_path / "c.jsonl.gz"
    with gzip.open(gz, "wt", encoding="utf-8") as f:
        f.write(json.dumps(_record(abstract="<p>HTML &amp; text " + "x " * 50 + "</p>")) + "\n")
    [paper] = read_file(gz)
    assert paper.paper_id == "openreview:abc" and paper.abstract.startswith("HTML & text")
    assert paper.authors == ["A. One", "B. Two"]
    csv_file = tmp_path / "c.csv"
    csv_file.write_text('title,abstract,venue,year,url\nT,"' + "word " * 30 + '",ICLR,2025,https://openreview.net/forum?id=XYZ\n')
    [paper] = read_file(csv_file)
    assert paper.paper_id == "openreview:XYZ" and paper.year == 2025


def test_same_paper_from_two_files_is_one_paper(tmp_path: Path) -> None:
    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / name).write_text(json.dumps(_record()) + "\n")
    assert len(read_paths([tmp_path])) == 1


@pytest.mark.parametrize(
    ("name", "content", "where", "says"),
    [
        ("bad.jsonl", json.dumps(_record()) + "\n{not json\n", "bad.jsonl:2", "not valid JSON"),
        ("noabs.jsonl", json.dumps(_record(abstract="")) + "\n", "noabs.jsonl:1", "'abstract'"),
        ("noyear.jsonl", json.dumps(_record(year="soon")) + "\n", "noyear.jsonl:1", "'year'"),
        ("empty.txt", "", "empty.txt", "empty"),
        ("head.txt", "Some papers\n\n" + "x" * 100 + "\n", "head.txt:1", "header"),
        ("short.txt", "ICLR 2026 Papers\n\n" + "x" * 100 + "\n\ntoo short\n", "short.txt:5", "too short"),
        ("notes.pdf", "hello", "notes.pdf", "unknown file type"),
        ("bad.csv", "title,text\nT,x\n", "bad.csv:1", "'abstract' column"),
        # found by feeding it hostile input (issue 16): each was a traceback or a silent wrong paper
        ("deep.jsonl", "[" * 100_000 + "\n", "deep.jsonl:1", "nested too deeply"),
        ("bigyear.jsonl", json.dumps(_record(year="9" * 5000)) + "\n", "bigyear.jsonl:1", "'year'"),
        ("tiny.jsonl", json.dumps(_record(abstract="x")) + "\n", "tiny.jsonl:1", "characters once cleaned"),
        ("tags.jsonl", json.dumps(_record(abstract="<b></b>")) + "\n", "tags.jsonl:1", "characters once cleaned"),
        ("listtitle.jsonl", json.dumps(_record(title=["a", "b"])) + "\n", "listtitle.jsonl:1", "'title' must be text"),
        ("dictauthors.jsonl", json.dumps(_record(authors={"a": 1})) + "\n", "dictauthors.jsonl:1", "'authors'"),
        ("huge.jsonl", json.dumps(_record(abstract="word " * 3000)) + "\n", "huge.jsonl:1", "longest accepted"),
        ("longline.jsonl", json.dumps(_record(title="x" * 300_000)) + "\n", "longline.jsonl:1", "longer than"),
        ("urlonly.jsonl", json.dumps(_record(abstract="https://github.com/a/b " * 3)) + "\n", "urlonly.jsonl:1",
         "too short"),
        ("shortseed.txt", "ICLR 2026 Papers\n\n<b>" + "</b>" * 30 + "\n", "shortseed.txt:3", "too short"),
    ],
)
def test_bad_input_names_file_line_and_problem(tmp_path: Path, name: str, content: str, where: str, says: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CorpusError) as e:
        read_file(path)
    assert str(e.value).startswith(str(tmp_path / where))
    assert says in str(e.value)


def test_binary_and_non_utf8_files(tmp_path: Path) -> None:
    (tmp_path / "bin.jsonl").write_bytes(b"\x00\x01\x02" * 100)
    with pytest.raises(CorpusError, match="binary"):
        read_file(tmp_path / "bin.jsonl")
    (tmp_path / "latin.txt").write_bytes(b"ICLR 2026 Papers\n\n" + "caf\xe9 ".encode("latin-1") * 40)
    with pytest.raises(CorpusError, match=r"latin.txt:3: not UTF-8"):
        read_file(tmp_path / "latin.txt")


def test_nul_and_lone_surrogates_are_not_stored(tmp_path: Path) -> None:
    path = tmp_path / "odd.jsonl"
    odd = "a NUL \x00 and a lone \ud800 surrogate"
    path.write_text(json.dumps(_record(abstract=f"Text with {odd}. " + "word " * 30, url="https://x.org/\ud800a",
                                       venue=f"ICLR {odd}", authors=[odd], keywords=[odd], track=odd)) + "\n")
    [paper] = read_file(path)
    assert "\x00" not in paper.abstract and "\ud800" not in paper.abstract
    assert paper.url == "https://x.org/a"  # found by the fuzz test: Chroma raised on the URL's surrogate
    for text in (paper.abstract, paper.title, paper.venue, paper.track, paper.url, *paper.authors, *paper.keywords):
        text.encode("utf-8")  # storable as UTF-8


def test_a_symlink_loop_is_named_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    with pytest.raises(CorpusError, match="loop"):
        read_paths([tmp_path])


def test_entities_are_decoded_before_tags_are_stripped() -> None:
    text = clean_text("Safe &lt;img src=x onerror=alert(1)&gt; text, &amp;lt;script&amp;gt;x&amp;lt;/script&amp;gt; p<0.05")
    assert "<img" not in text and "<script" not in text and "onerror" not in text and "p<0.05" in text


def test_a_tag_the_latex_pass_makes_is_stripped_too() -> None:
    """Found by the fuzz test: "<\\?x>" lost its backslash to the LaTeX pass and "< ?x>" its
    space, after the tags were stripped, and came out as the tag "<?x>"."""
    for raw in ("000000000<\\?0000000000000000000000>", "a < <x> ?y> b", "a <\\textbf{b}> c"):
        assert not re.search(r"<[A-Za-z/!?][^<>]*>", clean_text(raw)), raw
    assert clean_text("p<0.05 and 3 < 4 > 2") == "p<0.05 and 3 < 4 > 2"


def test_only_code_hosts_become_the_code_link(tmp_path: Path) -> None:
    body = "We study orbit flows for planets with rectified flow in many settings and report results. "
    path = tmp_path / "links.jsonl"
    path.write_text("\n".join(json.dumps(_record(id=f"p{i}", abstract=body + extra)) for i, extra in enumerate([
        "Data at https://evil.example/x.", "\\href{javascript:alert(1)}{code}", "Code: https://github.com/a/orbit.",
        "See https://github.com.evil.example/x."])) + "\n")
    codes = {p.paper_id: p.code_url for p in read_file(path)}
    assert codes == {"p0": "", "p1": "", "p2": "https://github.com/a/orbit", "p3": ""}


def test_same_title_different_abstracts_are_two_papers(tmp_path: Path) -> None:
    one, two = _record(), _record(abstract="A different study of comets and heavy tailed kernels. " * 3)
    one.pop("id", None), two.pop("id", None)
    (tmp_path / "a.jsonl").write_text(json.dumps(one) + "\n" + json.dumps(two) + "\n" + json.dumps(one) + "\n")
    papers = read_paths([tmp_path])
    assert len(papers) == 2 and len({p.paper_id for p in papers}) == 2 and {p.title for p in papers} == {one["title"]}


def test_an_id_repeated_with_other_text_is_said_and_the_later_kept(tmp_path: Path) -> None:
    said: list[str] = []
    first, later = _record(id="x1"), _record(id="x1", abstract="A revised abstract about comet kernels. " * 3)
    (tmp_path / "a.jsonl").write_text(json.dumps(first) + "\n" + json.dumps(later) + "\n")
    [paper] = read_paths([tmp_path], warn=said.append)
    assert "comet kernels" in paper.abstract
    assert len(said) == 1 and "a.jsonl:2" in said[0] and "x1" in said[0] and "a.jsonl:1" in said[0]
