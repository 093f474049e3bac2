"""The region node: OpenAI-compatible API, local engines, the egress path and the worker."""
