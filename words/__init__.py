"""The layer of words: every sentence the program shows, made from the model's data.

The model (sweeper/) hands out data: a verdict, a reason, a step. This
package turns it into the sentences a class reads, once, so that every
place that shows the same thing says it the same way. It imports sweeper
only, and nothing here counts or decides: it words what it is given.
"""

from .reasons import reason_text, why_line

__all__ = ["reason_text", "why_line"]
