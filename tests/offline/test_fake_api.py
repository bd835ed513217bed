import asyncio
from collections.abc import AsyncIterator

import pytest
from telegram import Bot, InputFile
from telegram.error import BadRequest, ChatMigrated, Forbidden, RetryAfter

from bot.offline.fake_api import FakeBotApi
from bot.offline.updates import FakeUser, UpdateFactory, group_chat

ADMIN = FakeUser(5, "Boss")


@pytest.fixture
def api() -> FakeBotApi:
    return FakeBotApi()


@pytest.fixture
async def bot(api: FakeBotApi) -> AsyncIterator[Bot]:
    async with Bot("1:fake", request=api, get_updates_request=api) as running:
        yield running


async def test_get_me_answers_a_bot_with_a_username(bot: Bot) -> None:
    assert bot.username == "guandan_test_bot" and bot.id == 7_000_000


async def test_calls_are_recorded_with_decoded_parameters(bot: Bot, api: FakeBotApi) -> None:
    message = await bot.send_message(-5, "<b>hi</b>", parse_mode="HTML")
    call = api.telegram.calls_to("sendMessage")[0]
    assert call.params == {"chat_id": -5, "text": "<b>hi</b>", "parse_mode": "HTML"}
    assert message.chat.type == "group" and message.text == "<b>hi</b>"


async def test_documents_are_recorded_with_their_content(bot: Bot, api: FakeBotApi) -> None:
    message = await bot.send_document(-5, InputFile(b"\xef\xbb\xbfname\n", filename="entries.csv"))
    [call] = api.telegram.calls_to("sendDocument")
    assert call.files["document"] == ("entries.csv", b"\xef\xbb\xbfname\n")
    assert message.document is not None and message.document.file_name == "entries.csv"


async def test_scripted_administrators(bot: Bot, api: FakeBotApi) -> None:
    api.telegram.set_admins(-5, ADMIN.to_json(), creator=FakeUser(6, "Owner").to_json())
    admins = await bot.get_chat_administrators(-5)
    assert sorted((member.user.id, member.status) for member in admins) == [(5, "administrator"), (6, "creator")]
    assert (await bot.get_chat_member(-5, 5)).status == "administrator"
    assert (await bot.get_chat_member(-5, 9)).status == "member"


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")  # RetryAfter.retry_after's type
@pytest.mark.parametrize(
    ("script", "error"),
    [
        (lambda telegram: telegram.fail_retry_after("sendMessage", 3), RetryAfter),
        (lambda telegram: telegram.fail("sendMessage"), BadRequest),
        (lambda telegram: telegram.fail_forbidden("sendMessage"), Forbidden),
        (lambda telegram: telegram.fail_migrated("sendMessage", -1_009), ChatMigrated),
    ],
)
async def test_injected_errors_raise_ptbs_exceptions_once(bot: Bot, api: FakeBotApi, script, error) -> None:  # type: ignore[no-untyped-def]
    script(api.telegram)
    with pytest.raises(error):
        await bot.send_message(-5, "x")
    await bot.send_message(-5, "x")
    assert [call.status for call in api.telegram.calls_to("sendMessage")][-1] == 200


async def test_get_updates_long_polls_until_an_update_arrives(bot: Bot, api: FakeBotApi) -> None:
    factory = UpdateFactory()

    async def later() -> None:
        await asyncio.sleep(0.05)
        api.enqueue_update(factory.message(group_chat(), ADMIN, "/start"))

    task = asyncio.create_task(later())
    updates = await bot.get_updates(timeout=5)
    await task
    assert [update.message.text for update in updates if update.message] == ["/start"]


async def test_get_updates_offset_confirms_earlier_updates(bot: Bot, api: FakeBotApi) -> None:
    factory = UpdateFactory()
    first = api.enqueue_update(factory.message(group_chat(), ADMIN, "one"))
    api.enqueue_update(factory.message(group_chat(), ADMIN, "two"))
    assert len(await bot.get_updates()) == 2
    assert len(await bot.get_updates(offset=first + 1)) == 1
    assert len(await bot.get_updates()) == 1
    api.telegram.redeliver_from(first)
    assert len(await bot.get_updates()) == 2
