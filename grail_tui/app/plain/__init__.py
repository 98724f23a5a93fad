"""The plain front end (`grail-tui --plain`, `ssh HOST plain`): every game as lines of text.

For screen readers and braille displays: no alternate screen, no cursor addressing, no colour;
what changed is said as a line, choices are numbered, typing is ordinary line input. It stands on
the same table clients as the full screen (LocalClient, RemoteClient), so every rule, refusal and
secret is the same; each game gives only its words and choices (its ``ui().plain()``).
"""
