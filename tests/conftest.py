"""The whole suite: Hypothesis runs derandomized (profile ``ci``) unless GETAWAY_PROOF=1, and
a test that moves the Table's time asks for ``clock``."""

import pytest
from hypothesis import settings

from tests.clock import FakeClock
from tests.proof import PROOF

settings.load_profile("proof" if PROOF else "ci")


@pytest.fixture
def clock() -> FakeClock:
    """A clock that stands still until the test moves it."""
    return FakeClock()
