"""Which button ``:tap <words>`` means: any part of a label will do, as long as it points at one button.

Tried in order, the first step that finds anything decides: the exact label; the label in any case; a label one of
whose words is the typed text (``man`` is "🙋‍♂️ 男 / man", not "🙋‍♀️ 女 / woman"); a label containing it. One
button found is pressed; several are listed to choose from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from bot.richtext import Button, Keyboard


@dataclass(frozen=True, slots=True)
class TapMatch:
    """The buttons a typed label could mean: exactly one to press, several to choose from, or none."""

    buttons: tuple[Button, ...]

    @property
    def found(self) -> Button | None:
        return self.buttons[0] if len(self.buttons) == 1 else None


def _words(label: str) -> list[str]:
    return label.casefold().replace("/", " ").split()


def match_button(keyboard: Keyboard, typed: str) -> TapMatch:
    wanted = typed.strip()
    folded = wanted.casefold()
    buttons = every_button(keyboard)
    steps: Sequence[Callable[[str], bool]] = (
        lambda label: label == wanted,
        lambda label: label.casefold() == folded,
        lambda label: folded in _words(label),
        lambda label: folded in label.casefold(),
    )
    if not wanted:
        return TapMatch(())
    for step in steps:
        found = tuple(button for button in buttons if step(button.label))
        if found:
            return TapMatch(found)
    return TapMatch(())


def every_button(keyboard: Keyboard) -> tuple[Button, ...]:
    return tuple(button for row in keyboard for button in row)


def labels(buttons: Iterable[Button]) -> str:
    """``[a]  [b]``, as the console shows buttons."""
    return "  ".join(f"[{button.label}]" for button in buttons)
