// rv32_sys: the simulated RV32 system: rv32_core, its extension units (rv32_ext, generated
// per design) and one tightly coupled memory with a fetch and a data port. Everything the
// harness needs (host calls, debug register access, the RVFI commit port) is brought out.
module rv32_sys #(
    parameter [31:0] MISA          = 32'h4000_1100,
    parameter        DIV_EARLY_OUT = 0,
    parameter        MEM_BYTES     = 4 * 1024 * 1024
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire [31:0] mem_base_i,
    input  wire [31:0] boot_addr_i,
`include "core_host_ports.vh"
`include "core_commit_ports.vh"
);
    wire [31:0] imem_addr, imem_rdata, dmem_addr, dmem_wdata, dmem_rdata;
    wire        imem_err, dmem_req, dmem_we, dmem_err;
    wire [3:0]  dmem_be;

    /* verilator lint_off PINCONNECTEMPTY */
    rv32_core #(.MISA(MISA), .DIV_EARLY_OUT(DIV_EARLY_OUT)) u_core (
        .clk_i(clk_i), .rst_ni(rst_ni), .boot_addr_i(boot_addr_i),
        .imem_addr_o(imem_addr), .imem_rdata_i(imem_rdata), .imem_err_i(imem_err),
        .dmem_req_o(dmem_req), .dmem_we_o(dmem_we), .dmem_be_o(dmem_be),
        .dmem_addr_o(dmem_addr), .dmem_wdata_o(dmem_wdata), .dmem_err_i(dmem_err),
        .dmem_rdata_i(dmem_rdata),
        .host_call_o(host_call_o), .host_wdata_i(host_wdata_i),
        .dbg_raddr_i(dbg_raddr_i), .dbg_rdata_o(dbg_rdata_o), .dbg_we_i(dbg_we_i),
        .dbg_waddr_i(dbg_waddr_i), .dbg_wdata_i(dbg_wdata_i),
        .rvfi_valid(rvfi_valid), .rvfi_order(rvfi_order), .rvfi_insn(rvfi_insn),
        .rvfi_trap(rvfi_trap), .rvfi_halt(), .rvfi_intr(), .rvfi_mode(), .rvfi_ixl(),
        .rvfi_rs1_addr(), .rvfi_rs2_addr(), .rvfi_rs1_rdata(), .rvfi_rs2_rdata(),
        .rvfi_rd_addr(rvfi_rd_addr), .rvfi_rd_wdata(rvfi_rd_wdata),
        .rvfi_pc_rdata(rvfi_pc_rdata), .rvfi_pc_wdata(rvfi_pc_wdata),
        .rvfi_mem_addr(rvfi_mem_addr), .rvfi_mem_rmask(), .rvfi_mem_wmask(rvfi_mem_wmask),
        .rvfi_mem_rdata(), .rvfi_mem_wdata(rvfi_mem_wdata),
        .commit_cause_o(commit_cause_o), .commit_tval_o(commit_tval_o)
    );
    /* verilator lint_on PINCONNECTEMPTY */

    rv32_tcm #(.BYTES(MEM_BYTES)) u_tcm (
        .clk_i(clk_i), .base_i(mem_base_i), .f_addr_i(imem_addr), .f_rdata_o(imem_rdata), .f_err_o(imem_err),
        .d_req_i(dmem_req), .d_we_i(dmem_we), .d_be_i(dmem_be), .d_addr_i(dmem_addr),
        .d_wdata_i(dmem_wdata), .d_rdata_o(dmem_rdata), .d_err_o(dmem_err)
    );
endmodule
