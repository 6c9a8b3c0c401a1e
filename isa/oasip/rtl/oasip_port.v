// oasip_port: the xoasip functional unit (oasip_fu) on the RV32 core's extension port
// (hw/cores/rv32/README.md). Decode (exactly the words isa/oasip/src/lib.rs accepts),
// operands and results; all ops take one cycle in execute.
//   - remv out of range and doloop with a bad offset: err_o (illegal instruction).
//   - doloop with count 0 skips its body: redirect_o to LE + 4 (a taken-branch redirect
//     from execute, 2 cycles, the model's DOLOOP_SKIP_PENALTY).
//   - loop-backs cost nothing: the fetch hook compares the pc of the word in decode with
//     the armed loop ends as they will be after this cycle's retirement (oasip_loop's
//     *_n_o: a doloop or a loop end retiring in execute now is already counted) and
//     fetches the loop start instead of LE + 4 when that loop will go round again
//     (level 1 first, then level 0, as OasipState::next_pc). When the loop end retires,
//     oasip_loop makes the same decision from the same state and counts the iteration;
//     if the loop end redirects (branch, jump, trap) the redirect wins on both sides and
//     the word fetched after it is discarded by the core.
module oasip_port (
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
    wire [2:0] f3  = insn_i[14:12];
    wire [6:0] f7  = insn_i[31:25];
    wire [4:0] rd  = insn_i[11:7];
    wire [4:0] r1  = insn_i[19:15];
    wire [4:0] r2  = insn_i[24:20];
    wire       maj = insn_i[6:0] == 7'h0b;
    wire       remv_   = maj && f3 == 3'd0;
    wire       hmask_  = maj && f3 == 3'd1 && f7 == 7'd0 && r2 == 5'd0;
    wire       pack_   = maj && f3 == 3'd1 && f7 == 7'd1 && rd == 5'd0;
    wire       rotl_   = maj && f3 == 3'd1 && f7 == 7'd2 && r2 == 5'd0;
    wire       extlw_  = maj && f3 == 3'd1 && f7 == 7'd3 && r1 == 5'd0 && r2 == 5'd0;
    wire       lfsr_   = maj && f3 == 3'd1 && f7 == 7'd4 && r2 == 5'd0;
    wire       doloop_ = maj && f3 == 3'd2 && r2 == 5'd0;

    reg [2:0] op;   // oasip_fu's op_i
    always @(*) begin
        if (remv_)       op = 3'd0;
        else if (hmask_) op = 3'd1;
        else if (pack_)  op = 3'd2;
        else if (rotl_)  op = 3'd3;
        else if (extlw_) op = 3'd4;
        else if (lfsr_)  op = 3'd5;
        else             op = 3'd6;
    end
    wire [12:0] imm = doloop_ ? {insn_i[31], insn_i[7], insn_i[30:25], insn_i[11:8], 1'b0}
                              : {insn_i[31], insn_i[31:20]};

    // oasip_fu resets synchronously, the core asynchronously: a reset synchronizer
    reg fu_rst_nq;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) fu_rst_nq <= 1'b0;
        else         fu_rst_nq <= 1'b1;
    end

    wire [31:0] fu_rd, fu_next_pc;
    wire        fu_err;
    wire [1:0]  armed, armed_n;
    wire [63:0] start, end_, count, start_n, end_n, count_n;
    oasip_fu u_fu (
        .clk_i(clk_i), .rst_ni(fu_rst_nq), .valid_i(valid_i && claim_o), .op_i(op),
        .a_i(rs1_i), .b_i(rs2_i), .imm_i(imm),
        // the unit's own instructions count only when they retire without an exception
        .retire_i(claim_o ? fire_i : retire_i), .pc_i(retire_pc_i), .npc_i(retire_npc_i),
        .rd_o(fu_rd), .err_o(fu_err), .next_pc_o(fu_next_pc),
        .armed_o(armed), .start_o(start), .end_o(end_), .count_o(count),
        .armed_n_o(armed_n), .start_n_o(start_n), .end_n_o(end_n), .count_n_o(count_n)
    );

    assign claim_o       = remv_ | hmask_ | pack_ | rotl_ | extlw_ | lfsr_ | doloop_;
    assign uses_rs1_o    = !extlw_;
    assign uses_rs2_o    = pack_;
    assign rs1_addr_o    = r1;
    assign rs2_addr_o    = r2;
    assign ready_o       = 1'b1;
    assign rd_we_o       = !(pack_ || doloop_);
    assign rd_wdata_o    = fu_rd;
    assign err_o         = fu_err;
    assign redirect_o    = doloop_ && !fu_err && (rs1_i == 32'd0);
    assign redirect_pc_o = pc_i + {{19{imm[12]}}, imm} + 32'd4;
    assign mem_req_o     = 1'b0;
    assign mem_we_o      = 1'b0;
    assign mem_addr_o    = 32'd0;
    assign mem_wdata_o   = 32'd0;

    // fetch hook: the zero-overhead loop-back
    wire hook1 = armed_n[1] && (end_n[63:34] == fetch_pc_i[31:2]) && (count_n[63:32] > 32'd1);
    wire hook0 = armed_n[0] && (end_n[31:2] == fetch_pc_i[31:2]) && (count_n[31:0] > 32'd1);
    assign fetch_redirect_o = hook1 || hook0;
    assign fetch_target_o   = hook1 ? start_n[63:32] : start_n[31:0];

    wire unused = &{1'b0, mem_rdata_i, fu_next_pc, armed, start, end_, count, end_n[33:32],
                    end_n[1:0], fetch_pc_i[1:0]};
endmodule
