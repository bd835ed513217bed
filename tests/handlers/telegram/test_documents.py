"""Documents as Telegram sends them: a pack asked for in a private chat goes to that chat alone, never to the
group whose tournament it prints."""

from tests.handlers.tournament_helpers import Club
from tests.support.updates import private_chat


async def test_a_pack_printed_in_a_private_chat_goes_to_that_chat_alone(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    tournament_id = (await club.state()).tournament_id
    offline = club.offline
    alone = private_chat(club.admin)
    calls = await offline.process(offline.updates.message(alone, club.admin, f"/print #{tournament_id} cards"))
    [sent] = [call for call in calls if call.method == "sendDocument"]
    assert int(sent.params["chat_id"]) == club.admin.user_id and sent.files["document"][0] == "print-cards-r1.pdf"
    assert not [call for call in calls if int(call.params.get("chat_id", 0)) == club.chat_id]
