"""The bundled terminal renderers (and board drawings), one module per game."""

from saqqara.core.discovery import import_submodules

import_submodules(__name__)
