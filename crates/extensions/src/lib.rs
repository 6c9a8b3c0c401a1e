//! Every instruction-set extension of the project, registered with the simulator.
//!
//! The simulator crate knows the standard extensions (I, M, Zicsr, Zbb, Zbkb); the
//! project's own extensions live in `isa/<name>/` as crates of their own. Adding one is
//! a dependency in this crate's Cargo.toml and one line in [`registry`].

use asip_sim::isa::Registry;

pub mod gen;
pub mod port;

/// The standard extensions plus every extension folder under `isa/`.
pub fn registry() -> Registry {
    #[allow(unused_mut)]
    let mut r = Registry::new();
    // One line per extension folder, e.g.:
    // r.register(std::sync::Arc::new(isa_oasip::Oasip));
    r.register(std::sync::Arc::new(isa_oasip::Oasip));
    r.register(std::sync::Arc::new(isa_dasip::Dasip));
    r.register(std::sync::Arc::new(isa_mips_native::MipsNative));
    r.register(std::sync::Arc::new(isa_mips_coproc::MipsCop));
    r.register(std::sync::Arc::new(isa_xkeccak::Xkeccak));
    r.register(std::sync::Arc::new(isa_xvkeccak::Xvkeccak));
    r.register(std::sync::Arc::new(isa_xvkeccakr::Xvkeccakr));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_extensions_are_present() {
        let names = registry().names();
        for n in ["i", "m", "zicsr", "zbb", "zbkb"] {
            assert!(names.contains(&n), "{n} missing from {names:?}");
        }
    }
}
