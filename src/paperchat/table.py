"""The comparison table: one row per paper, Problem | Approach | Result, every cell the paper's own words.

Each cell is a verbatim span of that paper's abstract: among the sentences that
fit the column's roles with probability FITS or more (roles.probabilities: in
the context of the abstract), the one that scores best on closeness to the
question plus that fit (Result prefers a sentence with a number; Problem an
objective over background, and a sentence that states the gap the paper addresses,
"However, sampling … is slow", over one that introduces its field, unless it
points back at a sentence before it); cut at a clause boundary when it is long (the cut
is a prefix, marked "…"). When no sentence fits that well, the likeliest one
fills the column if it fits at least AT_LEAST, else the cell shows "—":
nothing is ever written for a paper. A sentence that gives a link or says where the code
is fills no cell. Going by probability rather than each
sentence's single label put the right role in more cells on held-out CSAbstruct
abstracts (eval/table_cells.py, README). A "Data" column is added when the
question asks what data, datasets or benchmarks the papers use or are evaluated on ("temporal
data" is a topic, not such a question); its cell is a sentence that names data ("datasets",
"benchmarks", "experiments on", "synthetic data"; "specific data" does not) that the head does
not take for background (what the field lacks is not what the paper uses), one naming its data
("MoleculeNet") first, picked before the other columns take it; when no row has one the column
is left out. When it asks for an amount ("By how much?"),
Result is the sentence that states one (claims.has_figure), if the abstract has one, whatever
its role: the head calls "we empirically show … 15% faster training steps" a method. With no question
(`paperchat compare`) cells are chosen by fit and position alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from paperchat.claims import DATA_NAME, asks_amount, has_figure
from paperchat.roles import LABELS
from paperchat.schema import Cell, Row, Source, Table
from paperchat.text import inert

DATA = "Data"  # the column added when the question asks what data the papers use (_ASKS_DATA)
COLUMNS: dict[str, tuple[str, ...]] = {
    "Problem": ("objective", "background"),
    "Approach": ("method",),
    "Result": ("result",),
}
# the question asks what the papers use or are tested on; "temporal data" or "data privacy" is a topic, and so is
# "dataset distillation" ("Which papers do dataset distillation?" over ICML 2026 had a Data column of method sentences)
_ASKS_DATA = re.compile(r"\b(?:datasets?(?!\s+[a-z]+(?:tion|sion|ing|ment)\b)|benchmarks?|corpus|corpora|evaluat\w*|tested on|(?:what|which)\s+(?:kinds? of\s+|"
                        r"[\w-]+\s+)?data|data\s+(?:do|does|did)\b)", re.I)
# … and a sentence that names such data: "the influence of specific data" names none
# (or a benchmark by its name: "… by +12.6 and +14.1 absolute points on LongBench-v2 and ZeroSCROLLS", qTTT's one
# data sentence over ICLR 2026, had named none of these words, and its Data cell was its method sentence)
_MENTIONS_DATA = re.compile(r"(?-i:[A-Za-z]Bench|-Bench)\b|\b(?:datasets?|benchmarks?|corpus|corpora|evaluat\w* on|experiments? on|"
                            r"tasks? (?:of|from|such as)|suites?|(?:synthetic|real-world|real|training|test|evaluation|"
                            r"labell?ed|unlabell?ed|annotated|curated|collected|public|web|simulated) data)\b", re.I)
# … and one that says the paper uses it: evaluated, tested, trained or run on it ("We test our method on the TabArena
# benchmark"), not one that only names data ("we propose TACO, … that compresses the training dataset", TACO's Data
# cell over ICML 2026 for "What datasets do the papers on tabular foundation models use?")
_USES_DATA = re.compile(r"\b(?:evaluat\w*|test(?:s|ed|ing)?|experiments?|trained|train(?:s|ing)?|fine-tun\w*|"
                        r"pre-?train\w*|benchmark(?:s|ed|ing)?|results?)\b[^.;]*?\b(?:on|across|using)\b|"
                        r"^(?:on|across)\s", re.I)
# … unless the paper makes the data: then the sentence that introduces it is its Data cell ("we introduce AutoCodeBench,
# a large-scale benchmark suite", not "AutoCodeBench is designed to rigorously evaluate LLMs on …"); a method that
# works on data makes none ("we propose TACO, … a model that compresses the training dataset")
_OURS = r"\b(?:we|this (?:paper|work))\s+(?:\w+\s+)?"  # "we propose", "we further introduce", "this work presents"
_MAKES_DATA = re.compile(_OURS + r"(?:introduc|present|propos|construct|releas|buil[dt]|curat|collect|creat|develop|"
                         r"provid)\w*\b(?:(?!\b(?:that|which|who|to|by|using|on|across|with)\b)[^.;]){0,80}?"
                         r"(?:\b(?:datasets?|benchmarks?|corpus|corpora|suites?)\b|(?-i:[A-Za-z]Bench|-Bench)\b)", re.I)
_PROPOSES = re.compile(_OURS + r"(?:propos|introduc|present)\w*\b", re.I)
_NUMBER = re.compile(r"\d")
# a sentence that states what is missing or hard (the gap a paper addresses), not the field's introduction
_GAP = re.compile(r"^(?:however|yet|but|despite|although|though|while|unfortunately|nevertheless)\b|\b(?:"
                  r"challeng\w*|limitations?|limited|limits|lacks?|lacking|suffers?|suffering|fails?|failing|"
                  r"struggles?|costly|expensive|prohibitive\w*|bottlenecks?|inefficien\w*|unexplored|"
                  r"under-?explored|unclear|poorly|not well understood|open (?:question|problem)|hinders?|"
                  r"difficult\w*|remains? (?:an? )?(?:open|elusive|unknown)|trade-?offs?|drawbacks?|"
                  r"shortcomings?|vulnerable|unreliable|unstable|instability|impractical|insufficient\w*|unable|cannot|"
                  r"inability)\b", re.I)
# … unless it points back at a gap stated before it ("This challenge is …"): a cell must read alone
_POINTS_BACK = re.compile(r"^(?:this|these|such)\b|\b(?:this|these|such|that) (?:\w+ )?(?:challenges?|limitations?|problems?|issues?|"
                          r"tasks?|gaps?|drawbacks?|shortcomings?|difficult\w*)\b", re.I)
# a sentence that points to the code, not at what the paper does ("We submit the anonymous repository:
# anonymous.4open.science/r/…" was a Result cell): no column's content
_POINTER = re.compile(r"https?://|\bwww\.|\b[\w-]+\.(?:com|org|io|net|science)/|"
                      # GitHub, a repository, where it says what is there: "Our code is on Anonymous GitHub", not
                      # "FormulaCode comprises 957 performance bottlenecks mined from … repositories on GitHub" (a
                      # benchmark's data, ICML 2026: 98 such sentences of the two corpora filled no cell)
                      r"^(?=.*\b(?:available|release[sd]?|releasing|provided|hosted|found|links?|anonymous|anonymi[sz]ed|"
                      r"acceptance|supplementary|open[- ]?sourced?|accessed)\b).*\b(?:github|gitlab|repository)\b|"
                      r"\brelease (?:our |the |all )?(?:source )?(?:code|implementation)|"
                      r"\b(?:code|codes|implementation|source code)(?: and [\w -]+?)? (?:is|are|will be|has been|have been) "
                      # "Our code will be open-sourced." (xKV's Result cell, ICML 2026)
                      r"(?:\w+ )?(?:available|released|public|open[- ]?sourced)|"
                      # "Our code ( data ( and a leaderboard ( are provided as open-source resources.", "The link to the
                      # data will be added upon publication, to preserve anonymity of the submission."
                      # "The code and data used have been submitted to the technique appendix." (a Result cell, ICML 2026)
                      r"\b(?:code|data|datasets?|implementation)\b[^.]{0,40}?\b(?:submitted|provided|included|attached|"
                      r"available|found)\b[^.]{0,25}?\b(?:appendix|supplementary)\b|"
                      r"\b(?:code|data|datasets?|models?|weights|leaderboard|resources)\b[^.]{0,40}?\b(?:is|are|will be|"
                      r"has been|have been) (?:\w+ )?(?:provided|made|released)\b[^.]{0,30}?\b(?:open[- ]source|public\w*|"
                      r"available)|\blinks? to the (?:code|data|dataset|repository|project)\b|\bproject (?:page|website)s?\b|"
                      r"\bhomepage\b|\bupon (?:publication|"
                      r"acceptance)\b|\banonymity\b|\b(?:code|codebase|demo|implementation|project page)\b[^.]{0,30}?\bcan be "
                      # "The nonymous codebase can be accessed" (its link taken out: a Result cell over ICLR 2026)
                      r"(?:found|accessed)\b|"
                      # "Lorsa is open-sourced at" (its link taken out: a Result cell over ICLR 2026)
                      r"\b(?:open[- ]?sourced|available|released|accessible|hosted)\s+(?:at|on|from|via|here)\W*$|"
                      # a short sentence that only says something is out there, its link taken out: "The code, data, and
                      # results are available.", "An interactive demo is available." (Result cells over ICLR 2026; 95 such
                      # sentences in the 10,090 abstracts), not "… true reward models are never available."
                      # … and where it is out there, in a few words: "Codes are attached and will be available online.",
                      # "EgoDex is publicly available for download.", "The dataset and benchmarks are available at BANZ-FS."
                      # (16 more such sentences of the two corpora, all pointers; 80 others with "is available",
                      # "when only snapshots are available" and the like, are not)
                      r"^(?!.*\b(?:never|not|no|rarely|seldom|when|where|if|only|once|because|since|whereas|while|"
                      r"although|though|unless|until)\b)(?:\S+\s+){0,8}(?:is|are|will be|has been|have been) "
                      r"(?:\w+ )?(?:available|released|open[- ]?sourced|public)"
                      r"(?:[\s,]+(?:online|at|via|upon|under|for (?:download|(?:the )?community|public)|"
                      r"on\s+(?:github|gitlab|hugging ?face|anonymi\w+)|in (?:the|our) (?:[\w-]+ )?(?:library|package|repository|"
                      r"toolkit|supplement\w*|appendix|reproducibility statement)|to (?:the public|the community|"
                      r"(?:facilitate|support|promote|advance|enable|foster|benefit)\w*))\b(?:\s+\S+){0,8})?\W*$", re.I)
# a closing sentence: what the paper hopes for or points to, or its results summed up by pointing back, not a
# result ("We hope these contributions will provide a solid foundation for future research …", "Finally, empirical
# evaluations are provided to validate our theoretical findings.", "These results support KVTC as a practical building
# block …" where KVTC's "achieves up to 20x compression" was there to fill the Result cell, over ICLR 2026)
_CLOSING = re.compile(r"\bwe (?:hope|believe|envision)\b|\bfuture (?:research|work|studies|investigations?|directions?|developments?)\b|"
                      r"\b(?:research|promising|new|future) (?:directions?|avenues?|paths?)\b|\bpav(?:es?|ing|ed) the way\b|"
                      r"\b(?:paths?|avenues?) (?:toward|towards)\b|"
                      # "Extensive experiments … demonstrate the effectiveness of our proposed C^2GMoE." (ICML 2026)
                      r"\b(?:demonstrat|show|validat|verif|confirm|prov)\w* the (?:effectiveness|efficacy|superiority|"
                      r"validity|advantages?|benefits?|merits?) of\b|"
                      r"\bopens? up\b|\b(?:first|important|crucial|key|concrete|promising) steps? (?:toward|towards|for)\b|"
                      r"\bfoundation for\b|\broadmap\b|\bthe (?:research )?community\b|"
                      r"\b(?:validates?|validating|verify|verifies|verifying|confirms?|confirming|supports?|corroborates?|"
                      r"substantiates?) (?:\w+ )?(?:our|the|these) (?:theoretical )?(?:findings|theory|theories|analysis|"
                      r"analyses|claims|insights)\b|"
                      r"^(?:\W*\w+,\s*)?(?:(?:these|this|such)\s+(?:(?:results?|findings?|contributions?|observations?|"
                      r"experiments?)\s+)?(?:highlights?|underscores?|supports?|positions?|establish(?:es)?|makes?|provides?|"
                      r"offers?|advances?)|together,?\s+(?:these|our)\s+(?:results?|findings?))\b", re.I)
# … unless it says what was found ("Results indicate that although LLMs show promise …, significant challenges remain
# …, highlighting a large gap and opportunity for future research"; "These findings establish that predictive memory is
# beneficial only when …") or states a figure ("… an average 79.0% improvement in reasoning safety …, demonstrating the
# effectiveness of …")
_FINDS_THAT = re.compile(r"\b(?:shows?|showed|indicates?|indicated|reveals?|revealed|finds?|found|demonstrates?|"
                         r"demonstrated|establish(?:es)?|established|suggests?|suggested|confirms?|confirmed|"
                         r"verif(?:y|ies|ied)|validates?|validated)\s+that\b|"
                         # or with no "that" before a name: "Extensive experiments on … and extra 6 datasets from GluonTS,
                         # demonstrate Olivia consistently achieves …" (ICML 2026)
                         r",\s+(?:shows?|demonstrates?|reveals?|confirms?)\s+(?=(?-i:[A-Z])[\w-]+\s)", re.I)
MIN_WORDS = 4  # a shorter sentence fills no cell ("Project page:", its link taken out)
_CLAUSE_END = re.compile(r"[,;:]\s")
MAX_WORDS = 40
# chosen on half of CSAbstruct's abstracts, measured on the other half (eval/table_cells.py, README)
FITS = 0.5  # a sentence whose roles fit the column with this probability may fill it (the question picks among them)
AT_LEAST = 0.4  # when none does, the likeliest sentence fills it if it fits this well; else "—"
ROLE_WEIGHT = 1.0  # with a question: the fit's weight beside the sentence's cosine to the question
ROLE_BONUS = 0.15  # the column's first role (an objective over background) per unit of its probability
NUMBER_BONUS = 0.2  # a result with a number over one without (the issue asks for numbers)
POSITION_WEIGHT = 0.1  # no question: the objective and method come early, the headline result late
NAMED_BONUS = 0.15  # Data: a sentence naming its data ("MoleculeNet") over one that only says "datasets"; not tuned
USES_BONUS = 0.15  # Data: one saying the paper is tested or trained on it (_USES_DATA); set as NAMED_BONUS, not tuned
GAP_BONUS = 0.15  # Problem: a gap stated (states_gap) over the field's introduction; set as ROLE_BONUS, not tuned
CLOSING_COST = 0.2  # Result, Data: a closing sentence (closes) under one that states; set as NUMBER_BONUS, not tuned
PROPOSES_BONUS = 0.15  # Approach: the sentence saying what the paper proposes (proposes_method); set as GAP_BONUS, not tuned


def proposes(sentence: str) -> bool:
    """Does the sentence say what the paper proposes ("we propose …", "this work presents …")?"""
    return _PROPOSES.search(sentence) is not None


# a proposal beside the paper's main one: "we also introduce AgentFL-Bench, a new benchmark …" (Helmsman), "Moreover,
# we propose a rubric-based sliding window evaluator …" (VitaBench), "Second, we propose a model that …" (GTA1): over
# ICLR 2026 these had taken the Approach cell from the sentence saying how the method works
_BESIDE = re.compile(r"\b(?:also|additionally|moreover|besides|second(?:ly)?|third(?:ly)?|lastly)\b", re.I)


# … or one that presents findings, no method: "we present empirical evidence that pretrained weights are nearly
# first-order stationary" (ICML 2026)
_FINDINGS = re.compile(r"\b(?:present|introduc|propos)\w*\s+(?:[\w-]+\s+){0,2}?(?:evidence|results?|findings?|"
                       r"analys[ie]s|observations?)\b", re.I)


def proposes_method(sentence: str) -> bool:
    """Does the sentence say what the paper mainly proposes, not something it adds beside it or what it found?"""
    return proposes(sentence) and not _BESIDE.search(sentence) and not _FINDINGS.search(sentence)


def reports(sentence: str) -> bool:
    """Does the sentence say what was found ("Extensive experiments demonstrate that our method …")?"""
    return _FINDS_THAT.search(sentence) is not None


def states_gap(sentence: str) -> bool:
    """The sentence says what is missing or hard, and says it without pointing back."""
    return bool(_GAP.search(sentence)) and not _POINTS_BACK.search(sentence)


def closes(sentence: str) -> bool:
    """The sentence closes the abstract (hopes, directions, results summed up by pointing back): no result."""
    return bool(_CLOSING.search(sentence)) and not _FINDS_THAT.search(sentence) and not has_figure(sentence)


def points_to_code(sentence: str) -> bool:
    """The sentence gives a link or says where the code is: it fills no cell."""
    return bool(_POINTER.search(sentence))


# "evaluate" as the verb a question asks for papers with names their topic, not what they are tested on: "Which papers
# evaluate LLMs as judges?" over ICLR 2026 had a Data column that took TrustJudge's and TIR-Judge's numbers from
# their Result cells; "Which papers evaluate on ImageNet?" and "How do papers evaluate hallucination …?" still ask for data
_EVALUATING = re.compile(r"(?:^\W*(?:which|what)\s+|\b(?=\w+\s+(?:that|which)\s))(?:papers?|works?|studies|methods?)\s+"
                         r"(?:that\s+|which\s+)?evaluat\w*\b(?!\s+(?:on|across|using)\b)", re.I)


# … and data named as what a topic is in or of ("Which papers detect data contamination in LLM benchmarks?", ICLR 2026,
# had a Data column, one of its cells a sentence on "training data" naming none)
_DATA_AS_TOPIC = re.compile(r"\b(?:in|of)\s+(?!(?:which|what)\b)(?:[\w-]+\s+){0,2}?(?:benchmarks?|datasets?)\b", re.I)


def columns_for(question: str) -> list[str]:
    asks = question and _ASKS_DATA.search(_DATA_AS_TOPIC.sub(" ", _EVALUATING.sub(" ", question)))
    return list(COLUMNS) + ([DATA] if asks else [])


# where a sentence that names its data goes on to say what was found: "Extensive experiments on … benchmarks
# demonstrate that our method significantly reduces hallucinations …" (_FINDS_THAT), "Across five benchmarks …, our
# method consistently reduces …" (Data cells over ICML 2026 whose rows then showed Result "—")
_SETTING_FIRST = re.compile(r"^(?:Across|On|In|Through|Over|Using|With)\b[^,;]{10,200}?,\s+(?=[a-z])")


def data_and_result(sentence: str) -> tuple[str, str] | None:
    """A sentence that names its data and what was found on it, as two verbatim spans (the data, then the
    finding), each of MIN_WORDS words or more; None where it does not read as the two."""
    if m := _FINDS_THAT.search(sentence):
        data, found = sentence[:m.start()], sentence[m.end():]
    elif m := _SETTING_FIRST.match(sentence):
        data, found = sentence[:m.end()], sentence[m.end():]
    else:
        return None
    data, found = data.rstrip(" ,"), found.lstrip()
    if not _MENTIONS_DATA.search(data) or min(len(data.split()), len(found.split())) < MIN_WORDS:
        return None
    return data, found


def clip(sentence: str, max_words: int = MAX_WORDS) -> tuple[str, bool]:
    """A verbatim prefix of `sentence` ending at a clause boundary within `max_words` words."""
    words = sentence.split()
    if len(words) <= max_words:
        return sentence, False
    head = " ".join(words[:max_words])
    cuts = [m.start() for m in _CLAUSE_END.finditer(head) if m.start() > len(head) // 3]
    return (head[:cuts[-1]] if cuts else head), True


def pick(column: str, probs: np.ndarray, sims: np.ndarray | None, sents: Sequence[str],
          used: set[int], amount: bool = False) -> tuple[int, str] | None:
    """The sentence that fills `column`, and the role it fills it as; None for "—".

    A sentence fits a column by the probability the role head gives the column's roles
    in context (roles.probabilities), not by its single likeliest label: a method
    sentence the head is unsure of can still be the abstract's best Approach, and a
    background sentence it is unsure of loses to a surer one. Among the sentences that
    fit, the question's cosine and the fit decide (without a question, the fit and position)."""
    free = [i for i in range(len(sents)) if i not in used and not points_to_code(sents[i])
            and len(sents[i].split()) >= MIN_WORDS]
    if column == DATA:
        # what the paper uses, not what its field lacks: "yet large labeled datasets remain scarce" (C-FREE's
        # opening, over ICML 2026) names data, but its "Pretraining on the GEOM dataset, … on MoleculeNet" is
        # the answer; a sentence the head takes for background fills no Data cell, and one naming data wins
        background = probs[:, LABELS.index("background")]
        fits = [i for i in free if _MENTIONS_DATA.search(sents[i]) and background[i] < FITS]
        if not fits:
            return None
        # and one that states the data over one that closes ("This work fills a gap in both dedicated benchmarks …,
        # paving the way for …", SciTS over ICLR 2026)
        uses = 0.0 if any(_MAKES_DATA.search(s) for s in sents) else USES_BONUS

        def said(i: int) -> float:  # by how much the sentence says the paper uses data, or proposes its method
            return uses if _USES_DATA.search(sents[i]) else -uses if _PROPOSES.search(sents[i]) else 0.0

        best = max(fits, key=lambda i: (float(sims[i]) if sims is not None else -i / len(sents))
                   + (NAMED_BONUS if DATA_NAME.search(sents[i]) else 0.0) + said(i)
                   - (CLOSING_COST if closes(sents[i]) else 0.0))
        return best, LABELS[int(np.argmax(probs[best]))]
    wanted = [LABELS.index(r) for r in COLUMNS[column]]
    fit = probs[:, wanted].sum(axis=1)
    stating = [i for i in free if has_figure(sents[i])] if amount and column == "Result" else []
    if stating:  # the question asks how much: the sentence that says it, whatever the head calls it
        best = max(stating, key=lambda i: (float(sims[i]) if sims is not None else 0.0) + ROLE_WEIGHT * fit[i])
        return best, LABELS[int(np.argmax(probs[best]))]
    fits = [i for i in free if fit[i] >= FITS]
    if not fits:
        likeliest = max(free, key=lambda i: fit[i], default=None)
        if likeliest is None or fit[likeliest] < AT_LEAST:
            return None
        fits = [likeliest]
    n = len(sents)

    def score(i: int) -> float:
        s = (ROLE_BONUS * probs[i, wanted[0]] if len(wanted) > 1 else 0.0)
        s += GAP_BONUS if column == "Problem" and states_gap(sents[i]) else 0.0
        s += PROPOSES_BONUS if column == "Approach" and proposes_method(sents[i]) else 0.0
        s += NUMBER_BONUS if column == "Result" and _NUMBER.search(sents[i]) else 0.0
        s -= CLOSING_COST if column == "Result" and closes(sents[i]) else 0.0
        if sims is not None:
            return s + float(sims[i]) + ROLE_WEIGHT * fit[i]
        position = i / max(n - 1, 1)
        return s + fit[i] + POSITION_WEIGHT * (position if column == "Result" else 1 - position)

    best = max(fits, key=score)
    return best, COLUMNS[column][int(np.argmax(probs[best, wanted]))]


