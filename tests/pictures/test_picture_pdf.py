"""Pictures as one PDF (``bot.pictures.picture.pictures_pdf``): what a quiet Telegram group gets instead of an album."""

from PIL import Image

from bot.pictures.picture import pictures_pdf, to_picture


def test_pictures_become_one_pdf_with_a_page_each() -> None:
    pictures = [to_picture(Image.new("RGB", (120 + 10 * number, 80), "white")) for number in range(3)]
    pdf = pictures_pdf(pictures)
    assert pdf.startswith(b"%PDF")
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 3
