// rv32_sys: the simulated RV32 system: rv32_core, its extension units (rv32_ext, generated
// per design) and one tightly coupled memory with a fetch and a data port. Everything the
// harness needs (host calls, debug register access, the RVFI commit port) is brought out.
module rv32_sys #(
    parameter [31:0] MISA          = 32'h4000_1100,
    parameter        DIV_EARLY_OUT = 0,
    parameter        HAS_EXT       = 1,
    parameter        MEM_BYTES     = 4 * 1024 * 1024
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire [31:0] mem_base_i,
    input  wire [31:0] boot_addr_i,
`include "core_host_ports.vh"
`include "core_commit_ports.vh"
);
`include "core_sys_memory.vh"

    /* verilator lint_off PINCONNECTEMPTY */
    rv32_core #(.MISA(MISA), .DIV_EARLY_OUT(DIV_EARLY_OUT), .HAS_EXT(HAS_EXT)) u_core (
        // the RVFI outputs the system does not bring out
        .rvfi_halt(), .rvfi_intr(), .rvfi_mode(), .rvfi_ixl(),
        .rvfi_rs1_addr(), .rvfi_rs2_addr(), .rvfi_rs1_rdata(), .rvfi_rs2_rdata(),
        .rvfi_mem_rmask(), .rvfi_mem_rdata(),
`include "core_sys_connect.vh"
    );
    /* verilator lint_on PINCONNECTEMPTY */
endmodule
