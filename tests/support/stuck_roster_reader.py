"""Stand-ins for ``python -m bot.sheets.roster_process`` in tests: ``python -m tests.support.stuck_roster_reader``
never answers (a read that outlives its budget); with ``crash`` as argument it dies at once."""

import sys
import time

if __name__ == "__main__":
    if "crash" in sys.argv[1:]:
        sys.exit(3)
    time.sleep(120)
