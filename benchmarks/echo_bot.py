"""The floor for ``benchmarks/load.py``: the smallest python-telegram-bot that answers every message.

One handler, no storage, no parse mode: it quotes each message back into its chat. It polls like the real bot
(``TELEGRAM_BOT_TOKEN``, ``TELEGRAM_BASE_URL``) and handles ``ECHO_CONCURRENCY`` updates at once (default 8, the
same as ``handlers.telegram.app.CONCURRENT_UPDATES``), so the ratio of the two throughputs is what our
handlers, storage and i18n cost on top of PTB itself.

Run by ``benchmarks/load.py``; by hand: ``TELEGRAM_BOT_TOKEN=1:x TELEGRAM_BASE_URL=http://127.0.0.1:PORT/bot
.venv/bin/python benchmarks/echo_bot.py``.
"""

from __future__ import annotations

import os

from telegram import Update
from telegram.ext import ApplicationBuilder, ContextTypes, MessageHandler, filters


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    if message is not None and message.text:
        await message.reply_text(message.text[:4096], do_quote=True)


def main() -> None:
    builder = (
        ApplicationBuilder()
        .token(os.environ["TELEGRAM_BOT_TOKEN"])
        .concurrent_updates(int(os.environ.get("ECHO_CONCURRENCY", "8")))
    )
    if os.environ.get("TELEGRAM_BASE_URL"):
        builder = builder.base_url(os.environ["TELEGRAM_BASE_URL"])
    application = builder.build()
    application.add_handler(MessageHandler(filters.ALL, echo))
    application.run_polling(allowed_updates=Update.ALL_TYPES)


if __name__ == "__main__":
    main()
