"""The table: the one owner of the state (``owner``) and what it publishes (``published``),
its event log on the SD card
(``store``, ``wal``), the table's own rules (``rules`` with ``seats``, ``hosts``,
``settings``, ``documents``), what it keeps (``state``), what it shows (``views``, ``menu``)
and the record of a game that ended (``finished``)."""
