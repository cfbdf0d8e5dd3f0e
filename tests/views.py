"""The views a test reads, typed as the Table declares them: a phone's ``/api/view`` JSON as
its game's public view with what the seat's phone adds, so mypy checks every key a test
reads (the view types' test checks the JSON has exactly those keys); and what the Table
publishes for the table page, the same way."""

from __future__ import annotations

from typing import Any, cast

from flask.testing import FlaskClient

from companion.games.gendarm.views import GendarmSeatView, GendarmView
from companion.games.robnrun.views import RobnRunSeatView, RobnRunView
from companion.games.romme.views import RommeSeatView, RommeView
from companion.games.safehouse.views import SafehouseSeatView, SafehouseView
from companion.table.owner import Table
from companion.table.views import TableView


class RommePhone(RommeView, RommeSeatView):
    """A Räuber-Rommé phone's ``state``."""


class GendarmPhone(GendarmView, GendarmSeatView):
    """A Gendarm phone's ``state``."""


class SafehousePhone(SafehouseView, SafehouseSeatView):
    """A Safehouse phone's ``state``."""


class RobnRunPhone(RobnRunView, RobnRunSeatView):
    """A Rob 'n Run phone's ``state``."""


def phone_view(client: FlaskClient) -> TableView[Any]:
    """What ``client``'s phone reads from ``/api/view`` now (in the lobby or any game)."""
    return cast(TableView[Any], client.get("/api/view").json)


def romme_phone(client: FlaskClient) -> TableView[RommePhone]:
    return cast(TableView[RommePhone], phone_view(client))


def gendarm_phone(client: FlaskClient) -> TableView[GendarmPhone]:
    return cast(TableView[GendarmPhone], phone_view(client))


def safehouse_phone(client: FlaskClient) -> TableView[SafehousePhone]:
    return cast(TableView[SafehousePhone], phone_view(client))


def robnrun_phone(client: FlaskClient) -> TableView[RobnRunPhone]:
    return cast(TableView[RobnRunPhone], phone_view(client))


def robnrun_table(table: Table) -> RobnRunView:
    """The Rob 'n Run game the Table publishes for the table page now."""
    return cast(RobnRunView, table.published.public["state"])
