//! The measurement flow of sha3-asip: design points, firmware builds, benchmark runs checked
//! against the golden model, profiles, and reports.

pub mod bench;
pub mod design;
pub mod difftest;
mod dir;
pub mod error;
pub mod exec;
pub mod findings;
pub mod firmware;
pub mod harness;
pub mod hw;
pub mod lockstep;
pub mod md;
pub mod msg;
pub mod profile;
pub mod project;
pub mod report;
pub mod reproduce;
pub mod results;
pub mod riscv_tests;
pub mod rtl;
pub mod sweep;
pub mod tasks;
