"""The bot's HTTP side.

One ASGI application (Starlette) served by uvicorn in the bot's own process — the Telegram webhook of ``python -m bot
serve``, ``/healthz``, ``/metrics`` and the tournaments' live pages."""