def row(source: Source, probs: np.ndarray, columns: Sequence[str], question_vec: np.ndarray | None,
        amount: bool = False) -> Row:
    """One paper's row; `probs`: its sentences' role probabilities (roles.probabilities); `amount`:
    the question asks for one."""
    sims = source.vectors @ question_vec if question_vec is not None and source.vectors is not None else None
    used: set[int] = set()
    cells: dict[str, Cell] = {}
    # asked for, the data sentence is the Data cell's before any other column takes it: "achieves SOTA on
    # 6/7 MoleculeNet benchmarks" was the Sheaf paper's Result, and its Data cell "—"
    for column in sorted(columns, key=lambda c: c != DATA):
        picked = pick(column, probs, sims, source.sentences, used, amount)
        if picked is None:
            cells[column] = Cell("—", "", -1)
            continue
        best, role = picked
        used.add(best)
        text, clipped = clip(source.sentences[best])
        cells[column] = Cell(text, role, best, clipped)
    data = cells.get(DATA)
    result = cells.get("Result")
    if data and data.sentence >= 0 and result is not None and result.sentence < 0:
        # the data sentence is the only one that says what was found: it fills both, split where the finding begins
        parts = data_and_result(source.sentences[data.sentence])
        if parts and probs[data.sentence, LABELS.index("result")] >= AT_LEAST:
            cells[DATA] = Cell(clip(parts[0])[0], data.role, data.sentence, True)  # a prefix of the sentence
            found, clipped = clip(parts[1])
            cells["Result"] = Cell(found, "result", data.sentence, clipped)
    p = source.paper
    return Row(source.n, p.paper_id, source.label, p.venue, p.year, {c: cells[c] for c in columns})


def build(sources: Sequence[Source], use: Sequence[int], question: str = "",
          question_vec: np.ndarray | None = None) -> Table:
    """The table for the sources numbered in `use`, in their order."""
    columns = columns_for(question)
    amount = asks_amount(question)
    rows = [row(s, s.role_probs, columns, question_vec, amount) for s in sources if s.n in use]
    if DATA in columns and all(r.cells[DATA].sentence < 0 for r in rows):  # asked, but no abstract names any
        columns.remove(DATA)
        for r in rows:
            del r.cells[DATA]
    return Table(columns, rows)


def markdown(table: Table) -> str:
    """The table as Markdown; each cell links to its sentence in the source card."""
    head = ["[n]", "Paper", *table.columns]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in table.rows:
        cells = []
        for column in table.columns:
            c = r.cells[column]
            if c.sentence < 0:
                cells.append("—")
                continue
            text = inert(c.text) + ("…" if c.clipped else "")
            cells.append(f"[“{text}”](#src-{r.n}.s{c.sentence})")
        lines.append(f"| [{r.n}] | **{inert(r.title)}** ({inert(r.venue)} {r.year}) | " + " | ".join(cells) + " |")
    return "\n".join(lines)

