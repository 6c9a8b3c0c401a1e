// zve64x_core: the vector unit of the rv32-v designs (RISC-V vector extension, zve64x
// subset, VLEN = 128) on the rv32 extension port, with the xvkeccak instructions inside
// when XVK = 1. docs/vector.md ("RTL") has the subset and the timing; in short:
//   - 32 x 128-bit vector register file (flip-flops), vtype (vill, SEW, LMUL) and vl;
//   - vsetvli / vsetivli / vsetvl: one cycle, rd = the new vl;
//   - unit-stride loads and stores vle<8,16,32,64>.v / vse<...>.v (unmasked, vstart 0)
//     through the core's 32-bit data port: one word a cycle (mem_beat_o while the unit
//     holds X, the last word when the instruction fires), load data written into the
//     register file in the next cycle (and passed through to that cycle's reads);
//   - XVK: vktheta, vkround, vkiota, one 128-bit register-file beat a cycle, one read and
//     one write port, the state and D lanes kept in five-lane buffers during an op.
// Every beat after the first holds X (ready_o = 0): the timing model's zve64x.mem_beat and
// xvkeccak.beat stall events (docs/timing-models.md). Words the unit does not implement are
// not claimed (the core traps them as illegal instructions).
module zve64x_core #(
    parameter XVK = 0
) (
    input  wire         clk_i,
    input  wire         rst_ni,
    input  wire         valid_i,
    input  wire [31:0]  insn_i,
    input  wire [31:0]  rs1_i,
    input  wire [31:0]  rs2_i,
    input  wire         fire_i,
    input  wire         retire_i,
    input  wire [31:0]  mem_rdata_i,
    // the xvkeccak decode (from the generated block of the XVK port; 0 without XVK)
    input  wire         is_vktheta_i,
    input  wire         is_vkround_i,
    input  wire         is_vkiota_i,
    output wire         claim_o,
    output wire         uses_rs1_o,
    output wire         uses_rs2_o,
    output wire         ready_o,
    output wire         rd_we_o,
    output wire [31:0]  rd_wdata_o,
    output wire         err_o,
    output wire         mem_req_o,
    output wire         mem_we_o,
    output wire [31:0]  mem_addr_o,
    output wire [31:0]  mem_wdata_o,
    output wire         mem_beat_o
);
    // ------------------------------------------------------------------ decode
    wire [6:0] opc = insn_i[6:0];
    wire [2:0] f3  = insn_i[14:12];
    wire [4:0] vd  = insn_i[11:7];
    wire [4:0] vs1 = insn_i[19:15];
    wire [4:0] vs2 = insn_i[24:20];
    wire is_vsetvli  = opc == 7'h57 && f3 == 3'd7 && !insn_i[31];
    wire is_vsetivli = opc == 7'h57 && f3 == 3'd7 && insn_i[31:30] == 2'b11;
    wire is_vsetvl   = opc == 7'h57 && f3 == 3'd7 && insn_i[31:25] == 7'b1000000;
    wire is_vset     = is_vsetvli | is_vsetivli | is_vsetvl;
    // unit-stride, unmasked, one field: nf = 0, mew = 0, mop = 0, vm = 1, lumop/sumop = 0
    wire mem_width_ok = f3 == 3'd0 || f3 == 3'd5 || f3 == 3'd6 || f3 == 3'd7;
    wire mem_form  = insn_i[31:25] == 7'b0000001 && vs2 == 5'd0 && mem_width_ok;
    wire is_vle    = opc == 7'h07 && mem_form;
    wire is_vse    = opc == 7'h27 && mem_form;
    wire is_vmem   = is_vle | is_vse;
    wire is_xvk    = XVK != 0 && (is_vktheta_i | is_vkround_i | is_vkiota_i);
    assign claim_o = is_vset | is_vmem | is_xvk;
    assign uses_rs1_o = (is_vset && !is_vsetivli) || is_vmem || (is_xvk && is_vkiota_i);
    assign uses_rs2_o = is_vsetvl;

    // ------------------------------------------------------------------ state
    reg  [127:0] vrf [0:31] /* verilator public_flat_rd */;
    reg          vill_q;
    reg  [1:0]   vsew_q;       // log2(SEW / 8)
    reg  [7:0]   vl_q;
    // a load word on its way: written in the cycle after its beat (mem_rdata_i)
    reg          ld_v_q /* verilator public_flat_rd */;
    reg  [4:0]   ld_reg_q /* verilator public_flat_rd */;
    reg  [1:0]   ld_word_q /* verilator public_flat_rd */;
    reg  [3:0]   ld_be_q /* verilator public_flat_rd */;

    // the register file's read port, with the arriving load word passed through
    reg  [4:0]   rp_addr;
    wire [127:0] rp_raw = vrf[rp_addr];
    reg  [127:0] rp_data;
    integer bi;
    always @(*) begin
        rp_data = rp_raw;
        if (ld_v_q && ld_reg_q == rp_addr)
            for (bi = 0; bi < 4; bi = bi + 1)
                if (ld_be_q[bi]) rp_data[{25'd0, ld_word_q, 5'd0} + bi * 8 +: 8] = mem_rdata_i[bi * 8 +: 8];
    end

    // ------------------------------------------------------------------ vset
    // vtype of the instruction: vsetvli imm[10:0], vsetivli imm[9:0], vsetvl rs2
    wire [31:0] new_vtype = is_vsetvl ? rs2_i :
                            is_vsetivli ? {22'd0, insn_i[29:20]} : {21'd0, insn_i[30:20]};
    wire [2:0]  nv_lmul = new_vtype[2:0];
    wire [2:0]  nv_sew  = new_vtype[5:3];
    // SEW <= LMUL * ELEN: fractional LMUL 1/2 needs SEW <= 32, 1/4 <= 16, 1/8 = 8
    wire        nv_frac_bad = (nv_lmul == 3'd7 && nv_sew == 3'd3) ||
                              (nv_lmul == 3'd6 && nv_sew[1]) ||
                              (nv_lmul == 3'd5 && nv_sew != 3'd0);
    wire        nv_ill  = new_vtype[31] || new_vtype[30:8] != 23'd0 || nv_sew[2] ||
                          nv_lmul == 3'd4 || nv_frac_bad;
    // VLMAX = LMUL * 16 / (SEW / 8)
    reg  [7:0]  nv_vlmax;
    always @(*) begin
        case (nv_lmul)
            3'd0: nv_vlmax = 8'd16 >> nv_sew[1:0];
            3'd1: nv_vlmax = 8'd32 >> nv_sew[1:0];
            3'd2: nv_vlmax = 8'd64 >> nv_sew[1:0];
            3'd3: nv_vlmax = 8'd128 >> nv_sew[1:0];
            3'd7: nv_vlmax = 8'd8 >> nv_sew[1:0];
            3'd6: nv_vlmax = 8'd4 >> nv_sew[1:0];
            default: nv_vlmax = 8'd2 >> nv_sew[1:0];
        endcase
    end
    // AVL: vsetivli's uimm5; rs1 (rs1 != x0); VLMAX (rs1 = x0, rd != x0); keep vl (both x0)
    wire        avl_keep = !is_vsetivli && vs1 == 5'd0 && vd == 5'd0;
    wire        avl_max  = !is_vsetivli && vs1 == 5'd0 && vd != 5'd0;
    wire [31:0] avl = is_vsetivli ? {27'd0, vs1} : avl_max ? 32'hffff_ffff :
                      avl_keep ? {24'd0, vl_q} : rs1_i;
    wire [7:0]  new_vl = nv_ill ? 8'd0 : (avl < {24'd0, nv_vlmax}) ? avl[7:0] : nv_vlmax;

    // ------------------------------------------------------------------ beats
    reg  [6:0]  beat_q;        // the beat of the instruction in X (0 in its first cycle)
    wire [6:0]  last;          // its last beat
    wire        x_err;
    wire        x_on = valid_i && claim_o;
    assign ready_o = x_err || beat_q == last;
    assign err_o   = x_err;
    // a beat's work commits when it is not the last, or when the instruction retires
    wire        beat_go = x_on && !x_err && (beat_q != last || fire_i);
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)                  beat_q <= 7'd0;
        else if (!valid_i || retire_i) beat_q <= 7'd0;
        else if (x_on && !ready_o)    beat_q <= beat_q + 7'd1;
    end

    // ------------------------------------------------------------------ loads and stores
    // bytes = vl * EEW / 8 (EEW from funct3), words = ceil(bytes / 4)
    wire [1:0]  eew_l = (f3 == 3'd0) ? 2'd0 : f3[1:0];  // log2(EEW / 8): funct3 0, 5, 6, 7
    wire [10:0] m_bytes = {3'd0, vl_q} << eew_l;
    wire [8:0]  m_words = m_bytes[10:2] + {8'd0, m_bytes[1:0] != 2'd0};
    wire        m_none  = m_words == 9'd0;
    wire [8:0]  m_last  = m_none ? 9'd0 : m_words - 9'd1;
    wire [31:0] m_addr  = rs1_i + {23'd0, beat_q, 2'b00};
    wire [4:0]  m_reg   = vd + beat_q[6:2];  // word k is in register vd + k / 4
    // byte i of word k is in the vector when 4k + i < bytes
    wire [10:0] m_b0 = {2'd0, beat_q, 2'b00};
    wire [3:0]  m_be = {m_b0 + 11'd3 < m_bytes, m_b0 + 11'd2 < m_bytes,
                        m_b0 + 11'd1 < m_bytes, m_b0 < m_bytes};
    assign mem_req_o  = is_vmem && !m_none && !vill_q;
    assign mem_we_o   = is_vse;
    assign mem_addr_o = m_addr;
    assign mem_beat_o = is_vmem && beat_q != last;
    wire [127:0] st_reg = rp_data;
    assign mem_wdata_o = st_reg[{beat_q[1:0], 5'd0} +: 32];

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) ld_v_q <= 1'b0;
        else         ld_v_q <= beat_go && is_vle && !m_none;
    end
    always @(posedge clk_i) begin
        ld_reg_q  <= m_reg;
        ld_word_q <= beat_q[1:0];
        ld_be_q   <= m_be;
    end

    // ------------------------------------------------------------------ xvkeccak
    wire         k_we;         // the Keccak unit writes register k_waddr (k_wbe bytes)
    wire [4:0]   k_waddr;
    wire [127:0] k_wdata;
    wire [15:0]  k_wbe;
    wire [4:0]   k_raddr;
    wire [6:0]   k_last;
    wire         k_err;
    generate
        if (XVK != 0) begin : g_xvk
            xvkeccak_seq u_seq (
                .clk_i(clk_i), .is_theta_i(is_vktheta_i), .is_round_i(is_vkround_i),
                .is_iota_i(is_vkiota_i), .vd_i(vd), .vs1_i(vs1), .vs2_i(vs2),
                .plane_i(insn_i[27:25]), .idx_i(rs1_i[4:0]), .lw_i(vsew_q), .beat_i(beat_q),
                .go_i(beat_go && is_xvk), .rdata_i(rp_data), .raddr_o(k_raddr),
                .last_o(k_last), .err_o(k_err), .we_o(k_we), .waddr_o(k_waddr),
                .wdata_o(k_wdata), .wbe_o(k_wbe)
            );
        end else begin : g_no_xvk
            assign k_we = 1'b0;
            assign k_waddr = 5'd0;
            assign k_wdata = 128'd0;
            assign k_wbe = 16'd0;
            assign k_raddr = 5'd0;
            assign k_last = 7'd0;
            assign k_err = 1'b0;
        end
    endgenerate

    always @(*) begin
        rp_addr = is_xvk ? k_raddr : m_reg;
    end

    assign last  = is_vmem ? m_last[6:0] : is_xvk ? k_last : 7'd0;
    // vector instructions with vill set trap (vset itself never does)
    assign x_err = (is_vmem && vill_q) || (is_xvk && (vill_q || k_err));

    // ------------------------------------------------------------------ vset commit, rd
    assign rd_we_o    = is_vset;
    assign rd_wdata_o = {24'd0, new_vl};
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            vill_q  <= 1'b1;
            vsew_q  <= 2'd0;
            vl_q    <= 8'd0;
        end else if (fire_i && is_vset) begin
            vill_q  <= nv_ill;
            vsew_q  <= nv_ill ? 2'd0 : nv_sew[1:0];
            vl_q    <= new_vl;
        end
    end

    // ------------------------------------------------------------------ register file write
    // (no reset: the vector registers start as the simulator's, zero, in the harnesses'
    // initial block; an architectural reset value is not defined by the specification)
    integer b;
    always @(posedge clk_i) begin
        if (ld_v_q)
            for (b = 0; b < 4; b = b + 1)
                if (ld_be_q[b]) vrf[ld_reg_q][{25'd0, ld_word_q, 5'd0} + b * 8 +: 8] <= mem_rdata_i[b * 8 +: 8];
        if (k_we)
            for (b = 0; b < 16; b = b + 1)
                if (k_wbe[b]) vrf[k_waddr][b * 8 +: 8] <= k_wdata[b * 8 +: 8];
    end
    // (vtype's ta/ma: tails and masked-off elements are left undisturbed, which both
    // allow; the longest access is 32 words, LMUL = 8)
    wire unused = &{1'b0, new_vtype[7:6], m_last[8:7], vsew_q & {2{XVK == 0}}};
`ifdef RISCV_FORMAL
    // for the harness's commit log: the load word written at the end of this cycle
    wire [31:0] ld_data /* verilator public_flat_rd */ = mem_rdata_i;
    integer r;
    initial for (r = 0; r < 32; r = r + 1) vrf[r] = 128'd0;
`endif
endmodule
