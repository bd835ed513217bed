"""The commitment binds the seed, and nothing public shows a Telegram id.

The seed is made when the tournament opens; its commitment (SHA-256) is in the sign-up announcement, before anyone
has signed up; the seed itself stays secret until ``/draw`` reveals it. The draw file carries the time the
commitment was published, so a reader compares the file's commitment and time with the chat's message. Account
holders appear in the draw file under a keyed hash, and the history sheet names people."""

from __future__ import annotations

import hashlib
import io
import json
import re

from openpyxl import load_workbook

from bot.clock import ManualClock
from bot.tournament.draw import public_key
from bot.tournament.draw_file import verify
from bot.tournament.seed import DrawSeed
from storage import history, tournaments
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.telegram import ApiCall

HEX64 = re.compile(r"\b[0-9a-f]{64}\b")


def texts(calls: list[ApiCall]) -> str:
    return "\n".join(call.text or "" for call in calls)


async def test_the_commitment_is_published_when_the_tournament_opens_and_the_seed_only_at_the_draw(
    club: Club,
) -> None:
    [opened] = await club.say(club.admin, "/new 周五杯")
    [commitment] = HEX64.findall(opened)
    before_draw = [opened]
    for user in [club.person(number) for number in range(1, 7)]:
        before_draw += await club.say(user, "/signup")
    before_draw += await club.say(club.member, "/entries")
    calls = await club.calls(club.admin, "/draw")
    [document] = [call for call in calls if call.kind == "file"]
    _, content = (document.file_name, document.content)
    drawn = json.loads(content)
    seed = drawn["seed"]
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == drawn["commitment"] == commitment
    assert not any(seed in text for text in before_draw)
    state = await club.state()
    assert drawn["committed_at"] == state.record.created_at.isoformat()
    assert commitment in calls[0].text and seed in texts(calls)
    assert verify(content).matches


async def test_the_sign_up_buttons_keep_the_commitment_in_the_announcement(club: Club) -> None:
    [announcement] = await club.calls(club.admin, "/new 周五杯")
    [commitment] = HEX64.findall(announcement.text)
    replies, _ = await club.tap(club.person(1), announcement, "报名")
    [edited] = [answer for answer in replies if answer.edited]
    assert commitment in edited.text


async def test_the_draw_file_and_the_exports_show_names_not_telegram_ids(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    players = await club.sign_up_singles(7)
    await club.say(club.admin, "/referee @lily")
    await club.say(club.member, "/help")
    await club.say(club.admin, "/referee @lily")
    calls = await club.calls(club.admin, "/draw")
    [document] = [call for call in calls if call.kind == "file"]
    content = document.content.decode("utf-8")
    assert "tg:" not in content
    for player in players:
        # Not as a number of its own: the seed, the commitment and the hmac keys are random hex, which may hold the
        # digits of an id by chance (about one run in 25 did).
        assert not re.search(rf"(?<![0-9a-f]){player.user_id}(?![0-9a-f])", content)
        assert player.display_name in content
    exported = await club.calls(club.member, "/export")
    files = dict((call.file_name, call.content) for call in exported)
    workbook = load_workbook(io.BytesIO(files["tournament.xlsx"]))
    history = [tuple(str(cell) for cell in row) for row in workbook["history"].iter_rows(values_only=True)]
    ids = {str(person.user_id) for person in (*players, club.admin, club.member)}
    for _at, actor, _kind, details in history[1:]:
        values = [pair.split("=", 1)[1] for pair in details.split("; ") if "=" in pair]
        assert "tg:" not in actor + details and "user:" not in actor + details, (actor, details)
        assert actor not in ids and not ids & set(values), (actor, details)
    actors = {row[1] for row in history[1:]}
    assert club.admin.display_name in actors and players[0].display_name in actors
    for data in (files["entries.csv"], files["matches.csv"]):
        text = data.decode("utf-8-sig")
        assert "tg:" not in text and all(str(player.user_id) not in text for player in players)


async def test_no_account_can_be_recovered_from_the_published_draw_file_by_trying_ids(club: Club) -> None:
    """A probe once matched all 8 real Telegram ids of a published file by keying every candidate id with the
    seed printed in it. Now the keys are keyed by the draw's account secret, which only the database holds: the
    same attack finds nobody, while the database still links every key to its account and the file verifies."""
    await club.say(club.admin, "/new 周五杯")
    players = await club.sign_up_singles(8)
    calls = await club.calls(club.admin, "/draw")
    [content] = [call.content for call in calls if call.kind == "file"]
    document = json.loads(content)
    assert document["version"] == 3 and verify(content).matches
    keys = {member["key"] for entry in document["entries"] for member in entry["members"]}
    seed = DrawSeed.from_hex(document["seed"])
    ids = [player.user_id for player in players]
    candidates = range(min(ids) - 1000, max(ids) + 1000)
    assert not {user_id for user_id in candidates for prefix in ("tg:", "wecom:")
                if public_key(seed, f"{prefix}{user_id}") in keys}
    state = await club.state()
    storage = club.bot.services.storage
    async with storage.read() as tx:
        secret = await tournaments.account_secret(tx, state.tournament_id)
        events = await history.for_tournament(tx, state.tournament_id)
    assert secret is not None
    assert keys == {public_key(seed, f"tg:{user_id}", secret) for user_id in ids}  # the link the database keeps
    assert secret.hex() not in content.decode("utf-8") + texts(calls)
    assert not any(secret.hex() in str(event.details) for event in events)


async def test_a_redraw_uses_the_seed_sealed_at_undraw_and_its_file_says_when(club: Club, clock: ManualClock) -> None:
    """One design for both commitments: ``/new`` seals a seed, ``/undraw`` seals a fresh one; ``/draw`` reveals
    whichever is sealed, and its draw file (and the ``/draw`` message) give the time of the message that published
    the commitment: the opening, or the ``/undraw``."""
    [opened] = await club.say(club.admin, "/new 周五杯")
    [opening_commitment] = HEX64.findall(opened)
    await club.sign_up_singles(6)
    clock.advance(hours=1)
    first = await club.calls(club.admin, "/draw")
    [first_file] = [json.loads(call.content) for call in first if call.kind == "file"
                    and call.file_name.endswith(".json")]
    created_at = (await club.state()).record.created_at
    assert first_file["commitment"] == opening_commitment and first_file["committed_at"] == created_at.isoformat()
    assert "开赛时（2026-05-01 17:00 Asia/Shanghai）封存的种子" in first[0].text
    clock.advance(hours=1)
    undone_at = clock()
    [undone] = await club.say(club.admin, "/undraw")
    [commitment] = HEX64.findall(undone)
    assert commitment != opening_commitment
    clock.advance(hours=1)
    calls = await club.calls(club.admin, "/draw")
    [content] = [call.content for call in calls if call.kind == "file"
                 and call.file_name.endswith(".json")]
    drawn = json.loads(content)
    assert drawn["commitment"] == commitment and drawn["committed_at"] == undone_at.isoformat()
    assert drawn["seed"] != first_file["seed"]
    assert "撤销抽签时已公布指纹" in calls[0].text and "2026-05-01 19:00 Asia/Shanghai" in calls[0].text
    result = verify(content)
    assert result.matches and result.committed_at == undone_at.isoformat()
