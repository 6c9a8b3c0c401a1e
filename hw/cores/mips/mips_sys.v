// mips_sys: the simulated MIPS system: mips_core, its extension units (mips_ext, generated
// per design) and the tightly coupled memory shared with the RV32 system (rv32_tcm: one
// array, a fetch and a data port). Everything the harness needs is brought out.
module mips_sys #(
    parameter        MEM_BYTES = 4 * 1024 * 1024
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire [31:0] mem_base_i,   // byte address of the memory (held; see rv32_tcm)
    input  wire [31:0] boot_addr_i,
`include "core_host_ports.vh"
`include "core_commit_ports.vh"
    ,   // and HI/LO (core_commit_ports.vh ends without a comma)
    output wire [31:0] commit_hi_o,
    output wire [31:0] commit_lo_o,
    output wire        commit_hilo_pend_o,
    output wire        hilo_done_o,
    output wire [31:0] hilo_hi_o,
    output wire [31:0] hilo_lo_o
);
`include "core_sys_memory.vh"

    mips_core u_core (
        .commit_hi_o(commit_hi_o), .commit_lo_o(commit_lo_o),
        .commit_hilo_pend_o(commit_hilo_pend_o), .hilo_done_o(hilo_done_o),
        .hilo_hi_o(hilo_hi_o), .hilo_lo_o(hilo_lo_o),
`include "core_sys_connect.vh"
    );
endmodule
