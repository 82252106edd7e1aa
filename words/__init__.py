"""Words: every sentence shown about the model, made from data the layers below return."""
