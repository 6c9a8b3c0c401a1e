// rv32_mul: the RV32M multiplier (mul, mulh, mulhsu, mulhu) in two cycles: the 33 x 33
// signed product of the operands is registered at the end of the first cycle, and the
// half the instruction asks for is selected from that register in the second. The
// instruction holds the execute stage for both (latency.mul = 2 in the zscale timing
// models; docs/rv32-core.md "Area and clock" says why it is not single-cycle any more).
module rv32_mul (
    input  wire        clk_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    input  wire [2:0]  funct3_i,   // 0 mul, 1 mulh, 2 mulhsu, 3 mulhu (held while in X)
    output wire [31:0] result_o
);
    wire        a_signed = (funct3_i == 3'b001) || (funct3_i == 3'b010);
    wire        b_signed = (funct3_i == 3'b001);
    wire signed [32:0] ma = {a_signed & a_i[31], a_i};
    wire signed [32:0] mb = {b_signed & b_i[31], b_i};
    /* verilator lint_off UNUSEDSIGNAL */
    reg  signed [65:0] prod_q;      // bits 65:64 are sign copies
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk_i) begin
        prod_q <= ma * mb;
    end
    assign result_o = (funct3_i == 3'b000) ? prod_q[31:0] : prod_q[63:32];
endmodule
