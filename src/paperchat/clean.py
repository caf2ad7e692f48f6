"""Abstract cleaning: HTML, LaTeX and Markdown to plain readable text, and labels.

`clean_text` is what every reader applies before a paper is stored: tags and
entities go, LaTeX wrappers and symbols become words (\\times -> ×), Markdown
emphasis is dropped, URLs are taken out (`extract_urls` finds them for the
paper's code link). `derive_label` names a paper that has no title by the
method it introduces. Regular expressions only: a parser per markup language
would be heavier and the abstracts use a small, known part of each.
"""

from __future__ import annotations

import html
import re

_URL = re.compile(r"\\url\{([^}]*)\}|\\href\{([^}]*)\}\{[^}]*\}|(https?://[^\s<>\"'}]+)")
_FOOTNOTE = re.compile(r"\\footnote\s*\{([^{}]*)\}")
# an environment's markers say where a list or the abstract begins and ends, nothing a reader reads: "\begin{abstract}
# Low-rank and sparse …" had read "beginabstract Low-rank …" (2 ICLR/ICML 2026 abstracts); an item is a list's mark
_ENVIRONMENT = re.compile(r"\\(?:begin|end)\s*\{[^{}]*\}|\\item\b\s*(?:\[[^\]]*\])?")
_TAG = re.compile(r"<[A-Za-z/!?][^<>]*>")  # "<3" and "p<0.05" are text, not tags
# inline tags join what they wrap to the text around it, as a browser shows it: "<strong>A</strong>dapter-based
# <strong>D</strong>ualGuard" (ICML 2026) is "Adapter-based DualGuard", where a space for each tag read "A dapter-based
# D ualGuard"; other tags (paragraphs, line breaks, lists) part words
_INLINE_TAG = re.compile(r"</?(?:b|strong|i|em|u|sup|sub|span|a|mark|small|font|s|strike|del|ins|abbr|code|tt|var|q|"
                         r"kbd|samp)(?:\s[^<>]*)?/?>", re.I)
# "presenting<strong>P</strong>atched": a lower-case word run into a capital at a tag parts there
_RUN_IN = re.compile(r"(?<=[a-z])(?=" + _INLINE_TAG.pattern + r"[A-Z])")  # case as written: lower, then a capital
_CITE = re.compile(r"\s*\\cite[tp]?\*?(?:\[[^\]]*\])?\{[^}]*\}")
_WRAP = re.compile(r"\\(?:textbf|textit|emph|text|mathrm|mathbf|mathcal|mathbb|mathit|texttt|textsc|underline|operatorname|boldsymbol|"
                   r"mathsf|textsf|mathtt|mathfrak|mathscr|textrm|textup|textnormal|textsl|bm|mathord)\s*\{([^{}]*)\}")
