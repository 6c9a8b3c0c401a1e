// rv32_mul: the RV32M multiplier (mul, mulh, mulhsu, mulhu) in two cycles. The operands,
// sign- or zero-extended to 33 bits, are split into a signed high half (bits 32:17) and an
// unsigned low half (bits 16:0), so each of the four partial products fits one 18 x 18
// multiplier (an FPGA DSP block). The first cycle multiplies and adds the two middle
// products; the three values are registered; the second cycle adds them into the 64-bit product and selects the half the
// instruction asks for (the core's last result multiplexer takes it directly). The instruction holds the execute
// stage for both (latency.mul = 2 in the zscale timing models; docs/rv32-core.md "Area and
// clock" says why it is not single-cycle, and why the adds are split this way).
module rv32_mul (
    input  wire        clk_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    input  wire        a_signed_i, // mulh, mulhsu (decoded with the instruction)
    input  wire        b_signed_i, // mulh
    input  wire        high_i,     // mulh, mulhsu, mulhu
    output wire [31:0] result_o
);
    wire        a_signed = a_signed_i;
    wire        b_signed = b_signed_i;
    wire signed [15:0] ah = {a_signed & a_i[31], a_i[31:17]};
    wire signed [15:0] bh = {b_signed & b_i[31], b_i[31:17]};
    wire signed [17:0] al = {1'b0, a_i[16:0]};
    wire signed [17:0] bl = {1'b0, b_i[16:0]};
    // first cycle: the four products al*bl (34 bits, unsigned), ah*bh (32 bits, signed),
    // and the sum of the two middle ones ah*bl + al*bh (35 bits, signed), registered
    reg  [33:0]        ll_q;
    reg  signed [31:0] hh_q;
    reg  signed [34:0] mid_q;
    wire signed [35:0] p_ll = al * bl;
    wire signed [33:0] p_hl = ah * bl;
    wire signed [33:0] p_lh = al * bh;
    always @(posedge clk_i) begin
        ll_q  <= p_ll[33:0];
        hh_q  <= ah * bh;
        mid_q <= p_hl + p_lh;
    end
    // second cycle: ah*bh * 2^34 + al*bl (disjoint bits: a concatenation) + the middle
    // products' sum * 2^17
    /* verilator lint_off UNUSEDSIGNAL */
    wire [65:0] prod = {hh_q, ll_q} + {{14{mid_q[34]}}, mid_q, 17'd0};
    wire [1:0]  p_ll_top = p_ll[35:34];   // zero: al and bl are 17-bit unsigned
    /* verilator lint_on UNUSEDSIGNAL */
    assign result_o = high_i ? prod[63:32] : prod[31:0];
endmodule
