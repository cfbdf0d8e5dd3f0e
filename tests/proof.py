"""How hard the property and fuzz tests try: a fixed budget in CI, the long proof on request.

``GETAWAY_PROOF=1 ./dev test`` runs every property with at least 10 000 examples (and the
HTTP fuzz test with as many requests); without it the suite is quick and derandomized.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROOF = os.environ.get("GETAWAY_PROOF") == "1"
PROOF_EXAMPLES = 10_000


def examples(ci: int) -> int:
    """How many examples a property gets: ``ci`` in a normal run, 10 000 in the proof."""
    return max(ci, PROOF_EXAMPLES) if PROOF else ci


settings.register_profile("ci", derandomize=True, database=None, deadline=None,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("proof", derandomize=False, database=None, deadline=None,
                          max_examples=PROOF_EXAMPLES, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
