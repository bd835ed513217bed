"""Every error class's key exists in the catalogs, so the error handler can always show it."""

import importlib
import pkgutil

import bot
from bot.errors import GuandanError
from bot.i18n import has


def all_subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= all_subclasses(sub)
    return found


def test_every_error_key_is_localized() -> None:
    for module in pkgutil.walk_packages(bot.__path__, "bot."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    keys = {error.key for error in all_subclasses(GuandanError) | {GuandanError}}
    assert sorted(key for key in keys if not (has(key, "zh") and has(key, "en"))) == []
