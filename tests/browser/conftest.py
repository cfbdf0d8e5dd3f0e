"""What the browser tests share: a real phone server on a free port for the module's ``table``
fixture, answering the join code the phones in these tests scan."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.server.app import create_app
from companion.server.serve import Server, serve
from companion.table.owner import Table

JOIN_CODE = "KM7RX"


@pytest.fixture
def server(table: Table) -> Iterator[Server]:
    server = serve(create_app(table, public_url="http://127.0.0.1", join_code=JOIN_CODE),
                   host="127.0.0.1", port=0)
    yield server
    server.close()
