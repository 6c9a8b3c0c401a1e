// xvkeccak_seq: the xvkeccak instructions inside the vector unit (hw/units/zve64x), one
// 128-bit register-file beat a cycle through the unit's one read and one write port, every
// lane width w = 8 << lw_i (SEW). The state block holds lane i = x + 5y as element i at
// SEW = w (isa/xvkeccak/README.md); a register holds 16 >> lw lanes.
//   vktheta vd, vs2:   beats 0..nR-1 read vs2 + b and add its lanes into the column
//                      parities C; beats nR..nR+nD-1 write D = C[x-1] ^ rotl(C[x+1], 1)
//                      into vd + (b - nR) (lanes 0..4 only).
//   vkround vd, vs2, vs1, Y: the distinct registers of the five source lanes
//                      (pi_source(X, Y) = (X + 3Y) mod 5 + 5X), smallest first, captured
//                      into A; then D's registers (vs1 + ...) into D; then the registers of
//                      output plane Y (lanes 5Y..5Y+4 of block vd) written with
//                      chi(rotl(A[X] ^ D[x], rho)).
//   vkiota vd, rs1:    one beat: vd lane 0 ^= RC[rs1 mod 32] (low w bits).
// The beat counts are the timing model's (beats_theta, beats_round in isa/xvkeccak/src/
// lib.rs). beat_i is the instruction's beat (0 in its first cycle); go_i: the beat's work
// commits (captures and writes).
module xvkeccak_seq (
    input  wire         clk_i,
    input  wire         is_theta_i,
    input  wire         is_round_i,
    input  wire         is_iota_i,
    input  wire [4:0]   vd_i,
    input  wire [4:0]   vs1_i,
    input  wire [4:0]   vs2_i,
    input  wire [2:0]   plane_i,
    input  wire [4:0]   idx_i,
    input  wire [1:0]   lw_i,
    input  wire [6:0]   beat_i,
    input  wire         go_i,
    input  wire [127:0] rdata_i,
    // the vector unit's rotator (zve64x_rot) on the register read now: rot_i is rdata_i
    // with each element rotated left by its byte's amount in rot_amt_o
    input  wire [127:0] rot_i,
    output reg  [95:0]  rot_amt_o,
    output reg  [4:0]   raddr_o,
    output reg  [6:0]   last_o,
    output reg          err_o,
    output reg          we_o,
    output reg  [4:0]   waddr_o,
    output reg  [127:0] wdata_o,
    output reg  [15:0]  wbe_o
);
    // ---------------------------------------------------------------- width helpers
    function [63:0] wmask(input [1:0] lw);
        case (lw)
            2'd0: wmask = 64'h0000_0000_0000_00ff;
            2'd1: wmask = 64'h0000_0000_0000_ffff;
            2'd2: wmask = 64'h0000_0000_ffff_ffff;
            default: wmask = 64'hffff_ffff_ffff_ffff;
        endcase
    endfunction
    // the byte enables of lane 0
    function [15:0] bmask(input [1:0] lw);
        case (lw)
            2'd0: bmask = 16'h0001;
            2'd1: bmask = 16'h0003;
            2'd2: bmask = 16'h000f;
            default: bmask = 16'h00ff;
        endcase
    endfunction
    // lane j (0 .. 16 >> lw - 1) of a register (a select per slot, no shifter)
    function [63:0] lane_of(input [127:0] d, input [3:0] j, input [1:0] lw);
        integer q;
        begin
            lane_of = 64'd0;
            for (q = 0; q < 16; q = q + 1)
                if (j == q[3:0])
                    case (lw)
                        2'd0: lane_of = {56'd0, d[q * 8 +: 8]};
                        2'd1: lane_of = {48'd0, d[(q % 8) * 16 +: 16]};
                        2'd2: lane_of = {32'd0, d[(q % 4) * 32 +: 32]};
                        default: lane_of = d[(q % 2) * 64 +: 64];
                    endcase
        end
    endfunction
    // rotate a w-bit lane left by 1 (wiring)
    function [63:0] rotl1(input [63:0] x, input [1:0] lw);
        case (lw)
            2'd0: rotl1 = {56'd0, x[6:0], x[7]};
            2'd1: rotl1 = {48'd0, x[14:0], x[15]};
            2'd2: rotl1 = {32'd0, x[30:0], x[31]};
            default: rotl1 = {x[62:0], x[63]};
        endcase
    endfunction
    /* verilator lint_off UNUSEDSIGNAL */
    // l << (4 - lw) (lane -> first lane of register l) and l >> (4 - lw) (lane -> register)
    function [4:0] lsh(input [4:0] l, input [1:0] lw);
        case (lw)
            2'd0: lsh = {l[0], 4'd0};
            2'd1: lsh = {l[1:0], 3'd0};
            2'd2: lsh = {l[2:0], 2'd0};
            default: lsh = {l[3:0], 1'b0};
        endcase
    endfunction
    function [4:0] rsh(input [4:0] l, input [1:0] lw);
        case (lw)
            2'd0: rsh = {4'd0, l[4]};
            2'd1: rsh = {3'd0, l[4:3]};
            2'd2: rsh = {2'd0, l[4:2]};
            default: rsh = {1'b0, l[4:1]};
        endcase
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    /* verilator lint_off UNUSEDSIGNAL */
    // l mod 5 for a lane index l < 32 (select logic, see RHO below)
    function [2:0] mod5(input [4:0] l);
        integer k, m;
        begin
            mod5 = 3'd0;
            for (k = 0; k < 32; k = k + 1) begin
                m = k % 5;
                if (l == k[4:0]) mod5 = m[2:0];
            end
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    // (x + k) mod 5 for x, k < 5
    function [2:0] add5(input [2:0] x, input [2:0] k);
        reg [3:0] t;
        begin
            t = {1'b0, x} + {1'b0, k};
            add5 = (t >= 4'd5) ? t[2:0] - 3'd5 : t[2:0];
        end
    endfunction
    // rho offsets of Keccak-f[1600] (FIPS 202), lane x + 5y at bits 6l; at width w taken
    // mod w. Tables as constants read by an if-chain (select logic): a `case` table would
    // become a ROM cell per call, which Yosys' share pass then pairs up by SAT
    localparam [149:0] RHO = 150'h0ee3d0922153eda6766b2835371ac91b73e040;
    function [5:0] rho64(input [4:0] l);
        integer k;
        begin
            rho64 = 6'd0;
            for (k = 0; k < 25; k = k + 1)
                if (l == k[4:0]) rho64 = RHO[k * 6 +: 6];
        end
    endfunction
    // round constants 0..31 at bits 64i (indices 24..31 by the LFSR rule), truncated to w by
    // the caller
    localparam [2047:0] RC = 2048'h000000000000808380000000000000800000000000008009800000000000808280000000800000098000000000000003800000008000800a80000000800080828000000080008008000000008000000180000000000080808000000080008081800000008000000a000000000000800a8000000000000080800000000000800280000000000080038000000000008089800000000000008b000000008000808b000000008000000a00000000800080090000000000000088000000000000008a800000000000800980000000800080810000000080000001000000000000808b8000000080008000800000000000808a00000000000080820000000000000001;
    function [63:0] rc64(input [4:0] i);
        integer k;
        begin
            rc64 = 64'd0;
            for (k = 0; k < 32; k = k + 1)
                if (i == k[4:0]) rc64 = RC[k * 64 +: 64];
        end
    endfunction

    // ---------------------------------------------------------------- geometry
    // lane -> register: rsh(l, lw); register -> its first lane: lsh(r, lw); lane -> slot:
    // l & jm
    wire [3:0] jm = (lw_i == 2'd0) ? 4'hf : (lw_i == 2'd1) ? 4'h7 : (lw_i == 2'd2) ? 4'h3 : 4'h1;
    wire [4:0] n_state = rsh(5'd24, lw_i) + 5'd1;   // registers of 25 lanes (13 at w = 64)
    wire [4:0] n_d     = rsh(5'd4, lw_i) + 5'd1;    // registers of D (3 at w = 64)
    wire [4:0] y5      = {plane_i, 2'b00} + {2'd0, plane_i};   // 5Y
    wire [4:0] ro0     = rsh(y5, lw_i);             // output plane's first register
    wire [4:0] n_w     = rsh(y5 + 5'd4, lw_i) - ro0 + 5'd1;

    // vkround's source lanes s[X] and their registers
    reg  [4:0] src [0:4];
    reg  [4:0] sreg [0:4];
    reg  [2:0] sx [0:4];        // s[X] mod 5: its column, the D lane it takes
    reg  [2:0] n_s;             // distinct source registers
    integer X, X2;
    reg dup;
    always @(*) begin
        n_s = 3'd0;
        for (X = 0; X < 5; X = X + 1) begin
            sx[X]   = add5(X[2:0], add5(plane_i, add5(plane_i, plane_i)));
            src[X]  = {2'd0, sx[X]} + 5'd5 * X[4:0];
            sreg[X] = rsh(src[X], lw_i);
        end
        for (X = 0; X < 5; X = X + 1) begin
            dup = 1'b0;
            for (X2 = 0; X2 < X; X2 = X2 + 1)
                if (sreg[X2] == sreg[X]) dup = 1'b1;
            if (!dup) n_s = n_s + 3'd1;
        end
    end
    // the source register of this beat: the smallest one above the previous beat's
    reg  [4:0] prev_q;
    // (the five candidates compared in parallel, not a chain of minimum steps)
    reg  [4:0] cur;
    reg  [4:0] c_ok, c_min;
    always @(*) begin
        for (X = 0; X < 5; X = X + 1) c_ok[X] = beat_i == 7'd0 || sreg[X] > prev_q;
        cur = 5'd0;
        for (X = 0; X < 5; X = X + 1) begin
            c_min[X] = c_ok[X];
            for (X2 = 0; X2 < 5; X2 = X2 + 1)
                if (c_ok[X2] && sreg[X2] < sreg[X]) c_min[X] = 1'b0;
            if (c_min[X]) cur = cur | sreg[X];
        end
        if (c_ok == 5'd0) cur = 5'd31;
    end

    // ---------------------------------------------------------------- phases
    wire [6:0] b = beat_i;
    wire [6:0] t_nr = {2'd0, n_state};
    wire [6:0] r_ns = {4'd0, n_s};
    wire [6:0] r_nd = r_ns + {2'd0, n_d};                 // end of the D reads
    wire       th_read = b < t_nr;
    wire [4:0] th_wreg = b[4:0] - n_state;                // D register being written
    wire       rd_src  = b < r_ns;
    wire       rd_d    = !rd_src && b < r_nd;
    wire [4:0] rd_dreg = b[4:0] - {2'd0, n_s};
    wire [4:0] wr_reg  = ro0 + (b[4:0] - r_nd[4:0]);      // offset in block vd

    always @(*) begin
        if (is_theta_i)      last_o = t_nr + {2'd0, n_d} - 7'd1;
        else if (is_round_i) last_o = r_nd + {2'd0, n_w} - 7'd1;
        else                 last_o = 7'd0;
    end

    // the reserved cases the simulator traps (isa/xvkeccak/src/lib.rs)
    function ovl(input [5:0] a0, input [5:0] a1, input [5:0] b0, input [5:0] b1);
        ovl = a0 <= b1 && b0 <= a1;   // [a0, a1] and [b0, b1] overlap
    endfunction
    wire [5:0] a_end = {1'b0, vs2_i} + {1'b0, n_state} - 6'd1;
    wire [5:0] d_end = {1'b0, vs1_i} + {1'b0, n_d} - 6'd1;
    wire [5:0] th_out_end = {1'b0, vd_i} + {1'b0, n_d} - 6'd1;
    wire [5:0] o_beg = {1'b0, vd_i} + {1'b0, ro0};
    wire [5:0] o_end = o_beg + {1'b0, n_w} - 6'd1;
    always @(*) begin
        if (is_theta_i)
            err_o = a_end > 6'd31 || th_out_end > 6'd31 ||
                    ovl({1'b0, vd_i}, th_out_end, {1'b0, vs2_i}, a_end);
        else if (is_round_i)
            err_o = a_end > 6'd31 || d_end > 6'd31 ||
                    ({1'b0, vd_i} + {1'b0, n_state} - 6'd1) > 6'd31 ||
                    ovl(o_beg, o_end, {1'b0, vs2_i}, a_end) ||
                    ovl(o_beg, o_end, {1'b0, vs1_i}, d_end);
        else
            err_o = 1'b0;
    end

    // ---------------------------------------------------------------- buffer
    // One five-lane buffer: vktheta's column parities C, or vkround's B lanes. vkround's
    // source beats capture A[s[X]] rotated by rho[s[X]] (the unit's rotator, each lane's
    // amount in its slot); its D beats XOR in D[x] rotated by the same amounts, so the
    // buffer ends with B[X] = rotl(A ^ D, rho) (rotation is linear) and no rotator of its
    // own.
    reg  [63:0] q_q [0:4];
    reg  [63:0] c_n [0:4];
    reg  [4:0]  l;
    integer j, x;
    // vktheta's read beat: the lanes of register b added into their columns
    // (slot j's column: the first lane's, counted up mod 5)
    reg  [2:0]  col [0:15];
    reg  [63:0] c_t [0:15];
    always @(*) begin
        col[0] = mod5(lsh(b[4:0], lw_i));
        for (j = 1; j < 16; j = j + 1) col[j] = add5(col[j - 1], 3'd1);
        for (x = 0; x < 5; x = x + 1) begin
            for (j = 0; j < 16; j = j + 1)
                c_t[j] = (j[3:0] <= jm && {1'b0, lsh(b[4:0], lw_i)} + j[5:0] < 6'd25 &&
                          col[j] == x[2:0]) ? lane_of(rdata_i, j[3:0], lw_i) : 64'd0;
            // (a tree of XORs, not a chain)
            for (j = 0; j < 8; j = j + 1) c_t[j] = c_t[2 * j] ^ c_t[2 * j + 1];
            for (j = 0; j < 4; j = j + 1) c_t[j] = c_t[2 * j] ^ c_t[2 * j + 1];
            c_n[x] = ((b == 7'd0) ? 64'd0 : q_q[x]) ^ c_t[0] ^ c_t[1] ^ c_t[2] ^ c_t[3];
        end
    end
    // the rotator's amounts: in a source beat slot src[X] & jm of register cur, in a D beat
    // slot sx[X] & jm of D register rd_dreg, each gets rho[s[X]] (mod w); one element is
    // 1 << lw bytes
    reg  [5:0] rho_x [0:4];
    reg  [5:0] slot_amt [0:15];
    reg  [3:0] sj;
    integer e;
    always @(*) begin
        for (x = 0; x < 5; x = x + 1) rho_x[x] = rho64(src[x]) & {lw_i == 2'd3, lw_i[1], lw_i != 2'd0, 3'b111};
        for (j = 0; j < 16; j = j + 1) begin
            slot_amt[j] = 6'd0;
            for (x = 0; x < 5; x = x + 1) begin
                sj = rd_src ? (src[x][3:0] & jm) : ({1'b0, sx[x]} & jm);
                if ((rd_src ? sreg[x] == cur : rsh({2'd0, sx[x]}, lw_i) == rd_dreg) &&
                    sj == j[3:0])
                    slot_amt[j] = rho_x[x];
            end
        end
        for (e = 0; e < 16; e = e + 1)
            case (lw_i)
                2'd0: rot_amt_o[e * 6 +: 6] = slot_amt[e];
                2'd1: rot_amt_o[e * 6 +: 6] = slot_amt[e / 2];
                2'd2: rot_amt_o[e * 6 +: 6] = slot_amt[e / 4];
                default: rot_amt_o[e * 6 +: 6] = slot_amt[e / 8];
            endcase
    end
    always @(posedge clk_i) begin
        if (go_i && is_theta_i && th_read)
            for (x = 0; x < 5; x = x + 1) q_q[x] <= c_n[x];
        if (go_i && is_round_i && rd_src) begin
            for (x = 0; x < 5; x = x + 1)
                if (sreg[x] == cur) q_q[x] <= lane_of(rot_i, src[x][3:0] & jm, lw_i);
            prev_q <= cur;
        end
        if (go_i && is_round_i && rd_d)
            for (x = 0; x < 5; x = x + 1)
                if (rsh({2'd0, sx[x]}, lw_i) == rd_dreg)
                    q_q[x] <= q_q[x] ^ lane_of(rot_i, {1'b0, sx[x]} & jm, lw_i);
    end

    // ---------------------------------------------------------------- results
    reg  [63:0] dl [0:4];       // vktheta's D
    reg  [63:0] ol [0:4];       // vkround's output plane (chi of the buffer's B)
    always @(*) begin
        for (x = 0; x < 5; x = x + 1) begin
            dl[x] = (q_q[add5(x[2:0], 3'd4)] ^ rotl1(q_q[add5(x[2:0], 3'd1)], lw_i)) &
                    wmask(lw_i);
            ol[x] = (q_q[x] ^ (~q_q[add5(x[2:0], 3'd1)] & q_q[add5(x[2:0], 3'd2)])) &
                    wmask(lw_i);
        end
    end

    // the write beat: the lanes of register `wro` (block offset) that the op writes; slot
    // j of it holds lane lsh(wro) + j, written from wl[j] (a select per slot and width)
    reg [4:0]  wro;
    reg [63:0] wl [0:15];
    reg [15:0] won;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [4:0]  lx;
    /* verilator lint_on UNUSEDSIGNAL */
    always @(*) begin
        wro = is_theta_i ? th_wreg : wr_reg;
        lx = 5'd0;
        for (j = 0; j < 16; j = j + 1) begin
            l = lsh(wro, lw_i) + j[4:0];
            won[j] = 1'b0;
            wl[j] = 64'd0;
            if (is_theta_i) begin
                won[j] = j[3:0] <= jm && {1'b0, lsh(wro, lw_i)} + j[5:0] < 6'd5;
                wl[j] = dl[l[2:0]];
            end else begin
                won[j] = j[3:0] <= jm && l >= y5 && l <= y5 + 5'd4;
                lx = l - y5;            // 0 .. 4 where won
                wl[j] = ol[lx[2:0]];
            end
        end
    end
    reg [127:0] wimg;
    reg [15:0]  wbe;
    always @(*) begin
        wimg = 128'd0;
        wbe = 16'd0;
        for (j = 0; j < 16; j = j + 1)
            case (lw_i)
                2'd0: if (won[j]) begin
                          wimg[j * 8 +: 8] = wl[j][7:0];
                          wbe[j] = 1'b1;
                      end
                2'd1: if (j < 8 && won[j]) begin
                          wimg[(j % 8) * 16 +: 16] = wl[j][15:0];
                          wbe[(j % 8) * 2 +: 2] = 2'b11;
                      end
                2'd2: if (j < 4 && won[j]) begin
                          wimg[(j % 4) * 32 +: 32] = wl[j][31:0];
                          wbe[(j % 4) * 4 +: 4] = 4'hf;
                      end
                default: if (j < 2 && won[j]) begin
                          wimg[(j % 2) * 64 +: 64] = wl[j];
                          wbe[(j % 2) * 8 +: 8] = 8'hff;
                      end
            endcase
    end
    always @(*) begin
        raddr_o = 5'd0;
        we_o    = 1'b0;
        waddr_o = 5'd0;
        wdata_o = 128'd0;
        wbe_o   = 16'd0;
        if (is_theta_i) begin
            raddr_o = vs2_i + b[4:0];
            if (!th_read) begin
                we_o = go_i;
                waddr_o = vd_i + wro;
                wdata_o = wimg;
                wbe_o = wbe;
            end
        end else if (is_round_i) begin
            raddr_o = rd_src ? vs2_i + cur : vs1_i + rd_dreg;
            if (!rd_src && !rd_d) begin
                we_o = go_i;
                waddr_o = vd_i + wro;
                wdata_o = wimg;
                wbe_o = wbe;
            end
        end else if (is_iota_i) begin
            raddr_o = vd_i;
            we_o = go_i;
            waddr_o = vd_i;
            wdata_o = {64'd0, (lane_of(rdata_i, 4'd0, lw_i) ^ rc64(idx_i)) & wmask(lw_i)};
            wbe_o = bmask(lw_i);
        end
    end
endmodule
