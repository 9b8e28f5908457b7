"""The bundled games, one subpackage each. Importing this package registers all of them."""

from saqqara.core.discovery import import_submodules

import_submodules(__name__)
