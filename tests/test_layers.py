"""The layer lines, made structural: every import in ``bot/``, ``handlers/`` and ``storage/`` against ONE table.

Each row of :data:`LAYERS` names a layer, the modules it is made of, the layers it may import and why. An import
of a module of ours (``bot``, ``handlers``, ``storage``), of a chat SDK (``telegram``; the WeCom client joins that
row), of the storage engines (``aiosqlite``, ``asyncpg``) or of the test tooling (``tests``) must go to the importer's
own layer or one its row allows; the standard library and other third-party packages are not policed. Every
``import`` and ``from … import`` counts, wherever it stands: module level, inside functions, under
``if TYPE_CHECKING:``.

The table, from the bottom up::

    kernel          bot.errors, bot.clock, bot.claims, bot.confinement, bot.redaction → nothing of ours
    ruleset         bot.ruleset                      → kernel
    tournament      bot.tournament                   → ruleset, kernel
    season          bot.season                       → tournament, ruleset, kernel
    match clock     bot.match_clock                  → kernel
    i18n            bot.i18n                         → kernel
    config          bot.config                       → i18n, kernel
    rule texts      bot.rules                        → ruleset, i18n, kernel
    rich text       bot.richtext                     → nothing of ours
    sheets          bot.sheets                       → core, i18n, kernel
    pictures        bot.pictures                     → sheets, core, i18n, kernel
    paperwork       bot.paperwork                    → pictures (its font), i18n, kernel
    storage         storage                          → core, i18n, kernel, aiosqlite, asyncpg
    services        bot.services                     → storage, core, pictures, sheets, rule texts, config, i18n, kernel
    presenters      bot.presenters                   → services (types only), core, sheets, rule texts, rich text,
                                                       paperwork, i18n, kernel
    handlers        handlers/*.py (platform-neutral) → services, presenters, everything below them in bot; commands
    commands        handlers/commands/ (by area)      → handlers, services, presenters, everything below them in bot
    handlers.telegram                                → handlers, the same bot layers, telegram
    handlers.console                                 → handlers, the same bot layers
    handlers.wecom                                   → handlers, the same bot layers, websockets
    handlers.web                                     → handlers, the same bot layers (Starlette, uvicorn)
    composition     handlers.bootstrap               → handlers, commands, handlers.wecom, handlers.console, the same
      root                                             bot layers; handlers.telegram lazily (Telegram only when it runs)
    runner          handlers.runner                  → handlers, the composition root, handlers.web, handlers.wecom,
                                                       the same bot layers; handlers.telegram lazily
    cli             bot.cli, bot.__main__            → every bot layer; handlers, its platforms, the composition
                                                       root and the runner lazily
    bot package     bot/__init__.py                  → nothing of ours

Where it departs from the first sketch of the layers, and why:

- **core in three rows.** ``bot.ruleset`` is the bottom of the core; the tournament builds on it (levels, sides,
  variants); the match clock needs neither. Three rows keep the core's own order visible.
- **config → i18n; storage → i18n.** ``Settings.language`` and a chat's stored language are a ``Language``,
  which lives with the catalogs; ``bot.i18n`` itself imports only the kernel.
- **rule texts** (``bot.rules``) are their own row: the rule index over the catalogs,
  used by the ``rules`` command, the ``/rule`` service and its presenter.
- **pictures → sheets.** A picture draws the rows the bot exports (``matches.csv`` rows, standings rows), so
  ``python -m bot render`` draws from a CSV; ``StandingRow`` moved to ``bot.sheets.standings`` so sheets never
  import pictures (the two used to import each other).
- **presenters → sheets, rule texts.** The ``/import`` reply lists a roster's problems as the roster format words
  them; the ``/rule`` reply shows the rule index's answer.
- **presenters take only types from services** (names in CapWords, ``from … import Name``): the values services
  return, never a service function.
- **paperwork** (``bot.paperwork``): printed documents from values in their printed words; the PDF library is
  imported inside functions only (``tests/paperwork/test_lazy_import.py``). Presenters build its documents.
- **services → pictures, sheets.** ``/bracket``, ``/standings`` and ``/export`` are services that return files.
- **cli → handlers only lazily** (inside a function): ``python -m bot play`` must not load a chat platform.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WALKED = ("bot", "handlers", "storage")
"""The product's top-level packages: every ``.py`` file under them is checked."""


