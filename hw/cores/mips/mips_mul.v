// mips_mul: the multiplier of mips_core (mult, multu, madd(u), msub(u), mul), W multiplier
// bits a cycle (W = 8 or 16), as rv32_mul and the open Z-scale's Rocket MulDiv
// (fastMulDiv). The operands are sign- or zero-extended to 33 bits; the multiplier's bits
// are taken in N = 32 / W chunks, N - 1 of W unsigned bits and the last of W + 1 signed
// ones, so one 33 x (W + 1) signed multiplier (two halves: the multiplicand's unsigned low
// 17 bits and signed high 16, each an 18 x 18 DSP block on an FPGA) and one adder serve
// every product:
//   cycle 1        (start_i) chunk 0's two partial products into pl_q, ph_q; chunks 1 ..
//                  N - 1 latched (bq_q)
//   cycles 2 .. N  chunk k's partial products; the previous chunk's added to the sum so far
//                  shifted right by W (hi_q), its low W bits shifted into lo_q
//   cycle N + 1    (last_o) the last chunk's added: lo_o is the product's low word ({the
//                  sum's low W bits, lo_q's top 32 - W}, W bits of carry chain from
//                  registers: mul's result, in EX); at the end of it hi_q:lo_q hold the
//                  64-bit product, which mips_core reads in MEM the cycle after (a HI/LO
//                  writer's), where nothing has changed them: a multiply entering EX then is
//                  in its cycle 1, which writes only pl_q, ph_q, bq_q
// The multiplicand is read in every cycle, not latched: mips_core holds the instruction's
// operands in its operand registers while it waits in EX. Every select in front of the
// multiplier and the adder comes from a phase register. Chunk 0 joins the others in the
// same LUT as the OR of the core's forward select (mips_mbsel): bq_q is zero outside
// cycles 2 .. N (its chunks shift out), so the chunk is bq_q | (rt & ~run_q).
// latency.mul = N + 1 in the mips5 timing model (docs/mips-core.md, docs/timing-models.md).
module mips_mul #(
    parameter W = 8
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        start_i,    // first cycle of a multiply in EX (its operands valid)
    input  wire [31:0] a_i,        // rs, stable while the instruction is in EX
    input  wire        a31x_i,     // rs[31] as the two halves of the core's forward select
    input  wire        a31y_i,     // (a31x_i | a31y_i), for the sign of the high half
    input  wire [31:0] b_i,        // rt (read at start_i)
    input  wire [W-1:0] b0x_i,     // rt's low W bits as the two halves of the core's
    input  wire [W-1:0] b0y_i,     // forward select (b0x_i | b0y_i), for chunk 0
    input  wire        signed_i,   // mult, madd, msub, mul (decoded with the instruction)
    output wire        busy_o,     // cycles 2 .. N + 1
    output wire        last_o,     // cycle N + 1: the instruction leaves EX
    output wire [31:0] lo_o,       // in cycle N + 1: the product's low word
    output wire [63:0] prod_o      // the cycle after: the product (registers)
);
    localparam N  = 32 / W;          // chunks
    localparam BQ = (N - 1) * (W + 1);
    localparam SW = W + 34;          // the adder: 33 x (W + 1) products, the sum so far
    reg  [N-1:0]       st_q;       // one-hot: cycles 2 .. N + 1
    reg                run_q;      // cycles 2 .. N: chunks 1 .. N - 1 from bq_q
    reg  [BQ-1:0]      bq_q;       // chunks N - 1 .. 1 of the multiplier (W + 1 bits each);
                                   // zero when no multiply runs
    reg  signed [W+18:0] pl_q;     // the two partial products of the previous cycle
    reg  signed [W+16:0] ph_q;
    reg  signed [32:0] hi_q;       // the sum so far, shifted right by W per chunk
    reg  [31:0]        lo_q;       // the product's low bits, shifted in from the top
    // chunks 1 .. N - 1 of b, W + 1 bits each (the last one signed)
    reg  [BQ-1:0]      bq_n;
    integer k;
    always @(*) begin
        for (k = 1; k < N; k = k + 1)
            bq_n[(k-1)*(W+1) +: W+1] = {(k == N - 1) ? (signed_i & b_i[31]) : 1'b0,
                                        b_i[W*k +: W]};
    end
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            st_q  <= {N{1'b0}};
            run_q <= 1'b0;
            bq_q  <= {BQ{1'b0}};
        end else begin
            st_q  <= {st_q[N-2:0], start_i};
            // cycles 2 .. N: after start_i or st_q[0 .. N - 3] (one-hot)
            run_q <= start_i || (|st_q[N-2:0] && !st_q[N-2]);
            if (start_i) bq_q <= bq_n;
            else if (run_q) bq_q <= bq_q >> (W + 1);
        end
    end
    wire signed [17:0] al  = {1'b0, a_i[16:0]};
    // the multiplicand's sign in the same LUT as the OR of the forward select
    wire               a_sg;
    mips_mbsel #(.W(1)) u_as (
        .x_i(a31x_i), .y_i(a31y_i), .run_i(!signed_i), .q_i(1'b0), .o_o(a_sg)
    );
    wire signed [15:0] ah  = {a_sg, a_i[31:17]};
    wire [W-1:0]       mb0;
    mips_mbsel #(.W(W)) u_mb (
        .x_i(b0x_i), .y_i(b0y_i), .run_i(run_q), .q_i(bq_q[W-1:0]), .o_o(mb0)
    );
    wire signed [W:0]  mb  = {bq_q[W], mb0};   // chunk k
    wire signed [SW-1:0] acc = st_q[0] ? {SW{1'b0}} : {{(SW-33){hi_q[32]}}, hi_q};
    /* verilator lint_off UNUSEDSIGNAL */
    wire signed [SW-1:0] pl  = {{(SW-W-19){pl_q[W+18]}}, pl_q};
    wire signed [SW-1:0] phs = {ph_q, 17'd0};
    wire signed [SW-1:0] sum = acc + pl + phs;   // its top bit: the sign beyond the product
    /* verilator lint_on UNUSEDSIGNAL */
    // the registers hold still outside a multiply (no switching while other instructions run)
    always @(posedge clk_i) begin
        if (start_i || run_q) begin
            pl_q <= al * mb;
            ph_q <= ah * mb;
        end
        if (|st_q) begin
            hi_q <= sum[W+32:W];
            lo_q <= {sum[W-1:0], lo_q[31:W]};
        end
    end
    assign busy_o = |st_q;
    assign last_o = st_q[N-1];
    assign lo_o   = {sum[W-1:0], lo_q[31:W]};
    assign prod_o = {hi_q[31:0], lo_q};
    wire unused = &{1'b0, hi_q[32], b_i[W-1:0]};
endmodule
