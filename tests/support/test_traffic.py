from tests.support.traffic import ClubTraffic


def test_the_same_seed_gives_the_same_traffic_of_registered_commands_only() -> None:
    def texts(seed: int) -> list[str]:
        traffic = ClubTraffic({"help", "lang"}, groups=5, seed=seed)
        return [update["message"]["text"] for update in traffic.stream(200)]

    assert texts(1) == texts(1) != texts(2)
    assert {text.split()[0] for text in texts(1)} == {"/help", "/lang"}


def test_every_group_is_greeted_once_with_its_own_organiser() -> None:
    traffic = ClubTraffic({"start"}, groups=7)
    greetings = list(traffic.greetings())
    assert [update["message"]["chat"]["id"] for update in greetings] == [club.chat_id for club in traffic.clubs]
    assert len({update["update_id"] for update in greetings}) == 7
