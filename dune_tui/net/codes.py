"""Secret seat codes and the join address `HOST:PORT/CODE`.

A code is 24 bytes from the OS (`secrets.token_urlsafe`, 192 bits), one per human seat and one for spectators,
fresh each time a table is hosted; a presented code is compared with every code in constant time."""

from __future__ import annotations

import hmac
import ipaddress
import secrets

from ..table.messages import SPECTATOR

CODE_BYTES = 24


class Codes:
    def __init__(self, seats: list[int]) -> None:
        """Codes for `seats` (each a seat, or SPECTATOR)."""
        self.by_seat = {seat: secrets.token_urlsafe(CODE_BYTES) for seat in seats}

    def seat_of(self, code: str) -> int | None:
        """The seat this code sits at (SPECTATOR for the spectators' code), None if it is no code of ours."""
        found = None
        given = code.encode("utf-8", "replace")
        for seat, secret in self.by_seat.items():
            if hmac.compare_digest(given, secret.encode()):
                found = seat
        return found


def address(host: str, port: int, code: str) -> str:
    """What `dune-tui join` takes: `HOST:PORT/CODE` (an IPv6 host in brackets)."""
    with_brackets = f"[{host}]" if ":" in host else host
    return f"{with_brackets}:{port}/{code}"


def parse_address(text: str) -> tuple[str, int, str]:
    """(host, port, code) from `HOST:PORT/CODE`; ValueError with a sentence if it is not one."""
    where, slash, code = text.strip().partition("/")
    host, colon, port = where.rpartition(":")
    if not slash or not code or not colon or not host:
        raise ValueError("a join code looks like HOST:PORT/CODE, as `dune-tui host` printed it")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
        ipaddress.IPv6Address(host)
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"the port must be a number from 1 to 65535, not {port[:20]!r}")
    return host, int(port), code


def label(seat: int) -> str:
    return "spectator" if seat == SPECTATOR else f"seat {seat + 1}"
