"""Cutting a message that asks several things into its questions, in the order asked.

A player often asks two things at once: "双下俩人进贡的牌一样大 头游拿哪张？然后谁先出", "do 2 small jokers count as a
pair? and can u stick a joker into a 3-pair run?". Each question deserves its own answer, so the message is cut

* after a question mark (？ ?), and before a word that starts another question: 然后, 还有, 另外, 再问, 顺便问, 以及,
  "also", "and also", "plus", "btw";
* at a comma or "and" when the words after it start a question of their own ("…, who leads?", "and what if …",
  "and can I …", "，谁先出", "，那A呢") — both sides then asking something (a question word on each side).

Pieces without a word of their own (an "ok", a lone "and?") are not questions; the caller decides which pieces are
separate questions by what the index finds for them (``bot.rules.answers``), so a cut that only split one question
("who shuffles and who cuts?" — both about the same section) is joined again there.
"""

from __future__ import annotations

import re
import unicodedata

MAX_PARTS = 4
"""A message asking more than this many things is answered in its first ones (a reply must stay readable)."""

_QUESTION_MARK = re.compile(r"(?<=[？?])\s*(?=[^？?\s])")
_ZH_STARTERS = ("然后", "还有", "另外", "再问", "顺便问", "再有", "还想问", "另问", "再就是", "还有就是")
_EN_STARTERS = ("and also", "also", "plus", "btw", "by the way", "and then", "and another thing", "one more thing")
_ZH_STARTER = re.compile(rf"(?:\s+|[，,。；;！!]\s*)(?=(?:{'|'.join(_ZH_STARTERS)}))")
_EN_STARTER = re.compile(rf"[,;.!]?\s+(?=(?:{'|'.join(_EN_STARTERS)})\b)", re.IGNORECASE)
_EN_QUESTION_WORDS = (
    "who|whom|whose|what|which|how|when|where|why|can|could|do|does|did|am|is|are|was|were|should|must|may|will|would"
    "|whats|hows|wat"
)
_EN_AND_QUESTION = re.compile(rf"(?:,\s*|\s+)and\s+(?=(?:{_EN_QUESTION_WORDS})\b)", re.IGNORECASE)
_EN_COMMA_QUESTION = re.compile(rf",\s+(?=(?:{_EN_QUESTION_WORDS})\b)", re.IGNORECASE)
_ZH_COMMA = re.compile(r"[，,；;]\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
_ZH_ASKS = re.compile(
    r"吗|呢|谁|怎么|怎样|咋|几|多少|多久|多长|多大|多远|为啥|为何|什么|啥|哪|能不能|可不可以|是不是|是否|算不算|要不要|有没有"
    r"|[不没么][？?]?$|[？?]"
)
_EN_ASKS = re.compile(
    rf"\b(?:who|whom|whose|what|whats|which|how|hows|why|wat)\b|\?|\b(?:when|where)\s+(?:is|was|were|are|did|does|do|will)\b"
    rf"|^\W*(?:(?:and|also|so|but|then|plus)\s+)?(?:{_EN_QUESTION_WORDS})\b",
    re.IGNORECASE,
)
"""An English piece asks when it has a question mark or a wh-word, or starts with an auxiliary or when/where (can
I…, is it…, when is…), or asks when or where something was ("the Heshi contest - when was it"); "when" and "where"
inside a clause join it ("we're both on 10 when time runs out")."""
_WORDISH = re.compile(r"[\u4e00-\u9fff]{2,}|[A-Za-z]{3,}")
_FILLER = re.compile(
    r"^(?:and|also|plus|btw|ok|okay|thanks|thx|then|so|然后|还有|另外|那么|谢谢|好的)[\s?？!！。.,，]*$", re.IGNORECASE
)


def _asks(piece: str) -> bool:
    """Whether a piece asks something itself (a question word or mark), rather than setting a scene."""
    return bool(_ZH_ASKS.search(piece) or _EN_ASKS.search(piece))


_PARTICLES = re.compile(r"[那呢吗啊吧呀的了么嘛哦咧啦这个]|[^\u4e00-\u9fffA-Za-z0-9]")
_BARE_QUESTION = re.compile(
    r"^\W*(?:那|然后|and|so|then)?\s*(?:谁赢|谁胜|算谁赢|算谁的|咋办|怎么办|咋整|咋算|怎么算|哪里|在哪|什么时候|为什么"
    r"|what now|now what|then what|who wins|who won|what happens|what happens then|what then|where|when|why|how"
    r"|how come)\W*$",
    re.IGNORECASE,
)
_BARE_FACT = re.compile(
    r"^\W*(?:and|also|so|then|那|还有|另外)?\s*"
    r"(?P<fact>where|when|what time|what date|在哪|在哪里|在哪儿|哪里|什么时候|哪天|几点)\s*(?:呢|啊)?\W*$",
    re.IGNORECASE,
)
_FACT_WORDING = {"where": "where was it", "when": "when was it", "what time": "what time was it",
                 "what date": "what date was it", "哪里": "在哪里举行", "在哪": "在哪里举行", "在哪里": "在哪里举行",
                 "在哪儿": "在哪里举行", "什么时候": "什么时候举行", "哪天": "哪天举行", "几点": "几点开始"}
_FOLLOW_UP = re.compile(
    r"^\W*(?:(?:and|but|so|then)\s+)?(?:what|how)\s+(?:if|about)\b|^\W*(?:and|but)\s+if\b|^\W*(?:那|那么)?(?:如果|要是|假如)"
    r"|^\W*那.*呢\W*$|^[\u4e00-\u9fffA-Za-z0-9]{1,6}呢\W*$"
    r"|^\W*(?:(?:and|also|so|but)\s+)?(?:can|could|does|do|is|will|would)\s+(?:it|they|that|those|these)\b"
    r"|^\W*(?:and\s+)?what\s+happens\s+if\b",
    re.IGNORECASE,
)


_LEADING_STARTER = re.compile(
    rf"^\W*(?:{'|'.join(sorted(_ZH_STARTERS, key=len, reverse=True))}|(?:{'|'.join(_EN_STARTERS)}|and|so|then)\b)"
    r"[\s,，:：]*",
    re.IGNORECASE,
)


def asked(piece: str) -> str:
    """A piece without the word that joined it to the one before.

    还有十个头怎么凑 → 十个头怎么凑, "also who leads" → "who leads". What it asks, for the search (还有 would find "有"
    in every section)."""
    rest = _LEADING_STARTER.sub("", piece, count=1)
    return rest if _has_words(rest) else piece


def bare_fact(piece: str) -> str | None:
    """For a piece asking only where or when, the words that ask it of a competition.

    A piece such as "and where?" or "在哪" gets the words that ask it of a competition ("where was it held",
    "在哪里举行"): after a question about a competition, it asks that one's venue or date."""
    match = _BARE_FACT.match(piece)
    return _FACT_WORDING[match.group("fact").lower()] if match else None


_STANDS_FOR_EARLIER = re.compile(r"\b(?:he|she|him|her|they|them|it|its|that|this|those|these|one)\b|[他她它]",
                                 re.IGNORECASE)
_FOLLOW_UP_FILLER = re.compile(r"那么|那|如果|要是|假如|是|的|呢|吗|啊|了|[^\u4e00-\u9fff]")


def leans_on_earlier(piece: str) -> bool:
    """Whether a piece names what it asks about by a word standing for something said before (it, they, 它).

    "when does it happen" after "what is jiefeng" asks about jiefeng."""
    return bool(_STANDS_FOR_EARLIER.search(piece))


def follows_on(piece: str) -> bool:
    """Whether a piece goes on from the question before it, asking it again of another case.

    "what if he finishes last", "那如果是末游呢", "六张的呢", "and can it make a straight flush?". It starts so and
    leans on the earlier question (a pronoun, or two or three words of Chinese), so it is read together with it. One
    that sets its own scene ("what if the clock runs out with both teams level") is a question of its own."""
    if not _FOLLOW_UP.search(piece):
        return False
    if _TOPIC.match(piece):
        return True  # "what about per move?": the question before, asked of something else
    return bool(_STANDS_FOR_EARLIER.search(piece)) or 0 < len(_FOLLOW_UP_FILLER.sub("", piece)) <= 4


_TOPIC = re.compile(r"^\W*(?:and\s+)?(?:what|how)\s+about\b", re.IGNORECASE)
_EN_LIGHT = frozenset(["and", "what", "about", "how", "the", "a", "an", "of", "then", "so", "is", "it", "that", "this"])


def _brief(piece: str) -> bool:
    """Whether a piece is only a topic or a bare question word that belongs with its neighbour.

    A topic: "那双下呢？", "what about jokers?"; a bare question word: "who wins?", "谁赢？", "咋办"."""
    if _BARE_QUESTION.match(piece):
        return True
    chinese = _PARTICLES.sub("", re.sub(r"[A-Za-z0-9]+", "", piece))
    words = [word for word in re.findall(r"[A-Za-z0-9]+", piece.lower()) if word not in _EN_LIGHT]
    if _TOPIC.match(piece):
        return len(chinese) + len(words) <= 2
    return len(chinese) < 3 and not words


def _says_something(piece: str) -> bool:
    """Two words or two Chinese characters at least: "when and where…" does not end a question at "when"."""
    return len(re.findall(r"[A-Za-z0-9]+", piece)) >= 2 or len(re.findall(r"[\u4e00-\u9fff]", piece)) >= 2


def _has_words(piece: str) -> bool:
    return bool(_WORDISH.search(piece)) and not _FILLER.match(piece.strip())


def _cut(pieces: list[str], pattern: re.Pattern[str], *, both_ask: bool) -> list[str]:
    cut: list[str] = []
    for piece in pieces:
        position, kept = 0, []
        for match in pattern.finditer(piece):
            before, after = piece[position : match.start()], piece[match.end() :]
            if not before.strip() or not after.strip():
                continue
            if both_ask and not (_asks(before) and _asks(after) and _says_something(before)):
                continue
            kept.append(before)
            position = match.end()
        kept.append(piece[position:])
        cut.extend(kept)
    return cut


def question_parts(question: str) -> tuple[str, ...]:
    """The questions a message asks, in order (one piece for a single question); see the module."""
    text = unicodedata.normalize("NFKC", question).strip()
    pieces = _QUESTION_MARK.split(text)
    pieces = _cut(pieces, _ZH_STARTER, both_ask=False)
    pieces = _cut(pieces, _EN_STARTER, both_ask=False)
    pieces = _cut(pieces, _EN_AND_QUESTION, both_ask=True)
    pieces = _cut(pieces, _EN_COMMA_QUESTION, both_ask=True)
    pieces = _cut(pieces, _ZH_COMMA, both_ask=True)
    parts: list[str] = []
    scene = ""
    for piece in (piece.strip(" ,，;；") for piece in pieces):
        if not piece:
            continue
        if parts and not scene and bare_fact(piece):
            parts.append(piece)  # "when was it, and where?": where asks a fact of its own (a venue, not a date)
        elif parts and not _has_words(piece):
            parts[-1] = f"{parts[-1]} {piece}"  # "…? and?" or "ok": no question of its own
        elif not _asks(piece) or _brief(piece):
            scene = f"{scene} {piece}".strip()  # sets the scene of the question after it (安庆那个比赛 | 还有分不)
        else:
            parts.append(f"{scene} {piece}".strip())
            scene = ""
    if scene:
        if parts and _asks(scene) and follows_on(scene):
            parts.append(scene)  # "…哪个大 六张的呢", "…? what about the jokers": the question again, of another case
        elif parts:
            parts[-1] = f"{parts[-1]} {scene}"
        else:
            parts.append(scene)
    if len(parts) > MAX_PARTS:
        parts = [*parts[: MAX_PARTS - 1], " ".join(parts[MAX_PARTS - 1 :])]
    return tuple(parts) or (text,)