@dataclass(frozen=True, slots=True)
class Layer:
    name: str
    modules: tuple[str, ...]
    """Dotted names: ``bot.services`` is that package and everything in it; ``handlers.*`` is the package's own
    ``__init__`` and the modules directly in it, not its sub-packages (they need rows of their own). The most
    specific name claims a module."""
    may_import: frozenset[str]
    """Names of the other layers it may import (its own layer it always may)."""
    why: str
    lazily: frozenset[str] = frozenset()
    """Of ``may_import``, the layers it may import only inside a function."""
    types_only: frozenset[str] = frozenset()
    """Of ``may_import``, the layers it may take only types from (``from … import CapWordsName``)."""
    ours: bool = True
    """``False`` for the foreign packages the table polices as import targets (never walked)."""


KERNEL = {"kernel"}
CORE = {"ruleset", "tournament", "match clock", "season"}
PRODUCT_BELOW_HANDLERS = KERNEL | CORE | {
    "i18n", "config", "rule texts", "rich text", "sheets", "pictures", "paperwork", "services", "presenters"}

LAYERS: tuple[Layer, ...] = (
    Layer("kernel", ("bot.errors", "bot.clock", "bot.claims", "bot.confinement", "bot.redaction"), frozenset(),
          "leaf modules every layer may use: the one exception tree, the clock, the claim of the update being handled, "
          "the walls of a process reading someone's file, database URLs without their credentials"),
    Layer("ruleset", ("bot.ruleset",), frozenset(KERNEL),
          "the pure rules of Guandan: cards, plays, levels, tribute, scoring"),
    Layer("tournament", ("bot.tournament",), frozenset(KERNEL | {"ruleset"}),
          "the pure tournament: entries, draw, bracket, results, standings and its persisted values"),
    Layer("season", ("bot.season",), frozenset(KERNEL | {"ruleset", "tournament"}),
          "the pure club season: who is who across tournaments, ratings from pair results, the ladder"),
    Layer("match clock", ("bot.match_clock",), frozenset(KERNEL),
          "the pure match clock: which announcements a round gets, local times, catching up"),
    Layer("i18n", ("bot.i18n",), frozenset(KERNEL), "the message catalogs and the Language type"),
    Layer("config", ("bot.config",), frozenset(KERNEL | {"i18n"}), "settings from the environment"),
    Layer("rule texts", ("bot.rules",), frozenset(KERNEL | {"ruleset", "i18n"}),
          "rule answers from the catalogs, with what a tournament chose (light: the CLI's first answer stays fast)"),
    Layer("rich text", ("bot.richtext",), frozenset(), "platform-neutral rich text, rendered by each platform"),
    Layer("sheets", ("bot.sheets",), frozenset(KERNEL | CORE | {"i18n"}),
          "the file formats the bot reads and writes: CSV, xlsx, rosters"),
    Layer("pictures", ("bot.pictures",), frozenset(KERNEL | CORE | {"i18n", "sheets"}),
          "PNG pictures drawn from the rows the bot exports"),
    Layer("paperwork", ("bot.paperwork",), frozenset(KERNEL | {"i18n", "pictures"}),
          "printed PDF documents (/print) from values already in their printed words; the PDF library lazily"),
    Layer("storage", ("storage",), frozenset(KERNEL | CORE | {"i18n", "storage engine"}),
          "persistence: stores and loads the core's values; the only layer that knows the database engine"),
    Layer("services", ("bot.services",),
          frozenset(KERNEL | CORE | {"storage", "i18n", "config", "rule texts", "pictures", "sheets"}),
          "use cases over storage, returning values; never presenters, handlers or a chat SDK"),
    Layer("presenters", ("bot.presenters",),
          frozenset(KERNEL | CORE | {"i18n", "rich text", "sheets", "rule texts", "services", "paperwork"}),
          "texts from values; never storage", types_only=frozenset({"services"})),
    Layer("handlers", ("handlers.*",), frozenset(PRODUCT_BELOW_HANDLERS | {"commands"}),
          "the front door (dispatcher, parser), the command and button tables' machinery, the announcement "
          "scheduler: never storage, never a chat SDK"),
    Layer("commands", ("handlers.commands",), frozenset(PRODUCT_BELOW_HANDLERS | {"handlers"}),
          "the command functions by area and the command table: never storage, never a chat SDK"),
    Layer("handlers.telegram", ("handlers.telegram",),
          frozenset(PRODUCT_BELOW_HANDLERS | {"handlers", "handlers.web", "chat SDK"}),
          "everything python-telegram-bot: the one place that speaks Telegram; never storage"),
    Layer("handlers.console", ("handlers.console",), frozenset(PRODUCT_BELOW_HANDLERS | {"handlers"}),
          "the offline console platform: never a chat SDK, never storage"),
    Layer("handlers.wecom", ("handlers.wecom",), frozenset(PRODUCT_BELOW_HANDLERS | {"handlers", "WebSocket client"}),
          "WeCom's 智能机器人 long connection: the one place that speaks WeCom; never telegram, never storage"),
    Layer("handlers.web", ("handlers.web",), frozenset(PRODUCT_BELOW_HANDLERS | {"handlers", "commands"}),
          "the HTTP server: webhook endpoint, health, live pages; never a chat SDK, never storage"),
    Layer("composition root", ("handlers.bootstrap",),
          frozenset(PRODUCT_BELOW_HANDLERS | {"handlers", "commands", "handlers.wecom", "handlers.console",
                                              "handlers.telegram"}),
          "the one place a process is assembled from Settings: services, announcer, dispatcher, platforms; Telegram "
          "only when it runs, through its package", lazily=frozenset({"handlers.telegram"})),
    Layer("runner", ("handlers.runner",),
          frozenset(PRODUCT_BELOW_HANDLERS | {"handlers", "commands", "handlers.wecom", "handlers.web",
                                              "handlers.telegram", "composition root"}),
          "every configured platform in one process, on one scheduler; Telegram only when it runs, through its package",
          lazily=frozenset({"handlers.telegram"})),
    Layer("cli", ("bot.cli", "bot.__main__"),
          frozenset(PRODUCT_BELOW_HANDLERS | {"bot package", "handlers", "handlers.telegram", "handlers.console",
                                              "handlers.web", "runner", "composition root"}),
          "the command line: starts a platform through its package, never speaks a chat SDK itself",
          lazily=frozenset({"handlers", "handlers.telegram", "handlers.console", "handlers.web", "runner",
                            "composition root"})),
    Layer("bot package", ("bot.*",), frozenset(),
          "the package itself, its version; a new module directly in bot/ needs a row of its own"),
    Layer("chat SDK", ("telegram",), frozenset(), "python-telegram-bot", ours=False),
    Layer("WebSocket client", ("websockets",), frozenset(), "the library WeCom's long connection runs on", ours=False),
    Layer("storage engine", ("aiosqlite", "asyncpg"), frozenset(), "the SQLite and PostgreSQL drivers", ours=False),
    Layer("test tooling", ("tests",), frozenset(), "fakes, harnesses and sample data: never in the product",
          ours=False),
)

