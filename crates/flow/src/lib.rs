//! The measurement flow of sha3-asip: design points, firmware builds, benchmark runs checked
//! against the golden model, profiles, and reports.

pub mod design;
pub mod harness;
pub mod msg;
pub mod project;
