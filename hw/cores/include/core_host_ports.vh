// The harness ports of a processor's simulation system (rv32_sys, mips_sys), inside its port
// list: host calls (the core's README says which instruction and ABI; hw/cores/tb services
// them) and debug access to the register file. The cores (rv32_core, mips_core) declare the
// same ports in their own lists: including this there would move their lines, and Yosys'
// automatic names carry file:line and order synthesis (docs/hardware.md, "Caching"), so
// the processors' figures could change.
    output wire        host_call_o,
    input  wire [31:0] host_wdata_i,    // the value the host call returns (a0 / v0)
    // debug register access (harness only; tie off in a real system)
    input  wire [4:0]  dbg_raddr_i,
    output wire [31:0] dbg_rdata_o,
    input  wire        dbg_we_i,
    input  wire [4:0]  dbg_waddr_i,
    input  wire [31:0] dbg_wdata_i,
