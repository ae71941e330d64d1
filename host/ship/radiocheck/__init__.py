"""Check scripts for a person with two boards: each a standalone code.py (docs/link.md)."""
