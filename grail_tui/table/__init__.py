"""One table runs one game for any mix of seats: people here, people connected, bots."""

from .client import LocalClient, TableClient
from .seats import SeatConfig
from .settings import TableSettings
from .table import Table
from .updates import SeatUpdate, TableError

__all__ = ["LocalClient", "SeatConfig", "SeatUpdate", "Table", "TableClient", "TableError", "TableSettings"]
