// rv32_mul: the RV32M multiplier (mul, mulh, mulhsu, mulhu), eight multiplier bits a cycle,
// as the open Z-scale's Rocket MulDiv built with fastMulDiv (unroll 8; ../shared/notes/
// zscale.md). The operands are sign- or zero-extended to 33 bits; the multiplier's bits are
// taken in four chunks, three of 8 unsigned bits and the last of 9 signed ones, so one
// 33 x 9 signed multiplier (two halves: the multiplicand's unsigned low 17 bits and signed
// high 16, each an 18 x 18 DSP block on an FPGA) and one adder serve all four:
//   cycles 1-4   the two partial products of chunk k into pl_q, ph_q
//   cycles 2-5   pl_q + ph_q * 2^17 added to the sum so far shifted right by eight (hi_q);
//                the low eight bits of each sum are final and shift into lo_q
//   cycle 6      done_o: the result from registers (hi_q: the product's high word, lo_q:
//                its low word)
// The multiplicand is read in every cycle, not latched: the core holds its operand
// registers while the instruction is in X (after a load-use wait they take the loaded value
// before the multiply starts); the multiplier's chunks 1-3 are latched at the start
// (bq_q). Every select in front of the multiplier and the adder comes from a phase
// register, so neither path starts at the core's control, and each is one carry chain or
// one DSP block long.
// latency.mul = 6 in the zscale timing models (docs/rv32-core.md, docs/timing-models.md).
module rv32_mul (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        start_i,    // first cycle of a mul* in X
    input  wire [31:0] a_i,        // stable while the instruction is in X
    input  wire [31:0] b_i,
    input  wire        a_signed_i, // mulh, mulhsu (decoded with the instruction)
    input  wire        b_signed_i, // mulh
    input  wire        high_i,     // mulh, mulhsu, mulhu
    output wire        done_o,     // last cycle the instruction occupies X; result_o valid
    output wire [31:0] result_o
);
    reg  [4:0]         st_q;       // one-hot: cycles 2, 3, 4, 5, 6 (done)
    reg                run_q;      // cycles 2-4: chunks 1-3 from bq_q
    reg  [26:0]        bq_q;       // chunks 3, 2, 1 of the multiplier (9 bits each)
    reg  signed [26:0] pl_q;       // the two partial products of the previous cycle
    reg  signed [24:0] ph_q;
    reg  signed [32:0] hi_q;       // the sum so far, shifted right by 8 per chunk
    reg  [31:0]        lo_q;       // the product's low bytes, shifted in from the top
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            st_q  <= 5'd0;
            run_q <= 1'b0;
        end else begin
            st_q  <= {st_q[3:0], start_i};
            run_q <= start_i || st_q[0] || st_q[1];
        end
    end
    wire signed [17:0] al  = {1'b0, a_i[16:0]};
    wire signed [15:0] ah  = {a_signed_i & a_i[31], a_i[31:17]};
    wire signed [8:0]  mb  = run_q ? bq_q[8:0] : {1'b0, b_i[7:0]};   // chunk k
    // sum = acc + pl + ph * 2^17 as two two-operand adders, each as wide as its operands:
    // s1 = acc + pl (34 bits), then its bits from 17 up plus ph (25 bits); its low 17 bits
    // pass. (Written as one three-operand sum, Yosys made it a carry-save layer of LUTs in
    // front of one 42-bit carry chain: 23 LUT4 sites more on ECP5.)
    wire signed [32:0] acc = st_q[0] ? 33'sd0 : hi_q;
    wire        [33:0] s1  = {acc[32], acc} + {{7{pl_q[26]}}, pl_q};
    /* verilator lint_off UNUSEDSIGNAL */
    wire        [24:0] s2  = {{8{s1[33]}}, s1[33:17]} + ph_q;   // sum[41:17]; [41]: the sign beyond the product
    wire        [41:0] sum = {s2, s1[16:0]};
    /* verilator lint_on UNUSEDSIGNAL */
    // the registers hold still outside a multiply (no switching while other instructions run)
    always @(posedge clk_i) begin
        if (start_i) bq_q <= {b_signed_i & b_i[31], b_i[31:24], 1'b0, b_i[23:16], 1'b0, b_i[15:8]};
        else if (run_q) bq_q <= {9'd0, bq_q[26:9]};
        if (start_i || run_q) begin
            pl_q <= al * mb;
            ph_q <= ah * mb;
        end
        if (|st_q[3:0]) begin
            hi_q <= sum[40:8];
            lo_q <= {sum[7:0], lo_q[31:8]};
        end
    end
    assign done_o   = st_q[4];
    assign result_o = high_i ? hi_q[31:0] : lo_q;
endmodule
