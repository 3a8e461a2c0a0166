"""Neutral package every stage may import: the error hierarchy and shared concepts.

Nothing here imports a framework or another stage of the pipeline.
"""
