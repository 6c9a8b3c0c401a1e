// mips_core: the project's five-stage MIPS32 processor core (docs/mips-core.md), built to
// be what the mips5 timing model describes (Harris & Harris's pipelined MIPS, seed 000's
// reference [4], with the architectural delay slot):
//   IF   the next-PC multiplexer drives the synchronous instruction memory (imem_addr_o);
//   ID   the word arrives (imem_rdata_i); register read (write-through from WB, forwarding
//        from MEM), branch comparison and jump targets, the delay slot is the word being
//        fetched; a branch waits for an operand that the instruction in EX, or a load in
//        MEM, is producing (H&H branchstall);
//   EX   forwarding from MEM and WB, ALU, shifter, single-cycle multiplier (HI/LO written
//        at its end), divider start, extension units (mips_ext, generated per design),
//        exceptions; a consumer of the load in MEM waits here one cycle (H&H lwstall), an
//        HI/LO instruction (mfhi/mflo/mthi/mtlo/mult/div/madd/msub) waits for a running
//        division;
//   MEM  the data-memory request (synchronous memory: the data arrives in WB);
//   WB   load alignment, register-file write; the commit record (RVFI names) of the
//        instruction: its retire cycle in the mips5 model is this cycle.
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
    reg         boot_q, d_valid_q, redir_q, annul_q;
    reg  [31:0] d_pc_q, redir_pc_q;

    reg         e_valid_q, e_ferr_q, e_jmis_q;
    reg  [31:0] e_insn_q, e_a_q, e_b_q, e_jtgt_q;
    reg  [31:0] e_pc_q /* verilator public_flat_rd */;
    reg  [1:0]  e_fa_q, e_fb_q;    // forward selects of rs / rt: {from MEM, from WB}

    reg         m_valid_q, m_we_q, m_load_q, m_store_q, m_trap_q, m_unit_st_q;
    reg  [4:0]  m_rd_q;
    reg  [5:0]  m_op_q;            // major opcode (load / store kind)
    reg  [31:0] m_result_q, m_addr_q, m_b_q, m_insn_q, m_pc_q, m_cause_q, m_tval_q;

    reg         w_valid_q, w_we_q, w_trap_q;
    reg  [4:0]  w_rd_q;
    reg  [7:0]  w_src_q;           // load alignment selects (MEM decodes them)
    reg  [3:0]  w_used_q, w_uses_q;
    reg  [1:0]  w_ssel_q;
    reg  [31:0] w_base_q;
    reg  [3:0]  w_wmask_q;
    reg  [31:0] w_insn_q, w_pc_q, w_maddr_q, w_mwdata_q, w_cause_q, w_tval_q;
    reg  [63:0] order_q;
    reg  [31:0] cyc_q;
    reg  [31:0] hi_q, lo_q;

    wire        ex_stall;

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
    // results forwardable from MEM (everything but load data) and WB, passed to fwd as one
    // argument: a function reads only its arguments (an event-driven simulator such as
    // Icarus re-evaluates a continuous assignment when they change, not its body's signals)
    wire m_fwd = m_valid_q && m_we_q && !m_load_q && !m_trap_q;
    wire [75:0] fwd_src = {m_fwd, m_rd_q, m_value, w_wr, w_rd_q, w_value};
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
    wire [31:0] d_a = fwd(id_rs, rf_a, fwd_src);
    wire [31:0] d_b = fwd(id_rt, rf_b, fwd_src);

    // the destination register of the instruction in EX (decoded, whether or not it
    // writes: movz/movn count as writers, as in the model's scoreboard)
    wire [4:0]  e_dest;
    wire        br_hazard = id_valid && e_valid_q &&
                            (((d_cmp_rs && id_rs != 5'd0) && (e_dest == id_rs)) ||
                             ((d_cmp_rt && id_rt != 5'd0) && (e_dest == id_rt))) ||
                            id_valid && m_valid_q && m_load_q && m_rd_q != 5'd0 &&
                            ((d_cmp_rs && m_rd_q == id_rs) || (d_cmp_rt && m_rd_q == id_rt));
    wire        id_hold = id_valid && (br_hazard || ex_stall);
    wire        id_fire = id_valid && !id_hold;

    reg         d_cond;
    always @(*) begin
        if (d_beq)       d_cond = (d_a == d_b);
        else if (d_bne)  d_cond = (d_a != d_b);
        else if (d_blez) d_cond = d_a[31] || (d_a == 32'd0);
        else if (d_bgtz) d_cond = !d_a[31] && (d_a != 32'd0);
        else             d_cond = d_a[31] ^ id_rt[0];          // bltz / bgez
    end
    wire [31:0] d_br_tgt = d_pc_q + 32'd4 + {{14{d_insn[15]}}, d_insn[15:0], 2'b00};
    wire [31:0] d_j_tgt  = {d_pc_q[31:28] + {3'd0, (d_pc_q[27:2] == 26'h3ffffff)},
                            d_insn[25:0], 2'b00};
    wire [31:0] d_tgt    = (d_jr || d_jalr) ? d_a : d_j ? d_j_tgt : d_br_tgt;
    wire        d_jmis   = (d_jr || d_jalr) && (d_a[1:0] != 2'b00);
    wire        d_taken  = ((d_branch && d_cond) || d_j || d_jr || d_jalr) && !d_jmis;
    wire        d_annul  = d_branch && d_likely && !d_cond;

    reg  [31:0] fetch_pc;
    always @(*) begin
        if (boot_q)       fetch_pc = boot_addr_i;
        else if (id_hold) fetch_pc = d_pc_q;          // hold: fetch the word in ID again
        else if (redir_q) fetch_pc = redir_pc_q;
        else              fetch_pc = d_pc_q + 32'd4;
    end
    assign imem_addr_o = fetch_pc;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            boot_q     <= 1'b1;
            d_valid_q  <= 1'b0;
            d_pc_q     <= 32'd0;
            redir_q    <= 1'b0;
            redir_pc_q <= 32'd0;
            annul_q    <= 1'b0;
        end else begin
            boot_q    <= 1'b0;
            d_valid_q <= 1'b1;
            d_pc_q    <= fetch_pc;
            if (!id_hold) begin
                redir_q    <= id_fire && (d_taken || d_annul);
                redir_pc_q <= d_annul ? d_pc_q + 32'd8 : d_tgt;
                annul_q    <= id_fire && d_annul;
            end
        end
    end

    // ------------------------------------------------------------------ EX
    wire [4:0]  rs = e_insn_q[25:21];
    wire [4:0]  rt = e_insn_q[20:16];
    wire [4:0]  rd = e_insn_q[15:11];
    wire [4:0]  sa = e_insn_q[10:6];
    wire [5:0]  opc = e_insn_q[31:26];
    wire [5:0]  fn  = e_insn_q[5:0];
    wire [31:0] simm = {{16{e_insn_q[15]}}, e_insn_q[15:0]};
    wire [31:0] zimm = {16'd0, e_insn_q[15:0]};
    wire        sp   = opc == 6'h00;
    wire        sp2  = opc == 6'h1c;
    wire        ri   = opc == 6'h01;

    // base decode: exactly the words crates/sim/src/mips/base.rs accepts
    wire i_sh     = sp && (fn == 6'h00 || fn == 6'h02 || fn == 6'h03) && rs == 5'd0;
    wire i_shv    = sp && (fn == 6'h04 || fn == 6'h06 || fn == 6'h07) && sa == 5'd0;
    wire i_jr     = sp && fn == 6'h08 && rt == 5'd0 && rd == 5'd0;
    wire i_jalr   = sp && fn == 6'h09 && rt == 5'd0;
    wire i_mov    = sp && (fn == 6'h0a || fn == 6'h0b) && sa == 5'd0;
    wire i_sys    = sp && fn == 6'h0c;
    wire i_brk    = sp && fn == 6'h0d;
    wire i_sync   = sp && fn == 6'h0f && e_insn_q[31:11] == 21'd0;
    wire i_mfhl   = sp && (fn == 6'h10 || fn == 6'h12) && rs == 5'd0 && rt == 5'd0 && sa == 5'd0;
    wire i_mthl   = sp && (fn == 6'h11 || fn == 6'h13) && e_insn_q[20:6] == 15'd0;
    wire i_mdu    = sp && fn[5:2] == 4'b0110 && rd == 5'd0 && sa == 5'd0;  // mult(u) div(u)
    wire i_div    = i_mdu && fn[1];
    wire i_mult   = i_mdu && !fn[1];
    wire i_r      = sp && sa == 5'd0 && (fn[5:3] == 3'b100 || fn == 6'h2a || fn == 6'h2b);
    wire i_trap   = sp && (fn[5:3] == 3'b110) && fn != 6'h35 && fn != 6'h37;
    wire i_bz     = ri && (rt[4:2] == 3'b000 || rt[4:2] == 3'b100);
    wire i_trapi  = ri && rt[4:3] == 2'b01 && rt != 5'h0d && rt != 5'h0f;
    wire i_j      = opc == 6'h02;
    wire i_jal    = opc == 6'h03;
    wire i_b2     = opc == 6'h04 || opc == 6'h05 || opc == 6'h14 || opc == 6'h15;
    wire i_b1     = (opc == 6'h06 || opc == 6'h07 || opc == 6'h16 || opc == 6'h17) && rt == 5'd0;
    wire i_imm    = opc[5:3] == 3'b001 && (opc != 6'h0f || rs == 5'd0);   // addi .. lui
    wire i_madd   = sp2 && (fn == 6'h00 || fn == 6'h01 || fn == 6'h04 || fn == 6'h05) &&
                    rd == 5'd0 && sa == 5'd0;
    wire i_mul    = sp2 && fn == 6'h02 && sa == 5'd0;
    wire i_clz    = sp2 && (fn == 6'h20 || fn == 6'h21) && sa == 5'd0 && rt == rd;
    wire i_rdhwr  = opc == 6'h1f && fn == 6'h3b && rs == 5'd0 && sa == 5'd0;
    wire i_load   = opc == 6'h20 || opc == 6'h21 || opc == 6'h22 || opc == 6'h23 ||
                    opc == 6'h24 || opc == 6'h25 || opc == 6'h26 || opc == 6'h30;
    wire i_store  = opc == 6'h28 || opc == 6'h29 || opc == 6'h2a || opc == 6'h2b ||
                    opc == 6'h2e || opc == 6'h38;
    wire i_pref   = opc == 6'h33;
    wire base_ok  = i_sh | i_shv | i_jr | i_jalr | i_mov | i_sys | i_brk | i_sync | i_mfhl |
                    i_mthl | i_mdu | i_r | i_trap | i_bz | i_trapi | i_j | i_jal | i_b2 |
                    i_b1 | i_imm | i_madd | i_mul | i_clz | i_rdhwr | i_load | i_store |
                    i_pref;
    // the registers the model's scoreboard sees as sources
    wire base_rs = i_shv | i_jr | i_jalr | i_mov | i_mthl | i_mdu | i_r | i_trap | i_bz |
                   i_trapi | i_b2 | i_b1 | (i_imm && opc != 6'h0f) | i_madd | i_mul | i_clz |
                   i_load | i_store;
    wire base_rt = i_sh | i_shv | i_mov | i_mdu | i_r | i_trap | i_b2 | i_madd | i_mul |
                   i_store | opc == 6'h22 | opc == 6'h26;
    wire link    = i_jal || (i_jalr) || (i_bz && rt[4]);

    // extension units (generated per design from its unit list)
    wire        ext_claim, ext_uses_rs, ext_uses_rt, ext_ready, ext_rd_we, ext_err;
    wire        ext_mem_req, ext_mem_we, ext_m_wvalid;
    wire [31:0] ext_rd_wdata, ext_m_wdata;
    wire        is_ext   = !base_ok && ext_claim;
    wire        uses_rs  = base_ok ? base_rs : (ext_claim && ext_uses_rs);
    wire        uses_rt  = base_ok ? base_rt : (ext_claim && ext_uses_rt);

    // operands: forwarded from MEM and WB; a load in MEM is not forwarded (lwstall). Which
    // source is decided a cycle earlier (the register compares, e_fa_q / e_fb_q: rs / rt
    // is the destination of the instruction that will be in MEM (bit 1) / WB (bit 0));
    // only the producers' valid bits and values arrive in this cycle
    wire [31:0] a = (e_fa_q[1] && m_fwd) ? m_value : (e_fa_q[0] && w_wr) ? w_value : e_a_q;
    wire [31:0] b = (e_fb_q[1] && m_fwd) ? m_value : (e_fb_q[0] && w_wr) ? w_value : e_b_q;
    wire lu_hazard = e_valid_q && m_valid_q && m_load_q && m_rd_q != 5'd0 &&
                     ((uses_rs && rs == m_rd_q) || (uses_rt && rt == m_rd_q));

    // ALU
    reg  [3:0]  alu_op;
    reg  [31:0] alu_a, alu_b;
    always @(*) begin
        alu_a  = a;
        alu_b  = b;
        alu_op = 4'd0;
        if (i_sh || i_shv) begin
            alu_a  = b;
            alu_op = (fn[1:0] == 2'd0) ? 4'd8 : (fn[1:0] == 2'd2) ? 4'd9 : 4'd10;
        end else if (i_r) begin
            case (fn)
                6'h22, 6'h23: alu_op = 4'd1;
                6'h24:        alu_op = 4'd2;
                6'h25:        alu_op = 4'd3;
                6'h26:        alu_op = 4'd4;
                6'h27:        alu_op = 4'd5;
                6'h2a:        alu_op = 4'd6;
                6'h2b:        alu_op = 4'd7;
                default:      alu_op = 4'd0;
            endcase
        end else if (i_imm) begin
            alu_b = opc[2] ? zimm : simm;
            case (opc[2:0])
                3'd2:    alu_op = 4'd6;
                3'd3:    alu_op = 4'd7;
                3'd4:    alu_op = 4'd2;
                3'd5:    alu_op = 4'd3;
                3'd6:    alu_op = 4'd4;
                3'd7:    begin alu_op = 4'd14; alu_b = {e_insn_q[15:0], 16'd0}; end
                default: alu_op = 4'd0;
            endcase
        end else if (i_clz) begin
            alu_op = fn[0] ? 4'd12 : 4'd11;
        end else if (i_mul) begin
            alu_op = 4'd13;
        end else if (i_load || i_store || (is_ext && ext_mem_req)) begin
            alu_b = simm;
        end
    end
    wire [31:0] alu_res;
    wire        alu_ovf;
    wire [33:0] pp_ll, pp_lh, pp_hl;
    wire [29:0] pp_hh;
    mips_alu u_alu (
        .op_i(alu_op), .a_i(alu_a), .b_i(alu_b), .sh_i(i_sh ? sa : a[4:0]),
        .mul_signed_i(!(fn[0] && (i_mult || i_madd))), .result_o(alu_res), .ovf_o(alu_ovf),
        .pp_ll_o(pp_ll), .pp_lh_o(pp_lh), .pp_hl_o(pp_hl), .pp_hh_o(pp_hh)
    );

    // divider (beside the pipeline)
    wire        div_busy, div_done;
    wire [31:0] div_quo, div_rem;
    wire        e_fire;
    wire        trap;
    // every HI/LO instruction waits in EX while a division runs (ex_stall): none abandons
    // it, madd/msub add to its result, mthi/mtlo keep its other half
    wire        i_hl_any = i_mfhl || i_mthl || i_mdu || i_madd;
    mips_div u_div (
        .clk_i(clk_i), .rst_ni(rst_ni), .start_i(e_fire && !trap && i_div),
        .signed_i(!fn[0]), .a_i(a), .b_i(b), .busy_o(div_busy),
        .done_o(div_done), .quo_o(div_quo), .rem_o(div_rem)
    );


    // traps: conditions of teq .. tnei
    wire [31:0] t_b = i_trapi ? simm : b;
    wire [2:0]  t_k = i_trapi ? rt[2:0] : fn[2:0];
    wire        t_eq  = (a == t_b);
    wire        t_lt  = ($signed(a) < $signed(t_b));
    wire        t_ltu = (a < t_b);
    reg         t_cond;
    always @(*) begin
        case (t_k)
            3'd0:    t_cond = !t_lt;
            3'd1:    t_cond = !t_ltu;
            3'd2:    t_cond = t_lt;
            3'd3:    t_cond = t_ltu;
            3'd4:    t_cond = t_eq;
            default: t_cond = !t_eq;
        endcase
    end

    // rdhwr: CPUNum 0, SYNCI_Step 0, CC = the cycle count before the instruction (its
    // retire cycle, WB, two cycles after EX), CCRes 1, ULR 0
    reg  [31:0] hwr;
    reg         hwr_ok;
    always @(*) begin
        hwr_ok = 1'b1;
        case (rd)
            5'd0, 5'd1, 5'd29: hwr = 32'd0;
            5'd2:              hwr = cyc_q + 32'd2;
            5'd3:              hwr = 32'd1;
            default:           begin hwr = 32'd0; hwr_ok = 1'b0; end
        endcase
    end

    // memory access (EX: address and alignment; the request goes out in MEM)
    wire        ext_mem  = is_ext && ext_mem_req;
    wire        x_rdreq  = i_load || (ext_mem && !ext_mem_we);
    wire        x_store  = i_store || (ext_mem && ext_mem_we);
    wire [31:0] ea       = alu_res;
    wire        half     = opc == 6'h21 || opc == 6'h25 || opc == 6'h29;
    wire        word     = opc == 6'h23 || opc == 6'h30 || opc == 6'h2b || opc == 6'h38 || ext_mem;
    wire        mem_mis  = (half && ea[0]) || (word && ea[1:0] != 2'd0);

    reg  [31:0] cause, tval;
    reg         trap_r;
    always @(*) begin
        trap_r = 1'b1;
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
        end else if ((i_r && (fn == 6'h20 || fn == 6'h22) && alu_ovf) ||
                     (i_imm && opc == 6'h08 && alu_ovf)) begin
            cause = 32'd12;
        end else if ((i_trap || i_trapi) && t_cond) begin
            cause = 32'd13;
        end else if ((x_rdreq || x_store) && mem_mis) begin
            cause = x_rdreq ? 32'd4 : 32'd6; tval = ea;
        end else begin
            trap_r = 1'b0;
        end
    end
    assign trap = trap_r;

    // destination and result
    wire        is_sc = opc == 6'h38;
    reg  [4:0]  dest;
    always @(*) begin
        dest = 5'd0;
        if (i_sh || i_shv || i_mov || i_mfhl || i_r || i_mul || i_clz || i_jalr) dest = rd;
        else if (i_imm || i_load || i_rdhwr || is_sc)                             dest = rt;
        else if (i_jal || (i_bz && rt[4]))                                        dest = 5'd31;
        else if (i_sys)                                                           dest = 5'd2;
        else if (is_ext && ext_rd_we)                                             dest = rd;
    end
    assign e_dest = e_valid_q ? dest : 5'd0;
    wire        mov_ok = (fn[0] ? (b != 32'd0) : (b == 32'd0));
    reg  [31:0] result;
    always @(*) begin
        if (link)          result = e_pc_q + 32'd8;
        else if (i_mov || i_mthl) result = a;   // mthi / mtlo: HI / LO written in MEM
        else if (i_rdhwr)  result = hwr;
        else if (i_sys)    result = host_wdata_i;
        else if (is_sc)    result = 32'd1;
        else if (is_ext)   result = ext_rd_wdata;
        else               result = alu_res;
    end
    wire        x_we = (dest != 5'd0) && !(i_mov && !mov_ok) && !trap;

    mips_ext u_ext (
        .clk_i(clk_i), .rst_ni(rst_ni), .valid_i(e_valid_q && !lu_hazard), .insn_i(e_insn_q),
        .pc_i(e_pc_q), .rs_i(a), .rt_i(b), .fire_i(e_fire && !trap && is_ext),
        .mem_rdata_i(dmem_rdata_i),
        .claim_o(ext_claim), .uses_rs_o(ext_uses_rs), .uses_rt_o(ext_uses_rt),
        .ready_o(ext_ready), .rd_we_o(ext_rd_we), .rd_wdata_o(ext_rd_wdata), .err_o(ext_err),
        .mem_req_o(ext_mem_req), .mem_we_o(ext_mem_we), .m_wdata_valid_o(ext_m_wvalid),
        .m_wdata_o(ext_m_wdata)
    );

    assign ex_stall = e_valid_q && (lu_hazard || (i_hl_any && div_busy) || (is_ext && !ext_ready));
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
            e_fa_q    <= 2'd0;
            e_fb_q    <= 2'd0;
        end else if (!ex_stall) begin
            e_valid_q <= id_fire;
            e_insn_q  <= d_insn;
            e_pc_q    <= d_pc_q;
            e_a_q     <= d_a;
            e_b_q     <= d_b;
            e_ferr_q  <= imem_err_i;
            e_jmis_q  <= d_jmis;
            e_jtgt_q  <= d_a;
            // the instruction in EX moves to MEM (it fires), the one in MEM to WB
            e_fa_q    <= {id_rs != 5'd0 && id_rs == dest, id_rs != 5'd0 && id_rs == m_rd_q};
            e_fb_q    <= {id_rt != 5'd0 && id_rt == dest, id_rt != 5'd0 && id_rt == m_rd_q};
        end else begin
            // held: keep the operands current (the producers move on to the register file);
            // MEM gets a bubble, WB the instruction now in MEM
            e_a_q  <= a;
            e_b_q  <= b;
            e_fa_q <= {1'b0, rs != 5'd0 && rs == m_rd_q};
            e_fb_q <= {1'b0, rt != 5'd0 && rt == m_rd_q};
        end
    end

    // the multiplier's partial products for MEM (no reset: datapath)
    reg  [33:0] m_pll_q, m_plh_q, m_phl_q;
    reg  [29:0] m_phh_q;      // the bits of hh below bit 64 of the product
    always @(posedge clk_i) begin
        m_pll_q <= pp_ll;
        m_plh_q <= pp_lh;
        m_phl_q <= pp_hl;
        m_phh_q <= pp_hh;
    end

    // ------------------------------------------------------------------ MEM
    reg         m_rdreq_q, m_hl_q, m_pend_q;
    reg         m_hmul_q, m_hacc_q, m_hsub_q, m_mthi_q, m_mtlo_q, m_mfhi_q, m_mflo_q;
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
            m_load_q    <= e_fire && !trap && i_load;
            m_rdreq_q   <= e_fire && !trap && x_rdreq;
            m_store_q   <= e_fire && !trap && x_store;
            m_trap_q    <= e_fire && trap;
            m_unit_st_q <= e_fire && !trap && ext_mem && ext_mem_we;
            m_hl_q      <= e_fire && !trap && (i_mult || i_madd || i_mthl);
            m_pend_q    <= e_fire && !trap && i_div;
            m_hmul_q    <= e_fire && !trap && (i_mult || i_madd);
            m_hacc_q    <= i_madd;
            m_hsub_q    <= i_madd && fn[2];
            m_mthi_q    <= e_fire && !trap && i_mthl && !fn[1];
            m_mtlo_q    <= e_fire && !trap && i_mthl && fn[1];
            m_mfhi_q    <= i_mfhl && !fn[1];
            m_mflo_q    <= i_mfhl && fn[1];
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
    reg  [31:0] st_data;
    always @(*) begin
        case (m_op_q)
            6'h28:   begin st_be = 4'b0001 << m_off; st_data = {4{m_b_q[7:0]}};  end
            6'h29:   begin st_be = 4'b0011 << m_off; st_data = {2{m_b_q[15:0]}}; end
            6'h2a:   begin st_be = 4'b1111 >> (2'd3 - m_off);
                           st_data = m_b_q >> {(2'd3 - m_off), 3'b000};           end
            6'h2e:   begin st_be = 4'b1111 << m_off;
                           st_data = m_b_q << {m_off, 3'b000};                    end
            default: begin st_be = 4'b1111;
                           st_data = (m_unit_st_q && ext_m_wvalid) ? ext_m_wdata : m_b_q; end
        endcase
    end
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
    // EX while it runs). The product's partial products are added in carry-save form with
    // HI/LO (madd), or with the negation of the product (msub: -(s + c) = ~s + ~c + 2), so
    // that one carry chain remains.
    wire [63:0] px = {m_phh_q, m_pll_q};
    wire [63:0] py = {{13{m_plh_q[33]}}, m_plh_q, 17'd0};
    wire [63:0] pz = {{13{m_phl_q[33]}}, m_phl_q, 17'd0};
    wire [63:0] cs_s = (px ^ py ^ pz) ^ {64{m_hsub_q}};
    wire [63:0] cs_c = {(px[62:0] & py[62:0]) | (px[62:0] & pz[62:0]) | (py[62:0] & pz[62:0]),
                        1'b0} ^ {64{m_hsub_q}};
    wire [63:0] cs_h = m_hacc_q ? {hi_q, lo_q} : 64'd0;
    wire [63:0] cs_s2 = cs_h ^ cs_s ^ cs_c;
    wire [63:0] cs_c2 = {(cs_h[62:0] & cs_s[62:0]) | (cs_h[62:0] & cs_c[62:0]) |
                         (cs_s[62:0] & cs_c[62:0]), m_hsub_q};
    wire [63:0] hilo_new = cs_s2 + cs_c2 + {63'd0, m_hsub_q};
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
    wire [31:0] m_value = m_mfhi_q ? hi_q : m_mflo_q ? lo_q : m_result_q;

    wire m_req = m_valid_q && (m_rdreq_q || m_store_q);
    wire m_err = m_req && dmem_err_i;
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
            w_trap_q   <= m_valid_q && (m_trap_q || m_err);
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
            w_cause_q  <= m_err ? (m_store_q ? 32'd7 : 32'd5) : m_cause_q;
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
        if (!rst_ni) cyc_q <= 32'd0;
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

    wire unused = &{1'b0, e_jtgt_q[1:0] == 2'd0, m_insn_q[0], sp2, d_fn[0], d_special};
endmodule