_SYMBOLS = {
    "times": "×", "approx": "≈", "ge": "≥", "geq": "≥", "le": "≤", "leq": "≤", "infty": "∞",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "theta": "θ",
    "lambda": "λ", "mu": "μ", "pi": "π", "phi": "φ", "sigma": "σ", "Sigma": "Σ", "log": "log",
    "sqrt": "√", "cdot": "·", "to": "→", "rightarrow": "→", "sim": "~", "ell": "ℓ",
    # read as words over ICLR/ICML 2026 ("varepsilon-Gaussian certifiability", "Omega(T^1/4)", "Kendall's tau", "t^star",
    # "The impact of LoRA on Oversmoothing colon Understanding …", a title)
    "varepsilon": "ε", "Omega": "Ω", "omega": "ω", "Theta": "Θ", "Delta": "Δ", "Gamma": "Γ", "Lambda": "Λ", "Phi": "Φ",
    "Psi": "Ψ", "tau": "τ", "rho": "ρ", "eta": "η", "kappa": "κ", "nu": "ν", "xi": "ξ", "zeta": "ζ", "psi": "ψ",
    "chi": "χ", "varphi": "φ", "vartheta": "θ", "varrho": "ρ", "star": "⋆", "colon": ":", "mid": "|", "pm": "±",
    "neq": "≠", "ne": "≠", "in": "∈", "top": "⊤", "ll": "≪", "gg": "≫", "leftarrow": "←", "Rightarrow": "⇒",
    "ldots": "…", "cdots": "⋯", "dots": "…", "propto": "∝", "partial": "∂", "nabla": "∇", "forall": "∀",
    "exists": "∃", "langle": "⟨", "rangle": "⟩", "circ": "∘", "dagger": "†", "asymp": "≍", "equiv": "≡",
    "widetilde": "", "tilde": "", "hat": "", "bar": "", "left": "", "right": "",
}
_MACRO = re.compile(r"\\([A-Za-z]+)(?:\{\})?")
# an author's macro for the paper's own method, which the abstract never spells out: "namely \name", "\method achieves …"
# (ICLR/ICML 2026: GTA1's "namely name", "pipeline, method. method achieves …"), or one made from "ours" ("\oursname",
# "\ourset"): the paper's name, as `\ours` is; not one that sets a word in a style ("\algname{SGD}": "SGD")
_OURS_NAMES = r"\\(?:ours[A-Za-z]*|ourmethod|ourmodel|method|methodname|model|modelname|name|algname|sysname)"
_OURS = re.compile(r"(?P<det>\b(?:[Oo]ur|[Tt]he)\s+(?:proposed\s+)?)?" + _OURS_NAMES + r"(?![A-Za-z])(?!\s*\{[^{}])(?:\{\})?")
_OURS_SETS = re.compile(_OURS_NAMES + r"\s*\{([^{}]+)\}")
# a paper's name is its title's lead ("GTA1" of "GTA1: GUI Test-time Scaling Agent"); a title with none ("Realtime Video
# Frame Interpolation using …") names no method in a few words, so the macro reads as the method or model it stands for
_NAME_WORDS = 4
# the Latin abbreviations papers define as macros: "(\eg, Linux)" had read "(eg, Linux)"; a period written after
# one is its own ("tasks, \etc. However")
_ABBREVIATIONS = {"eg": "e.g.", "ie": "i.e.", "etal": "et al.", "wrt": "w.r.t.", "etc": "etc.", "vs": "vs."}
_ABBREVIATION = re.compile(r"\\(" + "|".join(_ABBREVIATIONS) + r")(?![A-Za-z])(?:\{\})?\.?")
# old-style font switches inside braces, "{\bf ×3.12}", "{\em softmax bottleneck}": the words they set ("bf ×3.12")
_SWITCH = re.compile(r"\{\\(?:bf|em|it|sc|tt|rm|sf|sl|small|large|footnotesize)\s+([^{}]*)\}")
_COLOR = re.compile(r"\\textcolor\s*\{[^{}]*\}\s*\{([^{}]*)\}|\\color\s*\{[^{}]*\}")
# Zapf Dingbats' circled digits, "\ding{183} Adaptive Collaborative Error Suppression": "(2)"
_DING = re.compile(r"\\ding\s*\{(\d+)\}")
_DASH = re.compile(r"\\text(em|en)dash\s*")
_RANGE = re.compile(r"\d[\w.]*~\d$")  # a number (with its unit) before a tie and one after it: "1~4", "1.3B~14B"
_BOLD_PIECES = re.compile(r"\*\*([^*\n]+?)\*\*")
_EMPH = re.compile(r"(?<![\w*])[*_]([^*_\n]+?)[*_](?![\w*])")


def extract_urls(text: str) -> list[str]:
    urls = []
    for m in _URL.finditer(text):
        url = (m.group(1) or m.group(2) or m.group(3) or "").rstrip(".,;)")
        if url:
            urls.append(url)
    return urls


# Host names only, to recognise a code link in an abstract's text; nothing here is ever fetched.
CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "huggingface.co",
              "anonymous.4open.science", "sourceforge.net", "zenodo.org")


def code_host(url: str) -> bool:
    """A URL that can be a paper's code link: http(s) on a known code host."""
    m = re.match(r"https?://(?:www\.)?([^/\s:?#@]+)(?:[/?#]|$)", url, re.I)
    host = m.group(1).lower() if m else ""
    return any(host == h or host.endswith("." + h) for h in CODE_HOSTS)


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff]")


def no_control(text: str, by: str = " ") -> str:
    """NUL, other control characters and lone surrogates (JSON "\\ud800") are not text: replaced by `by`."""
    return _CONTROL.sub(by, text)


# Unicode's hyphens are the hyphen: "CIFAR‑10" (U+2011, in 106 ICLR/ICML 2026 abstracts) is the "CIFAR-10" a
# reader or the model types, which the verifier looked for and did not find ("'CIFAR-10' does not occur in the cited
# abstract"); a soft hyphen is no character a reader sees. Dashes (– —) are left: they are other marks
_HYPHENS = {0x2010: "-", 0x2011: "-", 0xAD: ""}


