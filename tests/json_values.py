"""JSON values for property tests, with the near twins that ``==`` confuses and JSON text
does not: ``true`` and ``1``, ``0.0`` and ``-0.0``, ``1.0`` and ``1``."""

from __future__ import annotations

from hypothesis import strategies as st

SCALARS = (st.none() | st.booleans() | st.integers(-2, 2) | st.sampled_from([0.0, -0.0, 1.0, 2.5])
           | st.text(max_size=2))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=2), inner, max_size=4), max_leaves=16)
