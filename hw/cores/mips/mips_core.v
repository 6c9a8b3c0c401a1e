// mips_core: the project's five-stage MIPS32 processor core (docs/mips-core.md), built to
// be what the mips5 timing model describes (Harris & Harris's pipelined MIPS, seed 000's
// reference [4], with the architectural delay slot; load-use 2 and branch operand lead 2
// for the clock, issue 28):
//   IF   the next-PC multiplexer drives the synchronous instruction memory (imem_addr_o);
//   ID   the word arrives (imem_rdata_i); register read (forwarding from MEM and WB into
//        the operand registers), branch comparison (register file and WB's value only)
//        and jump targets, the delay slot is the word being fetched; a branch waits while
//        the producer of an operand is in EX or MEM, a load's until it has left WB; the
//        base decode for EX, its destination and the forward selects of its operands
//        (registered with the word);
//   EX   operands from MEM or the operand registers, ALU, shifter, the multiplier
//        (mips_mul, MUL_W bits a cycle: a multiply takes 32 / MUL_W + 1 cycles here, mul's
//        product is its result), divider start, extension units (mips_ext, generated per
//        design), exceptions; a consumer of a load waits here while the load is in MEM
//        and WB (taking WB's value into its operand register), clz/clo take two cycles,
//        an HI/LO instruction (mfhi/mflo/mthi/mtlo/mult/div/madd/msub) waits for a
//        running division;
//   MEM  the data-memory request (synchronous memory: the data arrives in WB); HI/LO
//        written at the end of MEM from the multiplier's product (added to or subtracted
//        from HI/LO for madd/msub), mfhi/mflo read them here; the trap instructions'
//        conditions;
//   WB   load alignment (byte selects decoded in MEM), register-file write; the commit
//        record (RVFI names) of the instruction: its retire cycle in the mips5 model is
//        this cycle. The timing choices: docs/mips-core.md, "Area and clock".
module mips_core (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire [31:0] boot_addr_i,
    // instruction memory: synchronous read, word addressed by imem_addr_o[31:2]
    output wire [31:0] imem_addr_o,
    input  wire [31:0] imem_rdata_i,
    input  wire        imem_err_i,      // registered with imem_rdata_i
    // data memory: request in MEM, read data in the next cycle (WB)
    output wire        dmem_req_o,
    output wire        dmem_we_o,
    output wire [3:0]  dmem_be_o,
    output wire [31:0] dmem_addr_o,
    output wire [31:0] dmem_wdata_o,
    input  wire        dmem_err_i,      // combinational: the address is outside memory
    input  wire [31:0] dmem_rdata_i,
`ifdef RISCV_FORMAL
    // Simulation only (the harnesses define RISCV_FORMAL, the synthesis flows do not):
    // debug register access (harness only)
    input  wire [4:0]  dbg_raddr_i,
    output wire [31:0] dbg_rdata_o,
    input  wire        dbg_we_i,
    input  wire [4:0]  dbg_waddr_i,
    input  wire [31:0] dbg_wdata_i,
    // commit record of the instruction in WB (riscv-formal names)
    output wire        rvfi_valid,
    output wire [63:0] rvfi_order,
    output wire [31:0] rvfi_insn,
    output wire        rvfi_trap,
    output wire [4:0]  rvfi_rd_addr,
    output wire [31:0] rvfi_rd_wdata,
    output wire [31:0] rvfi_pc_rdata,
    output wire [31:0] rvfi_pc_wdata,
    output wire [31:0] rvfi_mem_addr,
    output wire [3:0]  rvfi_mem_wmask,
    output wire [31:0] rvfi_mem_wdata,
    output wire [31:0] commit_cause_o,  // exception code (docs/mips-core.md) and bad address
    output wire [31:0] commit_tval_o,
    output wire [31:0] commit_hi_o,     // HI/LO after an mult/madd/msub/mthi/mtlo in WB
    output wire [31:0] commit_lo_o,
    output wire        commit_hilo_pend_o, // a div/divu in WB: HI/LO come with hilo_done_o
    output wire        hilo_done_o,     // the divider writes HI/LO (hilo_hi_o, hilo_lo_o)
    output wire [31:0] hilo_hi_o,
    output wire [31:0] hilo_lo_o,
`endif
    // host calls: syscall in EX (the harness services the o32 Linux ABI)
    output wire        host_call_o,
    input  wire [31:0] host_wdata_i     // the value the syscall writes to v0
);
    // ------------------------------------------------------------------ pipeline state
    reg         boot_q, d_valid_q;
    // the control transfer of the instruction that left ID (decided there, registered):
    // a branch (taken if cond_q), a branch-likely (taken if cond_q, else it annuls the
    // word now in ID and continues after itself), a jump; the condition is registered
    // alone, so that the branch compare ends at one flip-flop
    reg         rb_q, rl_q, rj_q, cond_q;
    wire        redir_q = rj_q || (rb_q && cond_q) || rl_q;
    wire        annul_q = rl_q && !cond_q;
    reg  [31:0] d_pc_q, redir_pc_q;

    reg         e_valid_q, e_ferr_q, e_jmis_q;
    reg  [31:0] e_insn_q, e_a_q, e_b_q, e_jtgt_q;
    reg  [31:0] e_pc_q /* verilator public_flat_rd */;
    // forward selects of rs / rt, one-hot: {MEM's result, HI (mfhi in MEM), LO (mflo in
    // MEM), WB's load value (taken into the operand register while the consumer waits),
    // the operand register}
    reg  [4:0]  e_fa_q, e_fb_q;
    localparam  DEC_W = 27, ALU_W = 15;
    localparam  MUL_W = 8;         // multiplier bits a cycle (latency.mul = 32 / MUL_W + 1)
    reg  [DEC_W-1:0] e_dec_q;      // base decode of the word in EX (decoded in ID)
    reg  [ALU_W-1:0] e_alu_q;      // its ALU selects
    reg  [31:0] e_imm_q;           // its immediate operand
    reg  [4:0]  e_dest_q;          // its destination (a base instruction's)

    reg         m_valid_q, m_we_q, m_load_q, m_store_q, m_trap_q, m_unit_st_q;
    reg  [4:0]  m_rd_q;
    reg  [5:0]  m_op_q;            // major opcode (load / store kind)
    reg  [31:0] m_result_q, m_addr_q, m_b_q, m_insn_q, m_pc_q, m_cause_q, m_tval_q;

    reg         w_valid_q, w_we_q, w_trap_q;
    reg         w_ld_q;            // a load in WB that writes w_rd_q
    reg         x_ld_q;            // ... and the cycle after (x_rd_q)
    reg  [4:0]  x_rd_q;
    reg  [4:0]  w_rd_q;
    reg  [7:0]  w_src_q;           // load alignment selects (MEM decodes them)
    reg  [3:0]  w_used_q, w_uses_q;
    reg  [1:0]  w_ssel_q;
    reg  [31:0] w_base_q;
    reg  [3:0]  w_wmask_q;
    reg  [31:0] w_insn_q, w_pc_q, w_maddr_q, w_mwdata_q, w_cause_q, w_tval_q;
    reg  [63:0] order_q;
    reg  [31:0] cyc_q;             // the cycle count + 2 (rdhwr CC: its retire cycle)
    reg  [31:0] hi_q, lo_q;

    wire        ex_stall;
    wire        m_err;      // the data access in MEM is outside memory
    wire [31:0] m_value;    // what MEM forwards (and WB writes)

    // ------------------------------------------------------------------ register file
    wire [31:0] w_value;
    wire [4:0]  id_rs = imem_rdata_i[25:21];
    wire [4:0]  id_rt = imem_rdata_i[20:16];
    wire [31:0] rf_a, rf_b;      // x0 ($zero) reads zero through fwd() below
    wire [31:0] rf_unused_c, rf_unused_d;
    wire        w_wr = w_valid_q && w_we_q && !w_trap_q;
