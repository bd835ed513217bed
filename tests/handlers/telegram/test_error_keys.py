"""Errors raised by the handlers (argument parsing, buttons) have their texts in both catalogs, as the bot's do
(``tests/test_errors.py`` walks ``bot``; this walks ``handlers``)."""

import importlib
import pkgutil

import handlers
from bot.errors import GuandanError
from bot.i18n import has
from tests.test_errors import all_subclasses


def test_every_handler_error_key_is_localized() -> None:
    for module in pkgutil.walk_packages(handlers.__path__, "handlers."):
        importlib.import_module(module.name)
    keys = {error.key for error in all_subclasses(GuandanError) if error.__module__.startswith("handlers.")}
    assert keys and sorted(key for key in keys if not (has(key, "zh") and has(key, "en"))) == []
