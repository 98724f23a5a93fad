"""The rules of Pulling Strings, pure."""
