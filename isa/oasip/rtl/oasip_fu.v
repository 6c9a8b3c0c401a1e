// oasip_fu: the xoasip functional unit: remv, hmask, lfsr (combinational), the 64-bit
// auxiliary register with rotator (pack, rotl, extlw) and the loop controller (doloop).
// op_i: 0 remv, 1 hmask, 2 pack, 3 rotl, 4 extlw, 5 lfsr, 6 doloop (valid with valid_i).
// a_i = x[rs1], b_i = x[rs2], imm_i = the decoded immediate (I-type for remv, B-type for
// doloop). retire_i/pc_i/npc_i describe every retiring instruction (for the loop ends).
// rd_o is the result for remv/hmask/rotl/extlw/lfsr; err_o requests an illegal-
// instruction exception (remv out of range, doloop offset < 4). The loop state is shown
// as registered (*_o) and as it will be after this cycle (*_n_o, see oasip_loop).
module oasip_fu (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        valid_i,
    input  wire [2:0]  op_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    input  wire [12:0] imm_i,
    input  wire        retire_i,
    input  wire [31:0] pc_i,
    input  wire [31:0] npc_i,
    output reg  [31:0] rd_o,
    output wire        err_o,
    output wire [31:0] next_pc_o,
    output wire [1:0]  armed_o,
    output wire [63:0] start_o,
    output wire [63:0] end_o,
    output wire [63:0] count_o,
    output wire [1:0]  armed_n_o,
    output wire [63:0] start_n_o,
    output wire [63:0] end_n_o,
    output wire [63:0] count_n_o
);
    localparam OP_REMV = 3'd0, OP_HMASK = 3'd1, OP_PACK = 3'd2, OP_ROTL = 3'd3,
               OP_EXTLW = 3'd4, OP_LFSR = 3'd5, OP_DOLOOP = 3'd6;

    wire [2:0]  remv_rd;
    wire        remv_err;
    wire [5:0]  hmask_rd;
    wire [7:0]  lfsr_rd;
    wire [31:0] rot_hi, aux_lo;
    wire        loop_err;
    wire        is_remv = valid_i && (op_i == OP_REMV);

    oasip_remv  u_remv  (.a_i(a_i), .imm_i(imm_i[11:0]), .rd_o(remv_rd), .err_o(remv_err));
    oasip_hmask u_hmask (.a_i(a_i[6:1]), .rd_o(hmask_rd));
    oasip_lfsr  u_lfsr  (.a_i(a_i[7:0]), .rd_o(lfsr_rd));
    oasip_aux   u_aux   (.clk_i(clk_i), .rst_ni(rst_ni),
                         .pack_i(valid_i && retire_i && (op_i == OP_PACK) && !err_o),
                         .rotl_i(valid_i && retire_i && (op_i == OP_ROTL) && !err_o),
                         .hi_i(a_i), .lo_i(b_i), .amt_i(a_i[5:0]),
                         .rot_hi_o(rot_hi), .lo_o(aux_lo));
    oasip_loop  u_loop  (.clk_i(clk_i), .rst_ni(rst_ni), .retire_i(retire_i),
                         .pc_i(pc_i), .npc_i(npc_i),
                         .do_i(valid_i && (op_i == OP_DOLOOP)), .count_i(a_i),
                         .off_i(imm_i), .next_pc_o(next_pc_o), .err_o(loop_err),
                         .armed_o(armed_o), .start_o(start_o), .end_o(end_o),
                         .count_o(count_o), .armed_n_o(armed_n_o),
                         .start_n_o(start_n_o), .end_n_o(end_n_o), .count_n_o(count_n_o));

    assign err_o = (is_remv && remv_err) || loop_err;

    always @(*) begin
        case (op_i)
            OP_REMV:  rd_o = {29'd0, remv_rd};
            OP_HMASK: rd_o = {26'd0, hmask_rd};
            OP_ROTL:  rd_o = rot_hi;
            OP_EXTLW: rd_o = aux_lo;
            OP_LFSR:  rd_o = {24'd0, lfsr_rd};
            default:  rd_o = 32'd0;
        endcase
    end
endmodule
