// mips_alu: the EX-stage datapath of mips_core: adder (with signed overflow), logic,
// shifter, set-less-than, count leading zeros/ones (the multiplier is mips_mul).
// Combinational. The operation comes as one-hot selects decoded in ID (registered): each
// part's result is zero unless selected, and the result is their OR.
module mips_alu (
    input  wire [31:0] a_i,       // rs
    input  wire [31:0] b_i,       // rt
    input  wire [31:0] imm_i,     // the immediate operand (sign- or zero-extended, lui's;
                                  // inverted by ID for slti, sltiu and the trap-immediates)
    input  wire        use_imm_i, // the adder and the logic take imm_i instead of rt
    input  wire        sub_i,     // subtract (sub, subu, slt, sltu, slti, sltiu)
    input  wire        ltu_i,     // lt_o compares unsigned (sltu, sltiu, the unsigned traps)
    input  wire        sel_logic_i,
    input  wire [1:0]  logic_op_i, // and, or, xor, nor
    input  wire        sel_shl_i, // sll, sllv (of rt)
    input  wire        sel_shr_i, // srl, srlv, sra, srav
    input  wire        sra_i,     // sra, srav: the fill is rt's sign
    input  wire [4:0]  sh_i,      // shift amount
    input  wire        sel_clz_i,
    input  wire [31:0] clz_x_i,   // clz/clo: rs (clz) or ~rs (clo), registered in their
                                  // first EX cycle (they take two)
    output wire [31:0] result_o,  // logic (mips_core adds the sum, slt, the shift,
                                  // clz/clo and mul's product)
    output wire [5:0]  lz_o,      // clz/clo (zero unless sel_clz_i)
    output wire [31:0] shl_o,     // the left shifter (zero unless sel_shl_i)
    output wire [31:0] shr_o,     // the right shifter (zero unless sel_shr_i)
    output wire [31:0] sum_o,     // a + operand (the effective address of a load / store)
    output wire        ovf_o,     // signed overflow of ADD / SUB
    output wire        lt_o       // a_i < operand, signed or unsigned (ltu_i; with sub_i)
);
    // the adder's second operand, inverted for a subtraction (one LUT level before the
    // carry chain; a subtracted immediate comes inverted from ID), the carry-in below bit 0;
    // both operands extended by one bit (sign, or zero for an unsigned compare): bit 32 of
    // the difference is a_i < operand, the carry chain's last output
    wire [31:0] opb  = use_imm_i ? imm_i : sub_i ? ~b_i : b_i;
    wire        a_x  = !ltu_i & a_i[31];
    wire        b_x  = use_imm_i ? (ltu_i ? sub_i : imm_i[31]) :
                                   ((!ltu_i & b_i[31]) ^ sub_i);
    wire [34:0] sum2 = {1'b0, a_x, a_i, 1'b1} + {1'b0, b_x, opb, sub_i};
    wire [32:0] sum  = sum2[33:1];
    assign sum_o = sum[31:0];
    assign lt_o  = sum[32];
    assign ovf_o = (a_i[31] == opb[31]) && (sum[31] != a_i[31]);
    wire unused_s = &{1'b0, sum2[34], sum2[0]};

    // leading zeros of clz_x_i, as a tree (not a 32-step priority chain):
    // per nibble whether it has a one (v0) and its leading zeros (c0); each level joins two
    // halves (the upper one's count if it has a one, else its width plus the lower one's)
    wire [31:0] cx = clz_x_i;
    reg  [7:0]  v0;
    reg  [15:0] c0;
    reg  [3:0]  v1;
    reg  [11:0] c1;
    reg  [1:0]  v2;
    reg  [7:0]  c2;
    wire [5:0]  lz;
    integer k;
    always @(*) begin
        for (k = 0; k < 8; k = k + 1) begin
            v0[k] = |cx[4*k +: 4];
            c0[2*k +: 2] = cx[4*k+3] ? 2'd0 : cx[4*k+2] ? 2'd1 : cx[4*k+1] ? 2'd2 : 2'd3;
        end
        for (k = 0; k < 4; k = k + 1) begin
            v1[k] = v0[2*k+1] | v0[2*k];
            c1[3*k +: 3] = v0[2*k+1] ? {1'b0, c0[4*k+2 +: 2]} : {1'b1, c0[4*k +: 2]};
        end
        for (k = 0; k < 2; k = k + 1) begin
            v2[k] = v1[2*k+1] | v1[2*k];
            c2[4*k +: 4] = v1[2*k+1] ? {1'b0, c1[6*k+3 +: 3]} : {1'b1, c1[6*k +: 3]};
        end
    end
    assign lz = !(v2[1] | v2[0]) ? 6'd32 :
                v2[1] ? {2'b00, c2[7:4]} : {2'b01, c2[3:0]};

    reg  [31:0] lg;
    always @(*) begin
        case (logic_op_i)
            2'd0:    lg = a_i & opb;
            2'd1:    lg = a_i | opb;
            2'd2:    lg = a_i ^ opb;
            default: lg = ~(a_i | opb);
        endcase
    end
    // shifts: one right shifter for srl and sra (the fill bit), one left shifter, each
    // zero unless selected (the select in its last LUT level); mips_core joins them last
    wire        fill = sra_i & b_i[31];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [32:0] shr  = $signed({fill, b_i}) >>> sh_i;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [31:0] shl  = b_i << sh_i;

    assign shl_o    = {32{sel_shl_i}} & shl;
    assign shr_o    = {32{sel_shr_i}} & shr[31:0];
    assign result_o = {32{sel_logic_i}} & lg;
    assign lz_o     = {6{sel_clz_i}} & lz;
endmodule

// mips_ao22, mips_or2, mips_mbsel, mips_movsel, mips_or4: AND-ORs of selected values, the forward
// selects behind a movz/movn (its condition decided last) and an OR, each a module
// of its own
// kept by synthesis (as rv32_result_mux), so that the mapper cannot fold earlier logic in
// behind the late values they take (the shift, sum, slt, clz and a unit's result into the
// result; the forwarded values into the EX operands): one LUT level each.
/* verilator lint_off DECLFILENAME */
(* keep_hierarchy *)
module mips_ao22 #(
    parameter W = 32
) (
    input  wire [W-1:0] s0_i,
    input  wire [W-1:0] x0_i,
    input  wire [W-1:0] s1_i,
    input  wire [W-1:0] x1_i,
    output wire [W-1:0] y_o
);
    assign y_o = (s0_i & x0_i) | (s1_i & x1_i);
endmodule

(* keep_hierarchy *)
module mips_or2 #(
    parameter W = 32
) (
    input  wire [W-1:0] x_i,
    input  wire [W-1:0] y_i,
    output wire [W-1:0] o_o
);
    assign o_o = x_i | y_i;
