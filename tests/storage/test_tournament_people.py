from bot.tournament.people import InvitationStatus
from storage import Storage, Tx, tournament_people
from tests.storage.test_tournaments import AT, new


async def invite(tx: Tx, tournament_id: int, user_id: int | None, username: str | None) -> int:
    made = await tournament_people.add_invitation(
        tx, tournament_id, inviter_user_id=1, inviter_name="Alice", invitee_user_id=user_id,
        invitee_username=username, invitee_name=username or "Bob", at=AT)
    return made.invitation_id


async def test_invitations_by_id_or_username(storage: Storage) -> None:
    async with storage.transaction() as tx:
        tournament_id = await new(tx)
        by_id = await invite(tx, tournament_id, 2, None)
        by_name = await invite(tx, tournament_id, None, "Bob_99")
        found = await tournament_people.open_invitations(tx, tournament_id)
        assert [invitation.invitation_id for invitation in found] == [by_id, by_name]
        first, second = found
        assert first.addressed_to(2, None) and not first.addressed_to(3, "bob_99")
        assert second.addressed_to(3, "BOB_99") and not second.addressed_to(3, None)
        assert second.involves(1, None) and not second.involves(4, "other")
        await tournament_people.resolve_invitation(tx, by_name, InvitationStatus.ACCEPTED, AT, invitee_user_id=3)
        await tournament_people.resolve_invitation(tx, by_name, InvitationStatus.CANCELLED, AT)  # closed already
        accepted = await tournament_people.get_invitation(tx, by_name)
        assert [invitation.invitation_id for invitation in await tournament_people.open_invitations(
            tx, tournament_id)] == [by_id]
    assert accepted is not None and accepted.status is InvitationStatus.ACCEPTED and accepted.invitee_user_id == 3


async def test_referees(storage: Storage) -> None:
    async with storage.transaction() as tx:
        tournament_id = await new(tx)
        assert await tournament_people.add_referee(tx, tournament_id, user_id=7, username=None, display_name="Ref",
                                                   by="user:1", at=AT)
        assert not await tournament_people.add_referee(tx, tournament_id, user_id=7, username="r", display_name="R",
                                                       by="user:1", at=AT)
        assert await tournament_people.add_referee(tx, tournament_id, user_id=None, username="Whistle",
                                                   display_name="@Whistle", by="user:1", at=AT)
        assert not await tournament_people.add_referee(tx, tournament_id, user_id=None, username="whistle",
                                                       display_name="@whistle", by="user:1", at=AT)
        assert await tournament_people.is_referee(tx, tournament_id, 7, None)
        assert await tournament_people.is_referee(tx, tournament_id, 8, "WHISTLE")
        assert not await tournament_people.is_referee(tx, tournament_id, 8, None)
        assert [referee.display_name for referee in await tournament_people.referees(tx, tournament_id)] == [
            "Ref", "@Whistle"]
        other = await new(tx, chat_id=-6, name="Other")
        assert not await tournament_people.is_referee(tx, other, 7, None)
