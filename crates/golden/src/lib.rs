//! Golden Keccak model (placeholder, being written).
