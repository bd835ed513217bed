import logging
import ssl
from pathlib import Path

import pytest
from telegram.request import HTTPXRequest

from bot.config import Settings
from bot.i18n import Language
from handlers.bootstrap import telegram_application
from handlers.telegram.app import TelegramOptions, http_requests, shutdown, startup
from handlers.telegram.http_client import AiohttpRequest
from handlers.telegram.pacing import GroupPacer
from handlers.telegram.sending import RetryingRequests
from storage.migrations import applied_versions, load_migrations
from tests.support.fake_api import FakeBotApi

TOKEN = "777:app-test-secret"


def test_production_build_uses_the_rate_limiter_and_the_base_url(tmp_path: Path) -> None:
    settings = Settings(token=TOKEN, base_url="http://127.0.0.1:8081/bot", db_path=tmp_path / "x.sqlite3")
    application = telegram_application(settings)
    limiter = application.bot.rate_limiter
    assert isinstance(limiter, RetryingRequests) and isinstance(limiter.pacing, GroupPacer)
    assert application.bot.base_url == f"http://127.0.0.1:8081/bot{TOKEN}"
    assert application.bot.base_file_url == f"http://127.0.0.1:8081/file/bot{TOKEN}"  # /import downloads there
    assert application.bot.defaults is not None and application.bot.defaults.parse_mode == "HTML"


def test_without_pacing_failed_calls_are_still_retried(tmp_path: Path) -> None:
    application = telegram_application(Settings(db_path=tmp_path / "x.sqlite3"),
                                       telegram=TelegramOptions(request=FakeBotApi(), rate_limiter=False))
    limiter = application.bot.rate_limiter
    assert isinstance(limiter, RetryingRequests) and limiter.pacing is None


def test_tests_build_without_a_rate_limiter(tmp_path: Path) -> None:
    application = telegram_application(Settings(db_path=tmp_path / "x.sqlite3"),
                                       telegram=TelegramOptions(request=FakeBotApi(), rate_limiter=None))
    assert application.bot.rate_limiter is None


async def test_startup_opens_and_migrates_the_storage_and_shutdown_closes_it(tmp_path: Path) -> None:
    api = FakeBotApi()
    application = telegram_application(Settings(db_path=tmp_path / "x.sqlite3"),
                                       telegram=TelegramOptions(request=api, rate_limiter=None))
    await application.initialize()
    await startup(application)
    storage = application.bot_data.services.storage
    assert await applied_versions(storage) == [migration.version for migration in load_migrations()]
    assert len(api.telegram.calls_to("setMyCommands")) == 6
    await application.shutdown()
    await shutdown(application)
    assert not storage.is_open


def test_one_tls_context_for_both_clients_and_none_for_a_plain_http_bot_api() -> None:
    calls, polling = http_requests(None)
    assert isinstance(calls, AiohttpRequest) and isinstance(polling, AiohttpRequest)
    assert isinstance(calls._ssl, ssl.SSLContext) and calls._ssl is polling._ssl
    assert all(request._ssl is False  # type: ignore[attr-defined]
               for request in http_requests("http://127.0.0.1:8081/bot"))


def test_ptbs_own_client_on_request() -> None:
    calls, polling = http_requests(None, "httpx")
    assert isinstance(calls, HTTPXRequest) and isinstance(polling, HTTPXRequest)
    assert isinstance(calls._client_kwargs["verify"], ssl.SSLContext)
    assert calls._client_kwargs["verify"] is polling._client_kwargs["verify"]
    assert all(request._client_kwargs["verify"] is False  # type: ignore[attr-defined]
               for request in http_requests("http://127.0.0.1:8081/bot", "httpx"))


def test_a_socks_proxy_gets_ptbs_own_client_and_the_log_says_why(monkeypatch: pytest.MonkeyPatch,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("ALL_PROXY", "socks5://user:secret@127.0.0.1:1080")
    for name in ("HTTPS_PROXY", "https_proxy", "all_proxy", "NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    with caplog.at_level(logging.WARNING):
        try:
            calls, polling = http_requests(None, "aiohttp", Language.EN)
        except RuntimeError as missing_extra:  # httpx without socksio: PTB's own advice to install its extra
            assert "python-telegram-bot[socks]" in str(missing_extra)
        else:
            assert isinstance(calls, HTTPXRequest) and isinstance(polling, HTTPXRequest)
    [warning] = [record.getMessage() for record in caplog.records if "SOCKS" in record.getMessage()]
    assert "socks5://user@127.0.0.1:1080" in warning and "secret" not in warning
