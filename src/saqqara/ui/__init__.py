"""Faces for people: terminal rendering and play. The engine never renders itself."""
