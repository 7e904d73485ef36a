"""Generated protobuf messages (scripts/gen_proto.py); do not edit."""
