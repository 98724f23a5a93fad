"""Shared-server play: the server, its storage, the wire protocol and a client."""
