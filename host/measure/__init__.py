"""Figures: benchmarks, allocation, heap and flash."""
