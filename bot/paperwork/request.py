"""``/print [what] [round]`` and ``python -m bot print … [what] [round]`` read into one request.

``what`` is one of :class:`~bot.paperwork.document.What` (or its Chinese word: 桌次表, 桌卡 …); ``certificates``
may be followed by how many places get one (``certificates 8``); a number alone is the round. Nothing: the pack
of the moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.errors import UsageError
from bot.paperwork.document import ROUND_PACK, What

MAX_CERTIFICATES = 64

WORDS: dict[str, What] = {
    **{what.value: what for what in What},
    "table": What.TABLES, "name": What.NAMES, "card": What.CARDS, "slip": What.SLIPS, "certificate": What.CERTIFICATES,
    "桌次": What.TABLES, "桌次表": What.TABLES, "对阵表": What.TABLES,
    "姓名": What.NAMES, "查桌": What.NAMES, "按姓名": What.NAMES,
    "桌卡": What.CARDS, "桌牌": What.CARDS,
    "记分表": What.SLIPS, "记分单": What.SLIPS, "成绩单": What.SLIPS,
    "排名": What.STANDINGS, "成绩": What.STANDINGS,
    "奖状": What.CERTIFICATES, "证书": What.CERTIFICATES,
    "签到": What.CHECKIN, "签到表": What.CHECKIN,
    "秩序册": What.BOOKLET,
}
"""What ``/print`` takes for each ``what`` (English and Chinese)."""


class UnknownPrintWhat(UsageError):
    key = "print.bad_what"


class BadCertificateCount(UsageError):
    key = "print.bad_count"


@dataclass(frozen=True, slots=True)
class PrintRequest:
    what: What | None
    """``None``: the pack of the moment."""
    round: int | None = None
    certificates: int = 3

    @property
    def needs_round(self) -> bool:
        return self.what in ROUND_PACK


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 4 else None


def parse_request(args: Sequence[str]) -> PrintRequest:
    """The request of ``/print``'s arguments; :class:`UnknownPrintWhat` for anything else."""
    words = [arg.strip() for arg in args if arg.strip()]
    if not words:
        return PrintRequest(None)
    if len(words) == 1 and (number := _number(words[0])) is not None:
        return PrintRequest(None, round=number)
    what = WORDS.get(words[0].casefold())
    if what is None or len(words) > 2:
        raise UnknownPrintWhat(value=" ".join(words))
    rest = words[1] if len(words) == 2 else None
    if rest is None:
        return PrintRequest(what)
    number = _number(rest)
    if what is What.CERTIFICATES:
        if number is None or not 1 <= number <= MAX_CERTIFICATES:
            raise BadCertificateCount(value=rest)
        return PrintRequest(what, certificates=number)
    if number is None:
        raise UnknownPrintWhat(value=" ".join(words))
    return PrintRequest(what, round=number)