def clean_text(text: str, ours: str = "this method") -> str:
    """Plain readable text from an abstract with HTML, LaTeX and Markdown in it."""
    text = no_control(text).translate(_HYPHENS)
    for _ in range(3):  # entities first: "&lt;img onerror=…&gt;" is a tag to strip, not text that becomes one
        before = text
        if "&" in text:
            text = html.unescape(text)
        if "<" in text:
            text = _RUN_IN.sub(" ", text)
            text = _TAG.sub(" ", _INLINE_TAG.sub("", text))
        if text == before:
            break
    if "http" in text or "\\url" in text or "\\href" in text:
        text = _URL.sub("", text)
    if "\\" in text or "$" in text or "{" in text or "}" in text:
        text = _latex(text, ours)
    if "~" in text:
        # LaTeX's tie is a space ("autoencoder~(SAE)", "Lean~4", "RTX~5090"), not between numbers, where it is a range
        # ("1~4 steps", "1.3B~14B")
        text = re.sub(r"(?<=\w)~(?=[\w(])", lambda m: "~" if _RANGE.search(text, 0, m.end() + 1) else " ", text)
    if "*" in text or "_" in text:
        text = _BOLD_PIECES.sub(r"\1", text)  # **P**arallel -> Parallel
        text = _EMPH.sub(r"\1", text)
    text = text.replace("---", "—").replace("--", "–").replace("``", '"').replace("''", '"')
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([.,;:!?)])", r"\1", text)
    if "(" in text:
        text = re.sub(r"\(\s*\)", "", text)
    text = re.sub(r"(available|released|found) (at|on|here)\s*[.:]?\s*$", r"\1.", text)
    while _TAG.search(text):  # a tag the passes above made ("<\?x>" loses its backslash, "< ?x>" its space)
        text = re.sub(r"\s+([.,;:!?)])", r"\1", _TAG.sub(" ", text))
    return re.sub(r"\s+", " ", text).strip()


def _latex(text: str, ours: str) -> str:
    """LaTeX markup to plain words: wrappers, citations, symbols, math delimiters."""
    text = _CITE.sub("", text)
    text = _ENVIRONMENT.sub(" ", text)
    # what sits inside wrappers first, so that they then wrap plain words ("\textbf{\ding{182} high-performing}")
    text = _COLOR.sub(lambda m: m.group(1) or "", text)
    text = _SWITCH.sub(r"\1", text)
    text = _DING.sub(_ding, text)
    text = _ABBREVIATION.sub(lambda m: _ABBREVIATIONS[m.group(1)], text)
    text = _DASH.sub(lambda m: "—" if m.group(1) == "em" else "–", text)
    text = _OURS_SETS.sub(r"\1", text)
    text = _OURS.sub(lambda m: (m.group("det") or "") + ours if len(ours.split()) <= _NAME_WORDS else
                     (m.group("det") or "the ") + ("model" if "model" in m.group(0) else "method"), text)
    text = re.sub(r"(^|[.!?]\s+)the (method|model)\b", r"\1The \2", text)
    for _ in range(3):  # nested wrappers: \text{\emph{X}}
        text = _WRAP.sub(r"\1", text)
    # a footnote is an aside: "… predictive performance.\footnote{Code is available at \url{…}}" had read
    # "… performance.footnoteCode is available." (11 ICLR/ICML 2026 abstracts)
    text = _FOOTNOTE.sub(lambda m: f" ({m.group(1).strip()})" if m.group(1).strip() else "", text)
    text = text.replace("\\%", "%").replace("\\&", "&").replace("\\_", "_").replace("\\$", "§DOLLAR§")

    def macro(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in _SYMBOLS:
            return _SYMBOLS[name]
        return name  # an author's own macro (\GRACE{}) reads as its name

    text = _MACRO.sub(macro, text)
    text = text.replace("$", "").replace("§DOLLAR§", "$").replace("\\", " ")
    text = re.sub(r"(?<=[\w)])\{([^{}]*)\}", r"\1", text)  # leftover braces: x_{t} -> x_t
    return text.replace("{", "").replace("}", "")


def _ding(m: re.Match[str]) -> str:
    code = int(m.group(1))
    return f"({(code - 172) % 10 + 1})" if 172 <= code <= 211 else ""


_INTRO = re.compile(
    r"\b(?:propose|present|introduce|develop|call|term|name|dub)(?:s|d|ed)?\s+(?:a |an |the )?"
    r"(?:\S+\s+){0,6}?\(?\*{0,2}\\?(?:textbf\{)?(?P<name>[A-Z][A-Za-z0-9]*[A-Z0-9][A-Za-z0-9\-]*)"
)
_CALLED = re.compile(
    r"\b(?:called|named|termed|dubbed|coined)\s+\*{0,2}\\?(?:textbf\{)?(?P<name>[A-Z][\w\-]+)"
)


def derive_label(raw_abstract: str) -> str:
    """A short label for a paper with no known title: the method name it introduces,
    else the opening words of its first sentence."""
    raw = re.sub(r"\*\*([^*]+)\*\*", r"\1", raw_abstract)
    for pattern in (_CALLED, _INTRO):
        m = pattern.search(raw)
        if m and len(m.group("name")) >= 3:
            return m.group("name").strip("-")
    first = clean_text(raw_abstract).split(". ")[0]
    words = first.split()
    return " ".join(words[:8]) + ("…" if len(words) > 8 else "")
