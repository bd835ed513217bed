import os

from hypothesis import HealthCheck, settings

from storage import updates
from tests.support.harness import OfflineBot

# Deterministic in CI: the same examples every run, no wall-clock deadline on a shared 2-core machine.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# One update, one changing transaction (``storage.updates``): a second one is a bug the whole suite should catch,
# and so is a change made outside the transaction that carries the update's claim.
updates.refuse_second_changes()
OfflineBot.check_claims = True
