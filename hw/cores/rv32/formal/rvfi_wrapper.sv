// rvfi_wrapper: the RV32 core (hw/cores/rv32/rv32_core.v, with the design's generated
// rv32_ext) in riscv-formal's testbench (third_party/riscv-formal, docs/formal.md).
// Formal only: read by hw/scripts/formal.py, never by a simulation or synthesis flow.
//
// The environment the checks prove the core in:
// - instruction and data memory: every fetched word, load data word and ecall host value
//   is unconstrained (a new free value each cycle), the boot address a free constant,
//   word-aligned (assumed: the core does not check boot_addr_i; every image's entry is);
// - no access faults: imem_err_i and dmem_err_i are 0 (the fault paths are covered by the
//   lockstep, riscv-tests and difftest runs, not here);
// - the harness's debug register port is idle (dbg_we_i = 0).
module rvfi_wrapper (
    input         clock,
    input         reset,
    `RVFI_OUTPUTS
);
    (* keep *) `rvformal_rand_reg [31:0] imem_rdata;
    (* keep *) `rvformal_rand_reg [31:0] dmem_rdata;
    (* keep *) `rvformal_rand_reg [31:0] host_wdata;
    (* keep *) `rvformal_rand_const_reg [31:0] boot_addr;

    always @* assume (boot_addr[1:0] == 2'b00);

`ifdef RV32_FORMAL_LOOPS
`ifdef RISCV_FORMAL_INSN_MODEL
    // Designs with xoasip's hardware loops, instruction checks only: no loop is armed when
    // the checked instruction retires, i.e. no doloop with a non-zero count retires before
    // the check cycle (loops are disarmed at reset; a younger doloop cannot change an older
    // instruction's record). An armed loop changes the next pc of whatever instruction
    // falls through at its end (isa/oasip/README.md "doloop"), which no instruction model
    // knows; the order checks (reg, pc_fwd, ...) run without this assumption, loop-backs
    // included. docs/formal.md.
    reg  [7:0] cycle_q = 8'd0;
    wire [7:0] cycle = reset ? 8'd0 : cycle_q;
    always @(posedge clock) cycle_q <= reset ? 8'd1 : cycle_q + (cycle_q != 8'hff);
    wire retired_doloop = rvfi_valid && !rvfi_trap && rvfi_insn[6:0] == 7'b0001011 &&
                          rvfi_insn[14:12] == 3'b010 && rvfi_rs1_rdata != 32'd0;
    always @* if (cycle < `RISCV_FORMAL_CHECK_CYCLE) assume (!retired_doloop);
`endif
`endif

    (* keep *) wire [31:0] imem_addr;
    (* keep *) wire        dmem_req, dmem_we;
    (* keep *) wire [3:0]  dmem_be;
    (* keep *) wire [31:0] dmem_addr, dmem_wdata;
    (* keep *) wire        host_call;
    (* keep *) wire [31:0] dbg_rdata, commit_cause, commit_tval;

    // the design's parameters (`sha3-asip rtl files`), defined by hw/scripts/formal.py
    rv32_core #(
        .MISA(`RV32_FORMAL_MISA),
        .DIV_EARLY_OUT(`RV32_FORMAL_DIV_EARLY_OUT)
    ) uut (
        .clk_i(clock), .rst_ni(!reset), .boot_addr_i(boot_addr),
        .imem_addr_o(imem_addr), .imem_rdata_i(imem_rdata), .imem_err_i(1'b0),
        .dmem_req_o(dmem_req), .dmem_we_o(dmem_we), .dmem_be_o(dmem_be),
        .dmem_addr_o(dmem_addr), .dmem_wdata_o(dmem_wdata), .dmem_err_i(1'b0),
        .dmem_rdata_i(dmem_rdata),
        .dbg_raddr_i(5'd0), .dbg_rdata_o(dbg_rdata), .dbg_we_i(1'b0), .dbg_waddr_i(5'd0),
        .dbg_wdata_i(32'd0),
        `RVFI_CONN32,
        .commit_cause_o(commit_cause), .commit_tval_o(commit_tval),
        .host_call_o(host_call), .host_wdata_i(host_wdata)
    );
endmodule