endmodule

// the multiplier's chunk (mips_mul): rt's low bits (the OR of the core's forward select)
// outside a multiply's run, else the latched chunk, which is zero outside it
(* keep_hierarchy *)
module mips_mbsel #(
    parameter W = 8
) (
    input  wire [W-1:0] x_i,
    input  wire [W-1:0] y_i,
    input  wire         run_i,
    input  wire [W-1:0] q_i,
    output wire [W-1:0] o_o
);
    assign o_o = ((x_i | y_i) & {W{!run_i}}) | q_i;
endmodule

(* keep_hierarchy *)
module mips_movsel (
    input  wire [31:0] b_i,     // the movz/movn's rt operand
    input  wire        movn_i,
    input  wire [1:0]  m_i,     // selects of MEM's result, ...
    input  wire [1:0]  o_i,     // ... of the operand register
    input  wire [1:0]  mv_i,    // the operand names the movz/movn's rd
    output wire [1:0]  m_o,
    output wire [1:0]  o_o
);
    wire ok = movn_i ? (b_i != 32'd0) : (b_i == 32'd0);
    assign m_o = m_i | (mv_i & {2{ok}});
    assign o_o = o_i & ~(mv_i & {2{ok}});
endmodule

(* keep_hierarchy *)
module mips_or4 #(
    parameter W = 32
) (
    input  wire [W-1:0] x_i,
    input  wire [W-1:0] y_i,
    input  wire [W-1:0] z_i,
    input  wire [W-1:0] w_i,
    output wire [W-1:0] o_o
);
    assign o_o = x_i | y_i | z_i | w_i;
endmodule


/* verilator lint_on DECLFILENAME */

