"""The bundled terminal renderers, one module per game; importing registers them."""
