"""The physical build: the pin map read by companion.device, wiring and parts."""
