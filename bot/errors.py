"""The one exception tree of guandan-bot.

Every error a user can cause is a :class:`GuandanError`. Its ``key`` is both the machine-readable code and the
locale key of the message shown to the user; ``params`` fill that message's placeholders. The Telegram layer's
single error handler and the command line both render ``t(error.key, lang, **error.params)``.

::

    GuandanError
    ├── CardError          cards that cannot be read (bot.ruleset.cards)
    ├── PlayError          cards that are no play, impossible comparisons (bot.ruleset.plays)
    ├── RuleError          deal/match rules misused: bad levels, tribute input (bot.ruleset)
    ├── TournamentError    misuse of a tournament: unknown table, wrong reporter, ... (bot.tournament)
    ├── PermissionDenied   the caller may not do this
    ├── UsageError         a command's arguments are missing, extra or malformed
    └── StorageError       the database refused a change (disk full, read-only)

Leaves live next to the code that raises them and subclass one of these roots.

Outside the tree, :class:`UpdateAlreadyApplied` is no error at all but a signal: storage raises it, the chat
platform's error handler stops quietly on it, so it lives here where both may import it.
"""

from __future__ import annotations

from typing import Any, ClassVar


class GuandanError(Exception):
    """Root of all user-facing errors; ``key`` is the code and the locale key."""

    key: ClassVar[str] = "errors.generic"

    def __init__(self, **params: Any) -> None:
        self.params: dict[str, Any] = params
        detail = ", ".join(f"{name}={value!r}" for name, value in params.items())
        super().__init__(f"{self.key}({detail})" if detail else self.key)

    @property
    def code(self) -> str:
        return self.key


class CardError(GuandanError):
    key = "errors.cards"


class PlayError(GuandanError):
    key = "errors.play"


class RuleError(GuandanError):
    key = "errors.rule"


class TournamentError(GuandanError):
    key = "errors.tournament"


class PermissionDenied(GuandanError):
    key = "errors.permission"


class UsageError(GuandanError):
    key = "errors.usage"


class StorageError(GuandanError):
    key = "errors.storage"


class UpdateAlreadyApplied(Exception):  # noqa: N818 - a signal to stop quietly, not a failure
    """The update's id was recorded meanwhile (the same update handled twice at once); its change was rolled back.

    Nothing to tell anyone: the first handling answered."""
