import os

from hypothesis import Phase, settings

# CI explores the same examples every run; locally, new ones each time.
settings.register_profile("ci", derandomize=True, print_blob=True)
# Mutation runs (docs/testing.md) only ask whether a test fails: no time spent shrinking.
settings.register_profile("mutation", derandomize=True, database=None,
                          phases=[Phase.explicit, Phase.generate])
if os.environ.get("GRAIL_MUTATION"):
    settings.load_profile("mutation")
elif os.environ.get("CI"):
    settings.load_profile("ci")
