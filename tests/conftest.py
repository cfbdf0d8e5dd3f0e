"""The whole suite: Hypothesis runs derandomized (profile ``ci``) unless GETAWAY_PROOF=1."""

from hypothesis import settings

from tests.proof import PROOF

settings.load_profile("proof" if PROOF else "ci")
