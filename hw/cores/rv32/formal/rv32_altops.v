// Formal-only stand-ins for rv32_mul and rv32_div (same module names and ports, read by
// hw/scripts/formal.py in place of rv32_mul.v and rv32_div.v; never simulated or
// synthesized). riscv-formal's RISCV_FORMAL_ALTOPS convention: an SMT solver cannot prove
// a 32 x 32 multiplier or a 32-step divider equal to `*` and `/` in reasonable time, so
// the spec models (third_party/riscv-formal/insns/insn_{mul,...,remu}.v) and the core
// compute a cheap stand-in, (rs1 +/- rs2) ^ a constant per instruction, through the same
// handshake as the real units. The checks then prove the core's decode, operand routing,
// bypasses, stalls and write-back of M instructions; the arithmetic of the real units is
// tested by the lockstep, riscv-tests and difftest runs (docs/formal.md).
module rv32_mul #(
    parameter LATENCY = 3    // cycles in X, start cycle included (the real unit: 6)
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        start_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    input  wire        a_signed_i,
    input  wire        b_signed_i,
    input  wire        high_i,
    output wire        done_o,
    output wire [31:0] result_o
);
    // the real unit's protocol: operands and signs taken with start_i (cycle 1) only, done_o
    // in the instruction's last cycle in X, the half selected by high_i then
    reg  [2:0]  cnt_q;         // 0: idle
    reg  [31:0] a_q, b_q;
    reg         as_q, bs_q;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)                      cnt_q <= 3'd0;
        else if (cnt_q == 3'd0)           cnt_q <= {2'd0, start_i};
        else if (cnt_q == LATENCY - 1)    cnt_q <= 3'd0;
        else                              cnt_q <= cnt_q + 3'd1;
    end
    always @(posedge clk_i) begin
        if (cnt_q == 3'd0 && start_i) begin
            a_q  <= a_i;
            b_q  <= b_i;
            as_q <= a_signed_i;
            bs_q <= b_signed_i;
        end
    end
    wire [31:0] sum  = a_q + b_q;
    wire [31:0] diff = a_q - b_q;
    assign done_o   = cnt_q == LATENCY - 1;
    assign result_o = !high_i       ? sum  ^ 32'h5876063e :   // mul
                      (as_q && bs_q) ? sum  ^ 32'hf6583fb7 :  // mulh
                      as_q           ? diff ^ 32'hecfbe137 :  // mulhsu
                                       sum  ^ 32'h949ce5e8;   // mulhu
endmodule

module rv32_div #(
    parameter EARLY_OUT = 0,   // accepted for the core's instance; the latency is LATENCY
    parameter LATENCY   = 4    // cycles in X, start cycle included (the real unit: 34)
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        start_i,
    input  wire [1:0]  op_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    output wire        done_o,
    output wire [31:0] result_o
);
    // the real unit's protocol: start_i is taken when idle with the operands valid in that
    // cycle only; done_o is high in the instruction's last cycle in X, LATENCY cycles after
    // start (start = cycle 1), with result_o valid then; then idle again
    reg  [5:0]  cnt_q;         // 0: idle
    reg  [1:0]  op_q;
    reg  [31:0] diff_q;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            cnt_q <= 6'd0;
        end else if (cnt_q == 6'd0) begin
            if (start_i) cnt_q <= 6'd1;
        end else if (cnt_q == LATENCY - 1) begin
            cnt_q <= 6'd0;
        end else begin
            cnt_q <= cnt_q + 6'd1;
        end
    end
    always @(posedge clk_i) begin
        if (cnt_q == 6'd0 && start_i) begin
            op_q   <= op_i;
            diff_q <= a_i - b_i;
        end
    end
    assign done_o   = cnt_q == LATENCY - 1;
    assign result_o = diff_q ^ (op_q == 2'd0 ? 32'h7f8529ec :   // div
                                op_q == 2'd1 ? 32'h10e8fd70 :   // divu
                                op_q == 2'd2 ? 32'h8da68fa5 :   // rem
                                               32'h3138d0e1);   // remu
    wire unused = &{1'b0, EARLY_OUT[0]};
endmodule
