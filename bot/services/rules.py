"""Rule questions asked in a chat: which language the answer speaks, then the rulebook's answer.

Policy: the answer follows the question's language when the question shows one — Chinese characters → zh, an
English word (two or more Latin letters) without Chinese → en — so that a Chinese player in an English-speaking
group, or the reverse, can read it; a question that shows neither (``A?``, ``2 3 4``) gets the chat's language.
"""

from __future__ import annotations

import re

from bot.i18n import Language
from bot.rulebook import RuleAnswer, answer
from bot.ruleset.knowledge import has_cjk
from bot.ruleset.variants import RuleVariant

_ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def answer_language(question: str, chat_language: Language) -> Language:
    if has_cjk(question):
        return Language.ZH
    if _ENGLISH_WORD.search(question):
        return Language.EN
    return chat_language


def ask(question: str, chat_language: Language, variant: RuleVariant | None = None) -> RuleAnswer:
    """The rule sections answering ``question`` (none when it is not about the rules), in the language above;
    with ``variant`` (a tournament's rule choices) each section notes what that tournament plays."""
    return answer(question, answer_language(question, chat_language), variant=variant)
