// mips_alu: the EX-stage datapath of mips_core: adder (with signed overflow), logic,
// shifter, set-less-than, count leading zeros/ones and the multiplier (signed or unsigned)
// of mult/multu/mul/madd/msub: four partial products of 17- and 16-bit halves (one 18 x 18
// DSP block each on ECP5), summed here only for mul's low word; mips_core registers them
// and sums the 64-bit product into HI/LO in MEM. Combinational.
module mips_alu (
    input  wire [3:0]  op_i,
    input  wire [31:0] a_i,       // rs (rt for the shifts)
    input  wire [31:0] b_i,       // rt or the immediate
    input  wire [4:0]  sh_i,      // shift amount
    input  wire        mul_signed_i,
    output reg  [31:0] result_o,
    output wire        ovf_o,     // signed overflow of ADD / SUB
    // the 33 x 33 signed product of the extended operands (low 64 bits) is
    // ll + (lh << 17) + (hl << 17) + (hh << 34), ll unsigned, the others signed
    output wire [33:0] pp_ll_o,
    output wire [33:0] pp_lh_o,
    output wire [33:0] pp_hl_o,
    output wire [29:0] pp_hh_o    // its bits below bit 64 of the product
);
    localparam [3:0] OP_ADD = 4'd0, OP_SUB = 4'd1, OP_AND = 4'd2, OP_OR = 4'd3,
                     OP_XOR = 4'd4, OP_NOR = 4'd5, OP_SLT = 4'd6, OP_SLTU = 4'd7,
                     OP_SLL = 4'd8, OP_SRL = 4'd9, OP_SRA = 4'd10, OP_CLZ = 4'd11,
                     OP_CLO = 4'd12, OP_MUL = 4'd13, OP_B = 4'd14;

    wire        sub  = (op_i == OP_SUB) || (op_i == OP_SLT) || (op_i == OP_SLTU);
    wire [32:0] sum  = {1'b0, a_i} + {1'b0, sub ? ~b_i : b_i} + {32'd0, sub};
    wire        lt   = (a_i[31] != b_i[31]) ? a_i[31] : sum[31];
    wire        ltu  = ~sum[32];
    assign ovf_o = (a_i[31] == (b_i[31] ^ sub)) && (sum[31] != a_i[31]);

    // the operands extended to 33 bits (the low 64 bits of their product are those of the
    // 64 x 64 product of the sign- or zero-extended operands), split into a low unsigned
    // 17-bit and a high signed 16-bit half
    wire signed [17:0] al = {1'b0, a_i[16:0]};
    wire signed [17:0] bl = {1'b0, b_i[16:0]};
    wire signed [15:0] ah = {mul_signed_i & a_i[31], a_i[31:17]};
    wire signed [15:0] bh = {mul_signed_i & b_i[31], b_i[31:17]};
    wire signed [35:0] p_ll = al * bl;
    wire signed [33:0] p_lh = al * bh;
    wire signed [33:0] p_hl = ah * bl;
    wire signed [31:0] p_hh = ah * bh;
    assign pp_ll_o = p_ll[33:0];
    assign pp_lh_o = p_lh;
    assign pp_hl_o = p_hl;
    assign pp_hh_o = p_hh[29:0];
    // mul: the low word, ll + ((lh + hl) << 17)
    wire [14:0] mul_mid = pp_lh_o[14:0] + pp_hl_o[14:0];
    wire [31:0] mul_lo  = {pp_ll_o[31:17] + mul_mid, pp_ll_o[16:0]};
    wire unused_p = &{1'b0, p_ll[35:34], p_hh[31:30]};

    // leading zeros of a_i, or of ~a_i for clo
    wire [31:0] cx = (op_i == OP_CLO) ? ~a_i : a_i;
    reg  [5:0]  lz;
    integer k;
    always @(*) begin
        lz = 6'd32;
        for (k = 0; k < 32; k = k + 1)
            if (cx[k]) lz = 6'd31 - k[5:0];
    end

    always @(*) begin
        case (op_i)
            OP_ADD, OP_SUB: result_o = sum[31:0];
            OP_AND:  result_o = a_i & b_i;
            OP_OR:   result_o = a_i | b_i;
            OP_XOR:  result_o = a_i ^ b_i;
            OP_NOR:  result_o = ~(a_i | b_i);
            OP_SLT:  result_o = {31'd0, lt};
            OP_SLTU: result_o = {31'd0, ltu};
            OP_SLL:  result_o = a_i << sh_i;
            OP_SRL:  result_o = a_i >> sh_i;
            OP_SRA:  result_o = $signed(a_i) >>> sh_i;
            OP_CLZ, OP_CLO: result_o = {26'd0, lz};
            OP_MUL:  result_o = mul_lo;
            OP_B:    result_o = b_i;
            default: result_o = 32'd0;
        endcase
    end
endmodule
