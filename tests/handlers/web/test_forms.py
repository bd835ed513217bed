"""Results from the table over a real server: a pair's table token opens its form and its report is that pair's
(the group sees what ``/result`` shows, the other pair confirms from its own token), a form is taken once, the
refusals (no credentials 401, a bad or expired token 403, a used nonce 403, bad input 400) change nothing, and the
Mini App's ``initData`` is checked as Telegram documents it."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx

from bot.ruleset.scoring import Side
from bot.services.table_links import round_tokens
from handlers.web.mini_app import mini_app_user, signed_init_data
from tests.handlers.tournament_helpers import Club
from tests.handlers.web.conftest import BOT_TOKEN, Web
from tests.handlers.web.test_pages import drawn_club, public_id_of


async def tokens_of_table(club: Club, table: int) -> tuple[str, str]:
    """The left and right pairs' tokens of ``table`` in the current round."""
    services = club.offline.application.bot_data.services
    state = await club.state()
    issued = await round_tokens(services, state, 1)
    return issued.seats[table, Side.LEFT].token, issued.seats[table, Side.RIGHT].token


def nonce_in(page: str) -> str:
    found = re.search(r"name=nonce value='([^']+)'", page)
    assert found, page
    return found.group(1)


async def post(web: Web, public_id: str, fields: dict[str, str], headers: dict[str, str] | None = None,
               ) -> httpx.Response:
    return await web.client.post(f"/t/{public_id}/report", data=fields, headers=headers or {})


async def table_row(web: Web, public_id: str, table: int) -> dict[str, Any]:
    data = (await web.get(f"/t/{public_id}.json")).json()
    return next(row for row in data["tables"] if row["table"] == table)


async def test_a_pairs_token_reports_for_that_pair_and_the_other_pair_confirms_from_its_own(
        club: Club, web: Web) -> None:
    await drawn_club(club)
    public_id = await public_id_of(club)
    left_token, right_token = await tokens_of_table(club, 1)
    match = (await club.state()).require_bracket().playable()[0]
    form = await web.get(f"/t/{public_id}/me", params={"token": left_token})
    assert form.status_code == 200
    assert match.left is not None and match.right is not None
    assert match.left.name in form.text and match.right.name in form.text  # our pair and the opponents
    before = len(club.offline.telegram.sent_texts(club.chat_id))
    sent = await post(web, public_id, {"token": left_token, "nonce": nonce_in(form.text), "own": "A+",
                                       "theirs": "10"})
    assert sent.status_code == 200, sent.text
    told = club.offline.telegram.sent_texts(club.chat_id)[before:]
    assert len(told) == 1 and match.left.name in told[0]  # the group sees the report as /result shows it
    row = await table_row(web, public_id, 1)
    assert (row["state"], row["result"], row["winner"]) == ("reported", "A+ : 10", "left")

    # The other pair confirms by telling the same result from its own side: their level first.
    form = await web.get(f"/t/{public_id}/me", params={"token": right_token})
    assert "A+" in form.text
    sent = await post(web, public_id, {"token": right_token, "nonce": nonce_in(form.text), "own": "10",
                                       "theirs": "A+"})
    assert sent.status_code == 200, sent.text
    assert (await table_row(web, public_id, 1))["state"] == "confirmed"
    # Worth nothing now that its table is decided.
    assert (await web.get(f"/t/{public_id}/me", params={"token": left_token})).status_code == 403


async def test_a_form_is_taken_once_and_refusals_change_nothing(club: Club, web: Web) -> None:
    await drawn_club(club)
    public_id = await public_id_of(club)
    left_token, right_token = await tokens_of_table(club, 2)
    nonce = nonce_in((await web.get(f"/t/{public_id}/me", params={"token": left_token})).text)
    before = await club.fingerprint()
    assert (await post(web, public_id, {"nonce": nonce, "own": "A+", "theirs": "10"})).status_code == 401
    assert (await post(web, public_id, {"token": "x" * 22, "nonce": nonce, "own": "A+", "theirs": "10"})
            ).status_code == 403
    assert (await post(web, public_id, {"token": right_token, "nonce": nonce, "own": "A+", "theirs": "10"})
            ).status_code == 403  # another holder's nonce
    bad = await post(web, public_id, {"token": left_token, "nonce": nonce, "own": "Z", "theirs": "10"})
    assert bad.status_code == 400 and "Z" in bad.text and nonce_in(bad.text) != nonce
    assert await club.fingerprint() == before
    fresh = nonce_in(bad.text)
    impossible = await post(web, public_id, {"token": left_token, "nonce": fresh, "own": "K", "theirs": "10"})
    assert impossible.status_code == 400  # without a time limit somebody passed A
    assert await club.fingerprint() == before
    good = nonce_in(impossible.text)
    assert (await post(web, public_id, {"token": left_token, "nonce": good, "own": "A+", "theirs": "J"})
            ).status_code == 200
    after = await club.fingerprint()
    again = await post(web, public_id, {"token": left_token, "nonce": good, "own": "A+", "theirs": "J"})
    assert again.status_code == 403 and await club.fingerprint() == after
    big = await web.client.post(f"/t/{public_id}/report", content=b"own=" + b"A" * 5000,
                                headers={"content-type": "application/x-www-form-urlencoded"})
    assert big.status_code == 413


