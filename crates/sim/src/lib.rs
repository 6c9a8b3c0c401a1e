//! Simulator (placeholder, being written).
