"""What the window knows, decides and says, with no pygame: the Session, the Classroom, the frame.

screen/ draws a Frame and turns events into commands; runner.py wires the two.
"""
