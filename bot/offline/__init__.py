"""Running the bot without Telegram: a fake Bot API (in-process and over HTTP), update builders and a harness.

Used by the tests, the offline console (``python -m bot console``) and the benchmarks.
"""
