//! Register numbers by ABI name, for tests that write instruction words by hand
//! (`use asip_testkit::regs::rv32::{A0, T0};`).

/// `pub const NAME: u32` for each name, numbered 0, 1, ... in the order given.
macro_rules! numbered {
    ($($name:ident),* $(,)?) => {
        numbered!(@ 0u32; $($name),*);
    };
    (@ $n:expr; $name:ident $(, $rest:ident)*) => {
        pub const $name: u32 = $n;
        numbered!(@ $n + 1; $($rest),*);
    };
    (@ $n:expr;) => {};
}

/// RISC-V: x0..x31 by their ABI names.
pub mod rv32 {
    numbered!(
        ZERO, RA, SP, GP, TP, T0, T1, T2, S0, S1, A0, A1, A2, A3, A4, A5, A6, A7, S2, S3, S4, S5,
        S6, S7, S8, S9, S10, S11, T3, T4, T5, T6,
    );
}

/// MIPS o32: $0..$31 by their ABI names.
pub mod mips {
    numbered!(
        ZERO, AT, V0, V1, A0, A1, A2, A3, T0, T1, T2, T3, T4, T5, T6, T7, S0, S1, S2, S3, S4, S5,
        S6, S7, T8, T9, K0, K1, GP, SP, S8, RA,
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_follow_the_abi_order() {
        use super::{mips, rv32};
        assert_eq!(
            (rv32::ZERO, rv32::T0, rv32::A0, rv32::S2, rv32::T6),
            (0, 5, 10, 18, 31)
        );
        assert_eq!(
            (mips::A0, mips::T0, mips::T8, mips::SP, mips::RA),
            (4, 8, 24, 29, 31)
        );
    }
}
