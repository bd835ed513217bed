"""The Telegram adapter's tests run the real application on the fake Bot API: here the club is on Telegram."""

import pytest

from tests.handlers.tournament_helpers import Club


@pytest.fixture
def club(telegram_club: Club) -> Club:
    return telegram_club
