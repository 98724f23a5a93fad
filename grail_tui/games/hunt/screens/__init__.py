"""The hunt's screens; their CSS (hunt.tcss) names each screen it styles."""

from pathlib import Path

HUNT_CSS = Path(__file__).parent / "hunt.tcss"
