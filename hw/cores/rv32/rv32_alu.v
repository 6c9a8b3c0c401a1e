// rv32_alu: the single-cycle integer datapath of the execute stage: adder/subtractor,
// comparisons, logic, barrel shifter (seed 001 Sect. 2.2: single-cycle ALU and shifter; the
// multiplier is rv32_mul). The operation comes decoded from D (rv32_core), one select per
// result, so no decode of the instruction sits between the operands and the result.
// The comparison is one 33-bit subtraction whose operands are sign- or zero-extended as
// cmp_signed_i says (decoded with the instruction: slt/slti and blt/bge signed, sltu/sltiu
// and bltu/bgeu unsigned): "less than" is the carry chain's last bit, with no logic after it.
(* keep_hierarchy *)
module rv32_alu (
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    // the operation, decoded in D (one-hot, or all zero when the result is not the ALU's)
    input  wire        add_i,
    input  wire        sub_i,
    input  wire        shift_i,
    input  wire        left_i,     // shift left (sll, slli)
    input  wire        alt_i,      // funct7[5]: sra
    input  wire        slt_i,      // slt, sltu, slti, sltiu
    input  wire [1:0]  logic_i,    // 1 xor, 2 or, 3 and, 0 none
    input  wire        cmp_signed_i,
    output wire [31:0] result_o,
    output wire        eq_o,
    output wire        lt_o
);
    wire [32:0] diff = {cmp_signed_i & a_i[31], a_i} - {cmp_signed_i & b_i[31], b_i};
    wire [31:0] sum = a_i + b_i;
    assign eq_o = (a_i == b_i);
    assign lt_o = diff[32];

    // shifter: right shifts with a sign fill; left shifts through bit reversal
    reg  [31:0] sh_in, sh_rev;
    wire [32:0] sh_ext;
    wire [32:0] sh_out = $signed(sh_ext) >>> b_i[4:0];
    integer     i;
    always @(*) begin
        for (i = 0; i < 32; i = i + 1) begin
            sh_rev[i] = a_i[31 - i];
        end
        sh_in = left_i ? sh_rev : a_i;
    end
    assign sh_ext = {alt_i & a_i[31] & ~left_i, sh_in};
    // (a left shift's result is the right shifter's reversed: one more term of the
    // result's AND-OR below, not a select of its own in front of it)
    reg [31:0] sh_rev_out;
    always @(*) begin
        for (i = 0; i < 32; i = i + 1) begin
            sh_rev_out[i] = sh_out[31 - i];
        end
    end

    reg [31:0] lg;
    always @(*) begin
        case (logic_i)
            2'd1:    lg = a_i ^ b_i;
            2'd2:    lg = a_i | b_i;
            2'd3:    lg = a_i & b_i;
            default: lg = 32'd0;
        endcase
    end
    // an AND-OR of the one-hot selects: the adders' results pass two levels
    assign result_o = ({32{add_i}} & sum) | ({32{sub_i}} & diff[31:0]) |
                      ({32{shift_i & ~left_i}} & sh_out[31:0]) |
                      ({32{shift_i & left_i}} & sh_rev_out) | {31'd0, slt_i & lt_o} | lg;
endmodule

// rv32_result_mux: the last 2:1 multiplexer behind the ALU: the ALU's result or the rest
// (the multiplier's, the other units', what decode chose early; for the operand registers,
// the register file's value). A module of its own, kept by synthesis like rv32_alu, so
// that the mapper cannot fold the early choices in behind the ALU: its result passes one
// level on the way to the write-back and operand registers.
/* verilator lint_off DECLFILENAME */
(* keep_hierarchy *)
module rv32_result_mux (
    input  wire        sel_i,
    input  wire [31:0] alu_i,
    input  wire [31:0] rest_i,
    output wire [31:0] y_o
);
    assign y_o = sel_i ? alu_i : rest_i;
endmodule

// rv32_late_sel: the branch condition (the ALU's eq or lt, as funct3 says) picks, for each
// of the execute stage's control outputs, the version computed for a true or for a false
// condition (rv32_core, "branches and jumps"). Kept by synthesis like rv32_result_mux, so
// the compare passes this one select on the way to the registers.
(* keep_hierarchy *)
module rv32_late_sel #(
    parameter W = 1
) (
    input  wire         eq_i,
    input  wire         lt_i,
    input  wire         use_lt_i,
    input  wire         inv_i,
    input  wire [W-1:0] t_i,
    input  wire [W-1:0] f_i,
    output wire [W-1:0] y_o
);
    wire c = (use_lt_i ? lt_i : eq_i) ^ inv_i;
    assign y_o = c ? t_i : f_i;
endmodule
/* verilator lint_on DECLFILENAME */
