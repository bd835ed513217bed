"""Chromium for the browser tests: Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them), driven
by Selenium with the system's driver — nothing is downloaded. Selenium is blocking: tests call it through
:func:`asyncio.to_thread` so the server in the test's own event loop keeps answering."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager

from selenium import webdriver

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


@contextmanager
def chromium(width: int, height: int) -> Iterator[webdriver.Chrome]:
    """A headless Chromium whose page area is ``width`` × ``height`` CSS pixels."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--force-device-scale-factor=1", "--lang=zh-CN"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))
    try:
        driver.set_window_size(width, height)
        # The window's frame takes some of the size: make the page area itself the size asked for.
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        driver.set_window_size(width + (width - inner[0]), height + (height - inner[1]))
        yield driver
    finally:
        driver.quit()
