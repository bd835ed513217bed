"""The offline console, a chat platform in the terminal.

The platform itself (``platform``: lines and presses run the command table and buttons, answers shown on a screen, files
saved), the interactive chat (``chat``), which button ``:tap`` means (``taps``) and the demo tournament (``demo``)."""
