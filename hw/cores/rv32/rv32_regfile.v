// rv32_regfile: 31 x 32-bit general-purpose registers (x0 reads as zero), four asynchronous
// read ports (a, b: the operands of the instruction in decode; c, d: registers an extension
// unit names itself in execute; a core that does not use c and d ties them off and synthesis
// removes them), one synchronous write port. Written as a plain array so that FPGA flows map it
// to LUT RAM (ECP5: DPR16X4, one copy per read port; no reset: the architectural registers
// are undefined at reset; the harness loads sp like a Linux loader does, through the debug
// write port). The fifth read port (the harness's debug reads) exists only with
// RISCV_FORMAL, which the simulation harnesses define and the synthesis flows do not.
module rv32_regfile (
    input  wire        clk_i,
    input  wire [4:0]  raddr_a_i,
    input  wire        rzero_a_i,   // raddr_a_i is x0 (from a register: see below)
    output wire [31:0] rdata_a_o,
    input  wire [4:0]  raddr_b_i,
    input  wire        rzero_b_i,
    output wire [31:0] rdata_b_o,
    input  wire [4:0]  raddr_c_i,
    input  wire        rzero_c_i,
    output wire [31:0] rdata_c_o,
    input  wire [4:0]  raddr_d_i,
    input  wire        rzero_d_i,
    output wire [31:0] rdata_d_o,
`ifdef RISCV_FORMAL
    input  wire [4:0]  raddr_e_i,
    output wire [31:0] rdata_e_o,
`endif
    input  wire        we_i,
    input  wire [4:0]  waddr_i,
    input  wire [31:0] wdata_i
);
    reg [31:0] mem_q [1:31] /* verilator public_flat_rw */;

    always @(posedge clk_i) begin
        if (we_i && waddr_i != 5'd0) begin
            mem_q[waddr_i] <= wdata_i;
        end
    end

    // x0 reads zero by a flag the caller computes (a core registers it with the instruction):
    // gated by a compare of the read address itself, the two 32-bit read ports cost 514
    // LUT4 on ECP5 instead of 66 (Yosys 0.23's abc9 on the address -> LUT RAM -> gate
    // reconvergence; docs/rv32-core.md, "Area and clock")
    assign rdata_a_o = rzero_a_i ? 32'd0 : mem_q[raddr_a_i];
    assign rdata_b_o = rzero_b_i ? 32'd0 : mem_q[raddr_b_i];
    assign rdata_c_o = rzero_c_i ? 32'd0 : mem_q[raddr_c_i];
    assign rdata_d_o = rzero_d_i ? 32'd0 : mem_q[raddr_d_i];
`ifdef RISCV_FORMAL
    assign rdata_e_o = (raddr_e_i == 5'd0) ? 32'd0 : mem_q[raddr_e_i];
`endif
endmodule
