//! The measurement flow of sha3-asip: design points, firmware builds, benchmark runs checked
//! against the golden model, profiles, and reports.

pub mod design;
pub mod harness;
pub mod msg;
pub mod project;
pub mod bench;
pub mod error;
pub mod exec;
pub mod firmware;
pub mod report;
pub mod results;
pub mod svg;
pub mod profile;
pub mod reproduce;
