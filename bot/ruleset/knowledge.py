"""Finding the rule section that answers a question typed in Chinese, English or a mix of both.

The index is built once from the section texts of both languages and the synonym data (``bot.ruleset.glossary``);
it reads no files and keeps no global state. How a question is read and ranked (units, conditions, typos, concepts,
words, questions about other games, BM25), and why these tools: docs/design.md, "Finding the rule section that
answers a question".
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from rapidfuzz import process
from rapidfuzz.distance import OSA, Levenshtein

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_PIECE = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>[A-Za-z0-9]+)|(?P<gap>[^{_CJK}A-Za-z0-9]+)")
_IS_CJK = re.compile(rf"[{_CJK}]")
ACE = "A"
_SHORT_WORDS = frozenset("0123456789jqk")  # one-character words worth keeping: digits and the ranks J Q K
_CONCEPT = "§"

_EN_STOPWORD_TEXT = (
    "a an the is are was were be been do does did can could may might must should would will shall i you he she we "
    "they it its my your our their me us them what which who whom whose how why when where there here this that "
    "these those of in on at to for with by from and or if then than so as about into out up down not no yes any "
    "some all each every many much more most get got have has had just only also still please tell know want need "
    "rule rules question happen happens mean means called call say says said after then now ok okay like hi hey hello "
    "guys lol just actually really gonna wanna gotta hafta anyone someone somebody something anything explain "
    "describe clarify confused understand wonder wondering curious exactly thing things stuff tonight today true "
    "correct ever"
)
EN_STOPWORDS = frozenset(_EN_STOPWORD_TEXT.split())
ZH_STOP_CHARS = frozenset(
    "的了吗呢吧啊呀嘛是在和与或就都也么怎样什如何请问一下"
    "谁我你他她它们这那哪个能可以要会得该着意思好"
    "咋啥呗哦嗯哈嘞噢诶唉呐哇咯喽俺咱"  # colloquial particles and pronouns (咋整, 啥意思, 咱们)
)
"""Characters that carry no rule meaning on their own; they make no unigram and no bigram."""

TITLE_WEIGHT = 3.0
BODY_WEIGHT = 0.5
HINT_WEIGHT = 3.0
CONCEPT_WEIGHT = 2.0
K1 = 1.2
B = 0.5
GUESS_WEIGHT = 0.5
CONDITION_WEIGHT = 0.6
"""A token named only in the question's condition ("after the tribute", 进贡以后) weighs half: it sets the scene."""
UNIGRAM_WEIGHT = 0.4
BIGRAM_WEIGHT = 0.6
"""A Chinese word the glossary does not know makes two unigrams and a bigram; together they weigh about one word."""
FUZZY_MIN_CHARS = 4
"""Shorter Chinese terms differ from everyday phrases by one character too often (可以压 / 可以配)."""
SATURATION = (K1 + 1) * TITLE_WEIGHT / (TITLE_WEIGHT + K1)
"""A token's BM25 weight when it occurs as often as a title word in a section of average length: full confidence."""
MIN_EVIDENCE = CONCEPT_WEIGHT * 1.0
"""A question must carry at least one concept's worth of evidence (of IDF 1) before it can be fully confident; a
lone common character (打, 输) cannot."""
DEFAULT_THRESHOLD = 0.25
CHAT_THRESHOLD = 0.4
CHAT_ONLY_THRESHOLD = 0.5
"""Chat naming only everyday words beside it ("my score on the quiz", "the cake was the best card") needs more."""
"""The confidence a message with words of everyday chat (dinner, the world cup, mute this group) needs."""
SECONDARY_RATIO = 0.5
OTHER_GAME = "other_game"
"""The glossary concept naming other games (斗地主, hold'em); a question naming one and not Guandan is declined."""
OWN_GAME = "_guandan"
"""The glossary concept naming Guandan itself. It makes no token (every section is about Guandan, and a source named
after the game would pull questions to it); a question naming only the game gets the overview section."""
CHAT = "_chat"
"""The glossary concept of everyday chat (birthday cake, weather, dinner): such a message needs a strong match even
when it names a Guandan word (the tribute cake for Mei's birthday)."""
HIGHEST_RANK_NUMBER = 10
_PARTS = re.compile(rf"[，。；！？、,;!?]+|(?<=[{_CJK}])\s+(?=[{_CJK}])")
"""What separates the parts of a question: punctuation, and a space between Chinese phrases (English terms span
spaces; a period is left out, it sits inside numbers and abbreviations)."""
_GAME_PARTS = re.compile(rf"[，。；！？、,;!?]+|(?<=[{_CJK}])\s+(?=[{_CJK}])|(?<=[A-Za-z])\.\s+")
"""Parts of a question for telling which game it is about: as ``_PARTS``, and a full stop ending an English sentence."""
COMPARED_BEFORE = (
    "like", "just like", "unlike", "as", "same as", "same like", "different than", "than", "compared to",
    "compared with", "compare to", "compare with", "compared", "similar to", "different from", "differ from",
    "different to", "instead of", "rather than", "opposed to", "versus", "vs", "跟", "和", "与", "同", "像", "象",
    "不像", "好像", "比", "比起", "类似", "如同", "相比", "对比", "不同于",
)  # fmt: skip
"""Words after which a game's name is only a comparison (like bridge, as in poker, 跟斗地主一样, 像斗地主)."""
COMPARED_AFTER = ("那样", "一样", "似的", "那种", "相比")
"""Words before which a game's name is only a comparison (斗地主那样)."""
BETWEEN_COMPARED_AND_GAME = ("in", "at", "with", "for", "play", "game of", "打", "玩", "在")
"""Words that may stand between a comparison word and the game (like in hearts, as with poker, 跟打升级)."""
ASKING_ABOUT = (
    "i mean", "i am talking about", "talking about", "asking about", "i am asking about", "i meant", "说的是", "指的是",
    "问的是", "我说", "我问",
)
"""Words by which the asker names the game the question is about (我说的是王者荣耀, I mean in fortnite): declined."""
THIS_GAME = ("here", "this game", "in this one", "这里", "这儿", "这边", "咱们这", "我们这", "咱这")
"""Words that turn a question back to Guandan after another game was named (in poker X wins, here?)."""


def _ending_at(keys: tuple[str, ...], position: int, words: tuple[tuple[str, ...], ...]) -> int:
    """The length of the first of ``words`` (longest first) that ends right before ``keys[position]``, else 0."""
    return next(
        (len(word) for word in words if position >= len(word) and keys[position - len(word) : position] == word), 0
    )


