//! Differential testing (issue 35): generated programs run on every engine that implements
//! their ISA (qemu-user where the ISA is standard, the simulator, the processor RTL), and
//! the outcomes, outputs and commit logs compared.

pub mod elf;
