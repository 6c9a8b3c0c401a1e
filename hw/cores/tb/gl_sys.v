// gl_sys: the gate-level simulation system of the power flow (hw/scripts/power.py): the
// processor's mapped OSU netlist (the one OpenSTA times: rv32_core or mips_core without
// RISCV_FORMAL, so without the RVFI and debug ports) on the same tightly coupled memory as
// the RTL systems (rv32_tcm, core_sys_memory.vh). The harness (gate_harness.cpp) reads and
// loads registers through the netlist's register-file flip-flops.
module gl_sys #(
    parameter MEM_BYTES = 4 * 1024 * 1024
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire [31:0] mem_base_i,
    input  wire [31:0] boot_addr_i,
    output wire        host_call_o,
    input  wire [31:0] host_wdata_i
);
`include "core_sys_memory.vh"

    `GL_TOP u_core (
        .clk_i(clk_i), .rst_ni(rst_ni), .boot_addr_i(boot_addr_i),
        .imem_addr_o(imem_addr), .imem_rdata_i(imem_rdata), .imem_err_i(imem_err),
        .dmem_req_o(dmem_req), .dmem_we_o(dmem_we), .dmem_be_o(dmem_be),
        .dmem_addr_o(dmem_addr), .dmem_wdata_o(dmem_wdata), .dmem_err_i(dmem_err),
        .dmem_rdata_i(dmem_rdata),
        .host_call_o(host_call_o), .host_wdata_i(host_wdata_i)
    );
endmodule
