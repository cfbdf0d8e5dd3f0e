"""Getaway: a table companion for four robber board games."""
