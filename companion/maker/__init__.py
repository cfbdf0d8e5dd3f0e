"""The maker's drawings and models of the box, made from hardware/pins.toml."""
