// The commit record the harnesses read (hw/cores/tb), the last ports of a simulation
// system's port list (rv32_sys, mips_sys; mips_sys continues with HI/LO after a comma): the
// instruction in the core's commit stage with riscv-formal names (the core has the whole
// RVFI port on RV32), then its trap details (mcause / the MIPS exception code, and mtval /
// the bad address). mips_core declares the same ports itself (see core_host_ports.vh why).
    output wire        rvfi_valid,
    output wire [63:0] rvfi_order,
    output wire [31:0] rvfi_insn,
    output wire        rvfi_trap,
    output wire [4:0]  rvfi_rd_addr,
    output wire [31:0] rvfi_rd_wdata,
    output wire [31:0] rvfi_pc_rdata,
    output wire [31:0] rvfi_pc_wdata,
    output wire [31:0] rvfi_mem_addr,
    output wire [3:0]  rvfi_mem_wmask,
    output wire [31:0] rvfi_mem_wdata,
    output wire [31:0] commit_cause_o,
    output wire [31:0] commit_tval_o
