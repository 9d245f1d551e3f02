"""Bind `ai` to the real bots package before anything else imports it.

tests/ai has no __init__.py (with one it would shadow the package it tests), so
when pytest puts tests/ on sys.path, `tests/ai` can be taken for a namespace
package called `ai`.  Importing the real one here, while pytest visits this
directory first, keeps every later `import ai` on the real package.  A
`pythonpath = ["."]` in pyproject's pytest options would settle it for good.
"""

import ai  # noqa: F401
