"""Game-specific bots, one module per game; each registers its bots on import."""
