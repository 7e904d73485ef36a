"""Generated protobuf messages."""
