"""Tools that test games against the contract: the conformance kit, golden playthroughs and
named positions. Only tests, scripts and benchmarks import this package; it stands on
``core`` (and, through the registry, the bundled games) and nothing of ours imports it."""