def _marker_keys(words: Iterable[str], confusable: Mapping[str, str]) -> tuple[tuple[str, ...], ...]:
    """Marker phrases as the unit keys a question's text is compared with, longest first."""
    keys = {tuple(unit.key for unit in _units(word, confusable)) for word in words}
    return tuple(sorted((key for key in keys if key), key=len, reverse=True))


_NUMBER = (
    r"(?:\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千]+"
    r"|(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)"
    r"(?:[ -](?:one|two|three|four|five|six|seven|eight|nine))?)"
)
_ARITHMETIC = re.compile(
    rf"{_NUMBER}\s*(?:[×*÷xX]|乘以?|除以?|加上?|减去?|times|multiplied\s+by|divided\s+by|plus|minus)\s*{_NUMBER}"
    rf"(?!\s*(?:张|个|级|分|局|人|副|对))",
    re.IGNORECASE,
)
"""Two numbers joined by an arithmetic operator: a sum to work out, not a rule question."""


def _is_other_game(concept: str) -> bool:
    """Whether a glossary concept names another game: ``other_game``, or one game by name (``other_game_dou_dizhu``)."""
    return concept == OTHER_GAME or concept.startswith(OTHER_GAME + "_")


def asks_arithmetic(question: str) -> bool:
    """Whether ``question`` asks for a sum (``26乘4等于几``, ``二十六乘以二``, ``what's twenty six times two``).

    A count of cards, levels or points after it (三带一加一张, 升三级加一级) is a rule question, not a sum."""
    return _ARITHMETIC.search(unicodedata.normalize("NFKC", question)) is not None


def _is_count(word: str) -> bool:
    # Above 10 a number is no rank: minutes, points or cards, told apart only by the glossary term holding it. Longer
    # digit strings are runs of ranks (334455, 88888), which are cards.
    return word.isdigit() and len(word) <= 2 and int(word) > HIGHEST_RANK_NUMBER


@dataclass(frozen=True, slots=True)
class SectionSource:
    """One rule section as the index sees it: its id, titles and texts in every language, and extra hint phrases."""

    section_id: str
    titles: tuple[str, ...]
    texts: tuple[str, ...]
    hints: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Match:
    section_id: str
    score: float
    """Confidence in 0..1: how much of the question the section covers."""


def has_cjk(text: str) -> bool:
    """Whether a question contains Chinese characters (then it is answered in Chinese)."""
    return _IS_CJK.search(text) is not None


_IRREGULAR = {
    "went": "go", "gone": "go", "goes": "go", "got": "get", "gotten": "get", "gave": "give", "given": "give",
    "paid": "pay", "won": "win", "lost": "lose", "drew": "draw", "drawn": "draw", "dealt": "deal", "sat": "sit",
    "came": "come", "took": "take", "taken": "take", "led": "lead", "broke": "break", "broken": "break",
    "sent": "send", "chose": "choose", "chosen": "choose", "told": "tell", "held": "hold", "kept": "keep",
    "ran": "run", "threw": "throw", "thrown": "throw", "beaten": "beat", "hid": "hide", "hidden": "hide",
    "caught": "catch", "fell": "fall", "fallen": "fall", "men": "man", "women": "woman", "ladies": "lady",
    "guys": "guy", "knew": "know", "known": "know", "bought": "buy", "brought": "bring", "thought": "think",
    "saw": "see", "seen": "see", "made": "make", "did": "do", "done": "do", "has": "have", "had": "have",
    "u": "you", "ya": "you", "ur": "your", "r": "are", "wat": "what", "wut": "what", "wot": "what", "hw": "how",
    "pls": "please", "plz": "please", "abt": "about", "bc": "because", "cuz": "because", "coz": "because",
    "tho": "though", "thru": "through", "b4": "before", "2nite": "tonight", "ppl": "people", "opp": "opponent",
    "opps": "opponent", "oppo": "opponent", "pts": "point", "pt": "point", "mins": "minute", "min": "minute",
    "secs": "second", "sec": "second", "diff": "difference", "rd": "round", "ref": "ref", "refs": "ref",
}  # fmt: skip
"""Irregular forms, chat spellings and abbreviations read as the word they stand for (told → tell, u → you)."""
_DETERMINERS = frozenset(["a", "an", "the", "my", "your", "his", "her", "our", "their", "its"])
"""Words a glossary term may or may not carry ("swap my partner", "swap partner"): dropped before matching."""
_CONTRACTIONS = re.compile(
    r"\b(do|does|did|is|are|was|were|have|has|had|could|would|should|must|need)(?:n'?t)\b|\b(can)(?:'?t|not)\b"
    r"|\b(wo)n'?t\b|\b(i)'?m\b|\b(what|who|where|how|that|there|it|he|she)'?s\b"
    r"|\b(i|you|we|they)'(ve|ll|re|d)\b|\b(i)(ve)\b",
    re.IGNORECASE,
)
_EXPANDED = {"ve": "have", "ll": "will", "re": "are", "d": "would"}


def _expand(match: re.Match[str]) -> str:
    """don't / dont → do not, can't → can not, I'm → I am, what's → what is, we're → we are."""
    verb, can, wo, i, subject, pronoun, tail, i_have, have = match.groups()
    if verb:
        return f"{verb} not"
    if can:
        return f"{can} not"
    if wo:
        return "will not"
    if i:
        return f"{i} am"
    if subject:
        return f"{subject} is"
    if i_have:
        return f"{i_have} {_EXPANDED[have.lower()]}"
    return f"{pronoun} {_EXPANDED[tail.lower()]}"


def _stem(word: str) -> str:
    """A light English stemmer.

    The same stem for a word's plural, -ing, -ed and final -e forms (make, making → mak; shuffle, shuffles, shuffling,
    shuffled → shuffle; cutting → cut), and the base of irregular forms (told → tell)."""
    word = _IRREGULAR.get(word, word)
    if word.isdigit() or len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    elif word.endswith("ing") and len(word) > 5:
        word = _undouble(word[:-3])
    elif word.endswith("ed") and len(word) > 4:
        word = _undouble(word[:-2])
    if _CONSONANT_L.search(word):
        return word + "e"  # shuffl(ing) → shuffle, doubl(ed) → double
    if word.endswith("e") and not word.endswith("ee") and len(word) >= 4 and not _CONSONANT_LE.search(word):
        word = word[:-1]  # make, making → mak; but shuffle, double, single keep their -le (and levle its typo)
    return word


