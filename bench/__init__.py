"""Benchmarks: each module prints its figures next to the issue's target. `python -m bench` runs all."""
