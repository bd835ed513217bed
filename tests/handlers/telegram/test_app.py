import ssl
from pathlib import Path

from bot.config import Settings
from handlers.bootstrap import telegram_application
from handlers.telegram.app import TelegramOptions, http_requests, shutdown, startup
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
    assert isinstance(calls._client_kwargs["verify"], ssl.SSLContext)
    assert calls._client_kwargs["verify"] is polling._client_kwargs["verify"]
    assert all(request._client_kwargs["verify"] is False for request in http_requests("http://127.0.0.1:8081/bot"))