_CONSONANT_L = re.compile(r"[b-df-hj-km-np-tv-z]l$")
_CONSONANT_LE = re.compile(r"[b-df-hj-km-np-tv-z]le$")


def _undouble(stem: str) -> str:
    # cutting → cutt → cut, stopped → stopp → stop; but pass-ed stays pass and call-ed stays call.
    if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "lsz" and stem[-1].isalpha():
        return stem[:-1]
    return stem


class _Unit(NamedTuple):
    text: str  # as indexed: CJK character, stemmed lower-case word, or "A" for the ace
    key: str  # for glossary lookup: CJK characters folded through the confusable map
    run: int  # units of one run touch each other (no space or punctuation between them)
    cjk: bool
    guessed: bool = False  # a typo repair: the question did not say exactly this
    condition: bool = False  # said in the question's condition ("after the tribute"), see _clauses


_RANK_NAMES = {"king": "k", "queen": "q", "jack": "j"}
"""Ranks spelled out read as the rank (a king is the K of the texts); "ace" is a glossary term of its own."""
_RANK_RUN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9JQKAjqka])(?:-?(?:10|[2-9JQKAjqka])){2,}(?![A-Za-z0-9])")
ACE_RUN = "acerun"
"""A run of ranks with an ace in it (A2345, JQKA2, QQKKAA): a question about the ace in sequences."""


