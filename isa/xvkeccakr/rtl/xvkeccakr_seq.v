// xvkeccakr_seq: the xvkeccakr instructions inside the vector unit (zve64x_core, XVK = 2).
// No buffer: every beat reads up to three registers (ports A, B, C of the vector register
// file), goes through the vector unit's byte select (port A) and rotator, and writes one
// register (whole, or one lane: byte enables). This module is the beat sequencer (register
// numbers, the byte select's pattern, the rotator's amount, the byte enables) and the
// per-beat logic function (XOR, chi). Semantics and beats: isa/xvkeccakr/src/lib.rs.
//   lane ops, beat i = x + 5y (0..24):
//     vkcol  A = packed lane i of vs2          -> lane (x, y) of block vd
//     vkpack A = lane (x, y) of block vs2      -> packed lane i of vd
//     vkrp   A = lane (x, y) of block vs2, rotated by rho[i] -> lane (y, 2x+3y) of block vd
//     vkc    A = lane (x, y) of block vs2, in every element, ^ B = vd + x (y > 0) -> vd + x
//   register ops, beat r:
//     vkd    rotl(A = vs2 + (r+1) mod 5, 1) ^ B = vs2 + (r+4) mod 5   -> vd + r (r < 5)
//     vkth   A = vd + r ^ B = vs1 + r / G                             -> vd + r (r < 5G)
//     vkchi  A = vs2 + r ^ (~B & C), B/C: the same register of the next two columns -> vd + r
// Lane (x, y) of a column block at SEW = 8 << lw: register x * G + (y >> (4 - lw)), element
// y mod (16 >> lw), G = 3, 2, 1, 1 for lw = 3, 2, 1, 0.
module xvkeccakr_seq (
    input  wire [6:0]   op_i,        // one-hot: vkchi, vkrp, vkth, vkd, vkc, vkpack, vkcol
    input  wire [4:0]   vd_i,
    input  wire [4:0]   vs1_i,
    input  wire [4:0]   vs2_i,
    input  wire [1:0]   lw_i,        // log2(SEW / 8)
    input  wire [6:0]   beat_i,
    input  wire         go_i,        // the beat commits
    input  wire [127:0] rot_i,       // the rotator's output (its input: the byte select's)
    input  wire [127:0] rq_i,        // port B
    input  wire [127:0] rr_i,        // port C
    output reg  [4:0]   pa_o,        // port A's register
    output reg  [4:0]   pb_o,        // port B's
    output reg  [4:0]   pc_o,        // port C's
    output wire [63:0]  bsel_o,      // the byte select: output byte b takes port A byte bsel_o[4b+:4]
    output wire [95:0]  rot_amt_o,   // the rotator's amount (every byte the same)
    output wire [6:0]   last_o,
    output wire         err_o,
    output wire         we_o,
    output reg  [4:0]   waddr_o,
    output wire [15:0]  wbe_o,
    output wire [127:0] wdata_o
);
    wire o_col = op_i[0], o_pack = op_i[1], o_c = op_i[2], o_d = op_i[3];
    wire o_th = op_i[4], o_rp = op_i[5], o_chi = op_i[6];
    wire lane_op = o_col | o_pack | o_c | o_rp;

    // G (registers a column) and the block's registers 5G
    wire [2:0] g  = (lw_i == 2'd3) ? 3'd3 : (lw_i == 2'd2) ? 3'd2 : 3'd1;
    wire [4:0] nb = (lw_i == 2'd3) ? 5'd15 : (lw_i == 2'd2) ? 5'd10 : 5'd5;
    wire [4:0] np = (lw_i == 2'd3) ? 5'd13 : (lw_i == 2'd2) ? 5'd7 : (lw_i == 2'd1) ? 5'd4 : 5'd2;

    // lane beats: i = x + 5y
    wire [4:0] i = beat_i[4:0];
    reg  [2:0] x, y, yn;         // yn = 2x + 3y mod 5 (pi's new row)
    reg  [4:0] xi;
    always @(*) begin
        if      (i >= 5'd20) begin y = 3'd4; xi = i - 5'd20; end
        else if (i >= 5'd15) begin y = 3'd3; xi = i - 5'd15; end
        else if (i >= 5'd10) begin y = 3'd2; xi = i - 5'd10; end
        else if (i >= 5'd5)  begin y = 3'd1; xi = i - 5'd5;  end
        else                 begin y = 3'd0; xi = i;         end
        x = xi[2:0];
    end
    // the tables (pi's new row, rho) as select logic on the lane index: a `case` table
    // would become a ROM whose read port Yosys' share pass tries to pair up (and runs out
    // of memory on the whole processor)
    localparam [74:0]  YN_TAB  = 75'b000011001100010010000011001100100010000011001001100010000011011001100010000;
    localparam [149:0] RHO_TAB = 150'b001110111000111101000010010010001000010101001111101101101001100111011001101011001010000011010100110111000110101100100100011011011100111110000001000000;
    integer ti;
    reg [5:0] rho;
    always @(*) begin
        yn = 3'd0;
        rho = 6'd0;
        for (ti = 0; ti < 25; ti = ti + 1)
            if (i == ti[4:0]) begin
                yn = YN_TAB[ti * 3 +: 3];
                rho = RHO_TAB[ti * 6 +: 6];
            end
    end
    // register offset and element of lane (cx, cy) in a column block, of packed lane i
    /* verilator lint_off UNUSEDSIGNAL */
    function [4:0] creg(input [2:0] cx, input [2:0] cy, input [1:0] l);
        reg [4:0] x3;
        begin
            x3 = {1'b0, cx, 1'b0} + {2'd0, cx};
            creg = (l == 2'd3) ? x3 + {3'd0, cy[2:1]} :
                   (l == 2'd2) ? {1'b0, cx, 1'b0} + {4'd0, cy[2]} : {2'd0, cx};
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    function [3:0] cslot(input [2:0] cy, input [1:0] l);
        cslot = (l == 2'd3) ? {3'd0, cy[0]} : (l == 2'd2) ? {2'd0, cy[1:0]} : {1'b0, cy};
    endfunction
    wire [4:0] preg  = (lw_i == 2'd3) ? {1'b0, i[4:1]} : (lw_i == 2'd2) ? {2'd0, i[4:2]} :
                       (lw_i == 2'd1) ? {3'd0, i[4:3]} : {4'd0, i[4]};
    wire [3:0] pslot = (lw_i == 2'd3) ? {3'd0, i[0]} : (lw_i == 2'd2) ? {2'd0, i[1:0]} :
                       (lw_i == 2'd1) ? {1'b0, i[2:0]} : i[3:0];

    // register beats: r, its column rx and register k in it, r + G and r + 2G mod 5G
    wire [4:0] r = beat_i[4:0];
    reg  [2:0] rx;
    always @(*) begin
        case (lw_i)
            2'd3: rx = (r >= 5'd12) ? 3'd4 : (r >= 5'd9) ? 3'd3 : (r >= 5'd6) ? 3'd2 :
                       (r >= 5'd3) ? 3'd1 : 3'd0;
            2'd2: rx = r[3:1];
            default: rx = r[2:0];
        endcase
    end
    wire [4:0] r1 = (r + {2'd0, g} >= nb) ? r + {2'd0, g} - nb : r + {2'd0, g};
    wire [4:0] r2 = (r1 + {2'd0, g} >= nb) ? r1 + {2'd0, g} - nb : r1 + {2'd0, g};
    // vkd: (r + 1) mod 5, (r + 4) mod 5
    wire [4:0] d1 = (r == 5'd4) ? 5'd0 : r + 5'd1;
    wire [4:0] d4 = (r == 5'd0) ? 5'd4 : r - 5'd1;

    // the lane a lane op reads (slot sa) and writes (slot sd)
    reg  [3:0] sa, sd;
    always @(*) begin
        pa_o = 5'd0; pb_o = 5'd0; pc_o = 5'd0; waddr_o = 5'd0; sa = 4'd0; sd = 4'd0;
        if (o_col) begin
            pa_o = vs2_i + preg;              sa = pslot;
            waddr_o = vd_i + creg(x, y, lw_i); sd = cslot(y, lw_i);
        end else if (o_pack) begin
            pa_o = vs2_i + creg(x, y, lw_i);   sa = cslot(y, lw_i);
            waddr_o = vd_i + preg;            sd = pslot;
        end else if (o_rp) begin
            pa_o = vs2_i + creg(x, y, lw_i);   sa = cslot(y, lw_i);
            waddr_o = vd_i + creg(y, yn, lw_i); sd = cslot(yn, lw_i);
        end else if (o_c) begin
            pa_o = vs2_i + creg(x, y, lw_i);   sa = cslot(y, lw_i);
            pb_o = vd_i + {2'd0, x};           waddr_o = vd_i + {2'd0, x};
        end else if (o_d) begin
            pa_o = vs2_i + d1;  pb_o = vs2_i + d4;  waddr_o = vd_i + r;
        end else if (o_th) begin
            pa_o = vd_i + r;    pb_o = vs1_i + {2'd0, rx};  waddr_o = vd_i + r;
        end else begin
            pa_o = vs2_i + r;   pb_o = vs2_i + r1;  pc_o = vs2_i + r2;  waddr_o = vd_i + r;
        end
    end

    // the byte select: a lane op takes slot sa's bytes into every slot; the others pass
    genvar gb;
    generate
        for (gb = 0; gb < 16; gb = gb + 1) begin : g_bs
            localparam [3:0] B = gb;
            wire [3:0] mv = (lw_i == 2'd3) ? {sa[0], B[2:0]} : (lw_i == 2'd2) ? {sa[1:0], B[1:0]} :
                            (lw_i == 2'd1) ? {sa[2:0], B[0]} : sa;
            assign bsel_o[gb * 4 +: 4] = lane_op ? mv : B;
            // a lane op other than vkc writes slot sd only
            wire [3:0] bs = (lw_i == 2'd3) ? {3'd0, B[3]} : (lw_i == 2'd2) ? {2'd0, B[3:2]} :
                            (lw_i == 2'd1) ? {1'b0, B[3:1]} : B;
            assign wbe_o[gb] = !lane_op || o_c || bs == sd;
        end
    endgenerate

    // rho offsets (FIPS 202) of lane i reduced mod SEW
    wire [5:0] wm  = (lw_i == 2'd0) ? 6'd7 : (lw_i == 2'd1) ? 6'd15 : (lw_i == 2'd2) ? 6'd31 : 6'd63;
    wire [5:0] amt = o_rp ? rho & wm : o_d ? 6'd1 : 6'd0;
    assign rot_amt_o = {16{amt}};

    // the logic function: XOR port B in (vkc after its first lane of a column, vkd, vkth),
    // chi's ~B & C (vkchi), or nothing
    wire         use_b = (o_c && y != 3'd0) || o_d || o_th;
    assign wdata_o = rot_i ^ (o_chi ? ~rq_i & rr_i : use_b ? rq_i : 128'd0);

    assign last_o = lane_op ? 7'd24 : o_d ? 7'd4 : {2'd0, nb - 5'd1};
    assign we_o   = go_i;

    // register ranges: the written one (nd from vd) and the read one (ns from vs2, vs1 for
    // vkth) inside v0..v31 and disjoint
    wire [5:0] nd = {1'b0, o_pack ? np : (o_c | o_d) ? 5'd5 : nb};
    wire [5:0] ns = {1'b0, o_col ? np : (o_d | o_th) ? 5'd5 : nb};
    wire [5:0] ad = {1'b0, vd_i};
    wire [5:0] as = {1'b0, o_th ? vs1_i : vs2_i};
    wire unused = &{1'b0, beat_i[6:5], xi[4:3]};
    assign err_o = ad + nd > 6'd32 || as + ns > 6'd32 || (ad < as + ns && as < ad + nd);
endmodule
