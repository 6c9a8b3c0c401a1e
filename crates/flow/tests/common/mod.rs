#![allow(dead_code)]
//! Helpers shared by the tests that build and run the designs' firmware.

use asip_flow::design::Design;
use asip_flow::{firmware, project};
use std::path::PathBuf;

pub use asip_testkit::root;

/// A design's benchmark firmware, built (or reused); without the cross compiler the test
/// fails with the install hint rather than passing silently.
pub fn elf_of(d: &Design) -> PathBuf {
    if let Err(e) = project::require(firmware::compiler_for(d.arch)) {
        panic!("cannot build firmware for {}: {e}", d.name);
    }
    firmware::build(&root(), d).unwrap_or_else(|e| panic!("{e}"))
}

/// Fails if anything went wrong: `bad` holds one line per wrong case; the message gives
/// their count and the first five.
pub fn assert_none_wrong(what: &str, bad: &[String]) {
    assert!(
        bad.is_empty(),
        "{what}: {} wrong, first: {:?}",
        bad.len(),
        &bad[..bad.len().min(5)]
    );
}