_RANK_VALUES = {str(value): value for value in range(2, 11)} | {"J": 11, "Q": 12, "K": 13, "A": 14}
_RANK = r"(?:10|[2-9JQKAjqka])"
_SHAPE_RUN = re.compile(
    rf"(?<![A-Za-z0-9]){_RANK}{{3,}}(?![A-Za-z0-9])"
    r"|(?<![A-Za-z0-9])(?:10|[2-9JQKA])(?:[ ,，、/-](?:10|[2-9JQKA])){2,}(?![A-Za-z0-9])"
)
_RANK_TOKEN = re.compile(r"10|[2-9JQKA]")
_SPACED_RUN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9JQKA])(?:[ ,，、/](?:10|[2-9JQKA])){2,7}(?![A-Za-z0-9])")
_COUNT_WORDS = {
    "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}  # fmt: skip
_ZH_COUNTED = re.compile(
    r"(?<![0-9])(10|[2-9]|[一二两俩三四五六七八九十])\s*[个张只]\s*(10|[2-9JQKAjqka]|[二三四五六七八九十](?![个张只]))"
    r"(?![A-Za-z0-9])"
)
_ZH_PAIR_OF = re.compile(r"一对\s*(10|[2-9JQKAjqka])(?![A-Za-z0-9])")
_EN_COUNTED = re.compile(
    r"\b(10|[2-9]|two|three|four|five|six|seven|eight|nine|ten)\s+(?:of\s+(?:(?:my|his|her|their|our|your|the)\s+)?)?"
    r"(aces|kings|queens|jacks|tens|nines|eights|sevens|sixes|fives|fours|threes|twos|(?:10|[2-9]|[AJQK])'?s)\b",
    re.IGNORECASE,
)
_BOMB_OF = re.compile(
    r"\bbomb\s+of\s+(10|[2-9]|four|five|six|seven|eight|nine|ten)\b"
    r"|\b(10|[2-9]|four|five|six|seven|eight|nine|ten)[\s-]*cards?[\s-]*bomb",
    re.IGNORECASE,
)
"""A bomb by its size (a bomb of 5, a 6-card bomb): the count is no rank, the word "bomb" stays."""
_COUNT_OF_CARDS = re.compile(r"\b(?:10|[2-9])(?=\s+cards\b)", re.IGNORECASE)
"""A number of cards (can a bomb have 10 cards): a count, not the rank 10."""
_OF_A_KIND = re.compile(
    r"\b(10|[2-9]|two|three|four|five|six|seven|eight|nine|ten)\s+(?:of\s+a\s+kind|of\s+(?:the\s+)?same|same)\b",
    re.IGNORECASE,
)
_LEVEL_PLAYED = re.compile(
    r"\bplaying\s+(?:10|[2-9JQK]|tens?|nines?|eights?|sevens?|sixes|six|fives?|fours?|threes?|twos?|jacks?|queens?|kings?)"
    r"'?s?\b|打(?:10|[2-9JQK])(?![0-9A-Za-z])|打[二三四五六七八九十](?![一二三四五六七八九十局把场次轮盘圈个张分人级副手])",
    re.IGNORECASE,
)
"""A level named by its rank (playing 7s, 打10, 打八): the question is about that deal's level cards."""
_CARDS_LEFT = re.compile(
    r"剩(?:下|了)?(?:10|[1-9]|[一二两三四五六七八九十])张|(?:还有|只有|就剩)(?:10|[1-9]|[一二两三四五六七八九十])张"
    r"|\b(?:i|we|he|she|they|you)\s+(?:had|have|has|got|hold|am holding|was holding|was left with)\s+"
    r"(?:only\s+|just\s+)?(?:10|[1-9]|one|two|three|four|five|six|seven|eight|nine|ten)\s+cards?\b"
    r"(?!\s+(?:of|in)\b)",
    re.IGNORECASE,
)
"""Cards left in hand (剩六张, 还有5张, I had 6 cards): a card-count question (not "can a straight have six cards")."""
_ZH_COMPARE = re.compile(r"比(?![大小])[^，。？！,.?!\s]{1,4}?[大小高低强]")
"""X比Y大: the everyday Chinese comparison (10比A大, 同花顺比炸弹大), which no fixed term covers."""
_SIZE_SHAPES = {2: "pair", 3: "triple"}
_RUN_SHAPES = {1: "straight", 2: "tube", 3: "plate"}


def _count_shape(count: int) -> str | None:
    return "bomb" if count >= 4 else _SIZE_SHAPES.get(count)


def _is_run(values: list[int]) -> bool:
    """Distinct rank values that follow each other on the circle 2 … A (wrapping runs are asked about too)."""
    positions = sorted(value - 2 for value in values)
    gaps = [(later - earlier) for earlier, later in zip(positions, positions[1:], strict=False)]
    gaps.append(positions[0] + 13 - positions[-1])
    return sum(gap != 1 for gap in gaps) <= 1


def _run_shape(ranks: list[str]) -> str | None:
    """The play a written run of ranks looks like: 88888 a bomb, 5566 pairs in a row, 55577 a full house."""
    counts = Counter(rank.upper() for rank in ranks)
    sizes = sorted(counts.values())
    if len(counts) == 1:
        return _count_shape(sizes[0])
    if len(counts) == 2 and sizes in ([1, 3], [2, 3]):
        return "full_house"
    if len(set(sizes)) == 1 and _is_run([_RANK_VALUES[rank] for rank in counts]):
        return _RUN_SHAPES.get(sizes[0])
    if len(counts) >= 3 and set(sizes) <= {2, 3} and sizes.count(3) >= 2:
        return "plate"  # triples in a row with pairs attached (333444 + 5566)
    return None


def play_shapes(question: str) -> list[str]:
    """The play types a question names by its cards (5566, 10 J Q K A, 三个A, ten sevens): glossary concept names."""
    return _read_cards(unicodedata.normalize("NFKC", question))[1]


def _read_cards(text: str) -> tuple[str, list[str]]:
    """The play types named by cards written out, and the text with counts dropped and runs joined.

    Counts are dropped (五个3 → 个3, five 3s → 3s, six of a kind: the count is no rank) and spaced runs joined (A 2 3 4
    5 → A2345, read as the run it is)."""
    shapes = [_run_shape(_RANK_TOKEN.findall(run.group().upper())) for run in _SHAPE_RUN.finditer(text)]
    for match in _ZH_COUNTED.finditer(text):
        shapes.append(_count_shape(_COUNT_WORDS.get(match.group(1)) or int(match.group(1))))
    shapes.extend("pair" for _ in _ZH_PAIR_OF.finditer(text))
    shapes.extend(_count_shape(_COUNT_WORDS.get(count.lower()) or int(count)) for count in _OF_A_KIND.findall(text))
    for match in _EN_COUNTED.finditer(text):
        if match.group(2) == "as":
            continue  # "two as well": the word, not aces
        count = match.group(1).lower()
        shapes.append(_count_shape(_COUNT_WORDS.get(count) or int(count)))
    shapes.extend("level_card" for _ in _LEVEL_PLAYED.finditer(text))
    shapes.extend("card_count" for _ in _CARDS_LEFT.finditer(text))
    shapes.extend("compare" for _ in _ZH_COMPARE.finditer(text))
    found = [shape for shape in shapes if shape is not None]
    if "triple" in found and "pair" in found:
        found.append("full_house")  # 三个A带一对2, three 5s and two 9s
    if found.count("bomb") >= 2:
        found.append("bomb_order")  # 五个三能不能打四个K: two bombs written out are compared
    text = _ZH_COUNTED.sub(" ", text)
    text = _OF_A_KIND.sub(" ", text)
    text = _COUNT_OF_CARDS.sub(" ", _BOMB_OF.sub(" bomb ", text))
    text = _EN_COUNTED.sub(lambda match: match.group() if match.group(2) == "as" else " ", text)
    text = _SPACED_RUN.sub(lambda match: re.sub(r"[ ,，、/-]", "", match.group()), text)
    return text, found


_EN_CONDITION = re.compile(
    r"\b(?:after|once|if|when|whenever|since|because)\b(?P<body>.*?)"
    r"(?=[,.;!?，。；！？]|\b(?:who|whom|whose|what|which|how|where|can|could|do|does|should|must|may)\b|$)",
    re.IGNORECASE,
)
_ZH_CONDITION = re.compile(
    r"(?:如果|要是|假如|万一|假设)[^，。；！？,.;!?\s]*?(?=[，,\s]+\S|那|就)"
    r"|[^，。；！？,.;!?\s]+?(?:以后|之后|的时候|(?<![最然前背以之])后)(?=[\u4e00-\u9fff])"
    r"|[^，。；！？,.;!?\s]+?了(?=谁|咋|怎么|怎样)"
    r"|[^，。；！？,.;!?\s]+?完[牌了]?(?=谁|咋|怎么|怎样)"
)


CONDITION_START = "\x01"
CONDITION_END = "\x02"
"""Marks around a condition in the text cut into units: a gap (no term spans it) that sets the units' ``condition``."""


def _clauses(text: str) -> list[tuple[str, bool]]:
    """The question cut into its conditions ("after the tribute is paid", 进贡以后, 如果双下) and the rest.

    What a question asks sits in its main clause; a condition sets the scene (who starts *after the tribute*), so
    its words weigh less when they are not also in the main clause."""
    pieces: list[tuple[str, bool]] = []
    spans = sorted(
        [(match.start(), match.end()) for match in _EN_CONDITION.finditer(text) if match.group("body").strip()]
        + [(match.start(), match.end()) for match in _ZH_CONDITION.finditer(text)]
    )
    position = 0
    for start, end in spans:
        if start < position:
            continue
        pieces.append((text[position:start], False))
        pieces.append((text[start:end], True))
        position = end
    pieces.append((text[position:], False))
    return [(piece, is_condition) for piece, is_condition in pieces if piece.strip()]


PLAY_TYPES = frozenset({
    "single", "pair", "triple", "full_house", "straight", "tube", "plate", "bomb", "straight_flush", "four_jokers",
})  # fmt: skip
"""Glossary concepts naming a play: a question naming two of them (a bomb and a straight flush) compares them."""
BOMB_TYPES = frozenset({"bomb", "straight_flush", "four_jokers"})
COMPOUND_TYPES = frozenset({"full_house", "straight", "tube", "plate"})
"""Plays of five or six cards; two of them named together are compared. A single, pair or triple named with one is
usually its part (the pairs of a tube, the triple of a full house), not a rival."""
PLACES = frozenset({"first_place", "second_place", "third_place", "last_place"})
IDENTITY = "_identity"
"""The glossary concept of asking whether one thing is another (是不是, count as)."""
_NAMED_A_BOMB = re.compile(
    r"(?:算|是|叫)炸弹?[吗么嘛呀]?\W*$|\b(?:count|counts|counted|considered)\s+as\s+(?:a\s+)?bombs?\b"
    r"|^\W*(?:is|are)\b.*\b(?:a\s+)?bombs?\W*$",
    re.IGNORECASE,
)
"""A question whether something is a bomb (同花顺算炸弹吗, is a straight flush a bomb?): it asks what a bomb is, as
是不是 does, not which of two bombs is bigger."""
MEANING = "_meaning"
"""The glossary concept of asking what a word means (是啥意思, what does … mean): names, not a combination."""


def _implied(concepts: set[str], written: Collection[str] = ()) -> list[str]:
    """Concepts a question implies by what it names together.

    Two kinds of bomb (五个头能管同花顺不) ask for the bomb order, two plays of five or six cards (a straight vs a full
    house) for a comparison of play types unless something is attached to one (钢板带对子); a bomb and a plain play say
    nothing (炸弹拆开当对子) unless compared (炸弹能管顺子吗: the play types; a plain play only ``written`` out beside a
    bomb is its shape, A2345同花顺); two finishing places (头游和末游, me 1st and partner 2nd) name a finishing
    combination, which decides the level-up (not at A, where they decide whether A is passed, nor beside a tribute,
    where they say who pays whom), unless the question asks what the names mean (上游下游是啥意思)."""
    implied = []
    plays = concepts & PLAY_TYPES
    bombs = plays & BOMB_TYPES
    if len(bombs) >= 2 and IDENTITY not in concepts:
        implied.append("bomb_order")  # but 同花顺是不是炸弹, is a straight flush a bomb: what a bomb is
    elif len(plays & COMPOUND_TYPES) >= 2 and "attach" not in concepts:
        implied.append("type_compare")
    elif bombs and plays - BOMB_TYPES - set(written) and "compare" in concepts:
        implied.append("type_compare")  # 炸弹能管顺子吗, does a bomb beat a full house: a bomb against another type
    if "triple" in concepts and "attach" in concepts and not concepts & {"plate", "full_house"}:
        implied.append("full_house")  # 三个八带一个九: a triple with something attached
    if MEANING in concepts and concepts & PLACES:
        implied.append("finishing_places")  # 上游是啥意思, what does last place mean: the names
    elif len(concepts & PLACES) == 2 and not concepts & {"play_a", "tribute"}:
        # At A the same places decide whether A is passed; with a tribute they say who pays whom.
        implied.append("place_combo")
    if "go_out" in concepts and "nobody_beats" in concepts:
        implied.append("jiefeng")  # went out and nobody beat the last play: who leads next is the partner's turn
    if "two_big_jokers" in concepts and "tribute" in concepts:
        implied.append("anti_tribute")  # a tribute owed by a side holding both big jokers: refused
    return implied


def _join_ranks(match: re.Match[str]) -> str:
    run = match.group().replace("-", "")
    # A run with an ace reads as the ace itself plus a marker for "a sequence with an ace".
    return f" {ACE_RUN} A " if "a" in run.lower() else run


_HAS_LATIN = re.compile(r"[A-Za-z]")
_NUMBER_SIGN = re.compile(r"#\s*(?=of\b)", re.IGNORECASE)
"""odd # of teams: the sign read as "number"."""
_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_ZH_NUMBER = re.compile(
    r"(?<![一二两三四五六七八九十百千])(?:([一二两三四五六七八九])十([一二三四五六七八九])?|十([一二三四五六七八九]))"
    r"(?![一二两三四五六七八九十百千])"
)
"""A Chinese number from 11 to 99 (二十八, 十五, 三十): written as digits, so 二十八张 reads as the term 28张.
A lone 十 is the rank 10 and stays."""


def _digits(match: re.Match[str]) -> str:
    tens, ones, teen = match.groups()
    if teen:
        return str(10 + _ZH_DIGITS[teen])
    return str(10 * _ZH_DIGITS[tens] + (_ZH_DIGITS[ones] if ones else 0))


def _units(text: str, confusable: Mapping[str, str], *, chat: bool = True) -> list[_Unit]:
    """The units of a text.

    ``chat``: expand contractions (don't, dont, I'm), which questions and glossary terms have and the rule texts do not
    (skipping the expansion saves a third of the index's build time)."""
    normal = unicodedata.normalize("NFKC", text)
    # The substitutions run only where they can apply: the index cuts some 3,000 glossary terms at start-up.
    if "十" in normal:
        normal = _ZH_NUMBER.sub(_digits, normal)
    if "#" in normal:
        normal = _NUMBER_SIGN.sub(" number of", normal)
    if chat and _HAS_LATIN.search(normal):
        normal = _CONTRACTIONS.sub(_expand, normal)
    folded = _RANK_RUN.sub(_join_ranks, normal)
    units: list[_Unit] = []
    run = 0
    condition = False
    marked = CONDITION_START in folded
    for piece in _PIECE.finditer(folded):
        kind = piece.lastgroup
        if kind == "gap":
            run += 1
            if marked:
                gap = piece.group()
                condition = CONDITION_START in gap or (condition and CONDITION_END not in gap)
        elif kind == "cjk":
            units.extend(_Unit(char, confusable.get(char, char), run, True, False, condition) for char in piece.group())
        else:
            token = piece.group()
            touches_cjk = bool(units and units[-1].cjk and units[-1].run == run) or bool(
                _IS_CJK.match(folded, piece.end())
            )
            lowered = token.lower()
            if token == "A" or (token == "a" and touches_cjk):
                word = ACE
            elif lowered in _DETERMINERS:
                continue
            else:
                word = lowered if lowered in EN_STOPWORDS else _stem(lowered)
                word = _RANK_NAMES.get(word, word)
            units.append(_Unit(word, word, run, False, False, condition))
    return units


def words(text: str) -> list[str]:
    """The words and characters of a text as the index reads them; for tests and debugging.

    Contractions expanded, stems, base forms, no determiners."""
    return [unit.text for unit in _units(text, {})]


def _one_word(units: list[_Unit]) -> bool:
    """Chinese characters split by a space or punctuation (不 要带伞) are not one term.

    English terms span words, and so do mixed ones (打到“A”)."""
    return not all(unit.cjk for unit in units) or all(unit.run == units[0].run for unit in units)


def _weight(token: str) -> float:
    if token.startswith(_CONCEPT):
        return CONCEPT_WEIGHT
    if _IS_CJK.match(token):
        return UNIGRAM_WEIGHT if len(token) == 1 else BIGRAM_WEIGHT
    return 1.0


def _bm25_idf(document_frequency: int, documents: int) -> float:
    return math.log((documents - document_frequency + 0.5) / (document_frequency + 0.5) + 1.0)


class RuleIndex:
    """Rank rule sections for a question (see the module docstring); build once, query many times."""

    def __init__(
        self,
        sections: Sequence[SectionSource],
        concepts: Mapping[str, Sequence[str]],
        confusable: Mapping[str, str] | None = None,
        *,
        threshold: float = DEFAULT_THRESHOLD,
        evidence_threshold: float | None = None,
        weak_concepts: Collection[str] = (),
        body_weight: float = BODY_WEIGHT,
        overview: str | None = None,
        loose_terms: Collection[str] = (),
    ) -> None:
        if not sections:
            raise ValueError("a rule index needs at least one section")
        self.threshold = threshold
        self._last: tuple[str, tuple[Counter[str], set[str], dict[str, None], set[str]]] | None = None
        self._overview = overview
        self.evidence_threshold = threshold if evidence_threshold is None else evidence_threshold
        self._confusable: Mapping[str, str] = confusable or {}
        self._concept_names = frozenset(concepts)
        self._evidence = frozenset(
            concept for concept in concepts if not concept.startswith("_") and concept not in weak_concepts
        )
        self._evidence = frozenset(concept for concept in self._evidence if not _is_other_game(concept))
        self._loose = frozenset(tuple(unit.key for unit in _units(term, self._confusable)) for term in loose_terms)
        self._terms: dict[tuple[str, ...], str] = {}
        for concept, terms in concepts.items():
            for term in terms:
                key = tuple(unit.key for unit in _units(term, self._confusable))
                if key:
                    self._terms.setdefault(key, concept)
        self._compared_before = _marker_keys(COMPARED_BEFORE, self._confusable)
        self._compared_after = _marker_keys(COMPARED_AFTER, self._confusable)
        self._between = _marker_keys(BETWEEN_COMPARED_AND_GAME, self._confusable)
        self._here = _marker_keys(THIS_GAME, self._confusable)
        self._declared = _marker_keys(ASKING_ABOUT, self._confusable)
        self._sizes_by_first: dict[str, list[int]] = {}
        for key in self._terms:
            self._sizes_by_first.setdefault(key[0], []).append(len(key))
        for sizes in self._sizes_by_first.values():
            sizes.sort(reverse=True)
        self._fuzzy_terms: dict[str, str] = {
            "".join(key): concept
            for key, concept in self._terms.items()
            if len(key) >= FUZZY_MIN_CHARS and all(_IS_CJK.fullmatch(part) for part in key)
        }
        self._fuzzy_choices = list(self._fuzzy_terms)
        # A window one character longer than the longest term can still be that term with one character extra.
        self._fuzzy_window = max((len(choice) for choice in self._fuzzy_choices), default=0) + 1
        vocabulary: set[str] = {part for key in self._terms for part in key if not _IS_CJK.fullmatch(part)}
        self._ids: list[str] = []
        self._counts: list[dict[str, float]] = []
        for section in sections:
            counts: dict[str, float] = {}
            weighted = [(text, TITLE_WEIGHT, False) for text in section.titles]
            weighted += [(text, body_weight, False) for text in section.texts]
            weighted += [(hint, HINT_WEIGHT, True) for hint in section.hints]  # hints are written like questions
            for text, weight, chat in weighted:
                units = _units(text, self._confusable, chat=chat)
                vocabulary.update(unit.text for unit in units if not unit.cjk)
                for token, count in self._bag_of(units, fuzzy=False)[0].items():
                    counts[token] = counts.get(token, 0.0) + weight * count
            self._ids.append(section.section_id)
            self._counts.append(counts)
        self._vocabulary = frozenset(vocabulary - EN_STOPWORDS)
        self._vocabulary_list = sorted(self._vocabulary)
        self._lengths = [sum(counts.values()) for counts in self._counts]
        # Sections without a single token (a notice of one stray letter) would make BM25's length norm divide by 0.
        self._average_length = sum(self._lengths) / len(self._lengths) or 1.0
        frequency: Counter[str] = Counter()
        for counts in self._counts:
            frequency.update(counts.keys())
        documents = len(self._counts)
        self._idf = {token: _bm25_idf(df, documents) for token, df in frequency.items()}
        self._unknown_idf = _bm25_idf(0, documents)
        # Each token's sections with its weight there (an inverted index): a question's few tokens visit only the
        # sections holding them, which matters for an index of hundreds of articles.
        self._norms = [K1 * (1 - B + B * length / self._average_length) for length in self._lengths]
        self._postings: dict[str, list[tuple[int, float]]] = {}
        for index, counts in enumerate(self._counts):
            for token, weighted_count in counts.items():
                self._postings.setdefault(token, []).append((index, weighted_count))

    @property
    def section_ids(self) -> tuple[str, ...]:
        return tuple(self._ids)

    def _correct(self, units: list[_Unit]) -> list[_Unit]:
        """Replace unknown English words by the nearest vocabulary word one edit away."""
        corrected: list[_Unit] = []
        for unit in units:
            word = unit.text
            if unit.cjk or word in self._vocabulary or word in EN_STOPWORDS or len(word) < 4 or word.isdigit():
                corrected.append(unit)
                continue
            best = process.extractOne(word, self._vocabulary_list, scorer=OSA.distance, score_cutoff=1)
            if best is not None and len(word) == 4 and len(best[0]) != 5:
                best = None  # a four-letter stem is repaired only by a missing letter (jokres → jokr → joker)
            if best is None:
                corrected.append(unit)
            else:
                corrected.append(_Unit(best[0], best[0], unit.run, False, guessed=True, condition=unit.condition))
        return corrected

    def _spans(self, units: list[_Unit]) -> list[tuple[str, int, int]]:
        """The glossary terms of ``units``, longest first at each position: (concept, first unit, number of units)."""
        spans: list[tuple[str, int, int]] = []
        keys = [unit.key for unit in units]
        position = 0
        while position < len(units):
            for size in self._sizes_by_first.get(keys[position], ()):
                concept = self._terms.get(tuple(keys[position : position + size]))
                if concept is not None and _one_word(units[position : position + size]):
                    spans.append((concept, position, size))
                    position += size
                    break
            else:
                position += 1
        return spans

    def _concepts(self, units: list[_Unit], *, fuzzy: bool) -> tuple[list[tuple[str, bool, bool]], list[bool]]:
        """Longest glossary terms first (exact after homophone folding), then (``fuzzy``) one-edit Chinese terms.

        Each concept comes with whether it rests on a guess (a repaired word, a Chinese term one edit away) and whether
        it is said only in the question's condition.
        """
        found: list[tuple[str, bool, bool]] = []
        used = [False] * len(units)
        keys = [unit.key for unit in units]
        for concept, position, size in self._spans(units):
            span = units[position : position + size]
            loose = tuple(keys[position : position + size]) in self._loose
            guessed = loose or any(unit.guessed for unit in span)
            found.append((concept, guessed, all(unit.condition for unit in span)))
            if concept != CHAT:  # chat words stay words: they count against a match, never for one
                used[position : position + size] = [True] * size
        if fuzzy and self._fuzzy_choices:
            found.extend(self._fuzzy_concepts(units, used))
        return found, used

    def _fuzzy_concepts(self, units: list[_Unit], used: list[bool]) -> Iterable[tuple[str, bool, bool]]:
        for size in range(min(self._fuzzy_window, len(units)), FUZZY_MIN_CHARS - 2, -1):
            for start in range(len(units) - size + 1):
                window = units[start : start + size]
                if any(used[start : start + size]) or not all(unit.cjk for unit in window):
                    continue
                if window[0].run != window[-1].run:
                    continue
                best = process.extractOne(
                    "".join(unit.key for unit in window),
                    self._fuzzy_choices,
                    scorer=Levenshtein.distance,
                    score_cutoff=1,
                )
                if best is not None:
                    used[start : start + size] = [True] * size
                    yield self._fuzzy_terms[best[0]], best[1] > 0, all(unit.condition for unit in window)

    def _bag_of(self, units: list[_Unit], *, fuzzy: bool) -> tuple[Counter[str], set[str], dict[str, None], set[str]]:
        """What a question says to the index: tokens, guesses, concepts and condition tokens.

        Token counts, the tokens that rest on a guess, every concept named (those without a token too) in the order
        the question names them, and the tokens said only in the question's condition."""
        concepts, used = self._concepts(units, fuzzy=fuzzy)
        bag: Counter[str] = Counter(_CONCEPT + concept for concept, _, _ in concepts if not concept.startswith("_"))
        guessed = {_CONCEPT + concept for concept, guess, _ in concepts if guess}
        main = {_CONCEPT + concept for concept, _, condition in concepts if not condition}
        for index, unit in enumerate(units):
            if used[index]:
                continue
            if not unit.cjk:
                if (
                    unit.text not in EN_STOPWORDS
                    and (len(unit.text) > 1 or unit.text in _SHORT_WORDS)
                    and not _is_count(unit.text)
                ):
                    bag[unit.text] += 1
                    if unit.guessed:
                        guessed.add(unit.text)
                    if not unit.condition:
                        main.add(unit.text)
                continue
            if unit.text not in ZH_STOP_CHARS:
                bag[unit.text] += 1
                if not unit.condition:
                    main.add(unit.text)
            after = units[index + 1] if index + 1 < len(units) else None
            if (
                after
                and after.cjk
                and after.run == unit.run
                and not used[index + 1]
                and unit.text not in ZH_STOP_CHARS
                and after.text not in ZH_STOP_CHARS
            ):
                bag[unit.text + after.text] += 1
                if not (unit.condition and after.condition):
                    main.add(unit.text + after.text)
        return bag, guessed, dict.fromkeys(concept for concept, _, _ in concepts), set(bag) - main

    def _about_other_game(self, question: str) -> bool:
        """Whether a question is about another game itself rather than about Guandan compared with one.

        The question is read part by part (parts end at punctuation, a sentence's full stop, or a space between Chinese
        phrases). A game named right after a comparison word (like bridge, as in poker, unlike big two, compared to
        Dou Dizhu, 跟斗地主一样, 像斗地主那样) is only compared and decides nothing. Otherwise the first part that
        decides is: a part naming Guandan (the game's name) → a Guandan question, even with another game beside it
        (斗地主的飞机和掼蛋的钢板一样吗); a part asking about a Guandan concept (a bomb, the deal, seats) with no game
        named → a Guandan question whatever game is mentioned later ("does a 6-card bomb beat a 5-card one? in poker
        the higher rank would win"); a part naming another game → about that game (斗地主飞机能带翅膀吗, in bridge who
        leads first), unless the rest turns to Guandan as its subject: names Guandan not as a comparison, or "here"
        (in poker a flush beats a straight. is a straight flush here just another straight?). Guandan named only as a
        comparison later (打拖拉机的时候主牌咋定 … 跟掼蛋级牌一样吗) leaves it about the other game."""
        about_other = False
        parts = [_units(part, self._confusable) for part in _GAME_PARTS.split(unicodedata.normalize("NFKC", question))]
        spans_of = [self._spans(units) for units in parts]
        if any(
            _is_other_game(concept) and self._after_any(units, start, self._declared)
            for units, spans in zip(parts, spans_of, strict=True)
            for concept, start, _ in spans
        ):
            return True  # 我说的是王者荣耀, I mean in fortnite: the asker names the game the question is about
        for units, spans in zip(parts, spans_of, strict=True):
            games = [
                (start, concept, self._compared(units, start, size))
                for concept, start, size in spans
                if concept == OWN_GAME or _is_other_game(concept)
            ]
            own_subject = any(concept == OWN_GAME and not compared for _, concept, compared in games)
            if about_other:
                if own_subject or self._says_here(units, 0):
                    return False
                continue
            subject = next((start for start, concept, compared in games if concept != OWN_GAME and not compared), None)
            if subject is not None:
                if any(concept == OWN_GAME for _, concept, _ in games) or self._says_here(units, subject):
                    return False
                about_other = True
                continue
            if own_subject or self._evidence.intersection(concept for concept, _, _ in spans):
                return False
        return about_other

    def _compared(self, units: list[_Unit], start: int, size: int) -> bool:
        """Whether the game named at ``units[start:start + size]`` is only compared with (see ``_comparison``)."""
        return bool(self._comparison(units, start, size))

    def _comparison(self, units: list[_Unit], start: int, size: int) -> list[int]:
        """The units of the comparison words around the game named at ``units[start:start + size]``.

        A comparison word before it (like, unlike, as in, compared to, 跟, 像, 比起), perhaps with a word between (like
        in hearts, 跟打升级), and one after it (斗地主那样, 跟桥牌一样); none when the game is not compared with."""
        keys = tuple(unit.key for unit in units)
        position = start
        for _ in range(2):
            between = _ending_at(keys, position, self._between)
            if not between:
                break
            position -= between
        before = _ending_at(keys, position, self._compared_before)
        after_start = start + size
        after = next(
            (len(word) for word in self._compared_after if keys[after_start : after_start + len(word)] == word), 0
        )
        if not before and not after:
            return []
        marked = list(range(position - before, start)) if before else []
        return marked + list(range(after_start, after_start + after))

    def _after_any(self, units: list[_Unit], start: int, words: tuple[tuple[str, ...], ...]) -> bool:
        """Whether one of ``words`` ends right before ``units[start]``, perhaps with a word between (I mean in X)."""
        keys = tuple(unit.key for unit in units)
        between = _ending_at(keys, start, self._between)
        return bool(_ending_at(keys, start, words) or (between and _ending_at(keys, start - between, words)))

    def _says_here(self, units: list[_Unit], start: int) -> bool:
        """Whether the question turns to this game ("here", "in this game", 这里) at or after ``units[start]``."""
        keys = tuple(unit.key for unit in units)
        return any(
            keys[position : position + len(word)] == word for position in range(start, len(keys)) for word in self._here
        )

    def about_another_game(self, question: str) -> bool:
        """Whether ``question`` is about another game itself (see ``_about_other_game``): every part of it is."""
        return self._about_other_game(question)

    def concepts(self, question: str) -> tuple[str, ...]:
        """The glossary concepts ``question`` names, in order (those that make no token too)."""
        return tuple(self._question(question)[2])

    def is_rule_word(self, concept: str) -> bool:
        """Whether a concept is a Guandan or event word rather than everyday talk (see ``WEAK_CONCEPTS``)."""
        return concept in self._evidence

    def tokens(self, question: str) -> Counter[str]:
        """The search tokens of a question (concepts are prefixed with §); for tests and debugging."""
        return self._question(question)[0]

    def condition_tokens(self, question: str) -> set[str]:
        """The tokens a question names only in its condition ("after the tribute", 进贡以后); for tests."""
        return self._question(question)[3]

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state.pop("_last", None)  # the memo of the last question is the process's, not the index's
        return state

    def _question(self, question: str) -> tuple[Counter[str], set[str], dict[str, None], set[str]]:
        """Tokens, guessed tokens, concepts named (in order), and the tokens said only in a condition (_clauses).

        The last question's are kept, since a caller often asks what it names and then searches it."""
        last = self.__dict__.get("_last")
        if last is not None and last[0] == question:
            bag, guessed, concepts, conditions = last[1]
            return Counter(bag), set(guessed), dict(concepts), set(conditions)
        read = self._read_question(question)
        self._last = (question, read)
        bag, guessed, concepts, conditions = read
        return Counter(bag), set(guessed), dict(concepts), set(conditions)

    def _read_question(self, question: str) -> tuple[Counter[str], set[str], dict[str, None], set[str]]:
        # Typo repair only for questions: the rule texts are spelled right, and repairing them would cost time.
        text, shapes = _read_cards(unicodedata.normalize("NFKC", question))
        marked = "".join(
            f"{CONDITION_START}{clause}{CONDITION_END}" if is_condition else clause
            for clause, is_condition in _clauses(text)
        )
        units = self._correct(_units(marked, self._confusable))
        # The words comparing with another game (like bridge, 跟桥牌一样) ask nothing of their own.
        comparing = {
            index
            for concept, start, size in self._spans(units)
            if _is_other_game(concept)
            for index in self._comparison(units, start, size)
        }
        if comparing:
            units = [unit for index, unit in enumerate(units) if index not in comparing]
        bag, guessed, concepts, conditions = self._bag_of(units, fuzzy=True)
        # Another game in a question search answers is only compared with. Games in general make no token; a game a
        # section speaks of by name (the Dou Dizhu airplane, other_game_dou_dizhu) helps at a guess's weight, so it
        # cannot outweigh the Guandan words (like dou dizhu, is the rocket a bomb here: the bombs, not the airplane).
        bag.pop(_CONCEPT + OTHER_GAME, None)
        guessed.update(token for token in bag if token.startswith(_CONCEPT + OTHER_GAME))
        if len(conditions) == len(bag):
            conditions = set()  # all of it a condition ("what if time runs out…"): nothing to weigh against
        # Cards written out (5566, 三个A) name their play type; only for questions, where they stand for the type,
        # while a section's examples (9992 for 9999) illustrate something else.
        if _NAMED_A_BOMB.search(text):
            concepts[IDENTITY] = None  # 同花顺算炸弹吗: whether it is a bomb, as 是不是 asks
        for shape in shapes + _implied(set(concepts) | set(shapes), shapes):
            if shape in self._concept_names:
                bag[_CONCEPT + shape] += 1
                concepts[shape] = None
                conditions.discard(_CONCEPT + shape)
        return bag, guessed, concepts, conditions

    def search(self, question: str, limit: int = 3, among: Collection[str] | None = None) -> tuple[Match, ...]:
        """Sections answering ``question``, best first.

        Empty when it is not about the rules; ``among``: only these sections (by id) are ranked.

        The best section is kept when its confidence reaches the threshold; further sections also need half the best
        score, so a list never trails off into unrelated sections.
        """
        if asks_arithmetic(question):
            return ()
        bag, guessed, concepts, conditions = self._question(question)
        if self._about_other_game(question):
            return ()
        if not bag:
            # Nothing but the game's name (掼蛋规则, what is guandan): the overview, when the index has one.
            return (Match(self._overview, 1.0),) if OWN_GAME in concepts and self._overview else ()
        if CHAT in concepts and not self._evidence.intersection(concepts):
            threshold = max(self.threshold, CHAT_ONLY_THRESHOLD)
        elif CHAT in concepts:
            threshold = max(self.threshold, CHAT_THRESHOLD)
        elif self._evidence.intersection(concepts):
            threshold = self.evidence_threshold
        else:
            threshold = self.threshold
        weights = {token: _weight(token) * (CONDITION_WEIGHT if token in conditions else 1.0) for token in bag}
        # The ceiling counts every question token as asked; a guessed token earns only part of its weight, so a
        # question understood only through repairs never reaches full confidence.
        asked = sum(weights[token] * self._idf.get(token, self._unknown_idf) for token in bag)
        ceiling = SATURATION * max(asked, MIN_EVIDENCE)
        earned = {token: weights[token] * (GUESS_WEIGHT if token in guessed else 1.0) for token in bag}
        totals: dict[int, float] = {}
        for token in bag:
            for index, frequency in self._postings.get(token, ()):
                gained = earned[token] * self._idf[token] * frequency * (K1 + 1) / (frequency + self._norms[index])
                totals[index] = totals.get(index, 0.0) + gained
        if among is not None:
            allowed = set(among)
            totals = {index: score for index, score in totals.items() if self._ids[index] in allowed}
        scored = [(score, index) for index, score in totals.items() if score > 0]
        if not scored:
            return ()
        scored.sort(key=lambda item: (-item[0], item[1]))
        best = scored[0][0]
        matches: list[Match] = []
        for score, index in scored[:limit]:
            confidence = min(1.0, score / ceiling)
            if confidence < threshold or score < SECONDARY_RATIO * best:
                break
            matches.append(Match(self._ids[index], round(confidence, 3)))
        return tuple(matches)
