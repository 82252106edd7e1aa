"""The store: the data folder and all that reads or writes it; it draws and words nothing."""
