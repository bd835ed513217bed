"""Localized texts: ``t(key, lang, **params)`` over the catalogs in ``locales/<lang>/*.toml``.

A file ``locales/en/cards.toml`` holding ``bad_rank = "..."`` (or a table ``[bad]`` with ``rank = "..."``)
defines the key ``cards.bad_rank`` (``cards.bad.rank``). Placeholders use ``str.format`` syntax: ``{token}``; a
count followed by its noun in the singular and the plural, ``{count:pair|pairs}``, says ``1 pair`` and ``2 pairs``
(English needs it, Chinese writes ``{count} 对``). A tuple of names fills a placeholder as a list in the language's
own way: ``张三、李四`` and ``Ann, Bob`` (``i18n.list_separator``), ``—`` when it is empty. Both languages must
define the same keys with the same placeholders (``tests/test_locales.py``).
"""

from __future__ import annotations

import enum
import html
import re
import string
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources
from typing import Any


class Language(enum.StrEnum):
    ZH = "zh"
    EN = "en"

    @classmethod
    def parse(cls, text: str) -> Language:
        """Read ``zh``/``en`` (and common spellings such as ``中文``, ``english``, ``zh-hans``)."""
        lowered = text.strip().lower()
        if lowered.startswith("zh") or lowered in {"中文", "汉语", "chinese", "cn"}:
            return cls.ZH
        if lowered.startswith("en") or lowered in {"英文", "英语", "english"}:
            return cls.EN
        raise ValueError(text)


DEFAULT_LANGUAGE = Language.ZH


def language_for(code: str | None) -> Language:
    """Map a Telegram ``language_code`` to a catalog: ``zh*`` → zh, anything else (or none) → en."""
    if code and code.lower().startswith("zh"):
        return Language.ZH
    return Language.EN


def _flatten(prefix: str, table: Mapping[str, Any], into: dict[str, str]) -> None:
    for name, value in table.items():
        key = f"{prefix}.{name}"
        if isinstance(value, Mapping):
            _flatten(key, value, into)
        elif isinstance(value, str):
            into[key] = value
        else:
            raise TypeError(f"locale value {key} must be a string, not {type(value).__name__}")


@cache
def catalog(lang: Language) -> Mapping[str, str]:
    """Every text of one language, keyed ``<file stem>.<key>``."""
    texts: dict[str, str] = {}
    folder = resources.files("locales").joinpath(lang.value)
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if entry.name.endswith(".toml"):
            stem = entry.name.removesuffix(".toml")
            _flatten(stem, tomllib.loads(entry.read_text(encoding="utf-8")), texts)
    return texts


class _Plurals(string.Formatter):
    """``{count:pair|pairs}`` → ``1 pair`` / ``3 pairs``; any other field as ``str.format`` would show it."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            one, _, many = format_spec.partition("|")
            return f"{value} {one if value == 1 else many}"
        return str(super().format_field(value, format_spec))


_PLURALS = _Plurals()
_PLURAL_FIELD = re.compile(r"\{\w+:[^{}|]*\|[^{}]*\}")


@cache
def _has_plurals(template: str) -> bool:
    return _PLURAL_FIELD.search(template) is not None


def _listed(texts: tuple[Any, ...], texts_of_language: Mapping[str, str]) -> str:
    return texts_of_language["i18n.list_separator"].join(map(str, texts)) if texts else "—"


class CommandWords:
    """How a chat's people type a command when not as Telegram's ``/command``.

    How the people of a chat type a command, when not as Telegram's ``/command``: WeCom people @-mention the bot
    in a group, then write the command's Chinese verb (``@掼蛋助手 报名``; the verb alone in a private chat).

    While a chat's answer is written (:func:`commands_written`), every ``/command`` of a catalog text is written that
    way — the catalog's own words only, never a placeholder's value (a name someone chose stays as they typed it).
    A command without a verb, or in an English chat, keeps its ``/command`` after the mention (WeCom reads it too).
    """

    _COMMAND = re.compile(r"(?<![A-Za-z0-9_/@.:-])/([a-z][a-z_]*)(?![A-Za-z0-9_/@])")

    def __init__(self, mention: str, verbs: Mapping[str, str], commands: Mapping[str, str]) -> None:
        """Words for one way of mentioning the bot.

        ``mention``: what goes before a command (the bot's @-mention and a space, or nothing); ``verbs``: command →
        its verb; ``commands``: every command name and alias → the command (a ``/word`` that is none stays as
        written)."""
        # Placeholders are filled in after: braces of a name would be read as fields.
        self.mention = mention.replace("{", "").replace("}", "")
        self.verbs = verbs
        self.commands = commands
        self._written: dict[tuple[str, Language, bool], str] = {}

    def write(self, text: str, lang: Language, *, markup: bool = True) -> str:
        """``text`` with its commands as these people type them.

        A catalog text (``markup``: the mention escaped into it), or a command the code composed, plain (escaped where
        it is placed, as any value)."""
        key = (text, lang, markup)
        found = self._written.get(key)
        if found is None:
            mention = html.escape(self.mention, quote=False) if markup else self.mention
            found = self._COMMAND.sub(lambda match: self._typed(match.group(1), lang, mention), text)
            if len(self._written) < 10_000:
                self._written[key] = found
        return found

    def _typed(self, name: str, lang: Language, mention: str) -> str:
        command = self.commands.get(name)
        if command is None:
            return "/" + name
        verb = self.verbs.get(command) if lang is Language.ZH else None
        return mention + (verb if verb is not None else "/" + name)


_COMMAND_WORDS: ContextVar[CommandWords | None] = ContextVar("command_words", default=None)


@contextmanager
def commands_written(words: CommandWords | None) -> Iterator[None]:
    """Within the block, catalog texts write commands as ``words`` says (``None``: as ``/command``)."""
    token = _COMMAND_WORDS.set(words)
    try:
        yield
    finally:
        _COMMAND_WORDS.reset(token)


def command_text(command: str, lang: Language) -> str:
    """A command the code composed (``/result 2-1 K A+ 确认``) as the chat's people type it (:class:`CommandWords`)."""
    words = _COMMAND_WORDS.get()
    return command if words is None else words.write(command, lang, markup=False)


def t(key: str, lang: Language | str, /, **params: Any) -> str:
    """The text ``key`` in ``lang`` with ``params`` filled in.

    A tuple as a list, see above. Its commands as the chat's people type them (:class:`CommandWords`). An unknown key
    raises ``KeyError``."""
    language = Language(lang)
    texts = catalog(language)
    template = texts[key]
    words = _COMMAND_WORDS.get()
    if words is not None:
        template = words.write(template, language)
    if not params:
        return template
    if any(isinstance(value, tuple) for value in params.values()):
        params = {name: _listed(value, texts) if isinstance(value, tuple) else value for name, value in params.items()}
    return _PLURALS.vformat(template, (), params) if _has_plurals(template) else template.format(**params)


def has(key: str, lang: Language | str = DEFAULT_LANGUAGE) -> bool:
    return key in catalog(Language(lang))
