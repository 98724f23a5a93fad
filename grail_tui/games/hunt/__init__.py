"""The Hunt for the Grail (Die Jagd nach dem Gral): engine, bots, log wording, screens."""
