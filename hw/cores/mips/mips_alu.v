// mips_alu: the EX-stage datapath of mips_core: adder (with signed overflow), logic,
// shifter, set-less-than, count leading zeros/ones and the multiplier (signed or unsigned)
// of mult/multu/mul/madd/msub: four partial products of 17- and 16-bit halves (one 18 x 18
// DSP block each on ECP5); mips_core registers them and adds them up in MEM (into HI/LO,
// or mul's low word). Combinational. The operation comes as
// one-hot selects decoded in ID (registered): each part's result is zero unless selected,
// and the result is their OR.
module mips_alu (
    input  wire [31:0] a_i,       // rs
    input  wire [31:0] b_i,       // rt
    input  wire [31:0] imm_i,     // the immediate operand (sign- or zero-extended, lui's)
    input  wire        use_imm_i, // the adder and the logic take imm_i instead of rt
    input  wire        sub_i,     // subtract (sub, subu, slt, sltu, slti, sltiu)
    input  wire        sel_sum_i,
    input  wire        sel_logic_i,
    input  wire [1:0]  logic_op_i, // and, or, xor, nor
    input  wire        sel_slt_i,
    input  wire        slt_u_i,
    input  wire        sel_sh_i,
    input  wire [1:0]  sh_op_i,   // funct[1:0]: 0 sll, 2 srl, 3 sra (of rt)
    input  wire [4:0]  sh_i,      // shift amount
    input  wire        sel_clz_i,
    input  wire        clo_i,
    input  wire        mul_signed_i,
    output wire [31:0] result_o,  // everything but mul's (mips_core adds it up in MEM)
    output wire [31:0] sum_o,     // a + operand (the effective address of a load / store)
    output wire        ovf_o,     // signed overflow of ADD / SUB
    output wire        lt_o,      // a_i < operand, signed / unsigned (with sub_i)
    output wire        ltu_o,
    // the 33 x 33 signed product of the extended operands (low 64 bits) is
    // ll + (lh << 17) + (hl << 17) + (hh << 34), ll unsigned, the others signed
    output wire [33:0] pp_ll_o,
    output wire [33:0] pp_lh_o,
    output wire [33:0] pp_hl_o,
    output wire [29:0] pp_hh_o    // its bits below bit 64 of the product
);
    wire [31:0] opb  = use_imm_i ? imm_i : b_i;
    wire [32:0] sum  = {1'b0, a_i} + {1'b0, sub_i ? ~opb : opb} + {32'd0, sub_i};
    wire        lt   = (a_i[31] != opb[31]) ? a_i[31] : sum[31];
    wire        ltu  = ~sum[32];
    assign sum_o = sum[31:0];
    assign lt_o  = lt;
    assign ltu_o = ltu;
    assign ovf_o = (a_i[31] == (opb[31] ^ sub_i)) && (sum[31] != a_i[31]);

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
    wire unused_p = &{1'b0, p_ll[35:34], p_hh[31:30]};

    // leading zeros of a_i, or of ~a_i for clo
    wire [31:0] cx = clo_i ? ~a_i : a_i;
    reg  [5:0]  lz;
    integer k;
    always @(*) begin
        lz = 6'd32;
        for (k = 0; k < 32; k = k + 1)
            if (cx[k]) lz = 6'd31 - k[5:0];
    end

    reg  [31:0] lg, sh;
    always @(*) begin
        case (logic_op_i)
            2'd0:    lg = a_i & opb;
            2'd1:    lg = a_i | opb;
            2'd2:    lg = a_i ^ opb;
            default: lg = ~(a_i | opb);
        endcase
        case (sh_op_i)
            2'd0:    sh = b_i << sh_i;
            2'd3:    sh = $signed(b_i) >>> sh_i;
            default: sh = b_i >> sh_i;
        endcase
    end

    assign result_o = ({32{sel_sum_i}} & sum[31:0]) | ({32{sel_logic_i}} & lg) |
                      {31'd0, sel_slt_i & (slt_u_i ? ltu : lt)} | ({32{sel_sh_i}} & sh) |
                      ({32{sel_clz_i}} & {26'd0, lz});
endmodule

