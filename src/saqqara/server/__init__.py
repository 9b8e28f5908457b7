"""``saqqara serve``: online tables, server-authoritative and crash-safe.

The ASGI app (``app``), the live tables (``live``), the bot pool (``bots``), the wire
messages (``messages``), the checks on everything from outside (``guard``) and the wording
of labels and events (``wording``). ``docs/protocol.md`` documents the protocol.
"""
