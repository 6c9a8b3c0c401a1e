// dasip_port: the xdasip unit on the RV32 core's extension port (hw/cores/rv32/README.md),
// built from dasip_auxrf (6 x 64-bit aux registers), dasip_logic (64-bit logic unit and
// rotator) and dasip_agu (step-5 / mod-5 addresses). Decodes exactly the words
// isa/dasip/src/lib.rs accepts.
//
// Where things happen (docs/timing-models.md, "DASIP on the RV32 processor"):
//   X  GPR operands (base, index, rotation amount) from the core; the address (dasip_agu)
//      and the memory request of loads, stores and pairs; the store data read from the
//      aux file, forwarded from the logic result in W.
//   W  the aux register file is written: a load's word from memory, the logic result.
//      The one logic unit works in W for every instruction that has a logic op (plain
//      ops and both halves of a pair), so a load pair chains its loaded word into its
//      logic op (the memory word replaces that half of an operand naming ard) and a logic
//      op right behind a load reads the loaded register in the file without waiting.
// Stalls (ready_o = 0, one cycle): a store (or store pair) whose data register the
// instruction in W is loading (a load's ard, a load pair's ard or logic destination);
// a rotl64 pair that names three GPRs (base, a non-zero index, amount) reads base and
// index in a first cycle (the core's load-use interlock sees exactly those two, as the
// timing model's scoreboard does) and the amount in a second (two register read ports).
module dasip_port (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        valid_i,
    input  wire [31:0] insn_i,
    input  wire [31:0] pc_i,
    input  wire [31:0] rs1_i,
    input  wire [31:0] rs2_i,
    input  wire        fire_i,
    input  wire        retire_i,
    input  wire [31:0] retire_pc_i,
    input  wire [31:0] retire_npc_i,
    input  wire [31:0] fetch_pc_i,
    input  wire [31:0] mem_rdata_i,
    output wire        claim_o,
    output wire        uses_rs1_o,
    output wire        uses_rs2_o,
    output wire [4:0]  rs1_addr_o,
    output wire [4:0]  rs2_addr_o,
    output wire        ready_o,
    output wire        rd_we_o,
    output wire [31:0] rd_wdata_o,
    output wire        err_o,
    output wire        redirect_o,
    output wire [31:0] redirect_pc_o,
    output wire        mem_req_o,
    output wire        mem_we_o,
    output wire [31:0] mem_addr_o,
    output wire [31:0] mem_wdata_o,
    output wire        fetch_redirect_o,
    output wire [31:0] fetch_target_o
);
    // ---------------------------------------------------------------- decode (X)
    wire [6:0] opc = insn_i[6:0];
    wire [2:0] f3  = insn_i[14:12];
    wire [6:0] f7  = insn_i[31:25];
    wire [4:0] rdf = insn_i[11:7];
    wire [4:0] r1f = insn_i[19:15];
    wire [4:0] r2f = insn_i[24:20];
    wire       c1  = opc == 7'h2b;
    wire       c2  = opc == 7'h5b;

    // custom-1 register-file ops (f3 0) and loads/stores (f3 4..7)
    wire       c1_lg    = c1 && f3 == 3'd0 && f7 < 7'd4 && rdf < 5'd6 && r1f < 5'd6 &&
                          (f7 == 7'd1 ? 1'b1 : f7 == 7'd3 ? r2f == 5'd0 : r2f < 5'd6);
    wire       c1_mem   = c1 && f3[2] && rdf < 5'd6;
    // custom-2 pairs
    wire [2:0] p_d   = insn_i[9:7];
    wire [2:0] p_s0  = insn_i[12:10];
    wire [2:0] p_s1  = insn_i[15:13];
    wire       p_st  = insn_i[16];
    wire [1:0] p_op  = insn_i[18:17];
    wire       p_m5  = insn_i[19];
    wire [2:0] p_a   = insn_i[22:20];
    wire [2:0] p_b   = insn_i[25:23];   // base x8 + field
    wire [2:0] p_i   = insn_i[28:26];   // index: x0, or x8 + field
    wire [2:0] p_imm = insn_i[31:29];
    wire       pair  = c2 && p_d < 3'd6 && p_s0 < 3'd6 && p_a < 3'd6 &&
                       (p_op == 2'd1 ? 1'b1 : p_op == 2'd2 ? p_s1 == 3'd0 : p_s1 < 3'd6);

    // dasip_logic's op code: 0 xor64, 1 rotl64, 2 mvar, 3 nandxor64 (custom-1 funct7
    // order is xor, rotl, nandxor, mvar; the pair field already uses dasip_logic's)
    reg  [1:0] lg_op;
    always @(*) begin
        if (pair)             lg_op = p_op;
        else if (f7[1:0] == 2'd2) lg_op = 2'd3;
        else if (f7[1:0] == 2'd3) lg_op = 2'd2;
        else                  lg_op = f7[1:0];
    end
    wire       has_lg  = c1_lg || pair;
    wire       is_mem  = c1_mem || pair;
    wire       is_st   = pair ? p_st : f3[1];
    wire       is_hi   = pair ? 1'b1 : f3[0];
    wire [2:0] ard     = pair ? p_a : rdf[2:0];
    wire [2:0] lg_d    = pair ? p_d : rdf[2:0];
    wire [2:0] lg_s0   = pair ? p_s0 : r1f[2:0];
    wire [2:0] lg_s1   = pair ? p_s1 : r2f[2:0];
    wire       rotl3   = pair && p_op == 2'd1 && p_i != 3'd0;  // base, index and amount

    // a three-GPR pair reads its index in a first cycle, its amount in a second
    reg        idx_have_q;
    reg [31:0] idx_q;
    wire       idx_phase = rotl3 && !idx_have_q;

    assign claim_o    = c1_lg || c1_mem || pair;
    assign rs1_addr_o = pair ? {2'b01, p_b} : r1f;
    assign rs2_addr_o = pair ? ((p_op == 2'd1 && !idx_phase) ? {2'b01, p_s1} :
                                (p_i == 3'd0) ? 5'd0 : {2'b01, p_i})
                             : r2f;
    assign uses_rs1_o = is_mem;
    assign uses_rs2_o = is_mem || (c1_lg && f7[1:0] == 2'd1);
    wire [5:0]  amount = rs2_i[5:0];
    wire [31:0] index  = !pair ? rs2_i : (p_i == 3'd0) ? 32'd0 : rotl3 ? idx_q : rs2_i;
    wire [5:0]  imm6  = pair ? {3'd0, p_imm} : f7[5:0];
    wire        m5    = pair ? p_m5 : f7[6];

    dasip_agu u_agu (
        .base_i(rs1_i), .index_i(index), .imm_i(imm6), .m5_i(m5), .high_i(is_hi),
        .addr_o(mem_addr_o)
    );

    // ---------------------------------------------------------------- W
    reg        w_lg_q, w_ld_q, w_hi_q;
    reg  [1:0] w_op_q;
    reg  [2:0] w_d_q, w_s0_q, w_s1_q, w_a_q;
    reg  [5:0] w_amt_q;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            w_lg_q  <= 1'b0;
            w_ld_q  <= 1'b0;
            w_hi_q  <= 1'b0;
            w_op_q  <= 2'd0;
            w_d_q   <= 3'd0;
            w_s0_q  <= 3'd0;
            w_s1_q  <= 3'd0;
            w_a_q   <= 3'd0;
            w_amt_q <= 6'd0;
        end else begin
            w_lg_q <= fire_i && claim_o && has_lg;
            w_ld_q <= fire_i && claim_o && is_mem && !is_st;
            if (fire_i && claim_o) begin
                w_hi_q  <= is_hi;
                w_op_q  <= lg_op;
                w_d_q   <= lg_d;
                w_s0_q  <= lg_s0;
                w_s1_q  <= lg_s1;
                w_a_q   <= ard;
                w_amt_q <= amount;
            end
        end
    end

    // dasip_auxrf resets synchronously, the core asynchronously: a reset synchronizer
    reg rf_rst_nq;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) rf_rst_nq <= 1'b0;
        else         rf_rst_nq <= 1'b1;
    end

    wire [63:0] rd_s0, rd_s1, rd_d, rd_st, lg_res;
    dasip_auxrf u_rf (
        .clk_i(clk_i), .rst_ni(rf_rst_nq),
        .ra0_i(w_s0_q), .ra1_i(w_s1_q), .ra2_i(w_d_q), .ra3_i(ard),
        .rd0_o(rd_s0), .rd1_o(rd_s1), .rd2_o(rd_d), .rd3_o(rd_st),
        .wl_en_i(w_lg_q), .wl_addr_i(w_d_q), .wl_data_i(lg_res),
        .wm_en_i(w_ld_q), .wm_addr_i(w_a_q), .wm_hi_i(w_hi_q), .wm_data_i(mem_rdata_i)
    );

    // chaining (as dasip_fu): the loaded word replaces that half of an operand naming ard
    function [63:0] chain;
        input [63:0] v;
        input [2:0]  r;
        begin
            chain = v;
            if (w_ld_q && r == w_a_q) begin
                if (w_hi_q) chain[63:32] = mem_rdata_i;
                else        chain[31:0]  = mem_rdata_i;
            end
        end
    endfunction

    dasip_logic u_logic (
        .op_i(w_op_q), .d_i(chain(rd_d, w_d_q)), .s0_i(chain(rd_s0, w_s0_q)),
        .s1_i(chain(rd_s1, w_s1_q)), .amt_i(w_amt_q), .res_o(lg_res)
    );

    // ---------------------------------------------------------------- store data (X)
    // the logic result in W is forwarded; a register W loads from memory is not (stall)
    wire        w_late  = w_ld_q && (w_a_q == ard || (w_lg_q && w_d_q == ard));
    wire [63:0] st_reg  = (w_lg_q && w_d_q == ard) ? lg_res : rd_st;
    wire        st_wait = is_mem && is_st && w_late;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            idx_have_q <= 1'b0;
            idx_q      <= 32'd0;
        end else if (retire_i) begin
            idx_have_q <= 1'b0;
        end else if (valid_i && claim_o && idx_phase && !st_wait) begin
            idx_have_q <= 1'b1;
            idx_q      <= rs2_i;
        end
    end

    assign mem_req_o     = is_mem;
    assign mem_we_o      = is_st;
    assign mem_wdata_o   = is_hi ? st_reg[63:32] : st_reg[31:0];
    assign ready_o       = !(claim_o && (st_wait || idx_phase));
    assign rd_we_o       = 1'b0;
    assign rd_wdata_o    = 32'd0;
    assign err_o         = 1'b0;
    assign redirect_o    = 1'b0;
    assign redirect_pc_o = 32'd0;
    assign fetch_redirect_o = 1'b0;
    assign fetch_target_o   = 32'd0;

    wire unused = &{1'b0, pc_i, retire_pc_i, retire_npc_i, fetch_pc_i};
endmodule
