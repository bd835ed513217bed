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
import re
import string
import tomllib
from collections.abc import Mapping
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


def t(key: str, lang: Language | str, /, **params: Any) -> str:
    """The text ``key`` in ``lang`` with ``params`` filled in (a tuple as a list, see above). An unknown key raises
    ``KeyError``."""
    texts = catalog(Language(lang))
    template = texts[key]
    if not params:
        return template
    if any(isinstance(value, tuple) for value in params.values()):
        params = {name: _listed(value, texts) if isinstance(value, tuple) else value for name, value in params.items()}
    return _PLURALS.vformat(template, (), params) if _has_plurals(template) else template.format(**params)


def has(key: str, lang: Language | str = DEFAULT_LANGUAGE) -> bool:
    return key in catalog(Language(lang))
