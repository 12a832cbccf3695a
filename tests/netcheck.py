"""Every socket of a process tree on loopback: what a test or benchmark run may open, and nothing else."""

from __future__ import annotations

import psutil

LOOPBACK = {"127.0.0.1", "::1", "::ffff:127.0.0.1"}


def off_loopback(root: psutil.Process | None = None) -> list[str]:
    """The sockets of ``root`` (this process by default) and all its descendants that listen on or
    connect to any address but loopback: ``0.0.0.0`` and ``::`` (every interface) count as off it."""
    root = root or psutil.Process()
    found = []
    for process in [root, *root.children(recursive=True)]:
        try:
            connections = process.net_connections(kind="inet")
            name = process.name()
        except psutil.Error:  # a process that ended while we looked
            continue
        for connection in connections:
            ends = [connection.laddr.ip] + ([connection.raddr.ip] if connection.raddr else [])
            if any(ip not in LOOPBACK for ip in ends):
                found.append(f"{name} (pid {process.pid}) {connection.status} {connection.laddr} -> {connection.raddr}")
    return found
