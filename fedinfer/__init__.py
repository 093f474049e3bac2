"""The `fedinfer` command line and the local launcher that wires the packages together."""
