"""The game screen's widgets, one per area of the screen."""
