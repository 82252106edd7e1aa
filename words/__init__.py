"""Every sentence shown about the model, made from its data (a student check's, so far)."""
