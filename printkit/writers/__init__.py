"""One writer per output format: each turns ``draw.Page`` objects into bytes."""
