import os

from hypothesis import settings

# CI explores the same examples every run; locally, new ones each time.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
