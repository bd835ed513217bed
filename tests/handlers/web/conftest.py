"""The live pages' tests run the real application with ``GUANDAN_PUBLIC_URL`` set, and its pages on a real
server on a free port of 127.0.0.1 (``web``)."""

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from bot.config import Settings
from bot.services.platform_ids import Platform
from handlers.telegram.web_poster import TelegramPoster
from handlers.web.forms import PlatformPosters
from handlers.web.pages import Pages, site_with_pages
from handlers.web.server import WebServer
from tests.handlers.tournament_helpers import Club

PUBLIC_URL = "https://club.example.org"
BOT_TOKEN = "123456:test-bot-token_for-mini-apps"


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(db_path=tmp_path / "bot.sqlite3", public_url=PUBLIC_URL, token=BOT_TOKEN)


@pytest.fixture
def club(telegram_club: Club) -> Club:
    """The pages are served by the Telegram application's services: the club on Telegram."""
    return telegram_club


@dataclass
class Web:
    server: WebServer
    pages: Pages
    client: httpx.AsyncClient

    async def get(self, path: str, **options: object) -> httpx.Response:
        return await self.client.get(path, **options)  # type: ignore[arg-type]


@pytest.fixture
async def web(club: Club) -> AsyncIterator[Web]:
    application = club.offline.application
    poster = PlatformPosters({Platform.TELEGRAM: TelegramPoster(application.bot)})
    site, pages = site_with_pages(application.bot_data.services, poster=poster)
    pages.hub.poll_seconds = 0.2
    server = WebServer(site, "127.0.0.1", 0, drain_timeout=2)
    await server.start()
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{server.port}", timeout=10) as client:
        try:
            yield Web(server, pages, client)
        finally:
            await server.stop()
