"""Who may read a part of a view, declared once on the view's type (``Annotated[int, SEAT]``)
and read by the Table's ``strip``, which every view passes on its way out."""

from __future__ import annotations

from enum import Enum


class Visible(Enum):
    """A part of a view that not every reader may see, and who may."""

    BOX = "box"
    """The box's own screen alone (the Wi-Fi password in its QR code): never a phone."""
    HOST = "host"
    """A host's phone or table page (the join code)."""
    SEAT = "seat"
    """The seat whose phone the view is made for (its own secret): never the table page,
    the box's screen or another seat."""


BOX = Visible.BOX
HOST = Visible.HOST
SEAT = Visible.SEAT
