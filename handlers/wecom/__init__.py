"""WeCom (企业微信) as a chat platform, through the 智能机器人 (AI bot, API mode) long connection.

``python -m bot run`` serves it when ``WECOM_BOT_ID`` and ``WECOM_BOT_SECRET`` are set (``handlers.runner``; with
``TELEGRAM_BOT_TOKEN`` too, both in one process). Modules: ``client`` the long connection on ``websockets``,
``platform`` callbacks → the command table and the buttons, ``markdown`` the neutral markup as WeCom markdown and
cards, ``announcer`` the courier that pushes scheduled announcements.

Design decisions:

- **Ids.** WeCom names people (userid) and groups (chatid) by strings; storage keys both by INTEGER ids. Each string
  gets an internal id once, in a mapping table (``wecom_ids``, migration 0005), from a range Telegram never uses:
  people ``2^60 + n``, groups ``-2^60 - n`` (Telegram's ids stay within 52 bits). A private chat's id is the
  person's, as on Telegram. So an id alone says its platform (``bot.services.platform_ids.platform_of_chat``).
- **Person keys.** A WeCom person's key is ``wecom:<n>`` (``bot.tournament.entries.account_key`` chooses the prefix
  by the id's range; Telegram keys stay ``tg:<id>``): entries, history and draw files say which platform a person is
  on. A mention of ``wecom:<n>`` is rendered ``<@userid>`` (the directory knows the userid).
- **Names.** WeCom gives a bot no names: a person is shown by their userid until they choose a name with ``/name``
  (改名), on any platform (``bot.services.names``); WeCom people have no @username. ``@name`` among a command's
  words names a WeCom person by userid or chosen name (an unknown one is refused with how to fix it).
- **Messages once.** A ``msgid`` becomes an update id (negative, 56 bits of its SHA-256: never a Telegram update
  id) recorded like a Telegram update — in the transaction of the first change, or after the answer is built when
  nothing changed. A message delivered again is neither applied nor answered; a SIGKILL loses nothing answered.
- **Answers.** One stream reply per message (``finish: true``, ≤ 20,480 bytes of markdown, pictures as
  ``msg_item`` images with base64 and MD5, the last buttons as a ``button_interaction`` card); the rest is pushed
  (``aibot_send_msg``). Buttons no card can carry become the commands to send. Documents (``/export``, the draw
  file, ``/print``) are uploaded as temporary media over the long connection and pushed as files (``media``); one
  WeCom refuses is said in one line with ``python -m bot export`` as the way round. A press answers on its card
  (``aibot_respond_update_msg`` under the press's req_id, within 5 s): edited for everyone (a card whose question
  is answered shows its outcome as a grey button that cannot be pressed, ``replace_text``), or — a refusal — for
  the presser alone (``userids``); what the action announces (a result, a pair signed up) is pushed.
- **Welcome.** ``enter_chat`` (someone opens a chat with the bot) is answered within 5 s with what the bot does and
  how to start (``aibot_respond_welcome_msg``).
- **Mentions.** The bot's name in members' @-mentions (``WECOM_BOT_NAME``, or learned from the first message that
  starts with it and a space) is taken out wherever it stands: ``@掼蛋助手排名``, ``排名 @掼蛋助手``.
- **Organisers.** The tournament's creator and the userids of ``WECOM_ORGANISERS`` (``WeComOrganisers`` in
  ``bot.services.roles``); in a private chat, the person.
- **Scheduling.** Announcements run on the process's one scheduler (``handlers.announcer``); WeCom's courier
  pushes them with ``aibot_send_msg`` (a busy server or no connection delays, a refusal drops).
- **Connection.** One live connection per bot: a newer one elsewhere takes over and this process's WeCom side stops
  (fighting back would knock the other off in turn); drops reconnect with backoff 1 s → 30 s; a refused Bot
  ID/Secret ends the process with one line (exit 2), never retried. The secret is never logged.

- **Files people send.** A file or picture carries a download link and an AES key: kept for ten minutes for the
  command that uses it (``导入``, ``规程``, sent before or after it, the file in the group or privately), then fetched
  with a size cap and a time limit and decrypted in a thread (``media``); the command's own reader and limits apply.
"""