BY_NAME = {layer.name: layer for layer in LAYERS}


@dataclass(frozen=True, slots=True)
class Import:
    path: str
    """Relative to the repository, with ``/``."""
    line: int
    source: str
    """The importing module's dotted name."""
    target: str
    """The imported module's dotted name (a submodule when ``from package import submodule``)."""
    names: tuple[str, ...]
    """What ``from … import`` takes; empty for ``import x``."""
    in_function: bool


@dataclass(frozen=True, slots=True)
class Breach:
    found: Import
    rule: str

    def __str__(self) -> str:
        return f"{self.found.path}:{self.found.line} imports {self.found.target}: {self.rule}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def product_files() -> list[Path]:
    return sorted(path for top in WALKED for path in (ROOT / top).rglob("*.py"))


def is_module_of_ours(name: str) -> bool:
    relative = Path(*name.split("."))
    return (ROOT / relative.with_suffix(".py")).is_file() or (ROOT / relative / "__init__.py").is_file()


def claims(member: str, module: str) -> float | None:
    """How specifically ``member`` claims ``module`` (more dotted parts: more specific), or ``None``."""
    if member.endswith(".*"):
        package = member.removesuffix(".*")
        if module == package:
            return len(package.split(".")) + 0.5
        if module.startswith(package + ".") and "." not in module.removeprefix(package + "."):
            is_package = (ROOT / Path(*module.split(".")) / "__init__.py").is_file()
            return None if is_package else len(package.split(".")) + 0.5
        return None
    if module == member or module.startswith(member + "."):
        return float(len(member.split(".")))
    return None


def layer_of(module: str) -> Layer | None:
    best: tuple[float, Layer] | None = None
    for layer in LAYERS:
        for member in layer.modules:
            score = claims(member, module)
            if score is not None and (best is None or score > best[0]):
                best = (score, layer)
    return None if best is None else best[1]


