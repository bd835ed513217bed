import asyncio
import io
from collections.abc import AsyncIterator

import pytest
from PIL import Image
from telegram import Bot, InputFile, InputMediaDocument, InputMediaPhoto
from telegram.error import BadRequest, ChatMigrated, Forbidden, RetryAfter

from tests.support.fake_api import FakeBotApi
from tests.support.updates import FakeUser, UpdateFactory, group_chat

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


async def test_a_persons_upload_is_fetched_with_get_file_and_downloaded(bot: Bot, api: FakeBotApi) -> None:
    document = api.telegram.upload("名单 1.xlsx", b"PK\x03\x04 roster", mime_type="application/vnd.ms-excel")
    assert document["file_size"] == 11
    found = await bot.get_file(document["file_id"])
    assert found.file_size == 11 and found.file_path is not None
    assert found.file_path.startswith(bot.base_file_url)  # PTB puts its file URL in front of Telegram's path
    assert await found.download_as_bytearray() == bytearray(b"PK\x03\x04 roster")
    assert [call.method for call in api.telegram.calls if call.method != "getMe"] == ["getFile", "download"]


async def test_unknown_files_and_paths_are_refused(bot: Bot, api: FakeBotApi) -> None:
    with pytest.raises(BadRequest, match="(?i)invalid file_id"):
        await bot.get_file("no-such-file")
    assert api.telegram.answer_download("1:fake/documents/file-99.csv")[0] == 404


async def test_files_the_bot_sent_can_be_fetched_again(bot: Bot, api: FakeBotApi) -> None:
    message = await bot.send_document(-5, b"a,b\n", filename="matches.csv")
    assert message.document is not None
    found = await bot.get_file(message.document.file_id)
    assert await found.download_as_bytearray() == bytearray(b"a,b\n")


async def test_photos_and_albums_report_their_real_sizes(bot: Bot, api: FakeBotApi) -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (300, 120), "white").save(buffer, "PNG")
    photo = buffer.getvalue()
    sent = await bot.send_photo(-5, photo, caption="第 1/2 区", filename="bracket.png")
    assert (sent.photo[-1].width, sent.photo[-1].height) == (300, 120) and sent.caption == "第 1/2 区"
    album = await bot.send_media_group(-5, [InputMediaPhoto(photo, caption="a"), InputMediaPhoto(photo)])
    assert len(album) == 2 and album[0].media_group_id == album[1].media_group_id and album[0].caption == "a"
    [call] = api.telegram.calls_to("sendMediaGroup")
    assert [name for name, _ in call.files.values()] and all(data == photo for _, data in call.files.values())
    with pytest.raises(BadRequest):
        await bot.send_media_group(-5, [InputMediaPhoto(photo), InputMediaDocument(b"x", filename="x.csv")])