`ifdef RISCV_FORMAL
    wire [31:0] rf_c;
    rv32_regfile u_rf (
        .clk_i(clk_i), .raddr_a_i(id_rs), .rzero_a_i(1'b0), .rdata_a_o(rf_a), .raddr_b_i(id_rt),
        .rzero_b_i(1'b0),
        .rdata_b_o(rf_b), .raddr_c_i(5'd0), .rzero_c_i(1'b1), .rdata_c_o(rf_unused_c),
        .raddr_d_i(5'd0), .rzero_d_i(1'b1), .rdata_d_o(rf_unused_d),
        .raddr_e_i(dbg_raddr_i), .rdata_e_o(rf_c),
        .we_i(dbg_we_i || w_wr), .waddr_i(dbg_we_i ? dbg_waddr_i : w_rd_q),
        .wdata_i(dbg_we_i ? dbg_wdata_i : w_value)
    );
`else
    rv32_regfile u_rf (
        .clk_i(clk_i), .raddr_a_i(id_rs), .rzero_a_i(1'b0), .rdata_a_o(rf_a), .raddr_b_i(id_rt),
        .rzero_b_i(1'b0),
        .rdata_b_o(rf_b), .raddr_c_i(5'd0), .rzero_c_i(1'b1), .rdata_c_o(rf_unused_c),
        .raddr_d_i(5'd0), .rzero_d_i(1'b1), .rdata_d_o(rf_unused_d),
        .we_i(w_wr), .waddr_i(w_rd_q), .wdata_i(w_value)
    );
`endif
    wire unused_rf = &{1'b0, rf_unused_c, rf_unused_d};  // the unit ports c, d (rv32 only)
    // MEM forwards everything but load data
    wire m_fwd = m_valid_q && m_we_q && !m_load_q && !m_trap_q;
    // the debug port's forwarding and ID's: the sources passed to fwd as one
    // argument: a function reads only its arguments (an event-driven simulator such as
    // Icarus re-evaluates a continuous assignment when they change, not its body's signals)
    wire [75:0] fwd_src = {m_fwd, m_rd_q, m_value, w_wr, w_rd_q, w_value};
    // the branch compare's sources (branch_operand_lead 2): the register file and WB's
    // value; a producer in EX or MEM holds the branch, a load until it has left WB, so
    // WB's value there is a register (w_base_q, no load data)
    wire [75:0] fwd_src_br = {1'b0, m_rd_q, 32'd0, w_wr, w_rd_q, w_base_q};
    function [31:0] fwd;
        input [4:0]  r;
        input [31:0] rf;
        input [75:0] src;   // {MEM valid, rd, value, WB valid, rd, value}
        begin
            if (r == 5'd0)                         fwd = 32'd0;
            else if (src[75] && src[74:70] == r)   fwd = src[69:38];
            else if (src[37] && src[36:32] == r)   fwd = src[31:0];
            else                                   fwd = rf;
        end
    endfunction

    // ------------------------------------------------------------------ ID
    wire [31:0] d_insn  = imem_rdata_i;
    wire        id_valid = d_valid_q && !annul_q;
    wire [5:0]  d_opc = d_insn[31:26];
    wire [5:0]  d_fn  = d_insn[5:0];
    wire        d_special = d_opc == 6'h00;
    wire        d_regimm  = d_opc == 6'h01;
    wire        d_jr    = d_special && d_fn == 6'h08 && d_insn[20:11] == 10'd0;
    wire        d_jalr  = d_special && d_fn == 6'h09 && d_insn[20:16] == 5'd0;
    wire        d_j     = d_opc == 6'h02 || d_opc == 6'h03;
    wire        d_beq   = d_opc == 6'h04 || d_opc == 6'h14;
    wire        d_bne   = d_opc == 6'h05 || d_opc == 6'h15;
    wire        d_blez  = (d_opc == 6'h06 || d_opc == 6'h16) && id_rt == 5'd0;
    wire        d_bgtz  = (d_opc == 6'h07 || d_opc == 6'h17) && id_rt == 5'd0;
    // REGIMM branches: rt = 0..3 (bltz bgez bltzl bgezl), 0x10..0x13 (the same, linking)
    wire        d_bz    = d_regimm && (id_rt[3:2] == 2'd0);
    wire        d_likely = ((d_opc[5:2] == 4'b0101) && !((d_opc == 6'h16 || d_opc == 6'h17) &&
                                                          id_rt != 5'd0)) ||
                           (d_bz && id_rt[1]);
    wire        d_branch = d_beq || d_bne || d_blez || d_bgtz || d_bz;
    wire        d_cmp_rs = d_branch || d_jr || d_jalr;
    wire        d_cmp_rt = d_beq || d_bne;
    wire [31:0] d_a = fwd(id_rs, rf_a, fwd_src);      // the operands for EX
    wire [31:0] d_b = fwd(id_rt, rf_b, fwd_src);
    wire [31:0] d_ba = fwd(id_rs, rf_a, fwd_src_br);  // the branch's and jump's
    wire [31:0] d_bb = fwd(id_rt, rf_b, fwd_src_br);

    // base decode of the word in ID (registered into EX: e_dec_q): exactly the words
    // crates/sim/src/mips/base.rs accepts
    wire [4:0]  id_rd = d_insn[15:11];
    wire [4:0]  id_sa = d_insn[10:6];
    wire        d_sp2 = d_opc == 6'h1c;
    wire n_i_sh     = d_special && (d_fn == 6'h00 || d_fn == 6'h02 || d_fn == 6'h03) &&
                      id_rs == 5'd0;
    wire n_i_shv    = d_special && (d_fn == 6'h04 || d_fn == 6'h06 || d_fn == 6'h07) &&
                      id_sa == 5'd0;
    wire n_i_jr     = d_special && d_fn == 6'h08 && id_rt == 5'd0 && id_rd == 5'd0;
    wire n_i_jalr   = d_special && d_fn == 6'h09 && id_rt == 5'd0;
    wire n_i_mov    = d_special && (d_fn == 6'h0a || d_fn == 6'h0b) && id_sa == 5'd0;
    wire n_i_sys    = d_special && d_fn == 6'h0c;
    wire n_i_brk    = d_special && d_fn == 6'h0d;
    wire n_i_sync   = d_special && d_fn == 6'h0f && d_insn[31:11] == 21'd0;
    wire n_i_mfhl   = d_special && (d_fn == 6'h10 || d_fn == 6'h12) && id_rs == 5'd0 && id_rt == 5'd0 &&
                      id_sa == 5'd0;
    wire n_i_mthl   = d_special && (d_fn == 6'h11 || d_fn == 6'h13) && d_insn[20:6] == 15'd0;
    // mult(u) div(u)
    wire n_i_mdu    = d_special && d_fn[5:2] == 4'b0110 && id_rd == 5'd0 && id_sa == 5'd0;
    wire n_i_div    = n_i_mdu && d_fn[1];
    wire n_i_mult   = n_i_mdu && !d_fn[1];
    wire n_i_r      = d_special && id_sa == 5'd0 &&
                      (d_fn[5:3] == 3'b100 || d_fn == 6'h2a || d_fn == 6'h2b);
    wire n_i_trap   = d_special && (d_fn[5:3] == 3'b110) && d_fn != 6'h35 && d_fn != 6'h37;
    wire n_i_bz     = d_regimm && (id_rt[4:2] == 3'b000 || id_rt[4:2] == 3'b100);
    wire n_i_trapi  = d_regimm && id_rt[4:3] == 2'b01 && id_rt != 5'h0d && id_rt != 5'h0f;
    wire n_i_j      = d_opc == 6'h02;
    wire n_i_jal    = d_opc == 6'h03;
    wire n_i_b2     = d_opc == 6'h04 || d_opc == 6'h05 || d_opc == 6'h14 || d_opc == 6'h15;
    wire n_i_b1     = (d_opc == 6'h06 || d_opc == 6'h07 || d_opc == 6'h16 || d_opc == 6'h17) &&
                      id_rt == 5'd0;
    wire n_i_imm    = d_opc[5:3] == 3'b001 && (d_opc != 6'h0f || id_rs == 5'd0);   // addi .. lui
    wire n_i_madd   = d_sp2 && (d_fn == 6'h00 || d_fn == 6'h01 || d_fn == 6'h04 || d_fn == 6'h05) &&
                      id_rd == 5'd0 && id_sa == 5'd0;
    wire n_i_mul    = d_sp2 && d_fn == 6'h02 && id_sa == 5'd0;
    wire n_i_clz    = d_sp2 && (d_fn == 6'h20 || d_fn == 6'h21) && id_sa == 5'd0 && id_rt == id_rd;
    wire n_i_rdhwr  = d_opc == 6'h1f && d_fn == 6'h3b && id_rs == 5'd0 && id_sa == 5'd0;
    wire n_i_load   = d_opc == 6'h20 || d_opc == 6'h21 || d_opc == 6'h22 || d_opc == 6'h23 ||
                      d_opc == 6'h24 || d_opc == 6'h25 || d_opc == 6'h26 || d_opc == 6'h30;
    wire n_i_store  = d_opc == 6'h28 || d_opc == 6'h29 || d_opc == 6'h2a || d_opc == 6'h2b ||
                      d_opc == 6'h2e || d_opc == 6'h38;
    wire n_i_pref   = d_opc == 6'h33;
    wire n_base_ok  = n_i_sh | n_i_shv | n_i_jr | n_i_jalr | n_i_mov | n_i_sys | n_i_brk | n_i_sync |
                      n_i_mfhl | n_i_mthl | n_i_mdu | n_i_r | n_i_trap | n_i_bz | n_i_trapi | n_i_j |
                      n_i_jal | n_i_b2 | n_i_b1 | n_i_imm | n_i_madd | n_i_mul | n_i_clz | n_i_rdhwr |
                      n_i_load | n_i_store | n_i_pref;
    // the registers the model's scoreboard sees as sources
    wire n_base_rs = n_i_shv | n_i_jr | n_i_jalr | n_i_mov | n_i_mthl | n_i_mdu | n_i_r | n_i_trap |
                     n_i_bz | n_i_trapi | n_i_b2 | n_i_b1 | (n_i_imm && d_opc != 6'h0f) | n_i_madd |
                     n_i_mul | n_i_clz | n_i_load | n_i_store;
    wire n_base_rt = n_i_sh | n_i_shv | n_i_mov | n_i_mdu | n_i_r | n_i_trap | n_i_b2 | n_i_madd |
                     n_i_mul | n_i_store | d_opc == 6'h22 | d_opc == 6'h26;
    wire n_link    = n_i_jal || (n_i_jalr) || (n_i_bz && id_rt[4]);
    // the destination of a base instruction (registered: e_dest_q; a unit's is rd when its
    // rd_we_o, which the unit decodes in ID and registers with the word)
    reg  [4:0]  n_dest;
    always @(*) begin
        n_dest = 5'd0;
        if (n_i_sh || n_i_shv || n_i_mov || n_i_mfhl || n_i_r || n_i_mul || n_i_clz ||
            n_i_jalr)                                           n_dest = id_rd;
        else if (n_i_imm || n_i_load || n_i_rdhwr || d_opc == 6'h38) n_dest = id_rt;
        else if (n_i_jal || (n_i_bz && id_rt[4]))               n_dest = 5'd31;
        else if (n_i_sys)                                       n_dest = 5'd2;
    end

    // ALU selects for EX (registered with the decode): one-hot parts of the result
    wire        n_r_sub = n_i_r && (d_fn == 6'h22 || d_fn == 6'h23 || d_fn == 6'h2a ||
                                    d_fn == 6'h2b);
    wire        n_i_slti = n_i_imm && (d_opc == 6'h0a || d_opc == 6'h0b);
    wire        n_i_logi = n_i_imm && d_opc[2];                 // andi ori xori lui
    wire        n_sel_sum = (n_i_r && d_fn[5:2] == 4'b1000) ||  // add addu sub subu
                            (n_i_imm && d_opc[2:1] == 2'b00) ||  // addi addiu
                            n_i_trap || n_i_trapi;               // rs - rt, rs - simm16
    wire        n_sel_logic = (n_i_r && d_fn[5:2] == 4'b1001) || n_i_logi;
    wire [1:0]  n_logic_op = n_i_r ? d_fn[1:0] : (d_opc == 6'h0f) ? 2'd1 : d_opc[1:0];
    wire        n_sel_slt = (n_i_r && d_fn[5:1] == 5'b10101) || n_i_slti;
    wire        n_slt_u = (n_i_r || n_i_trap) ? d_fn[0] : n_i_trapi ? id_rt[0] : d_opc[0];
    wire        n_sub = n_r_sub || n_i_slti || n_i_trap || n_i_trapi;
    wire        n_use_imm = !(n_i_r || n_i_trap);   // rt: R-type arithmetic, logic, slt, traps
    wire [31:0] n_imm = (d_opc == 6'h0f) ? {d_insn[15:0], 16'd0} :
                        n_i_logi ? {16'd0, d_insn[15:0]} :
                        {{16{d_insn[15]}}, d_insn[15:0]} ^ {32{n_i_slti || n_i_trapi}};
    wire [ALU_W-1:0] n_alu = {n_use_imm, n_sub, n_sel_sum, n_sel_logic, n_logic_op, n_sel_slt,
                              n_slt_u, (n_i_sh || n_i_shv) && !d_fn[1],
                              (n_i_sh || n_i_shv) && d_fn[1], d_fn[0], n_i_clz, d_fn[0],
                              !(d_fn[0] && (n_i_mult || n_i_madd)),
                              (n_i_r && (d_fn == 6'h20 || d_fn == 6'h22)) ||
                              (n_i_imm && d_opc == 6'h08)};

    // the destination register of the instruction in EX (decoded, whether or not it
    // writes: movz/movn count as writers, as in the model's scoreboard)
    wire [4:0]  e_dest;
    // a branch or register jump waits while the producer of an operand is in EX or MEM,
    // a load's also while it is in WB and the cycle after (branch_operand_lead 2 after the
    // load's result delay, load_use_penalty 2)
    wire        br_hazard = id_valid && e_valid_q &&
                            (((d_cmp_rs && id_rs != 5'd0) && (e_dest == id_rs)) ||
                             ((d_cmp_rt && id_rt != 5'd0) && (e_dest == id_rt))) ||
                            id_valid && m_valid_q && m_rd_q != 5'd0 &&
                            ((d_cmp_rs && m_rd_q == id_rs) || (d_cmp_rt && m_rd_q == id_rt)) ||
                            id_valid && w_ld_q &&
                            ((d_cmp_rs && w_rd_q == id_rs) || (d_cmp_rt && w_rd_q == id_rt)) ||
                            id_valid && x_ld_q && !(w_valid_q && w_rd_q == x_rd_q) &&
                            ((d_cmp_rs && x_rd_q == id_rs) || (d_cmp_rt && x_rd_q == id_rt));
    wire        id_hold = id_valid && (br_hazard || ex_stall);
    wire        id_fire = id_valid && !id_hold;

    reg         d_cond;
    always @(*) begin
        if (d_beq)       d_cond = (d_ba == d_bb);
        else if (d_bne)  d_cond = (d_ba != d_bb);
        else if (d_blez) d_cond = d_ba[31] || (d_ba == 32'd0);
        else if (d_bgtz) d_cond = !d_ba[31] && (d_ba != 32'd0);
        else             d_cond = d_ba[31] ^ id_rt[0];         // bltz / bgez
    end
    // the delay slot's pc (the fetch's sequential address): the branch target's base, and
    // its top four bits the jump target's
    wire [31:0] d_pc4    = d_pc_q + 32'd4;
    wire [31:0] d_br_tgt = d_pc4 + {{14{d_insn[15]}}, d_insn[15:0], 2'b00};
    wire [31:0] d_j_tgt  = {d_pc4[31:28], d_insn[25:0], 2'b00};
    wire [31:0] d_tgt    = (d_jr || d_jalr) ? d_ba : d_j ? d_j_tgt : d_br_tgt;
    wire        d_jmis   = (d_jr || d_jalr) && (d_ba[1:0] != 2'b00);
    wire        d_jump   = (d_j || d_jr || d_jalr) && !d_jmis;

    // a redirect goes to the registered target, or after an annul to the annulling
    // branch's pc + 8 (the branch is in EX then: e_pc8; it is not the word after the
    // annulled one when the branch sat in a taken branch's delay slot), selected by
    // annul_q: redir_pc_q does not wait for the branch condition
    wire [31:0] e_pc8 = e_pc_q + 32'd8;
    reg  [31:0] fetch_pc;
    always @(*) begin
        if (boot_q)       fetch_pc = boot_addr_i;
        else if (id_hold) fetch_pc = d_pc_q;          // hold: fetch the word in ID again
        else if (redir_q) fetch_pc = annul_q ? e_pc8 : redir_pc_q;
        else              fetch_pc = d_pc4;
    end
    assign imem_addr_o = fetch_pc;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            boot_q     <= 1'b1;
            d_valid_q  <= 1'b0;
            d_pc_q     <= 32'd0;
            rb_q       <= 1'b0;
            rl_q       <= 1'b0;
            rj_q       <= 1'b0;
            cond_q     <= 1'b0;
            redir_pc_q <= 32'd0;
        end else begin
            boot_q    <= 1'b0;
            d_valid_q <= 1'b1;
            d_pc_q    <= fetch_pc;
            if (!id_hold) begin
                rb_q       <= id_fire && d_branch && !d_likely;
                rl_q       <= id_fire && d_branch && d_likely;
                rj_q       <= id_fire && d_jump;
                cond_q     <= d_cond;
                redir_pc_q <= d_tgt;
            end
        end
    end

    // ------------------------------------------------------------------ EX
    wire [4:0]  rs = e_insn_q[25:21];
    wire [4:0]  rt = e_insn_q[20:16];
    wire [4:0]  rd = e_insn_q[15:11];
    wire [5:0]  opc = e_insn_q[31:26];
    wire [5:0]  fn  = e_insn_q[5:0];
    wire        sp2  = opc == 6'h1c;

    // the base decode, registered from ID
    wire i_sh, i_shv, i_jalr, i_mov, i_sys, i_brk, i_mfhl, i_mthl, i_mdu, i_div, i_mult, i_r,
            i_trap, i_bz, i_trapi, i_jal, i_imm, i_madd, i_mul, i_clz, i_rdhwr, i_load,
            i_store, base_ok, base_rs, base_rt, link;
    assign {i_sh, i_shv, i_jalr, i_mov, i_sys, i_brk, i_mfhl, i_mthl, i_mdu, i_div, i_mult,
            i_r, i_trap, i_bz, i_trapi, i_jal, i_imm, i_madd, i_mul, i_clz, i_rdhwr, i_load,
            i_store, base_ok, base_rs, base_rt, link} = e_dec_q;

    // extension units (generated per design from its unit list)
    wire        ext_claim, ext_uses_rs, ext_uses_rt, ext_ready, ext_rd_we, ext_err;
    wire        ext_mem_req, ext_mem_we, ext_m_wvalid;
    wire [31:0] ext_rd_wdata, ext_m_wdata;
    wire        is_ext   = !base_ok && ext_claim;
    wire        uses_rs  = base_ok ? base_rs : (ext_claim && ext_uses_rs);
    wire        uses_rt  = base_ok ? base_rt : (ext_claim && ext_uses_rt);

    // operands: forwarded from MEM; the ID stage forwards what WB and the register file
    // hold into the operand registers. A load's value reaches EX only through them
    // (load_use_penalty 2): a consumer waits while the load is in MEM and in WB, and
    // takes WB's load value into its operand register while it waits (e_fa_q[1]). The
    // source is decided a cycle earlier (fwd_sel: e_fa_q / e_fb_q), only the values arrive
    // in this cycle. Two LUT levels: the registers' values in pairs, then their OR (a
    // kept module: as one AND-OR of four, ABC mapped it to a chain of three)
    wire [31:0] a_mr = ({32{e_fa_q[4]}} & m_result_q) | ({32{e_fa_q[0]}} & e_a_q);
    wire [31:0] b_mr = ({32{e_fb_q[4]}} & m_result_q) | ({32{e_fb_q[0]}} & e_b_q);
    wire [31:0] a_hl = ({32{e_fa_q[3]}} & hi_q) | ({32{e_fa_q[2]}} & lo_q);
    wire [31:0] b_hl = ({32{e_fb_q[3]}} & hi_q) | ({32{e_fb_q[2]}} & lo_q);
    wire [31:0] a, b;
    mips_or2 #(.W(32)) u_fa (.x_i(a_mr), .y_i(a_hl), .o_o(a));
    mips_or2 #(.W(32)) u_fb (.x_i(b_mr), .y_i(b_hl), .o_o(b));
    // (movz/movn also wait for a load of rd: rd is kept when they do not write, and the
    // consumer behind them then takes it from its operand register; a load in WB is
    // shadowed by a newer writer of its register in MEM)
    // The register compares are registered (e_lu_q, e_lsh_q: decided when the instruction
    // enters EX or waits there, against the instructions that will then be in MEM and WB)
    reg  [5:0]  e_lu_q;   // {rs, rt, rd} == MEM's rd (not $zero), {rs, rt, rd} == WB's rd
    reg         e_lsh_q;  // MEM's rd == WB's rd
    wire lu_hazard = e_valid_q && m_valid_q && m_load_q &&
                     ((uses_rs && e_lu_q[5]) || (uses_rt && e_lu_q[4]) ||
                      (i_mov && e_lu_q[3])) ||
                     e_valid_q && w_ld_q && !(m_valid_q && e_lsh_q) &&
                     ((uses_rs && e_lu_q[2]) || (uses_rt && e_lu_q[1]) ||
                      (i_mov && e_lu_q[0]));
    // the same for an instruction that reads rs and rt (a multiply or a division: their
    // starts need not wait for the decode of what reads which)
    wire lu_rsrt = m_valid_q && m_load_q && (e_lu_q[5] || e_lu_q[4]) ||
                   w_ld_q && !(m_valid_q && e_lsh_q) && (e_lu_q[2] || e_lu_q[1]);

    // ALU
    wire        alu_use_imm, alu_sub, alu_sel_sum, alu_sel_logic, alu_sel_slt, alu_slt_u;
    wire        alu_sel_shl, alu_sel_shr, alu_sra, alu_sel_clz, alu_clo, alu_mul_signed;
    wire        alu_ovf_en;   // add, sub, addi: overflow traps
    wire [1:0]  alu_logic_op;
    assign {alu_use_imm, alu_sub, alu_sel_sum, alu_sel_logic, alu_logic_op, alu_sel_slt,
            alu_slt_u, alu_sel_shl, alu_sel_shr, alu_sra, alu_sel_clz, alu_clo,
            alu_mul_signed, alu_ovf_en} = e_alu_q;
    wire [31:0] alu_res, alu_shl, alu_shr, ea;
    wire [5:0]  alu_lz;
    wire        alu_ovf, alu_lt;
    mips_alu u_alu (
        .a_i(a), .b_i(b), .imm_i(e_imm_q), .use_imm_i(alu_use_imm), .sub_i(alu_sub),
        .ltu_i(alu_slt_u),
        .sel_logic_i(alu_sel_logic), .logic_op_i(alu_logic_op), .sel_shl_i(alu_sel_shl),
        .sel_shr_i(alu_sel_shr), .sra_i(alu_sra),
        .sh_i(a[4:0]), .sel_clz_i(alu_sel_clz), .clz_x_i(clz_q),
        .result_o(alu_res), .lz_o(alu_lz), .shl_o(alu_shl),
        .shr_o(alu_shr), .sum_o(ea),
        .lt_o(alu_lt), .ovf_o(alu_ovf)
    );

    // divider (beside the pipeline)
    wire        div_busy, div_done;
    wire [31:0] div_quo, div_rem;
    wire        e_fire;
    wire        trap;
    // every HI/LO instruction waits in EX while a division runs (ex_stall): none abandons
    // it, madd/msub add to its result, mthi/mtlo keep its other half
    wire        i_hl_any = i_mfhl || i_mthl || i_mdu || i_madd;
    // (it starts as the div leaves EX: a div's only stalls are a load and a running
    // division, and its only exception a fetch error)
    mips_div u_div (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .start_i(e_valid_q && i_div && !e_ferr_q && !lu_rsrt && !div_busy),
        .signed_i(!fn[0]), .a_i(a), .b_i(b), .busy_o(div_busy),
        .done_o(div_done), .quo_o(div_quo), .rem_o(div_rem)
    );

    // multiplier (mult, multu, madd(u), msub(u), mul): MUL_W multiplier bits a cycle,
    // 32 / MUL_W + 1 cycles in EX (latency.mul); it starts when the instruction's operands
    // are valid (no load to wait for, no division running for a HI/LO writer). mul's
    // product is its result in the last cycle; a HI/LO writer's is read in MEM (mul_prod)
    wire        i_mulc = (i_mult || i_madd || i_mul) && !e_ferr_q;
    wire        mul_busy, mul_last;
    wire [31:0] mul_lo;
    wire [63:0] mul_prod;
    mips_mul #(.W(MUL_W)) u_mul (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .start_i(e_valid_q && i_mulc && !mul_busy && !lu_rsrt && !(i_hl_any && div_busy)),
        .a_i(a), .a31x_i(a_mr[31]), .a31y_i(a_hl[31]), .b_i(b), .b0x_i(b_mr[MUL_W-1:0]),
        .b0y_i(b_hl[MUL_W-1:0]),
        .signed_i(alu_mul_signed), .busy_o(mul_busy), .last_o(mul_last),
        .lo_o(mul_lo), .prod_o(mul_prod)
    );


    // traps (teq .. tnei): the ALU subtracts (result rs - rt or rs - simm16, its lt and ltu
    // registered beside it); the condition is decided in MEM (m_trap_t)
    wire [2:0]  t_k = i_trapi ? rt[2:0] : fn[2:0];

    // rdhwr: CPUNum 0, SYNCI_Step 0, CC = the cycle count before the instruction (its
    // retire cycle, WB, two cycles after EX: cyc_q counts from 2), CCRes 1, ULR 0
    reg  [31:0] hwr;
    reg         hwr_ok;
    always @(*) begin
        hwr_ok = 1'b1;
        case (rd)
            5'd0, 5'd1, 5'd29: hwr = 32'd0;
            5'd2:              hwr = cyc_q;
            5'd3:              hwr = 32'd1;
            default:           begin hwr = 32'd0; hwr_ok = 1'b0; end
        endcase
    end

    // memory access (EX: address and alignment; the request goes out in MEM)
    wire        ext_mem  = is_ext && ext_mem_req;
    wire        x_rdreq  = i_load || (ext_mem && !ext_mem_we);
    wire        x_store  = i_store || (ext_mem && ext_mem_we);
    wire        half     = opc == 6'h21 || opc == 6'h25 || opc == 6'h29;
    wire        word     = opc == 6'h23 || opc == 6'h30 || opc == 6'h2b || opc == 6'h38 || ext_mem;
    // the address's low bits from a 2-bit add (loads and stores add the immediate)
    wire [1:0]  ea_lo    = a[1:0] + e_imm_q[1:0];
    wire        mem_mis  = (half && ea_lo[0]) || (word && ea_lo != 2'd0);

    // exceptions: the decode-only ones (trap_e) and those that wait for data. Each result
    // below takes only the kinds its instructions can raise (a division, a HI/LO move or a
    // load no overflow), so that the late ones reach only what they must. The trap
    // instructions' conditions are decided in MEM (they write nothing, m_trap_t)
    wire        trap_e   = e_ferr_q || (!base_ok && !ext_claim) || (is_ext && ext_err) ||
                           (i_rdhwr && !hwr_ok) || i_brk || e_jmis_q;
    wire        trap_ovf = alu_ovf_en && alu_ovf;
    wire        trap_mis = (x_rdreq || x_store) && mem_mis;

    // the cause (the first in this order) and the bad address, for the commit record
    reg  [31:0] cause, tval;
    always @(*) begin
        cause  = 32'd0;
        tval   = 32'd0;
        if (e_ferr_q) begin
            cause = 32'd1; tval = e_pc_q;
        end else if (!base_ok && !ext_claim) begin
            cause = 32'd2; tval = e_insn_q;
        end else if ((is_ext && ext_err) || (i_rdhwr && !hwr_ok)) begin
            cause = 32'd2; tval = e_insn_q;
        end else if (i_brk) begin
            cause = 32'd3;
        end else if (e_jmis_q) begin
            cause = 32'd0; tval = e_jtgt_q;
        end else if (trap_ovf) begin
            cause = 32'd12;
        end else if (trap_mis) begin
            cause = x_rdreq ? 32'd4 : 32'd6; tval = ea;
        end
    end
    assign trap = trap_e || trap_ovf || trap_mis;   // and in MEM, m_trap_t

    // destination (decoded in ID, a unit's here) and result
    wire        is_sc = opc == 6'h38;
    wire [4:0]  dest = e_dest_q | ({5{is_ext && ext_rd_we}} & rd);
    assign e_dest = e_valid_q ? dest : 5'd0;
    wire        mov_ok = (fn[0] ? (b != 32'd0) : (b == 32'd0));
    // the result: its sources are exclusive (the ALU's is zero unless it computes one);
    // mthi / mtlo carry rs to MEM, where HI / LO are written
    // the two shifters (each zero unless selected), the adder's sum (bits 31..1) or
    // set-less-than (bit 0) and an extension unit's result (one kept AND-OR) join last
    // (kept module), with the rest: the sum's bit 0 (early), clz/clo, logic
    wire [31:0] rest_early = alu_res | {26'd0, alu_lz} |
                              ({32{link}} & e_pc8) | ({32{i_mov || i_mthl}} & a) |
                              ({32{i_rdhwr}} & hwr) | ({32{i_sys}} & host_wdata_i) |
                              ({32{i_mul}} & mul_lo) | {31'd0, is_sc};
    // the sum's bit 0 (the first carry cell; bit 0 of the sum-or-slt join is slt) joins the
    // rest in its last LUT level (a kept one): in the OR of the rest it was five levels deep
    wire        rest0;
    mips_ao22 #(.W(1)) u_sum0 (
        .s0_i(alu_sel_sum), .x0_i(ea[0]), .s1_i(1'b1), .x1_i(rest_early[0]), .y_o(rest0)
    );
    wire [31:0] result_rest = {rest_early[31:1], rest0};
    wire [31:0] alu_res_all, sum_ext;
    mips_ao22 #(.W(32)) u_sum_ext (
        .s0_i({{31{alu_sel_sum}}, alu_sel_slt}), .x0_i({ea[31:1], alu_lt}), .s1_i({32{is_ext}}),
        .x1_i(ext_rd_wdata),
        .y_o(sum_ext)
    );
    mips_or4 #(.W(32)) u_res (
        .x_i(alu_shr), .y_i(alu_shl), .z_i(result_rest), .w_i(sum_ext), .o_o(alu_res_all)
    );
    wire [31:0] result = alu_res_all;
    // (no instruction with a destination has a trap condition; an overflow or a misaligned
    // address does not wait here: m_trap_q masks every use of m_we_q but movz/movn's, which
    // raise neither)
    wire        x_we = (dest != 5'd0) && !(i_mov && !mov_ok) && !trap_e;

    // the forward select of register r for the next cycle: from MEM if the instruction now
    // in EX writes r and moves on (mv), else from WB if the one now in MEM writes it, else
    // the operand register (which holds the register file's value or the value forwarded
    // in ID); $zero never forwards. Not waited for: an overflow or a misaligned address of
    // the instruction in EX (its exception ends the run: nothing behind it retires, and
    // its result is not written)
    wire        x_fwd = e_valid_q && (dest != 5'd0) && !i_mov && !trap_e && !i_load;
    // a movz/movn forwards if its condition holds (it writes)
    wire        x_fwd_mov = e_valid_q && (dest != 5'd0) && i_mov && !trap_e;
    wire        mw_wr = m_valid_q && m_we_q && !m_trap_q && !m_err;
    // (the sources as one argument: called in a continuous assignment, a function must
    // read only its arguments, for Icarus; see fwd_src)
    wire [13:0] sel_src = {dest, x_fwd, m_rd_q, mw_wr && m_load_q, i_mfhl, fn[1]};
    function [4:0] fwd_sel;
        input [4:0]  r;
        input        mv;
        input [13:0] src;   // {EX's dest, it forwards, MEM's rd, a load there, mfhi/lo, fn[1]}
        reg          fm, fw;
        begin
            fm = mv && r != 5'd0 && r == src[13:9] && src[8];
            fw = !fm && r != 5'd0 && r == src[7:3] && src[2];
            fwd_sel = {fm && !src[1], fm && src[1] && !src[0], fm && src[1] && src[0], fw,
                       !fm && !fw};
        end
    endfunction
    // the next cycle's selects: of the instruction entering EX (forwarded from the one now
    // in EX, which moves to MEM) or of the one waiting there. A movz/movn in EX that the
    // entering instruction names: MEM's result if its condition holds, else the operand
    // register (a load of its rd is not in MEM then: the move waited for it); the condition
    // (rt == 0, late) is decided last, in a kept module
    wire [4:0]  fa_n = ex_stall ? fwd_sel(rs, 1'b0, sel_src) : fwd_sel(id_rs, 1'b1, sel_src);
    wire [4:0]  fb_n = ex_stall ? fwd_sel(rt, 1'b0, sel_src) : fwd_sel(id_rt, 1'b1, sel_src);
    wire [1:0]  mv_n = {2{!ex_stall && x_fwd_mov}} &
                       {id_rs != 5'd0 && id_rs == dest, id_rt != 5'd0 && id_rt == dest};
    wire [1:0]  sel_m, sel_o;
    mips_movsel u_movsel (
        .b_i(b), .movn_i(fn[0]), .m_i({fa_n[4], fb_n[4]}), .o_i({fa_n[0], fb_n[0]}),
        .mv_i(mv_n), .m_o(sel_m), .o_o(sel_o)
    );
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            e_fa_q <= 5'd1;
            e_fb_q <= 5'd1;
        end else begin
            e_fa_q <= {sel_m[1], fa_n[3:1], sel_o[1]};
            e_fb_q <= {sel_m[0], fb_n[3:1], sel_o[0]};
        end
    end

    mips_ext u_ext (
        .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(e_valid_q && !lu_hazard), .insn_i(e_insn_q),
        .d_insn_i(d_insn), .e_load_i(!ex_stall), .pc_i(e_pc_q), .rs_i(a), .rt_i(b), .fire_i(e_fire && !trap_e && !trap_mis && is_ext),
        .mem_rdata_i(dmem_rdata_i),
        .claim_o(ext_claim), .uses_rs_o(ext_uses_rs), .uses_rt_o(ext_uses_rt),
        .ready_o(ext_ready), .rd_we_o(ext_rd_we), .rd_wdata_o(ext_rd_wdata), .err_o(ext_err),
        .mem_req_o(ext_mem_req), .mem_we_o(ext_mem_we), .m_wdata_valid_o(ext_m_wvalid),
        .m_wdata_o(ext_m_wdata)
    );

    // clz/clo take two cycles in EX (mips5 ops.clz, ops.clo = 2): the first registers the
    // operand (inverted for clo), the second counts from that register (a 32-bit count
    // behind the forwarded operand was the longest path in EX)
    reg         clz2_q;
    reg  [31:0] clz_q;
    always @(posedge clk_i) clz_q <= alu_clo ? ~a : a;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) clz2_q <= 1'b0;
        else         clz2_q <= e_valid_q && i_clz && !clz2_q && !lu_hazard;
    end
    assign ex_stall = e_valid_q && (lu_hazard || (i_hl_any && div_busy) || (is_ext && !ext_ready) ||
                                    (i_clz && !clz2_q) || (i_mulc && !mul_last));
    assign e_fire   = e_valid_q && !ex_stall;
    assign host_call_o = e_fire && i_sys;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            e_valid_q <= 1'b0;
            e_insn_q  <= 32'd0;
            e_pc_q    <= 32'd0;
            e_a_q     <= 32'd0;
            e_b_q     <= 32'd0;
            e_ferr_q  <= 1'b0;
            e_jmis_q  <= 1'b0;
            e_jtgt_q  <= 32'd0;
            e_dec_q   <= {DEC_W{1'b0}};
            e_alu_q   <= {ALU_W{1'b0}};
            e_imm_q   <= 32'd0;
            e_dest_q  <= 5'd0;
            e_lu_q    <= 6'd0;
            e_lsh_q   <= 1'b0;
        end else if (!ex_stall) begin
            e_dec_q   <= {n_i_sh, n_i_shv, n_i_jalr, n_i_mov, n_i_sys, n_i_brk, n_i_mfhl,
                          n_i_mthl, n_i_mdu, n_i_div, n_i_mult, n_i_r, n_i_trap, n_i_bz,
                          n_i_trapi, n_i_jal, n_i_imm, n_i_madd, n_i_mul, n_i_clz, n_i_rdhwr,
                          n_i_load, n_i_store, n_base_ok, n_base_rs, n_base_rt, n_link};
            e_alu_q   <= n_alu;
            e_imm_q   <= n_imm;
            e_dest_q  <= n_dest;
            e_valid_q <= id_fire;
            e_insn_q  <= d_insn;
            e_pc_q    <= d_pc_q;
            // sll/srl/sra (rs = 0) carry their amount in the rs operand: the shifter's
            // amount is always rs[4:0]
            e_a_q     <= n_i_sh ? {27'd0, id_sa} : d_a;
            e_b_q     <= d_b;
            e_ferr_q  <= imem_err_i;
            e_jmis_q  <= d_jmis;
            e_jtgt_q  <= d_ba;
            // the instruction in EX moves to MEM (it fires), the one in MEM to WB
            // next cycle: MEM holds the instruction now in EX, WB the one now in MEM
            e_lu_q    <= {id_rs == dest && id_rs != 5'd0, id_rt == dest && id_rt != 5'd0,
                          id_rd == dest && id_rd != 5'd0, id_rs == m_rd_q, id_rt == m_rd_q,
                          id_rd == m_rd_q};
            e_lsh_q   <= dest == m_rd_q;
        end else begin
            // held: keep the operands current (the producers move on to the register file);
            // MEM gets a bubble, WB the instruction now in MEM
            e_a_q  <= e_fa_q[1] ? w_value : a;
            e_b_q  <= e_fb_q[1] ? w_value : b;
            // next cycle: MEM holds a bubble, WB the instruction now in MEM
            e_lu_q  <= {3'b000, rs == m_rd_q, rt == m_rd_q, rd == m_rd_q};
            e_lsh_q <= 1'b0;
        end
    end

    // ------------------------------------------------------------------ MEM
    reg         m_rdreq_q, m_hl_q, m_pend_q;
    reg         m_hmul_q, m_hacc_q, m_hsub_q, m_mthi_q, m_mtlo_q, m_mfhi_q, m_mflo_q;
    reg         m_ttrap_q, m_tlt_q;   // a trap; rs < rt (signed or unsigned, its kind)
    reg  [2:0]  m_tk_q;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            m_valid_q   <= 1'b0;
            m_we_q      <= 1'b0;
            m_load_q    <= 1'b0;
            m_rdreq_q   <= 1'b0;
            m_store_q   <= 1'b0;
            m_trap_q    <= 1'b0;
            m_unit_st_q <= 1'b0;
            m_hl_q      <= 1'b0;
            m_pend_q    <= 1'b0;
            m_hmul_q    <= 1'b0;
            m_hacc_q    <= 1'b0;
            m_hsub_q    <= 1'b0;
            m_mthi_q    <= 1'b0;
            m_mtlo_q    <= 1'b0;
            m_mfhi_q    <= 1'b0;
            m_mflo_q    <= 1'b0;
            m_ttrap_q   <= 1'b0;
            m_tlt_q     <= 1'b0;
            m_tk_q      <= 3'd0;
            m_rd_q      <= 5'd0;
            m_op_q      <= 6'd0;
            m_result_q  <= 32'd0;
            m_addr_q    <= 32'd0;
            m_b_q       <= 32'd0;
            m_insn_q    <= 32'd0;
            m_pc_q      <= 32'd0;
            m_cause_q   <= 32'd0;
            m_tval_q    <= 32'd0;
        end else begin
            m_valid_q   <= e_fire;
            m_we_q      <= e_fire && x_we;
            m_load_q    <= e_fire && !trap_e && !trap_mis && i_load;
            m_rdreq_q   <= e_fire && !trap_e && !trap_mis && x_rdreq;
            m_store_q   <= e_fire && !trap_e && !trap_mis && x_store;
            m_trap_q    <= e_fire && trap;
            m_unit_st_q <= e_fire && !trap_e && !trap_mis && ext_mem && ext_mem_we;
            m_hl_q      <= e_fire && !trap_e && (i_mult || i_madd || i_mthl);
            m_pend_q    <= e_fire && !trap_e && i_div;
            m_hmul_q    <= e_fire && !trap_e && (i_mult || i_madd);
            m_hacc_q    <= i_madd;
            m_hsub_q    <= i_madd && fn[2];
            m_mthi_q    <= e_fire && !trap_e && i_mthl && !fn[1];
            m_mtlo_q    <= e_fire && !trap_e && i_mthl && fn[1];
            m_mfhi_q    <= i_mfhl && !fn[1];
            m_mflo_q    <= i_mfhl && fn[1];
            m_ttrap_q   <= e_fire && !trap_e && (i_trap || i_trapi);
            m_tlt_q     <= alu_lt;
            m_tk_q      <= t_k;
            m_rd_q      <= dest;
            m_op_q      <= ext_mem ? (ext_mem_we ? 6'h2b : 6'h23) : opc;
            m_result_q  <= result;
            m_addr_q    <= ea;
            m_b_q       <= b;
            m_insn_q    <= e_insn_q;
            m_pc_q      <= e_pc_q;
            m_cause_q   <= cause;
            m_tval_q    <= tval;
        end
    end

    wire [1:0]  m_off = m_addr_q[1:0];
    reg  [3:0]  st_be;
    always @(*) begin
        case (m_op_q)
            6'h28:   st_be = 4'b0001 << m_off;           // sb
            6'h29:   st_be = 4'b0011 << m_off;           // sh
            6'h2a:   st_be = 4'b1111 >> (2'd3 - m_off);  // swl
            6'h2e:   st_be = 4'b1111 << m_off;           // swr
            default: st_be = 4'b1111;
        endcase
    end
    // the store data: rt rotated left by bytes, so that each written byte is in its lane
    // (sb, sh, swr: by the offset; swl: by the offset + 1; a word store's offset is 0);
    // the bytes st_be leaves out are not written, whatever they hold
    wire [1:0]  st_rot = m_off + {1'b0, m_op_q == 6'h2a};
    wire [63:0] st_dup = {m_b_q, m_b_q} << {st_rot, 3'b000};
    wire [31:0] st_data = (m_unit_st_q && ext_m_wvalid) ? ext_m_wdata : st_dup[63:32];
    // the load's byte selects for WB (see the alignment there)
    reg  [7:0]  ld_src;
    reg  [3:0]  ld_used, ld_uses;
    reg  [1:0]  ld_ssel;
    reg  [31:0] ld_keep;
    integer     mb;
    always @(*) begin
        ld_src  = 8'b11_10_01_00;
        ld_used = 4'b1111;
        ld_uses = 4'b0000;
        ld_ssel = m_off;
        ld_keep = 32'd0;
        case (m_op_q)
            6'h20, 6'h24: begin   // lb, lbu
                ld_src  = {6'd0, m_off};
                ld_used = 4'b0001;
                ld_uses = {{3{!m_op_q[2]}}, 1'b0};
            end
            6'h21, 6'h25: begin   // lh, lhu
                ld_src  = {4'd0, m_off + 2'd1, m_off};
                ld_used = 4'b0011;
                ld_uses = {{2{!m_op_q[2]}}, 2'b00};
                ld_ssel = m_off + 2'd1;
            end
            6'h22: begin          // lwl: byte k from byte k - (3 - off), the rest kept
                for (mb = 0; mb < 4; mb = mb + 1) begin
                    ld_src[2*mb +: 2] = mb[1:0] - (2'd3 - m_off);
                    ld_used[mb]       = mb[1:0] >= 2'd3 - m_off;
                end
            end
            6'h26: begin          // lwr: byte k from byte k + off, the rest kept
                for (mb = 0; mb < 4; mb = mb + 1) begin
                    ld_src[2*mb +: 2] = mb[1:0] + m_off;
                    ld_used[mb]       = {1'b0, mb[1:0]} + {1'b0, m_off} <= 3'd3;
                end
            end
            default: ;
        endcase
        for (mb = 0; mb < 4; mb = mb + 1)
            ld_keep[8*mb +: 8] = {8{!ld_used[mb] && (m_op_q == 6'h22 || m_op_q == 6'h26)}};
    end

    // HI/LO: mult/madd/msub, mthi/mtlo write them at the end of MEM (mfhi/mflo read them
    // here), the divider when it is done (no HI/LO instruction is in MEM then: they wait in
    // EX while it runs). The product comes from the multiplier's registers; madd adds it to
    // HI/LO, msub subtracts it (HI/LO + ~p + 1): one 64-bit carry chain, its carry-in below
    // bit 0
    wire [64:0] hilo_sum = {(m_hacc_q ? {hi_q, lo_q} : 64'd0), 1'b1} +
                           {mul_prod ^ {64{m_hsub_q}}, m_hsub_q};
    wire [63:0] hilo_new = hilo_sum[64:1];
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            hi_q <= 32'd0;
            lo_q <= 32'd0;
        end else if (m_hmul_q) begin
            hi_q <= hilo_new[63:32];
            lo_q <= hilo_new[31:0];
        end else if (m_mthi_q) begin
            hi_q <= m_result_q;
        end else if (m_mtlo_q) begin
            lo_q <= m_result_q;
        end else if (div_done) begin
            hi_q <= div_rem;
            lo_q <= div_quo;
        end
    end
    // the value MEM forwards (and WB writes): mfhi / mflo read HI / LO here
    assign m_value = m_mfhi_q ? hi_q : m_mflo_q ? lo_q : m_result_q;

    // the trap instructions' conditions, from the difference in m_result_q
    wire        m_teq = m_result_q == 32'd0;
    reg         m_tcond;
    always @(*) begin
        case (m_tk_q)
            3'd0, 3'd1: m_tcond = !m_tlt_q;
            3'd2, 3'd3: m_tcond = m_tlt_q;
            3'd4:    m_tcond = m_teq;
            default: m_tcond = !m_teq;
        endcase
    end
    wire        m_trap_t = m_ttrap_q && m_tcond;

    wire m_req = m_valid_q && (m_rdreq_q || m_store_q);
    assign m_err = m_req && dmem_err_i;
    assign dmem_req_o   = m_req;
    assign dmem_we_o    = m_store_q;
    assign dmem_be_o    = m_store_q ? st_be : 4'b1111;
    assign dmem_addr_o  = m_addr_q;
    assign dmem_wdata_o = st_data;

    // ------------------------------------------------------------------ WB
    reg w_hl_q, w_pend_q;
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            w_valid_q  <= 1'b0;
            w_we_q     <= 1'b0;
            w_trap_q   <= 1'b0;
            w_ld_q     <= 1'b0;
            x_ld_q     <= 1'b0;
            x_rd_q     <= 5'd0;
            w_hl_q     <= 1'b0;
            w_pend_q   <= 1'b0;
            w_rd_q     <= 5'd0;
            w_src_q    <= 8'd0;
            w_used_q   <= 4'd0;
            w_uses_q   <= 4'd0;
            w_ssel_q   <= 2'd0;
            w_base_q   <= 32'd0;
            w_wmask_q  <= 4'd0;
            w_insn_q   <= 32'd0;
            w_pc_q     <= 32'd0;
            w_maddr_q  <= 32'd0;
            w_mwdata_q <= 32'd0;
            w_cause_q  <= 32'd0;
            w_tval_q   <= 32'd0;
            order_q    <= 64'd0;
        end else begin
            w_valid_q  <= m_valid_q;
            w_we_q     <= m_valid_q && m_we_q && !m_err;
            w_trap_q   <= m_valid_q && (m_trap_q || m_trap_t || m_err);
            w_ld_q     <= m_valid_q && m_load_q && m_we_q;
            x_ld_q     <= w_ld_q;
            x_rd_q     <= w_rd_q;
            w_hl_q     <= m_valid_q && m_hl_q;
            w_pend_q   <= m_valid_q && m_pend_q;
            w_rd_q     <= m_rd_q;
            w_src_q    <= ld_src;
            w_used_q   <= m_load_q ? ld_used : 4'd0;
            w_uses_q   <= m_load_q ? ld_uses : 4'd0;
            w_ssel_q   <= ld_ssel;
            w_base_q   <= m_load_q ? (m_b_q & ld_keep) : m_value;
            w_wmask_q  <= (m_valid_q && m_store_q && !m_err) ? st_be : 4'd0;
            w_insn_q   <= m_insn_q;
            w_pc_q     <= m_pc_q;
            w_maddr_q  <= {m_addr_q[31:2], 2'b00};
            w_mwdata_q <= st_data;
            w_cause_q  <= m_err ? (m_store_q ? 32'd7 : 32'd5) : m_trap_t ? 32'd13 : m_cause_q;
            w_tval_q   <= m_err ? m_addr_q : m_tval_q;
            if (w_valid_q) order_q <= order_q + 64'd1;
        end
    end

    // load alignment, sign extension and the lwl / lwr merge: byte k of the value is byte
    // w_src_q[k] of the data word (w_used_q[k]), the sign (w_uses_q[k]) or w_base_q's byte
    // (the kept bytes of rt for lwl / lwr, zero for other loads, the result of a non-load)
    wire [31:0] ld_w = dmem_rdata_i;
    wire        ld_sign = ld_w[{w_ssel_q, 3'b111}];
    reg  [31:0] ld_val;
    integer     lb;
    always @(*) begin
        for (lb = 0; lb < 4; lb = lb + 1)
            ld_val[8*lb +: 8] = (w_used_q[lb] ? ld_w[8*w_src_q[2*lb +: 2] +: 8] : 8'd0) |
                                {8{w_uses_q[lb] && ld_sign}};
    end
    assign w_value = ld_val | w_base_q;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) cyc_q <= 32'd2;   // (no adder of 2 behind the counter)
        else         cyc_q <= cyc_q + 32'd1;
    end

`ifdef RISCV_FORMAL
    // debug read: the register file with the EX forwarding (a host call reads its
    // arguments while the instructions before the syscall are in MEM and WB)
    assign dbg_rdata_o = fwd(dbg_raddr_i, rf_c, fwd_src);

    assign rvfi_valid     = w_valid_q;
    assign rvfi_order     = order_q;
    assign rvfi_insn      = w_insn_q;
    assign rvfi_trap      = w_trap_q;
    assign rvfi_rd_addr   = w_wr ? w_rd_q : 5'd0;
    assign rvfi_rd_wdata  = w_wr ? w_value : 32'd0;
    assign rvfi_pc_rdata  = w_pc_q;
    assign rvfi_pc_wdata  = w_pc_q + 32'd4;
    assign rvfi_mem_addr  = w_maddr_q;
    assign rvfi_mem_wmask = w_wmask_q;
    assign rvfi_mem_wdata = w_mwdata_q;
    assign commit_cause_o = w_cause_q;
    assign commit_tval_o  = w_tval_q;
    // HI/LO after a HI/LO writer in WB (written at the end of its MEM)
    assign commit_hi_o    = w_hl_q ? hi_q : 32'd0;
    assign commit_lo_o    = w_hl_q ? lo_q : 32'd0;
    assign commit_hilo_pend_o = w_pend_q;
    assign hilo_done_o    = div_done;
    assign hilo_hi_o      = div_rem;
    assign hilo_lo_o      = div_quo;
`else
    // the commit record's registers drive nothing in a synthesized core (Yosys removes them)
    wire unused_record = &{1'b0, order_q, w_insn_q, w_pc_q, w_maddr_q, w_mwdata_q, w_cause_q,
                           w_tval_q, w_wmask_q, w_hl_q, w_pend_q};
`endif

    wire unused = &{1'b0, e_jtgt_q[1:0] == 2'd0, m_insn_q[0], sp2, fn[5:3], hilo_sum[0],
                   st_dup[31:0], i_bz, i_jal, i_sh, i_shv, i_jalr, i_r, i_imm};  // (dest: decoded in ID)
endmodule