async def test_the_me_page_without_credentials_says_how_to_open_it_and_closed_pages_are_404(
        club: Club, web: Web) -> None:
    await drawn_club(club)
    public_id = await public_id_of(club)
    left_token, _ = await tokens_of_table(club, 1)
    shell = await web.get(f"/t/{public_id}/me")
    assert shell.status_code == 200 and "telegram-web-app.js" in shell.text
    await club.say(club.admin, "/web off")
    assert (await web.get(f"/t/{public_id}/me", params={"token": left_token})).status_code == 404
    assert (await post(web, public_id, {"token": left_token, "nonce": "n", "own": "A+", "theirs": "2"})
            ).status_code == 404


def init_data_for(user_id: int, *, token: str = BOT_TOKEN, age: float = 60.0, now: float | None = None) -> str:
    """``initData`` for ``user_id`` signed with ``token``, made ``age`` seconds before ``now`` (default: now)."""
    signed_at = (time.time() if now is None else now) - age
    fields = {"auth_date": str(int(signed_at)), "query_id": "AAH-test",
              "user": json.dumps({"id": user_id, "first_name": "选手", "language_code": "zh"}, ensure_ascii=False,
                                 separators=(",", ":"))}
    return signed_init_data(fields, token)


async def test_a_mini_app_user_reports_for_their_own_pair_and_forged_init_data_is_401(club: Club, web: Web) -> None:
    await drawn_club(club)
    public_id = await public_id_of(club)
    match = (await club.state()).require_bracket().playable()[0]
    player = club.seat(match, Side.RIGHT)
    now = club.offline.application.bot_data.services.clock().timestamp()  # the bot's (manual) clock
    header = {"Authorization": "tma " + init_data_for(player.user_id, now=now)}
    form = await web.get(f"/t/{public_id}/me", headers=header)
    assert form.status_code == 200 and match.left is not None and match.left.name in form.text
    sent = await post(web, public_id, {"nonce": nonce_in(form.text), "own": "A+", "theirs": "K"}, header)
    assert sent.status_code == 200, sent.text
    row = await table_row(web, public_id, match.table or 0)
    assert (row["state"], row["result"], row["winner"]) == ("reported", "K : A+", "right")

    for forged in (init_data_for(player.user_id, token="654321:another-bot", now=now),
                   init_data_for(player.user_id, age=25 * 3600, now=now),
                   init_data_for(player.user_id, now=now).replace("auth_date=", "auth_date=1")):
        answer = await web.get(f"/t/{public_id}/me", headers={"Authorization": "tma " + forged})
        assert answer.status_code == 401, forged
    outsider = await web.get(f"/t/{public_id}/me", headers={"Authorization": "tma " + init_data_for(999_999, now=now)})
    assert outsider.status_code == 200 and "nonce" not in outsider.text


def test_init_data_is_checked_exactly_as_telegram_documents_it() -> None:
    from datetime import UTC, datetime

    now = datetime.now(UTC)
    genuine = init_data_for(42)
    user = mini_app_user(genuine, BOT_TOKEN, now)
    assert user is not None and user.user_id == 42 and user.display_name == "选手"
    # One byte changed anywhere: refused.
    for index in range(0, len(genuine), 7):
        changed = genuine[:index] + ("0" if genuine[index] != "0" else "1") + genuine[index + 1:]
        assert mini_app_user(changed, BOT_TOKEN, now) is None, index
    assert mini_app_user(init_data_for(42, age=24 * 3600 + 5), BOT_TOKEN, now) is None
    assert mini_app_user(genuine, "654321:another-bot", now) is None
    assert mini_app_user(genuine + "&hash=00", BOT_TOKEN, now) is None  # a field twice


async def test_web_tables_sends_each_pairs_link_privately_and_the_links_open_their_forms(
        club: Club, web: Web) -> None:
    await drawn_club(club)
    public_id = await public_id_of(club)
    before = await club.fingerprint()
    assert len(await club.say(club.member, "/web tables")) == 1  # organisers only
    assert await club.fingerprint() == before
    calls = await club.calls(club.admin, "/web tables")
    in_group = [call for call in calls if call.chat_id == club.chat_id]
    assert len(in_group) == 1 and "/t/" not in in_group[0].text  # no token in the group
    private = [call for call in club.offline.telegram.calls if call.chat_id == club.admin.user_id]
    links = re.findall(r"https://club\.example\.org/t/[A-Za-z0-9_-]+/me\?token=[A-Za-z0-9_-]+",
                       " ".join(call.text for call in private))
    assert len(links) == 4  # two tables, two pairs each
    assert any(call.method in ("sendMediaGroup", "sendPhoto") for call in private)
    for link in links:
        path = link.removeprefix("https://club.example.org")
        assert path.startswith(f"/t/{public_id}/me")
        assert (await web.get(path)).status_code == 200


async def test_web_in_a_private_chat_answers_with_a_mini_app_button_to_the_players_table(club: Club) -> None:
    from tests.support.updates import private_chat

    await drawn_club(club)
    player = club.person(1)
    calls = await club.offline.process(club.offline.updates.message(private_chat(player), player, "/web"))
    assert len(calls) == 1
    rows = calls[0].params["reply_markup"]
    markup = json.loads(rows) if isinstance(rows, str) else rows
    button = markup["inline_keyboard"][0][0]
    assert button["web_app"]["url"].startswith("https://club.example.org/t/") and button["web_app"]["url"].endswith(
        "/me")
    stranger = club.person(99)
    [answer] = await club.offline.say(private_chat(stranger), stranger, "/web")
    assert "/t/" not in answer
