// zve64x_core: the vector unit of the rv32-v designs (RISC-V vector extension, zve64x
// subset, VLEN = 128) on the rv32 extension port, with the xvkeccak instructions inside
// when XVK = 1. docs/vector.md ("RTL") has the subset and the timing; in short:
//   - 32 x 128-bit vector register file (flip-flops), vtype (vill, SEW, LMUL) and vl;
//   - vsetvli / vsetivli / vsetvl: one cycle, rd = the new vl;
//   - unit-stride loads and stores vle<8,16,32,64>.v / vse<...>.v and strided loads
//     vlse<8,16,32,64>.v (unmasked, vstart 0) through the core's 32-bit data port: one word
//     a cycle (mem_beat_o while the unit holds X, the last word when the instruction
//     fires; a strided element of 64 bits is two words), load data written into the
//     register file in the next cycle (and passed through to that cycle's reads);
//   - element-wise vadd, vsub, vrsub, vand, vor, vxor, vsll, vsrl, vsra (.vv/.vx/.vi
//     forms, unmasked) and vrgatherei16.vv at SEW 8..64, LMUL 1/8..8: one 128-bit
//     register of each group a cycle (ceil(vl * SEW / 128) beats); a gather one source
//     register a cycle (per output register, the source registers its indices name);
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
    // the xvkeccakr decode (XVK = 2), one-hot: vkchi, vkrp, vkth, vkd, vkc, vkpack, vkcol
    input  wire [6:0]   is_xkr_i,
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
    output wire         mem_beat_o,
    output wire [3:0]   mem_be_o
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
    // strided loads: mop = 10, rs2 = the stride register
    wire is_vlse   = opc == 7'h07 && insn_i[31:25] == 7'b0000101 && mem_width_ok;
    wire is_vld    = is_vle | is_vlse;
    wire is_vmem   = is_vld | is_vse;
    // OP-V arithmetic, unmasked (vm = 1): OPIVV (funct3 0), OPIVI (3), OPIVX (4)
    wire [5:0] f6  = insn_i[31:26];
    wire op_vv = opc == 7'h57 && f3 == 3'd0 && insn_i[25];
    wire op_vi = opc == 7'h57 && f3 == 3'd3 && insn_i[25];
    wire op_vx = opc == 7'h57 && f3 == 3'd4 && insn_i[25];
    wire f_add = f6 == 6'b000000, f_sub = f6 == 6'b000010, f_rsub = f6 == 6'b000011;
    wire f_and = f6 == 6'b001001, f_or = f6 == 6'b001010, f_xor = f6 == 6'b001011;
    wire f_sll = f6 == 6'b100101, f_srl = f6 == 6'b101000, f_sra = f6 == 6'b101001;
    wire f_logic_shift = f_and | f_or | f_xor | f_sll | f_srl | f_sra;
    wire is_valu = (op_vv && (f_add | f_sub | f_logic_shift)) ||
                   (op_vx && (f_add | f_sub | f_rsub | f_logic_shift)) ||
                   (op_vi && (f_add | f_rsub | f_logic_shift));
    wire is_vgather = op_vv && f6 == 6'b001110;   // vrgatherei16.vv
    wire is_varith  = is_valu | is_vgather;
    wire is_xvk    = (XVK == 1 && (is_vktheta_i | is_vkround_i | is_vkiota_i)) ||
                     (XVK == 2 && is_xkr_i != 7'd0);
    // the vector CSRs (Zicsr forms; the core passes a CSR access its own file refuses to the
    // unit, HAS_EXT = 3): vstart 0x008 (read-write), vxsat 0x009, vxrm 0x00a, vcsr 0x00f
    // (read 0, writes ignored: no fixed-point instructions), vl 0xc20, vtype 0xc21, vlenb
    // 0xc22 (read-only: a write traps)
    wire [11:0] vc_a   = insn_i[31:20];
    wire vc_ro    = vc_a == 12'hc20 || vc_a == 12'hc21 || vc_a == 12'hc22;
    wire vc_rw    = vc_a == 12'h008 || vc_a == 12'h009 || vc_a == 12'h00a || vc_a == 12'h00f;
    wire is_vcsr  = opc == 7'h73 && f3[1:0] != 2'd0 && (vc_ro || vc_rw);
    wire vc_write = f3[1:0] == 2'd1 || vs1 != 5'd0;   // csrrw(i), or a set/clear of a non-zero
    wire is_vinsn = is_vmem | is_varith | is_xvk;     // uses vstart (not vset, not a CSR)
    assign claim_o = is_vset | is_vinsn | is_vcsr;
    assign uses_rs1_o = (is_vset && !is_vsetivli) || is_vmem || (is_xvk && is_vkiota_i) ||
                        op_vx || (is_vcsr && !f3[2]);
    assign uses_rs2_o = is_vsetvl || is_vlse;

    // Small shifts by a variable amount as a choice of constant shifts: Yosys' SAT-based
    // `share` pass pairs up variable shift cells and, with the register file's read ports
    // in their fanout, runs out of memory (sky130 flow of rv32-v-keccakr); these are not
    // shift cells.
    function [15:0] csl(input [15:0] v, input [3:0] n);
        integer k;
        begin
            csl = v;
            for (k = 1; k < 16; k = k + 1)
                if (n == k[3:0]) csl = v << k;
        end
    endfunction
    function [15:0] csr(input [15:0] v, input [3:0] n);
        integer k;
        begin
            csr = v;
            for (k = 1; k < 16; k = k + 1)
                if (n == k[3:0]) csr = v >> k;
        end
    endfunction

    // ------------------------------------------------------------------ state
    wire [127:0] vrf [0:31] /* verilator public_flat_rd */;
    reg          vill_q;
    reg  [1:0]   vsew_q;       // log2(SEW / 8)
    reg  [2:0]   vlmul_q;      // log2(LMUL), signed (-3 .. 3: vtype's vlmul encoding)
    reg  [7:0]   vl_q;
    reg          vta_q, vma_q; // vtype's tail and mask policies (read back only)
    // vstart: written only by a CSR access (a fault inside a vector access leaves it 0 and
    // the instruction runs again from element 0: docs/vector.md "Faults"), so a vector
    // instruction run with vstart != 0 traps as illegal (RVV 1.0 3.7 permits it)
    reg  [6:0]   vstart_q;
    // a load word on its way: written in the cycle after its beat into bytes ld_be_q of
    // register ld_reg_q (ld_wdata: the bus word rotated to the bytes' places, in all four
    // words of the register)
    reg          ld_v_q /* verilator public_flat_rd */;
    reg  [4:0]   ld_reg_q /* verilator public_flat_rd */;
    reg  [15:0]  ld_be_q /* verilator public_flat_rd */;
    reg  [1:0]   ld_rot_q;     // register byte p takes bus byte (p + ld_rot_q) mod 4
    wire [31:0]  ld_rw = (ld_rot_q == 2'd0) ? mem_rdata_i :
                         (ld_rot_q == 2'd1) ? {mem_rdata_i[7:0], mem_rdata_i[31:8]} :
                         (ld_rot_q == 2'd2) ? {mem_rdata_i[15:0], mem_rdata_i[31:16]} :
                                              {mem_rdata_i[23:0], mem_rdata_i[31:24]};
    wire [127:0] ld_wdata /* verilator public_flat_rd */ = {4{ld_rw}};

    // a register as instructions read it: the arriving load bytes passed through
    function [127:0] pass(input [127:0] v, input [4:0] r, input ld_v, input [4:0] ld_r,
                          input [15:0] be, input [127:0] wd);
        integer k;
        begin
            pass = v;
            if (ld_v && ld_r == r)
                for (k = 0; k < 16; k = k + 1)
                    if (be[k]) pass[k * 8 +: 8] = wd[k * 8 +: 8];
        end
    endfunction

    // read port A (vs2 + beat, a store's data, the Keccak unit) and B (vs1 + beat)
    reg  [4:0]   rp_addr, rq_addr;
`ifdef SHA3ASIP_FPGA
    // (the LUT RAM file's read ports: u_vrf, at the end)
    wire [127:0] rp_raw, rq_raw, rr_raw;
    wire [127:0] rp_data = pass(rp_raw, rp_addr, ld_v_q, ld_reg_q, ld_be_q, ld_wdata);
    wire [127:0] rq_data = pass(rq_raw, rq_addr, ld_v_q, ld_reg_q, ld_be_q, ld_wdata);
`else
    wire [127:0] rp_data = pass(vrf[rp_addr], rp_addr, ld_v_q, ld_reg_q, ld_be_q, ld_wdata);
    wire [127:0] rq_data = pass(vrf[rq_addr], rq_addr, ld_v_q, ld_reg_q, ld_be_q, ld_wdata);
`endif

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
    // (one shift of the LMUL * 16 bytes: no shift cell per LMUL case)
    reg  [7:0]  nv_lbytes;
    always @(*) begin
        case (nv_lmul)
            3'd0: nv_lbytes = 8'd16;
            3'd1: nv_lbytes = 8'd32;
            3'd2: nv_lbytes = 8'd64;
            3'd3: nv_lbytes = 8'd128;
            3'd7: nv_lbytes = 8'd8;
            3'd6: nv_lbytes = 8'd4;
            default: nv_lbytes = 8'd2;
        endcase
    end
    wire [15:0] nv_vlmax16 = csr({8'd0, nv_lbytes}, {2'd0, nv_sew[1:0]});
    wire [7:0]  nv_vlmax = nv_vlmax16[7:0];
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
    wire        g_last;
    assign ready_o = x_err || (is_vgather ? g_last : beat_q == last);
    assign err_o   = x_err;
    // a beat's work commits when it is not the last, or when the instruction retires
    wire        beat_go = x_on && !x_err && (beat_q != last || fire_i);
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)                  beat_q <= 7'd0;
        else if (!valid_i || retire_i) beat_q <= 7'd0;
        else if (x_on && !ready_o)    beat_q <= beat_q + 7'd1;
    end

    // ------------------------------------------------------------------ loads and stores
    // unit-stride: bytes = vl * EEW / 8 (EEW from funct3) from rs1, o = rs1 mod 4: the
    // words it touches, ceil((o + bytes) / 4); word k at (rs1 - o) + 4k holds vector bytes
    // 4k - o .. 4k - o + 3 (those in 0 .. bytes - 1), in one register (an unaligned vector
    // longer than one register is not implemented: it traps). Strided: vl elements, one
    // word each (two for EEW = 64), element i at rs1 + i * rs2 (a running address).
    wire [1:0]  eew_l = (f3 == 3'd0) ? 2'd0 : f3[1:0];  // log2(EEW / 8): funct3 0, 5, 6, 7
    wire [15:0] m_bytes16 = csl({8'd0, vl_q}, {2'd0, eew_l});
    wire [10:0] m_bytes = m_bytes16[10:0];
    wire [1:0]  u_o     = rs1_i[1:0];
    wire [10:0] u_span  = m_bytes + {9'd0, u_o};
    wire [8:0]  u_words = u_span[10:2] + {8'd0, u_span[1:0] != 2'd0};
    wire        u_err   = !is_vlse && u_o != 2'd0 && m_bytes > 11'd16;
    wire [8:0]  s_words = (eew_l == 2'd3) ? {vl_q, 1'b0} : {1'b0, vl_q};
    wire [8:0]  m_words = is_vlse ? s_words : u_words;
    wire        m_none  = m_words == 9'd0;
    wire [8:0]  m_last  = m_none ? 9'd0 : m_words - 9'd1;
    // word k: its first vector byte u_v0 = max(4k - o, 0), its bytes u_n (4 - o in word 0)
    wire [10:0] u_4k = {2'd0, beat_q, 2'b00};
    wire [10:0] u_v0 = (beat_q == 7'd0) ? 11'd0 : u_4k - {9'd0, u_o};
    wire [2:0]  u_n  = (beat_q == 7'd0) ? 3'd4 - {1'b0, u_o} : 3'd4;
    wire [3:0]  u_be = {u_n > 3'd3 && u_v0 + 11'd3 < m_bytes, u_n > 3'd2 && u_v0 + 11'd2 < m_bytes,
                        u_n > 3'd1 && u_v0 + 11'd1 < m_bytes, u_v0 < m_bytes};
    reg  [31:0] el_addr_q;
    wire [31:0] el_addr = (beat_q == 7'd0) ? rs1_i : el_addr_q;
    wire        s_hi    = eew_l == 2'd3 && beat_q[0];      // the second word of an element
    wire [6:0]  s_el    = (eew_l == 2'd3) ? {1'b0, beat_q[6:1]} : beat_q;
    wire [31:0] s_addr  = el_addr + {29'd0, s_hi, 2'b00};
    reg  [4:0]  m_reg;
    reg  [3:0]  m_off;
    reg  [3:0]  m_pat;         // the bytes of the word (shifted to m_off once, below)
    always @(*) begin
        if (!is_vlse) begin
            m_reg = vd + u_v0[8:4];
            m_off = u_v0[3:0];
            m_pat = u_be;
        end else begin
            case (eew_l)
                2'd0: begin m_reg = vd + {2'd0, s_el[6:4]}; m_off = s_el[3:0];
                            m_pat = 4'h1; end
                2'd1: begin m_reg = vd + {1'b0, s_el[6:3]}; m_off = {s_el[2:0], 1'b0};
                            m_pat = 4'h3; end
                2'd2: begin m_reg = vd + s_el[6:2]; m_off = {s_el[1:0], 2'b00};
                            m_pat = 4'hf; end
                default: begin m_reg = vd + s_el[5:1]; m_off = {s_el[0], s_hi, 2'b00};
                               m_pat = 4'hf; end
            endcase
        end
    end
    wire [15:0] m_be = csl({12'd0, m_pat}, m_off);
    wire [31:0] m_addr = is_vlse ? s_addr : {rs1_i[31:2], 2'b00} + {23'd0, beat_q, 2'b00};
    assign mem_req_o  = is_vmem && !m_none && !vill_q;
    assign mem_we_o   = is_vse;
    // a strided element not aligned to min(EEW / 8, 4) bytes traps as misaligned: its
    // address goes out (the core's word access traps on it), else the word's (a narrow
    // element: its word; a 64-bit element at 4 mod 8 moves as two aligned words)
    wire        s_mis = is_vlse && ((eew_l == 2'd1 && s_addr[0]) ||
                                    (eew_l[1] && s_addr[1:0] != 2'd0));
    assign mem_addr_o = s_mis ? s_addr : {m_addr[31:2], 2'b00};
    assign mem_beat_o = is_vmem && beat_q != last;
    // a store word: its vector bytes from register m_reg (word 0 of an unaligned vector
    // starts at byte o of the word), the bytes of the vector only
    // byte b of the word is register byte m_off + b - o0 (o0 = o in word 0, else 0); zero
    // outside the register (a 16:1 byte select per bus byte)
    wire [1:0]   st_o0 = (beat_q == 7'd0) ? u_o : 2'd0;
    reg  [31:0]  st_w;
    reg  [4:0]   st_src;
    integer sb, sc;
    always @(*) begin
        st_w = 32'd0;
        for (sb = 0; sb < 4; sb = sb + 1) begin
            st_src = {1'b0, m_off} + sb[4:0] - {3'd0, st_o0};
            if (sb[1:0] >= st_o0 && !st_src[4])
                for (sc = 0; sc < 16; sc = sc + 1)
                    if (st_src[3:0] == sc[3:0]) st_w[sb * 8 +: 8] = rp_data[sc * 8 +: 8];
        end
    end
    wire [15:0] st_be16 = csl({12'd0, u_be}, {2'd0, st_o0});
    assign mem_be_o    = is_vse ? st_be16[3:0] : 4'b1111;
    assign mem_wdata_o = st_w;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) ld_v_q <= 1'b0;
        else         ld_v_q <= beat_go && is_vld && !m_none;
    end
    always @(posedge clk_i) begin
        ld_reg_q <= m_reg;
        ld_be_q  <= m_be;
        // bus byte (p + rot) mod 4 goes to register byte p: rot = (bus offset - m_off) mod 4
        ld_rot_q <= (is_vlse ? m_addr[1:0] : (beat_q == 7'd0) ? u_o : 2'd0) - m_off[1:0];
        // the element's address for its next word; the next element's after its last word
        if (beat_go && is_vlse) el_addr_q <= (eew_l != 2'd3 || s_hi) ? el_addr + rs2_i : el_addr;
    end

    // ------------------------------------------------------------------ arithmetic
    // beat k works on register k of each group: A = vs2 + k, B = vs1 + k (or the scalar)
    wire [15:0] a_bytes16 = csl({8'd0, vl_q}, {2'd0, vsew_q});
    wire [7:0]  a_bytes = a_bytes16[7:0];        // vl * SEW / 8 (at most 128)
    wire [8:0]  a_bytes9 = a_bytes16[8:0];
    wire [4:0]  a_beats = a_bytes9[8:4] + {4'd0, a_bytes9[3:0] != 4'd0};
    wire [6:0]  a_last  = (a_beats == 5'd0) ? 7'd0 : {2'd0, a_beats - 5'd1};
    // the register group (LMUL >= 1: 1 << vlmul registers; fractional: 1)
    wire [15:0] grp16 = csl(16'd1, {2'd0, vlmul_q[1:0]});
    wire [3:0]  grp = vlmul_q[2] ? 4'd1 : grp16[3:0];
    wire [4:0]  gmask = grp[3:0] - 4'd1 == 4'd0 ? 5'd0 : {1'b0, grp - 4'd1};
    function misal(input [4:0] r, input [4:0] m, input [3:0] n);
        misal = (r & m) != 5'd0 || {1'b0, r} + {2'd0, n} > 6'd32;
    endfunction
    // vrgatherei16: the index group, EMUL = 16 / SEW * LMUL (log2: 1 - vsew + vlmul)
    wire signed [3:0] ie_lg = 4'sd1 - $signed({2'b00, vsew_q}) + $signed({vlmul_q[2], vlmul_q});
    wire [15:0] ie_grp16 = csl(16'd1, {2'd0, ie_lg[1:0]});
    wire [3:0]  ie_grp = (ie_lg > 4'sd0) ? ie_grp16[3:0] : 4'd1;
    wire        ie_bad = ie_lg > 4'sd3;
    function ovl(input [4:0] a, input [3:0] na, input [4:0] b, input [3:0] nb);
        ovl = {1'b0, a} < {1'b0, b} + {2'd0, nb} && {1'b0, b} < {1'b0, a} + {2'd0, na};
    endfunction
    wire ar_err = misal(vd, gmask, grp) || misal(vs2, gmask, grp) ||
                  (op_vv && !is_vgather && misal(vs1, gmask, grp)) ||
                  (is_vgather && (ie_bad || misal(vs1, {1'b0, ie_grp - 4'd1}, ie_grp) ||
                                  ovl(vd, grp, vs2, grp) || ovl(vd, grp, vs1, ie_grp)));
    // the scalar operand, sign-extended to 64 bits: rs1, simm5, or uimm5 for the shifts
    wire        f_shift = f_sll | f_srl | f_sra;
    wire [63:0] scal = op_vx ? {{32{rs1_i[31]}}, rs1_i} :
                       f_shift ? {59'd0, vs1} : {{59{vs1[4]}}, vs1};
    wire [127:0] opa = rp_data;
    // the second operand: vs1's register (.vv) or the scalar repeated in every element
    wire [127:0] opb = op_vv ? rq_data :
                       (vsew_q == 2'd0) ? {16{scal[7:0]}} : (vsew_q == 2'd1) ? {8{scal[15:0]}} :
                       (vsew_q == 2'd2) ? {4{scal[31:0]}} : {2{scal[63:0]}};
    // bytes that start an element at this SEW
    /* verilator lint_off UNUSEDSIGNAL */
    wire [15:0]  estart = (vsew_q == 2'd0) ? 16'hffff : (vsew_q == 2'd1) ? 16'h5555 :
                          (vsew_q == 2'd2) ? 16'h1111 : 16'h0101;
    /* verilator lint_on UNUSEDSIGNAL */
    // add, sub, rsub: two 64-bit adders (no element crosses the middle), each with a
    // separator bit between its bytes: (1, 0) passes the carry on inside an element, (c, c)
    // starts the next element with carry-in c (1 for sub and rsub): one carry chain of 71
    // bits per half, cut at the element boundaries of any SEW
    wire         a_cin = f_sub | f_rsub;
    wire [127:0] a_x = opa ^ {128{f_rsub}};
    wire [127:0] a_y = opb ^ {128{f_sub}};
    wire [127:0] sum;
    genvar gh, gy;
    generate
        for (gh = 0; gh < 2; gh = gh + 1) begin : g_add
            wire [70:0] xa, xb;
            for (gy = 0; gy < 8; gy = gy + 1) begin : g_by
                assign xa[gy * 9 +: 8] = a_x[(gh * 8 + gy) * 8 +: 8];
                assign xb[gy * 9 +: 8] = a_y[(gh * 8 + gy) * 8 +: 8];
                if (gy < 7) begin : g_sep
                    wire st = estart[gh * 8 + gy + 1];
                    assign xa[gy * 9 + 8] = st ? a_cin : 1'b1;
                    assign xb[gy * 9 + 8] = st & a_cin;
                end
            end
            /* verilator lint_off UNUSEDSIGNAL */
            wire [70:0] xs = xa + xb + {70'd0, a_cin};   // (the separators' sums unused)
            /* verilator lint_on UNUSEDSIGNAL */
            for (gy = 0; gy < 8; gy = gy + 1) begin : g_out
                assign sum[(gh * 8 + gy) * 8 +: 8] = xs[gy * 9 +: 8];
            end
        end
    endgenerate
    // shifts: the element's amount (mod SEW) for each byte; vsll rotates left by it, vsrl
    // and vsra by SEW minus it, through the one rotator (zve64x_rot), then mask
    wire [95:0]  sh_amt;         // the shift amount of each byte's element
    wire [95:0]  rot_amt;        // the rotator's amount for each byte
    wire [5:0]   wm = (vsew_q == 2'd0) ? 6'd7 : (vsew_q == 2'd1) ? 6'd15 :
                      (vsew_q == 2'd2) ? 6'd31 : 6'd63;
    wire         k_rot = is_xvk; // the Keccak unit sets the rotator's amounts (rho)
    wire [95:0]  k_rot_amt;
    genvar gk, gi;
    generate
        for (gk = 0; gk < 16; gk = gk + 1) begin : g_amt
            wire [5:0] a0 = {3'd0, opb[gk * 8 +: 3]};
            wire [5:0] a1 = {2'd0, opb[(gk - gk % 2) * 8 +: 4]};
            wire [5:0] a2 = {1'b0, opb[(gk - gk % 4) * 8 +: 5]};
            wire [5:0] a3 = opb[(gk - gk % 8) * 8 +: 6];
            wire [5:0] sa = (vsew_q == 2'd0) ? a0 : (vsew_q == 2'd1) ? a1 :
                            (vsew_q == 2'd2) ? a2 : a3;
            assign sh_amt[gk * 6 +: 6] = sa;
            assign rot_amt[gk * 6 +: 6] = k_rot ? k_rot_amt[gk * 6 +: 6] :
                                          f_sll ? sa : (6'd0 - sa) & wm;
        end
    endgenerate
    wire [127:0] rot_y;
    // (xvkeccakr: the rotator rotates the byte select's output, port A's lane moved)
    wire         k_bsel;         // the Keccak unit drives the byte select
    wire [127:0] bs_y;           // the byte select's output
    wire [127:0] rot_x = k_bsel ? bs_y : opa;
    zve64x_rot u_rot (.x_i(rot_x), .sew_i(vsew_q), .amt_i(rot_amt), .y_o(rot_y));
    // bit i (position j in its element): vsll keeps it when j >= amount, vsrl when
    // j <= SEW - 1 - amount; vsra fills the others with the element's sign
    wire [127:0] sll_r, srl_r, sra_r;
    generate
        for (gi = 0; gi < 128; gi = gi + 1) begin : g_msk
            localparam integer J0 = gi % 8, J1 = gi % 16, J2 = gi % 32, J3 = gi % 64;
            wire [5:0] jl = (vsew_q == 2'd0) ? J0[5:0] : (vsew_q == 2'd1) ? J1[5:0] :
                            (vsew_q == 2'd2) ? J2[5:0] : J3[5:0];
            wire [5:0] jr = wm - jl;
            wire [5:0] sa = sh_amt[(gi / 8) * 6 +: 6];
            wire sign = (vsew_q == 2'd0) ? opa[(gi / 8) * 8 + 7] :
                        (vsew_q == 2'd1) ? opa[(gi / 16) * 16 + 15] :
                        (vsew_q == 2'd2) ? opa[(gi / 32) * 32 + 31] : opa[(gi / 64) * 64 + 63];
            wire kr = sa <= jr;
            assign sll_r[gi] = rot_y[gi] & (sa <= jl);
            assign srl_r[gi] = rot_y[gi] & kr;
            assign sra_r[gi] = kr ? rot_y[gi] : sign;
        end
    endgenerate
    wire [127:0] res = (f_add | f_sub | f_rsub) ? sum : f_and ? opa & opb : f_or ? opa | opb :
                       f_sll ? sll_r : f_srl ? srl_r : f_sra ? sra_r : opa ^ opb;
    // The gather (vrgatherei16.vv), one output register at a time (g_k_q); for each, one
    // cycle per distinct register of the source group that the indices of its active
    // elements name (smallest first, at least one cycle): port A reads vs2 + that register,
    // and the elements whose index points there take their value through the unit's byte
    // select (a 16:1 byte multiplexer per output byte, no crossbar over the register file).
    // Index i's 16-bit element is in vs1 + i / 8 (port B; at SEW 8 the second register on
    // port C). An index at or past VLMAX gives 0.
    reg  [2:0]   g_k_q;          // the output register (offset in vd's group)
    reg          g_more_q;       // a later cycle of the same output register
    reg  [2:0]   g_prev_q;       // the source register read in the previous cycle
    reg  [127:0] g_buf_q;        // the elements taken in the earlier cycles
    wire [15:0]  g_i016  = csr({9'd0, g_k_q, 4'd0}, {2'd0, vsew_q});
    wire [6:0]   g_i0    = g_i016[6:0];   // the first element, kN (< 128)
    wire [4:0]   g_ibase = vs1 + {1'b0, g_i0[6:3]};         // its index's register
    wire [4:0]   k_caddr;        // port C for the Keccak unit (xvkeccakr's chi)
    wire [4:0]   rr_addr = (XVK == 2 && is_xvk) ? k_caddr : g_ibase + 5'd1;
`ifdef SHA3ASIP_FPGA
    wire [127:0] rr_data = pass(rr_raw, rr_addr, ld_v_q, ld_reg_q, ld_be_q, ld_wdata);
`else
    wire [127:0] rr_data = pass(vrf[rr_addr], rr_addr, ld_v_q, ld_reg_q, ld_be_q, ld_wdata);
`endif
    wire [1:0]   vfr = ~vlmul_q[1:0] + 2'd1;
    wire [15:0]  vl_fr16 = csr(16'd16, {2'd0, vfr});
    wire [15:0]  vl_in16 = csl(16'd16, {2'd0, vlmul_q[1:0]});
    wire [15:0]  vlmax16 = csr(vlmul_q[2] ? vl_fr16 : vl_in16, {2'd0, vsew_q});
    wire [8:0]   vlmax9 = vlmax16[8:0];
    // slot j: element j of the output register (j < 16 / (SEW / 8))
    wire [15:0]  gval;           // active, with an index below VLMAX
    wire [2:0]   gsr [0:15];     // its source register (offset in vs2's group)
    wire [3:0]   gel [0:15];     // its element in that register
    generate
        for (gk = 0; gk < 16; gk = gk + 1) begin : g_sl
            localparam [7:0] J = gk;
            localparam integer H = gk % 8;
            wire [15:0] ix0 = (gk < 8) ? rq_data[H * 16 +: 16] : rr_data[H * 16 +: 16];
            wire [15:0] ix2 = g_k_q[0] ? rq_data[(4 + gk % 4) * 16 +: 16] :
                                         rq_data[(gk % 4) * 16 +: 16];
            wire [15:0] ix3 = (g_k_q[1:0] == 2'd0) ? rq_data[(gk % 2) * 16 +: 16] :
                              (g_k_q[1:0] == 2'd1) ? rq_data[(2 + gk % 2) * 16 +: 16] :
                              (g_k_q[1:0] == 2'd2) ? rq_data[(4 + gk % 2) * 16 +: 16] :
                                                     rq_data[(6 + gk % 2) * 16 +: 16];
            wire [15:0] idx = (vsew_q == 2'd0) ? ix0 : (vsew_q == 2'd1) ? rq_data[H * 16 +: 16] :
                              (vsew_q == 2'd2) ? ix2 : ix3;
            wire [7:0]  i  = {1'b0, g_i0} + J;
            wire        on = (vsew_q == 2'd0) || (vsew_q == 2'd1 && gk < 8) ||
                             (vsew_q == 2'd2 && gk < 4) || gk < 2;
            assign gval[gk] = on && i < vl_q && idx < {7'd0, vlmax9};
            assign gsr[gk] = (vsew_q == 2'd0) ? idx[6:4] : (vsew_q == 2'd1) ? idx[5:3] :
                             (vsew_q == 2'd2) ? idx[4:2] : idx[3:1];
            assign gel[gk] = (vsew_q == 2'd0) ? idx[3:0] : (vsew_q == 2'd1) ? {1'b0, idx[2:0]} :
                             (vsew_q == 2'd2) ? {2'b00, idx[1:0]} : {3'b000, idx[0]};
        end
    endgenerate
    // the source register read now: the smallest one named (after the previous cycle's),
    // from a mask of the registers named (an OR per register, then a priority pick)
    reg  [2:0]   g_cur;
    reg  [15:0]  gm;             // active slots whose source register comes later
    reg  [15:0]  g_nm [0:7];     // slot j names source register v
    reg  [7:0]   g_pres;
    integer gj, gr;
    always @(*) begin
        for (gr = 0; gr < 8; gr = gr + 1) begin
            for (gj = 0; gj < 16; gj = gj + 1)
                g_nm[gr][gj] = gval[gj] && gsr[gj] == gr[2:0] &&
                               (!g_more_q || gr[2:0] > g_prev_q);
            g_pres[gr] = |g_nm[gr];
        end
        g_cur = 3'd7;
        for (gr = 7; gr >= 0; gr = gr - 1)
            if (g_pres[gr]) g_cur = gr[2:0];
        for (gj = 0; gj < 16; gj = gj + 1)
            gm[gj] = gval[gj] && gsr[gj] > g_cur;
    end
    // the byte select: output byte b takes byte bs_sel[b] of port A (the gather's element
    // bytes, or the Keccak unit's lanes)
    wire [63:0]  k_bsel_sel;
    wire [63:0]  bs_sel;
    wire [15:0]  g_tv, g_tk;     // per output byte: its slot is active / takes port A now
    generate
        for (gk = 0; gk < 16; gk = gk + 1) begin : g_bs
            localparam [3:0] B = gk;
            localparam integer K1 = gk / 2, K2 = gk / 4, K3 = gk / 8;
            wire [3:0] gsel = (vsew_q == 2'd0) ? gel[gk] :
                              (vsew_q == 2'd1) ? {gel[K1][2:0], B[0]} :
                              (vsew_q == 2'd2) ? {gel[K2][1:0], B[1:0]} : {gel[K3][0], B[2:0]};
            assign g_tv[gk] = (vsew_q == 2'd0) ? gval[gk] : (vsew_q == 2'd1) ? gval[K1] :
                              (vsew_q == 2'd2) ? gval[K2] : gval[K3];
            assign g_tk[gk] = (vsew_q == 2'd0) ? gsr[gk] == g_cur :
                              (vsew_q == 2'd1) ? gsr[K1] == g_cur :
                              (vsew_q == 2'd2) ? gsr[K2] == g_cur : gsr[K3] == g_cur;
            assign bs_sel[gk * 4 +: 4] = k_bsel ? k_bsel_sel[gk * 4 +: 4] : gsel;
            reg [7:0] v;
            integer sk;
            always @(*) begin
                v = 8'd0;
                for (sk = 0; sk < 16; sk = sk + 1)
                    if (bs_sel[gk * 4 +: 4] == sk[3:0]) v = rp_data[sk * 8 +: 8];
            end
            assign bs_y[gk * 8 +: 8] = v;
        end
    endgenerate
    reg  [127:0] gat;            // the output register
    integer gb;
    always @(*) begin
        for (gb = 0; gb < 16; gb = gb + 1)
            gat[gb * 8 +: 8] = !g_tv[gb] ? 8'd0 : g_tk[gb] ? bs_y[gb * 8 +: 8] :
                                                            g_buf_q[gb * 8 +: 8];
    end
    wire         g_more  = gm != 16'd0;    // another source register after this
    assign       g_last  = {4'd0, g_k_q} == a_last[6:0] && !g_more;
    wire         g_go    = x_on && is_vgather && !x_err && (!g_last || fire_i);
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            g_k_q    <= 3'd0;
            g_more_q <= 1'b0;
        end else if (!valid_i || retire_i) begin
            g_k_q    <= 3'd0;
            g_more_q <= 1'b0;
        end else if (g_go) begin
            g_k_q    <= g_more ? g_k_q : g_k_q + 3'd1;
            g_more_q <= g_more;
        end
    end
    always @(posedge clk_i) begin
        if (g_go) begin
            g_prev_q <= g_cur;
            g_buf_q  <= gat;
        end
    end
    // byte p of register k is written when 16k + p < vl * SEW / 8
    reg [15:0] a_be;
    integer p;
    always @(*) begin
        for (p = 0; p < 16; p = p + 1)
            a_be[p] = {1'b0, a_k, 4'd0} + p[8:0] < a_bytes9;
    end
    // (the gather writes its output register in its last cycle, register offset g_k_q)
    wire [3:0]   a_k     = is_vgather ? {1'b0, g_k_q} : beat_q[3:0];
    wire         a_we    = is_vgather ? g_go && !g_more : beat_go && is_valu;
    wire [4:0]   a_waddr = vd + {1'b0, a_k};
    wire [127:0] a_wdata = is_vgather ? gat : res;

    // ------------------------------------------------------------------ xvkeccak
    wire         k_we;         // the Keccak unit writes register k_waddr (k_wbe bytes)
    wire [4:0]   k_waddr;
    wire [127:0] k_wdata;
    wire [15:0]  k_wbe;
    wire [4:0]   k_raddr;
    wire [4:0]   k_qaddr;      // port B (xvkeccakr)
    wire [6:0]   k_last;
    wire         k_err;
    generate
        if (XVK == 2) begin : g_xvkr
            xvkeccakr_seq u_seq (
                .op_i(is_xkr_i), .vd_i(vd), .vs1_i(vs1), .vs2_i(vs2), .lw_i(vsew_q),
                .beat_i(beat_q), .go_i(beat_go && is_xvk), .rot_i(rot_y), .rq_i(rq_data),
                .rr_i(rr_data), .pa_o(k_raddr), .pb_o(k_qaddr), .pc_o(k_caddr),
                .bsel_o(k_bsel_sel), .rot_amt_o(k_rot_amt), .last_o(k_last), .err_o(k_err),
                .we_o(k_we), .waddr_o(k_waddr), .wbe_o(k_wbe), .wdata_o(k_wdata)
            );
            assign k_bsel = is_xvk;
        end else if (XVK != 0) begin : g_xvk
            xvkeccak_seq u_seq (
                .clk_i(clk_i), .is_theta_i(is_vktheta_i), .is_round_i(is_vkround_i),
                .is_iota_i(is_vkiota_i), .vd_i(vd), .vs1_i(vs1), .vs2_i(vs2),
                .plane_i(insn_i[27:25]), .idx_i(rs1_i[4:0]), .lw_i(vsew_q), .beat_i(beat_q),
                .go_i(beat_go && is_xvk), .rdata_i(rp_data), .rot_i(rot_y),
                .rot_amt_o(k_rot_amt), .raddr_o(k_raddr),
                .last_o(k_last), .err_o(k_err), .we_o(k_we), .waddr_o(k_waddr),
                .wdata_o(k_wdata), .wbe_o(k_wbe)
            );
            assign k_qaddr = 5'd0;
            assign k_caddr = 5'd0;
            assign k_bsel = 1'b0;
            assign k_bsel_sel = 64'd0;
        end else begin : g_no_xvk
            assign k_we = 1'b0;
            assign k_waddr = 5'd0;
            assign k_wdata = 128'd0;
            assign k_wbe = 16'd0;
            assign k_raddr = 5'd0;
            assign k_last = 7'd0;
            assign k_err = 1'b0;
            assign k_rot_amt = 96'd0;
            assign k_qaddr = 5'd0;
            assign k_caddr = 5'd0;
            assign k_bsel = 1'b0;
            assign k_bsel_sel = 64'd0;
        end
    endgenerate

    always @(*) begin
        rp_addr = is_xvk ? k_raddr : is_vse ? m_reg :
                  is_vgather ? vs2 + {2'd0, g_cur} : vs2 + beat_q[4:0];
        rq_addr = (XVK == 2 && is_xvk) ? k_qaddr : is_vgather ? g_ibase : vs1 + beat_q[4:0];
    end


    assign last  = is_vmem ? m_last[6:0] : is_xvk ? k_last : is_varith ? a_last : 7'd0;
    // a vector memory access's group: EMUL = EEW / SEW * LMUL (log2: eew - sew + lmul),
    // 1/8 .. 8, vd aligned to it
    wire signed [3:0] me_lg = $signed({2'b00, eew_l}) - $signed({2'b00, vsew_q}) +
                              $signed({vlmul_q[2], vlmul_q});
    wire [15:0] me_grp16 = csl(16'd1, {2'd0, me_lg[1:0]});
    wire [3:0]  me_grp = (me_lg > 4'sd0) ? me_grp16[3:0] : 4'd1;
    wire        me_err = me_lg > 4'sd3 || me_lg < -4'sd3 ||
                         misal(vd, {1'b0, me_grp - 4'd1}, me_grp);
    // vector instructions with vill set trap (vset itself never does), as do the reserved
    // operand groups the simulator refuses
    assign x_err = (is_vmem && (vill_q || me_err || u_err)) || (is_varith && (vill_q || ar_err)) ||
                   (is_xvk && (vill_q || k_err)) || (is_vinsn && vstart_q != 7'd0) ||
                   (is_vcsr && vc_ro && vc_write);

    // ------------------------------------------------------------------ vset commit, rd
    // a CSR's value: vstart, vl, vtype (vill alone when set), vlenb; 0 for the fixed-point ones
    wire [31:0] vc_old = (vc_a == 12'h008) ? {25'd0, vstart_q} :
                         (vc_a == 12'hc20) ? {24'd0, vl_q} :
                         (vc_a == 12'hc21) ? (vill_q ? 32'h8000_0000 :
                                              {24'd0, vma_q, vta_q, 1'b0, vsew_q, vlmul_q}) :
                         (vc_a == 12'hc22) ? 32'd16 : 32'd0;
    wire [6:0]  vc_src = f3[2] ? {2'd0, vs1} : rs1_i[6:0];
    wire [6:0]  vc_new = (f3[1:0] == 2'd1) ? vc_src : (f3[1:0] == 2'd2) ? vstart_q | vc_src :
                                                                          vstart_q & ~vc_src;
    assign rd_we_o    = is_vset | is_vcsr;
    assign rd_wdata_o = is_vcsr ? vc_old : {24'd0, new_vl};
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            vill_q   <= 1'b1;
            vsew_q   <= 2'd0;
            vlmul_q  <= 3'd0;
            vl_q     <= 8'd0;
            vta_q    <= 1'b0;
            vma_q    <= 1'b0;
            vstart_q <= 7'd0;
        end else if (fire_i && is_vset) begin
            vill_q   <= nv_ill;
            vsew_q   <= nv_ill ? 2'd0 : nv_sew[1:0];
            vlmul_q  <= nv_ill ? 3'd0 : nv_lmul;
            vl_q     <= new_vl;
            vta_q    <= !nv_ill && new_vtype[6];
            vma_q    <= !nv_ill && new_vtype[7];
            vstart_q <= 7'd0;
        end else if (fire_i && is_vcsr && vc_write && vc_a == 12'h008) begin
            vstart_q <= vc_new;
        end
    end

    // ------------------------------------------------------------------ register file write
    // (no reset: the vector registers start as the simulator's, zero, in the harnesses'
    // initial block; an architectural reset value is not defined by the specification)
    // two write ports: the instruction's (the Keccak unit's or the arithmetic's write, one
    // register) and the arriving load word (a load's last word lands in the cycle after it
    // fires, when the next instruction may already write: that one wins, it is younger)
    wire         c_we    = k_we | a_we;
    wire [4:0]   c_waddr = k_we ? k_waddr : a_waddr;
    wire [15:0]  c_wbe   = k_we ? k_wbe : a_be;
    wire [127:0] c_wdata = k_we ? k_wdata : a_wdata;
`ifdef SHA3ASIP_FPGA
    // FPGAs (the ECP5 flow defines SHA3ASIP_FPGA): the file in LUT RAM, two write ports by a
    // live-value table (zve64x_vrf_lvt), the same ports and the same priority as below
    zve64x_vrf_lvt u_vrf (
        .clk_i(clk_i),
        .a_we_i(c_we), .a_addr_i(c_waddr), .a_be_i(c_wbe), .a_data_i(c_wdata),
        .b_we_i(ld_v_q), .b_addr_i(ld_reg_q), .b_be_i(ld_be_q), .b_data_i(ld_wdata),
        .r0_addr_i(rp_addr), .r0_data_o(rp_raw), .r1_addr_i(rq_addr), .r1_data_o(rq_raw),
        .r2_addr_i(rr_addr), .r2_data_o(rr_raw)
    );
`ifndef SYNTHESIS
    // the harnesses' view of every register (the commit log's vector writes): simulation
    // only, out of what is synthesized
    genvar gv, gvb;
    generate
        for (gv = 0; gv < 32; gv = gv + 1) begin : g_view
            for (gvb = 0; gvb < 16; gvb = gvb + 1) begin : g_b
                assign vrf[gv][gvb * 8 +: 8] = u_vrf.g_lvt[gv].q[gvb] ?
                    u_vrf.u_r0.bank_b[gv][gvb * 8 +: 8] : u_vrf.u_r0.bank_a[gv][gvb * 8 +: 8];
            end
        end
    endgenerate
`endif
`else
    genvar gv;
    generate
        for (gv = 0; gv < 32; gv = gv + 1) begin : g_vrf
            reg  [127:0] q;
            wire ld_hit = ld_v_q && ld_reg_q == gv;
            wire c_hit  = c_we && c_waddr == gv;
            integer b;
            always @(posedge clk_i) begin
                for (b = 0; b < 16; b = b + 1) begin
                    if (c_hit && c_wbe[b])         q[b * 8 +: 8] <= c_wdata[b * 8 +: 8];
                    else if (ld_hit && ld_be_q[b]) q[b * 8 +: 8] <= ld_wdata[b * 8 +: 8];
                end
            end
`ifdef RISCV_FORMAL
            initial q = 128'd0;
`endif
            assign vrf[gv] = q;
        end
    endgenerate
`endif
    // (vtype's ta/ma: tails and masked-off elements are left undisturbed, which both
    // allow; the longest access is 32 words, LMUL = 8)
    wire unused = &{1'b0, m_last[8:7], a_bytes, nv_vlmax16[15:8],
                    m_bytes16[15:11], st_be16[15:4], a_bytes16[15:9], grp16[15:4],
                    ie_grp16[15:4], g_i016[15:7], vlmax16[15:9], me_grp16[15:4]};

endmodule
