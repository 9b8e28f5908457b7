"""The bundled games. Importing this package registers each of them."""

from saqqara.games import tutankhamun

__all__ = ["tutankhamun"]
