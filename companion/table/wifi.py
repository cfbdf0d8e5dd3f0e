"""The box's own Wi-Fi, for a box that runs a hotspot: checked settings and the join QR payload.

Phone cameras (iOS 11+, Android 10+) join a network from a ``WIFI:`` QR code (ZXing's "Wi-Fi
network config" format). The password is part of that payload, so it only ever goes to the
box's own screen, never into a view a phone or the table page receives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.base import JSON, InvalidAction

SECURITY = ("WPA", "WEP", "nopass")
"""WPA covers WPA2 and WPA3-transition networks too; phones read it that way."""
SSID_BYTES = 32
WPA_PASSWORD = (8, 63)
WEP_PASSWORDS = (5, 10, 13, 26)
SPECIAL = '\\;,":'
"""What a backslash must escape inside a ``WIFI:`` field."""


@dataclass(frozen=True, slots=True)
class Wifi:
    """A network the phones can join: its name, security, password and whether it is hidden."""

    ssid: str
    security: str = "WPA"
    password: str = ""
    hidden: bool = False

    def payload(self) -> str:
        """The QR code's text: ``WIFI:T:WPA;S:<ssid>;P:<password>;;`` with fields escaped."""
        parts = [f"T:{self.security}", f"S:{escape(self.ssid)}"]
        if self.security != "nopass":
            parts.append(f"P:{escape(self.password)}")
        if self.hidden:
            parts.append("H:true")
        return "WIFI:" + ";".join(parts) + ";;"

    def public(self) -> dict[str, JSON]:
        """What the table page may show: everything but the password."""
        return {"ssid": self.ssid, "security": self.security, "hidden": self.hidden}

    def to_json(self) -> dict[str, JSON]:
        return {**self.public(), "password": self.password}

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Wifi:
        return cls(str(data["ssid"]), str(data["security"]), str(data["password"]),
                   bool(data["hidden"]))


def escape(field: str) -> str:
    """A backslash before each of ``\\ ; , " :``, so a name like ``Game;Night`` stays one field."""
    return "".join(f"\\{c}" if c in SPECIAL else c for c in field)


def checked(args: Mapping[str, JSON], before: Wifi | None) -> Wifi:
    """The network described by ``args`` (``ssid``, ``security``, ``password``, ``hidden``).

    A missing password keeps the one saved before for the same network (the table page never
    gets it back to resend); another network name needs its own password. Raises
    InvalidAction with a sentence for a name or password a phone would refuse.
    """
    ssid, security = args.get("ssid"), args.get("security", "WPA")
    hidden = args.get("hidden", False)
    if not isinstance(ssid, str) or not 1 <= len(ssid.encode()) <= SSID_BYTES:
        raise InvalidAction("error.wifi_ssid", maximum=SSID_BYTES)
    if security not in SECURITY or not isinstance(hidden, bool):
        raise InvalidAction("error.action_malformed")
    same = before is not None and (before.ssid, before.security) == (ssid, security)
    if "password" not in args and security != "nopass" and not same:
        raise InvalidAction("error.wifi_password_again")
    password = args.get("password", before.password if same and before else "")
    if not isinstance(password, str):
        raise InvalidAction("error.action_malformed")
    _check_password(str(security), password)
    return Wifi(ssid, str(security), password if security != "nopass" else "", hidden)


def _check_password(security: str, password: str) -> None:
    if security == "WPA" and not WPA_PASSWORD[0] <= len(password) <= WPA_PASSWORD[1]:
        raise InvalidAction("error.wifi_password_wpa", minimum=WPA_PASSWORD[0],
                            maximum=WPA_PASSWORD[1])
    if security == "WEP" and len(password) not in WEP_PASSWORDS:
        raise InvalidAction("error.wifi_password_wep")