def _absolute(node: ast.ImportFrom, source: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = source.split(".") if is_package else source.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


class _Imports(ast.NodeVisitor):
    def __init__(self, path: str, source: str, is_package: bool) -> None:
        self.path = path
        self.source = source
        self.is_package = is_package
        self.depth = 0
        self.found: list[Import] = []

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = _function  # noqa: N815 - ast's visitor names

    def _add(self, node: ast.stmt, target: str, names: tuple[str, ...]) -> None:
        self.found.append(Import(self.path, node.lineno, self.source, target, names, self.depth > 0))

    def visit_Import(self, node: ast.Import) -> None:  # noqa: N802 - ast's visitor names
        for alias in node.names:
            self._add(node, alias.name, ())

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:  # noqa: N802 - ast's visitor names
        module = _absolute(node, self.source, self.is_package)
        if module == "__future__":
            return
        plain = []
        for alias in node.names:
            submodule = f"{module}.{alias.name}"
            if is_module_of_ours(submodule):
                self._add(node, submodule, ())
            else:
                plain.append(alias.name)
        if plain or not node.names:
            self._add(node, module, tuple(plain))


def imports_in(code: str, path: str, source: str, *, is_package: bool = False) -> list[Import]:
    """The imports of one module's ``code``; ``source`` is its dotted name (relative imports start there)."""
    visitor = _Imports(path, source, is_package)
    visitor.visit(ast.parse(code, path))
    return visitor.found


def imports_of(path: Path) -> list[Import]:
    return imports_in(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix(), module_name(path),
                      is_package=path.name == "__init__.py")


def breaches_of(found: Import) -> Iterator[Breach]:
    source, target = layer_of(found.source), layer_of(found.target)
    if source is None:
        yield Breach(found, f"{found.source} belongs to no layer: add it to a row of LAYERS")
        return
    if target is None or target is source:
        return
    if target.name not in source.may_import:
        yield Breach(found, f"layer '{source.name}' may not import layer '{target.name}' "
                            f"('{source.name}': {source.why})")
        return
    if target.name in source.lazily and not found.in_function:
        yield Breach(found, f"layer '{source.name}' may import layer '{target.name}' only inside a function, "
                            "so it is loaded only when it runs")
    if target.name in source.types_only:
        functions = [name for name in found.names if not name[:1].isupper()]
        if not found.names or functions:
            what = ", ".join(functions) if functions else "the whole module"
            yield Breach(found, f"layer '{source.name}' may take only types from layer '{target.name}', "
                                f"not {what}")


def all_breaches() -> list[Breach]:
    return [breach for path in product_files() for found in imports_of(path) for breach in breaches_of(found)]



def test_every_import_follows_the_layer_table() -> None:
    assert [str(breach) for breach in all_breaches()] == []


def test_every_module_has_a_layer() -> None:
    """A new package (or a module outside every row) fails until the table says where it stands."""
    unplaced = [path.relative_to(ROOT).as_posix() for path in product_files() if layer_of(module_name(path)) is None]
    assert unplaced == []


def test_the_table_is_consistent() -> None:
    members = [member for layer in LAYERS for member in layer.modules]
    assert len(members) == len(set(members)), "a module is named by two rows"
    assert len(BY_NAME) == len(LAYERS), "two rows share a name"
    for layer in LAYERS:
        assert layer.may_import <= set(BY_NAME), f"{layer.name} allows unknown layers"
        assert layer.lazily | layer.types_only <= layer.may_import, layer.name
        assert layer.ours or not layer.may_import, layer.name
    foreign = [path for path in product_files()
               if (claimed := layer_of(module_name(path))) is not None and not claimed.ours]
    assert foreign == [], "a foreign row claims modules of ours"


def test_no_chat_sdk_under_bot_and_no_storage_above_services() -> None:
    """The two lines the layers were first drawn with, read off the table itself (a row edited to allow them fails
    here)."""
    for layer in LAYERS:
        if any(member.startswith("bot.") for member in layer.modules):
            assert "chat SDK" not in layer.may_import, layer.name
        if any(member.startswith("bot.") for member in layer.modules):
            assert "WebSocket client" not in layer.may_import, layer.name
        if layer.name in {"presenters", "handlers", "commands", "handlers.telegram", "handlers.console",
                          "handlers.wecom", "handlers.web", "runner", "cli"}:
            assert "storage" not in layer.may_import, layer.name
    assert "presenters" not in BY_NAME["services"].may_import
    assert "chat SDK" not in BY_NAME["handlers.wecom"].may_import
    assert not {"test tooling", "storage engine"} & {name for layer in LAYERS if layer.name != "storage"
                                                      for name in layer.may_import}


@pytest.mark.parametrize(("module", "layer"), [
    ("bot.errors", "kernel"), ("bot", "bot package"), ("bot.__main__", "cli"),
    ("bot.services.match_clock.board", "services"), ("handlers", "handlers"), ("handlers.registry", "handlers"),
    ("handlers.telegram", "handlers.telegram"), ("handlers.telegram.app", "handlers.telegram"),
    ("handlers.wecom.client", "handlers.wecom"), ("handlers.runner", "runner"),
    ("websockets.asyncio", "WebSocket client"), ("bot.newpackage.x", None), ("storage.migrations", "storage"),
    ("telegram.ext", "chat SDK"), ("tests.support.harness", "test tooling"), ("PIL.Image", None),
])
def test_modules_are_placed_by_their_most_specific_row(module: str, layer: str | None) -> None:
    found = layer_of(module)
    assert (found.name if found else None) == layer


def test_a_breach_names_file_line_and_rule() -> None:
    found = Import("bot/presenters/x.py", 7, "bot.presenters.x", "storage.tournaments", ("get_tournament",), False)
    assert [str(breach) for breach in breaches_of(found)] == [
        "bot/presenters/x.py:7 imports storage.tournaments: layer 'presenters' may not import layer 'storage' "
        "('presenters': texts from values; never storage)"]
    function = Import("bot/presenters/x.py", 8, "bot.presenters.x", "bot.services.tournament.draw", ("make_draw",),
                      False)
    assert [breach.rule for breach in breaches_of(function)] == [
        "layer 'presenters' may take only types from layer 'services', not make_draw"]
    eager = Import("bot/cli/x.py", 3, "bot.cli.x", "handlers.telegram.app", ("build_application",), False)
    assert "only inside a function" in str(next(breaches_of(eager)))
    assert list(breaches_of(Import("bot/cli/x.py", 3, "bot.cli.x", "handlers.telegram.app", (), True))) == []


def test_imports_are_found_everywhere() -> None:
    """Inside functions, under TYPE_CHECKING, relative, and ``from package import submodule``."""
    code = "\n".join([
        "from __future__ import annotations",
        "from typing import TYPE_CHECKING",
        "from . import chats",
        "from .database import Tx",
        "from bot.presenters import tournaments",
        "if TYPE_CHECKING:",
        "    from storage.database import Storage",
        "async def start() -> None:",
        "    import telegram.ext",
    ])
    found = imports_in(code, "storage/x.py", "storage.x")
    assert [(item.line, item.target, item.names, item.in_function) for item in found] == [
        (2, "typing", ("TYPE_CHECKING",), False),
        (3, "storage.chats", (), False),
        (4, "storage.database", ("Tx",), False),
        (5, "bot.presenters.tournaments", (), False),
        (7, "storage.database", ("Storage",), False),
        (9, "telegram.ext", (), True),
    ]
    assert [str(breach) for item in found for breach in breaches_of(item)] == [
        "storage/x.py:5 imports bot.presenters.tournaments: layer 'storage' may not import layer 'presenters' "
        f"('storage': {BY_NAME['storage'].why})",
        "storage/x.py:9 imports telegram.ext: layer 'storage' may not import layer 'chat SDK' "
        f"('storage': {BY_NAME['storage'].why})",
    ]
    package = imports_in("from .chat import ConsoleChat", "handlers/console/__init__.py", "handlers.console",
                         is_package=True)
    assert [item.target for item in package] == ["handlers.console.chat"]


FRONT_DOOR = frozenset({"handlers.dispatch"})
"""What a platform may use of the handlers to take messages in: the dispatcher and its neutral values."""
WAY_OUT = frozenset({"handlers.announcer", "handlers.claimed_announcer"})
"""And to take scheduled announcements out: the scheduler and the courier contract."""

WEB_SERVER = frozenset({"handlers.web"})
"""A webhook worker serves Telegram's updates through the bot's HTTP server."""

PLATFORM_REACH: dict[str, frozenset[str]] = {
    "handlers/telegram": FRONT_DOOR | WAY_OUT | WEB_SERVER,
    "handlers/wecom": FRONT_DOOR | WAY_OUT,
    "handlers/console": FRONT_DOOR,
}
"""By folder: the modules of ``handlers`` (outside the folder itself) that a platform may import. Never a command
module, the command or button table, the parser: a platform only translates (``handlers.dispatch``)."""


def test_platforms_reach_the_handlers_only_through_the_front_door() -> None:
    strays = []
    for folder, allowed in PLATFORM_REACH.items():
        own = folder.replace("/", ".")
        for path in sorted((ROOT / folder).rglob("*.py")):
            for found in imports_of(path):
                target = found.target
                reached = any(target == name or target.startswith(name + ".") for name in allowed)
                if target.split(".")[0] == "handlers" and not target.startswith(own) and not reached:
                    strays.append(f"{found.path}:{found.line} imports {target}")
    assert strays == []
