"""Sending pictures to a chat in as few messages as Telegram allows (a group takes about 20 messages a minute).

One picture is one photo; several go as one album (``sendMediaGroup``, up to 10 items), each captioned with its
part ("第 1/4 区"). Telegram shrinks photos to at most 2,560 px on their longest side, so when a picture is larger
the set goes as PNG documents instead, which keep every pixel (an album holds photos or documents, not both). In a
group with the quiet habits on (``handlers.telegram.quiet``) several pictures go as one PDF document instead: one
message rather than one per picture.
"""

from __future__ import annotations

from collections.abc import Sequence

from telegram import Chat, InputMediaDocument, InputMediaPhoto

from bot.i18n import Language, t
from bot.pictures.picture import Picture, pictures_pdf
from bot.richtext import escape
from handlers.telegram.replies import telegram_html

PHOTO_MAX_SIDE = 2560
ALBUM_LIMIT = 10
"""Items of one ``sendMediaGroup``; a set of more pictures is cut to the first ten (the caption says so)."""


def as_photos(pictures: Sequence[Picture]) -> bool:
    return all(max(picture.width, picture.height) <= PHOTO_MAX_SIDE for picture in pictures)


def file_names(stem: str, count: int) -> list[str]:
    """``bracket.png``, then ``bracket-2.png``, ``bracket-3.png`` … (as ``python -m bot render`` names them)."""
    return [f"{stem}.png" if number == 1 else f"{stem}-{number}.png" for number in range(1, count + 1)]


def _with_part(language: Language, caption: str, part: str) -> str:
    """``caption`` (Telegram HTML already) followed by the picture's part, e.g. "第 1/4 区"."""
    if not part:
        return caption
    if not caption:
        return escape(part)
    return telegram_html(t("pictures.part_caption", language, caption=caption, part=escape(part)))


async def send_pictures(chat: Chat, pictures: Sequence[Picture], caption: str, stem: str,
                        language: Language, *, one_message: bool = False) -> int | None:
    """Send ``pictures`` (PNG) with ``caption`` (markup) as one photo, one document, or one album.

    The id of the (first) message sent. ``one_message`` (a group with the quiet habits on): several pictures go as ONE
    PDF document ``stem.pdf``, a page each, since an album costs the group one message per picture."""
    if not pictures:
        return None
    if one_message and len(pictures) > 1:
        text = telegram_html(t("pictures.pdf", language, caption=caption, count=len(pictures)))
        document = await chat.send_document(pictures_pdf(pictures), caption=text, filename=f"{stem}.pdf")
        return document.message_id
    caption = telegram_html(caption)
    total = len(pictures)
    shown = list(pictures[:ALBUM_LIMIT])
    if total > len(shown):
        caption = telegram_html(t("pictures.more", language, caption=caption, shown=len(shown), count=total))
    names = file_names(stem, len(shown))
    photos = as_photos(shown)
    if len(shown) == 1:
        text = _with_part(language, caption, shown[0].label)
        if photos:
            sent = await chat.send_photo(shown[0].png, caption=text, filename=names[0])
        else:
            sent = await chat.send_document(shown[0].png, caption=text, filename=names[0])
        return sent.message_id
    media: list[InputMediaPhoto | InputMediaDocument] = []
    for index, (picture, name) in enumerate(zip(shown, names, strict=True)):
        text = _with_part(language, "" if index else caption, picture.label)
        # Raw bytes (not an InputFile): PTB then attaches each file to the album under its own field.
        if photos:
            media.append(InputMediaPhoto(picture.png, caption=text, filename=name))
        else:
            media.append(InputMediaDocument(picture.png, caption=text, filename=name))
    album = await chat.send_media_group(media)
    return album[0].message_id if album else None
