"""Benchmarks behind `grail-tui bench ...`; each returns a JSON-ready dict."""
