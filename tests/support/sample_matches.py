"""Made-up but valid ``matches.csv`` rows for any number of pairs: tests, benchmarks and the README's example.

The bracket is the usual knockout with byes: the first round has half the next power of two of slots, byes spread
evenly, winners of neighbouring matches meet. Levels come from a seeded ``random.Random``.
"""

from __future__ import annotations

import random

from bot.ruleset.cards import LEVEL_RANKS
from bot.ruleset.scoring import MatchLevel, Side
from bot.sheets.matches import MatchRow, MatchStatus, Stage

_SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
_GIVEN = ("伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟", "涛", "明", "超", "秀英",
          "华", "建国", "志强", "晓明", "红梅", "海燕", "桂英", "玉兰", "春生", "宏")


def sample_names(count: int, seed: int = 7) -> list[str]:
    """``count`` distinct pair names such as ``王伟 / 李娜``."""
    rng = random.Random(seed)
    people: list[str] = []
    seen: set[str] = set()
    while len(people) < 2 * count:
        name = rng.choice(_SURNAMES) + rng.choice(_GIVEN)
        if name not in seen:
            seen.add(name)
            people.append(name)
    return [f"{people[2 * index]} / {people[2 * index + 1]}" for index in range(count)]


def sample_rows(
    pair_count: int,
    *,
    seed: int = 7,
    names: list[str] | None = None,
    finished_rounds: int | None = None,
    best_of_three_final: bool = True,
    third_place: bool = True,
) -> tuple[MatchRow, ...]:
    """A bracket of ``pair_count`` pairs with every round up to ``finished_rounds`` decided (``None``: all).

    The round after the finished ones is in play with a mix of states (reported, disputed, forfeit, pending).
    """
    if pair_count < 2:
        raise ValueError("a bracket needs two pairs")
    rng = random.Random(seed)
    pairs = names if names is not None else sample_names(pair_count, seed)
    size = 1 << (pair_count - 1).bit_length()
    slot_count = size // 2
    match_count = pair_count - slot_count
    rows: list[MatchRow] = []
    table = 0
    advancing: list[str | None] = []
    entrants = iter(pairs[:pair_count])
    round_number = 1
    for slot in range(slot_count):
        if (slot + 1) * match_count // slot_count > slot * match_count // slot_count:
            table += 1
            left, right = next(entrants), next(entrants)
            row = _match(rng, round_number, table, left, right, _state(round_number, finished_rounds))
            rows.append(row)
            advancing.append(_winner_name(row))
        else:
            name = next(entrants)
            rows.append(MatchRow.bye(round_number, name))
            advancing.append(name)
    semifinal_losers: list[str] = []
    # A round is drawn once the previous one is decided, as the bot does.
    while len(advancing) > 1 and all(name is not None for name in advancing):
        round_number += 1
        state = _state(round_number, finished_rounds)
        next_round: list[str | None] = []
        final = len(advancing) == 2
        for index in range(0, len(advancing), 2):
            home, away = advancing[index], advancing[index + 1]
            assert home is not None and away is not None
            table = index // 2 + 1
            if final and best_of_three_final:
                games = _best_of_three(rng, round_number, table, home, away, state)
                rows.extend(games)
                next_round.append(_series_winner(games))
            else:
                row = _match(rng, round_number, table, home, away, state)
                rows.append(row)
                next_round.append(_winner_name(row))
                if len(advancing) == 4 and row.winner is not None and row.status.is_final:
                    semifinal_losers.append(away if row.winner is Side.LEFT else home)
        if final and third_place and len(semifinal_losers) == 2:
            first, second = semifinal_losers
            rows.append(_match(rng, round_number, 2, first, second, state, stage=Stage.THIRD_PLACE))
        advancing = next_round
    return tuple(rows)


def _state(round_number: int, finished_rounds: int | None) -> str:
    if finished_rounds is None or round_number <= finished_rounds:
        return "done"
    return "playing"


def _level(rng: random.Random, winning: bool) -> MatchLevel:
    if winning:
        return MatchLevel(LEVEL_RANKS[-1], passed_a=rng.random() < 0.7)
    return MatchLevel(rng.choice(LEVEL_RANKS[:-1]))


def _match(
    rng: random.Random, round_number: int, table: int, left: str, right: str, state: str, stage: Stage = Stage.MAIN
) -> MatchRow:
    winner = rng.choice(list(Side))
    if state == "playing":
        status = rng.choice([MatchStatus.PENDING, MatchStatus.PENDING, MatchStatus.REPORTED, MatchStatus.CONFIRMED,
                             MatchStatus.DISPUTED, MatchStatus.FORFEIT])
    else:
        status = MatchStatus.FORFEIT if rng.random() < 0.05 else MatchStatus.CONFIRMED
    if status is MatchStatus.PENDING:
        return MatchRow(round_number, stage, table, left, right)
    if status is MatchStatus.FORFEIT:
        return MatchRow(round_number, stage, table, left, right, winner=winner, status=status)
    left_level, right_level = _level(rng, winner is Side.LEFT), _level(rng, winner is Side.RIGHT)
    return MatchRow(round_number, stage, table, left, right, left_level, right_level, winner, status)


def _best_of_three(
    rng: random.Random, round_number: int, table: int, left: str, right: str, state: str
) -> list[MatchRow]:
    games: list[MatchRow] = []
    wins = {Side.LEFT: 0, Side.RIGHT: 0}
    while max(wins.values()) < 2:
        winner = rng.choice(list(Side))
        if state == "playing" and len(games) == 1:
            games.append(MatchRow(round_number, Stage.MAIN, table, left, right))
            break
        levels = _level(rng, winner is Side.LEFT), _level(rng, winner is Side.RIGHT)
        games.append(MatchRow(round_number, Stage.MAIN, table, left, right, *levels, winner, MatchStatus.CONFIRMED))
        wins[winner] += 1
    return games


def _winner_name(row: MatchRow) -> str | None:
    if row.winner is None or not row.status.is_final:
        return None
    return row.left if row.winner is Side.LEFT else row.right


def _series_winner(games: list[MatchRow]) -> str | None:
    wins = {Side.LEFT: 0, Side.RIGHT: 0}
    for game in games:
        if game.winner is not None and game.status.is_final:
            wins[game.winner] += 1
    side = next((side for side, count in wins.items() if count >= 2), None)
    return None if side is None else (games[0].left if side is Side.LEFT else games[0].right)
