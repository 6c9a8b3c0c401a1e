// rv32_alu: the single-cycle integer datapath of the execute stage: adder/subtractor,
// comparisons, logic, barrel shifter (seed 001 Sect. 2.2: single-cycle ALU and shifter; the
// multiplier is rv32_mul). funct3_i and alt_i (funct7[5]) select the operation, see rv32_core.
// The comparison is one 33-bit subtraction whose operands are sign- or zero-extended as
// cmp_signed_i says (decoded with the instruction: slt/slti and blt/bge signed, sltu/sltiu
// and bltu/bgeu unsigned): "less than" is the carry chain's last bit, with no logic after it.
(* keep_hierarchy *)
module rv32_alu (
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    input  wire [2:0]  funct3_i,
    input  wire        alt_i,      // funct7[5]: sub / sra
    input  wire        cmp_signed_i,
    output reg  [31:0] result_o,
    output wire        eq_o,
    output wire        lt_o
);
    wire [32:0] diff = {cmp_signed_i & a_i[31], a_i} - {cmp_signed_i & b_i[31], b_i};
    wire [31:0] sum = a_i + b_i;
    assign eq_o = (a_i == b_i);
    assign lt_o = diff[32];

    // shifter: right shifts with a sign fill; left shifts through bit reversal
    wire        left = (funct3_i == 3'b001);
    reg  [31:0] sh_in, sh_rev;
    wire [32:0] sh_ext;
    wire [32:0] sh_out = $signed(sh_ext) >>> b_i[4:0];
    integer     i;
    always @(*) begin
        for (i = 0; i < 32; i = i + 1) begin
            sh_rev[i] = a_i[31 - i];
        end
        sh_in = left ? sh_rev : a_i;
    end
    assign sh_ext = {alt_i & a_i[31] & ~left, sh_in};
    reg [31:0] sh_res;
    always @(*) begin
        for (i = 0; i < 32; i = i + 1) begin
            sh_res[i] = left ? sh_out[31 - i] : sh_out[i];
        end
    end

    always @(*) begin
        begin
            case (funct3_i)
                3'b000:  result_o = alt_i ? diff[31:0] : sum;
                3'b001:  result_o = sh_res;
                3'b010:  result_o = {31'd0, lt_o};
                3'b011:  result_o = {31'd0, lt_o};
                3'b100:  result_o = a_i ^ b_i;
                3'b101:  result_o = sh_res;
                3'b110:  result_o = a_i | b_i;
                default: result_o = a_i & b_i;
            endcase
        end
    end
endmodule

// rv32_result_mux: the last multiplexer of the execute stage's result: the ALU's, the
// multiplier's, or what the other units and decode chose early. A module of its own, kept
// by synthesis like rv32_alu, so that the mapper cannot fold the early choices in behind
// the ALU and the multiplier: their results pass one level on the way to the write-back
// register. The selects come decoded from D.
/* verilator lint_off DECLFILENAME */
(* keep_hierarchy *)
module rv32_result_mux (
    input  wire        sel_alu_i,
    input  wire        sel_mul_i,
    input  wire [31:0] alu_i,
    input  wire [31:0] mul_i,
    input  wire [31:0] other_i,
    output wire [31:0] y_o
);
    assign y_o = sel_alu_i ? alu_i : sel_mul_i ? mul_i : other_i;
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
