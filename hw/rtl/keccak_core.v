// Parameterised high-throughput Keccak-f[1600] sponge core (SHA-3 / SHAKE absorb +
// first squeeze block), after seed 004 (Cases I-V).
//
// The permutation loop holds K unrolled rounds (24/K passes per block). Registers in
// the loop: one after every K/N rounds (N = inter-round pipeline depth, N divides K)
// and, if SUB=1, one after theta in every round (the seed's sub-pipeline). The loop
// therefore has P = N + SUB*K register stages and holds up to P independent messages
// ("slots") that rotate through the loop. A slot arriving at the loop entry either
// continues its permutation, absorbs the next block of its message (in_first_i=0;
// the sender presents the block of message in_need_tag_o), emits its digest (last block done), or, if
// empty, starts a new message (in_first_i=1). When the arriving slot needs something
// that is not available (continuation block absent, both digest registers full) the whole
// loop stalls for a cycle (one clock enable for all loop registers).
//
// Block layout: message byte i of the block is in_block_i[8*i +: 8] (FIPS 202 byte
// order, lanes little-endian); the block is already padded (see sha3_padder).
// Digest: out_digest_o[8*i +: 8] is output byte i.
module keccak_core #(
  parameter integer K        = 1,    // rounds per loop pass (1,2,3,4)
  parameter integer N        = 1,    // inter-round pipeline registers per pass (divides K)
  parameter integer SUB      = 0,    // 1: register after theta in every round
  parameter integer RC_MODE  = 0,    // 0 Table-I byte table, 1 LFSR, 2 full 64-bit table
  parameter integer RATE     = 1088, // bits, multiple of 64
  parameter integer OUT_BITS = 256,  // digest bits (<= RATE)
  parameter integer TAG_W    = 8,
  parameter integer LATE     = 0     // 1: absorb/first-select/digest tap at the output of the
                                     //    last chi of the pass (merged into its LUTs), the
                                     //    loop entry then has no multiplexer (Case VI)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // block input
  input  wire                in_valid_i,
  output wire                in_ready_o,
  input  wire [RATE-1:0]     in_block_i,
  input  wire                in_first_i,
  input  wire                in_last_i,
  input  wire [TAG_W-1:0]    in_tag_i,
  // hint: the slot at the loop entry waits for the next block of message in_need_tag_o
  output wire                in_need_cont_o,
  output wire [TAG_W-1:0]    in_need_tag_o,
  // digest output
  output wire                out_valid_o,
  input  wire                out_ready_i,
  output wire [OUT_BITS-1:0] out_digest_o,
  output wire [TAG_W-1:0]    out_tag_o
);
  localparam integer PASSES = 24 / K;
  localparam integer SEGS   = 2 * K;           // theta, rpci, theta, rpci, ...
  localparam integer GROUP  = K / N;           // rounds between inter-round registers
  // sideband: {tag, rc[K][6:0], lfsr[7:0], pass+1[4:0], done, last, active}; done = "this
  // pass is the block's last" and rc[r] = the 7 possibly non-zero bits of round r's constant
  // (Table I byte without its zero bit 2), both computed at the control point for the
  // pass that starts there, so that no compare and no table decode is on the datapath
  localparam integer RCW    = 7 * K;
  localparam integer SB_W   = TAG_W + 16 + RCW;  // rc at [16 +: RCW], lfsr [15:8], pass + 1 [7:3]
  localparam integer TAG_LO = 16 + RCW;
  localparam integer P      = N + SUB * K;     // loop register stages
  // copies of the hold and absorb flip-flops: one per register stage and lane (64 bits),
  // one for the sideband registers and one for the next-slot logic; they are kept apart
  // (`keep`: Yosys does not merge them), so that none drives more than 64 flip-flops or
  // multiplexers (a hand-made max-fanout; on ECP5 the select of a whole row, spread over
  // the die, was Case II's critical path)
  localparam integer NH     = 25 * P + 2;
  localparam integer HC     = 25 * P;          // sideband registers, FIFO
  localparam integer HN     = 25 * P + 1;      // next-slot flags (nfl), hold_d
  localparam integer NTL    = (OUT_BITS + 63) / 64;  // lanes of the digest tap

  // register stage of segment s (the number of loop registers before it)
  function integer reg_idx;
    input integer s;
    integer j;
    begin
      reg_idx = 0;
      for (j = 0; j < s; j = j + 1)
        reg_idx = reg_idx + ((j % 2 == 0) ? SUB : ((((j / 2) + 1) % GROUP) == 0 ? 1 : 0));
    end
  endfunction
  // flags that travel unchanged through the segments: {tag, done, last, active}
  localparam integer FL_W   = TAG_W + 3;

  // ---------------- control point --------------------------------------------------
  // LATE=0: at the loop entry (output of the last loop register);
  // LATE=1: at the output of the last segment, before the last loop register.
  // Every signal that selects or enables the 1600-bit datapath comes from a flip-flop:
  // the block is taken into an input register one cycle before the slot it is meant for
  // arrives (in_ready_o and in_need_cont_o look one cycle ahead: at the slot arriving
  // next), and digests leave through a tap (a register on the round output, the only one
  // outside the loop) and a skid register behind it, whose valid flags (registers) decide a
  // stall, so out_ready_i reaches only those flags.
  wire [1599:0]    e_data;     // output of the last loop register
  wire [SB_W-1:0]  e_sb;
  wire [1599:0]    last_y;     // output of the last segment (rpci of the last round)
  wire [SB_W-1:0]  last_sb_in; // sideband entering the last segment
  wire [FL_W-1:0]  c_dfl;      // the flags that enter the control point when the loop advances
  wire [FL_W-1:0]  c_ddfl;     // and in the cycle after (when it advances twice; P >= 2)
  wire [1599:0]    c_data = (LATE != 0) ? last_y : e_data;
  wire [SB_W-1:0]  c_sb   = (LATE != 0) ? last_sb_in : e_sb;
  wire [7:0]       c_lfsr = c_sb[15:8];        // LFSR state after the pass
  wire             c_active = c_sb[0];
  wire             c_last   = c_sb[1];
  wire             c_done   = c_sb[2] && c_active;
  wire [4:0]       c_pass1  = c_sb[7:3];         // the pass count + 1 (no incrementer here)
  wire [TAG_W-1:0] c_tag    = c_sb[SB_W-1:TAG_LO];


  // input register: the block accepted in the previous cycle, for the slot now here
  reg [25:0]       ib_valid_q;           // copies: lanes 0-24 of the absorb point, control
  reg [24:0]       ib_kill_q;            // copies: a first block is absorbed (valid && first)
  reg              ib_last_q;
  reg [TAG_W-1:0]  ib_tag_q;
  reg [RATE-1:0]   ib_block_q;

  // hold (the loop stalls): a waiting slot whose block is not in the input register, or a
  // finished slot while the digest tap is blocked; decided one cycle ahead (hold_d) into
  // flip-flops
  reg  [NH-1:0] hold_q;
  wire adv    = !hold_q[HC];
  wire absorb = ib_valid_q[25];          // the slot here is free or waiting (see in_ready_o)
  // digest tap and skid (two digests): push_q = the finished slot here passes (decided a
  // cycle ahead), its digest enters the tap at the clock edge; tv_q / skv_q = the tap / the
  // skid holds an unread digest (the skid's is the older one, shown first); a tap whose
  // digest is unread moves it into an empty skid (mv_q); the tap is blocked (tblk_q: it keeps
  // its digest, a finished slot must not pass) while both hold one
  reg  push_q, tv_q, skv_q;
  reg  [NTL:0] tblk_q;                   // copies: one per tap lane, one for the control
  reg  [1:0]   mv_q;                     // copies: skid halves
  wire tv_n   = push_q || tblk_q[NTL];
  wire skv_n  = (skv_q || tv_q) && !out_ready_i;   // unread: the skid's, else the tap's (moved)
  wire tblk_n = tv_n && skv_n;
  wire mv_n   = tv_n && !skv_n;

  // the slot at the control point in the next cycle (c_nfl: the flags' next value)
  wire [FL_W-1:0]  c_fl  = {c_tag, c_sb[2:0]};
  wire [FL_W-1:0]  c_nfl = hold_q[HN] ? c_fl : c_dfl;
  wire             n_active = c_nfl[0];
  wire             n_last   = c_nfl[1];
  wire             n_done   = c_nfl[2] && n_active;
  wire [TAG_W-1:0] n_tag    = c_nfl[FL_W-1:3];
  wire n_free = !n_active || (n_done && n_last && !tblk_n);
  wire n_wait = n_done && !n_last;
  // in_tag_i is not compared here: the sender must present the block of message
  // in_need_tag_o when in_need_cont_o is set.
  assign in_ready_o     = in_first_i ? n_free : n_wait;
  assign in_need_cont_o = n_wait;
  assign in_need_tag_o  = n_tag;
  // the slot flags at the control point in this cycle and the next, encoded for the
  // decisions: {fin (done, last), wait (done, not last), free (not active)}
  function [2:0] fl_enc;
    input [2:0] f;  // {done, last, active}
    fl_enc = {f[2] && f[0] && f[1], f[2] && f[0] && !f[1], !f[0]};
  endfunction
  wire [2:0] c_enc   = fl_enc(c_fl[2:0]);
  wire [2:0] d_enc   = fl_enc(c_dfl[2:0]);
  wire [2:0] dd_enc  = fl_enc(c_ddfl[2:0]);
  // hold: a waiting slot without a continuation block, or a finished slot while the tap
  // is blocked (a free slot never holds); take: a first block for a free slot or a
  // finished one that passes, a continuation block for a waiting slot. e: encoded flags
  // (fl_enc) of the slot at the control point, tb: the tap is blocked
  wire cont_in = in_valid_i && !in_first_i;    // a continuation block is offered
  function hold_of;
    input [2:1] e;   // {fin, wait} (a free slot never holds)
    input       tb;
    input       cont;
    hold_of = (e[1] && !cont) || (e[2] && tb);
  endfunction
  function take_of;
    input [2:0] e;
    input       tb;
    input       valid;
    input       first;
    take_of = valid && (first ? (e[0] || (e[2] && !tb)) : e[1]);
  endfunction
  // Decisions per group of copies (a row of five lanes of one register stage): with P >= 2
  // every group keeps its own copies of what its decision reads: the encoded flags at the
  // control point (gc_q) and of the slot behind it (gd_q: its next value when the loop
  // advances), and the digest tap's state (push, tap valid, skid valid, tap blocked). They
  // load, under the group's own hold copy, from flip-flops (gd_q from the stage two before
  // the control point) or, for P = 2, from the sideband logic at the control point, so that
  // the long wires between the central sideband registers and a group run flip-flop to
  // flip-flop (or start after that logic). A group computes both outcomes of each decision
  // (the loop holds / advances) and each copy selects one by its own hold flip-flop: on
  // ECP5 a cone that read the central flags, or one group's hold copy, landed between them
  // and the lanes, a long wire on each side (Case V's, then Case II's critical path). With
  // P = 1 the next slot's flags are the sideband logic's output (no register between): the
  // groups read the central flags.
  localparam integer LOCAL = (P >= 2) ? 1 : 0;
  localparam integer NG    = 5 * P;
  // the register stage whose lanes the absorb selects drive (LATE=1: the last; 0: the first)
  localparam integer ABS_RI = (LATE != 0) ? P - 1 : 0;
  // per group, both outcomes of each decision: if the loop holds now (the slot at the
  // control stays: flags gc) and if it advances (flags gd); every copy then picks one by its
  // own hold flip-flop (one LUT at the copy), so that a group's lanes, which the placer may
  // spread over the die, meet the group's logic through one wire each
  wire [NG-1:0]   g_hh, g_ha;            // hold_d if holding / advancing
  wire [NG-1:0]   g_th, g_ta;            // take (input register valid)
  genvar h;
  generate
    for (h = 0; h < NG; h = h + 1) begin : g_grp
      wire       gh = hold_q[5 * h];
      wire [2:0] nh, na;
      wire       tb;
      if (LOCAL != 0) begin : g_loc
        reg [2:0] gc_q, gd_q;
        reg       gpush_q, gtv_q, gskv_q, gtblk_q;
        wire      gtv_n  = gpush_q || gtblk_q;
        wire      gskv_n = (gskv_q || gtv_q) && !out_ready_i;
        assign tb = gtv_n && gskv_n;
        assign nh = gc_q;
        assign na = gd_q;
        (* keep *)
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) begin
            gc_q    <= 3'b001;
            gd_q    <= 3'b001;
            gpush_q <= 1'b0;
            gtv_q   <= 1'b0;
            gskv_q  <= 1'b0;
            gtblk_q <= 1'b0;
          end else begin
            gpush_q <= (gh ? gc_q[2] : gd_q[2]) && !tb;
            gtv_q   <= gtv_n;
            gskv_q  <= gskv_n;
            gtblk_q <= tb;
            if (!gh) begin
              gc_q <= gd_q;
              gd_q <= dd_enc;
            end
          end
        end
`ifndef SYNTHESIS
        // (from the first clock edge after the reset: before it, the copies are unset)
        /* verilator lint_off SYNCASYNCNET */
        always @(posedge clk_i) begin
          if (rst_ni && ({gc_q, gd_q} != {c_enc, d_enc} ||
                         {gpush_q, gtv_q, gskv_q, gtblk_q} != {push_q, tv_q, skv_q, tblk_q[NTL]})) begin
            $display("keccak_core: group %0d's copies differ from the control's", h);
            $stop;
          end
        end
        /* verilator lint_on SYNCASYNCNET */
`endif
      end else begin : g_cen
        assign tb = tblk_n;
        assign nh = c_enc;
        assign na = d_enc;
        wire unused_gh = gh;
      end
      assign g_hh[h] = hold_of(nh[2:1], tb, cont_in);
      assign g_ha[h] = hold_of(na[2:1], tb, cont_in);
      assign g_th[h] = take_of(nh, tb, in_valid_i, in_first_i);
      assign g_ta[h] = take_of(na, tb, in_valid_i, in_first_i);
    end
    // hold copies: a lane's from its group's two outcomes by its own previous value
    // (the sideband and next-slot copies from the central flags)
    for (h = 0; h < NH; h = h + 1) begin : g_hold
      localparam integer G = (h < 25 * P) ? h / 5 : 0;
      wire hh = (h < 25 * P) ? g_hh[G] : hold_of(c_enc[2:1], tblk_n, cont_in);
      wire ha = (h < 25 * P) ? g_ha[G] : hold_of(d_enc[2:1], tblk_n, cont_in);
      (* keep *)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) hold_q[h] <= 1'b0;
        else         hold_q[h] <= hold_q[h] ? hh : ha;
      end
    end
    // the input register's valid and kill copies: lane h's from the group of the absorbing
    // stage's lane h, selected by that lane's hold copy (the control's copy: the central flags)
    for (h = 0; h < 26; h = h + 1) begin : g_ibv
      localparam integer G  = (h < 25) ? 5 * ABS_RI + h / 5 : 0;
      localparam integer HS = (h < 25) ? 25 * ABS_RI + h : HN;
      wire th = (h < 25) ? g_th[G] : take_of(c_enc, tblk_n, in_valid_i, in_first_i);
      wire ta = (h < 25) ? g_ta[G] : take_of(d_enc, tblk_n, in_valid_i, in_first_i);
      wire tk = hold_q[HS] ? th : ta;
      (* keep *)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) ib_valid_q[h] <= 1'b0;
        else         ib_valid_q[h] <= tk;
      end
      if (h < 25) begin : g_kill
        (* keep *)
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) ib_kill_q[h] <= 1'b0;
          else         ib_kill_q[h] <= tk && in_first_i;
        end
      end
    end
  endgenerate
  always @(posedge clk_i) begin
    ib_last_q  <= in_last_i;
    ib_tag_q   <= in_tag_i;
    ib_block_q <= in_block_i;
  end

  wire [1599:0] blk_ext = {{(1600-RATE){1'b0}}, ib_block_q};
  wire [1599:0] a_data;
  generate
    // (kill ? 0 : state) ^ (valid ? block : 0): a capacity lane needs only kill, one input
    // more for the last LUT of chi
    for (h = 0; h < 25; h = h + 1) begin : g_abs
      assign a_data[64*h +: 64] = (ib_kill_q[h] ? 64'b0 : c_data[64*h +: 64]) ^
                                  (ib_valid_q[h] ? blk_ext[64*h +: 64] : 64'b0);
    end
  endgenerate
  wire          s_active = (c_active && !c_done) || absorb;
  // the pass that starts here is 0 (absorb) or c_pass1; the sideband keeps it + 1
  wire [4:0]    s_pass1  = absorb ? 5'd1 : (c_pass1 + 5'd1);
  wire          s_done   = absorb ? (PASSES == 1) : (c_pass1 == PASSES[4:0] - 5'd1);
  wire          s_last   = absorb ? ib_last_q : c_last;
  wire [TAG_W-1:0] s_tag = absorb ? ib_tag_q : c_tag;
  // round constants of the pass that starts here (and the LFSR state after it): the
  // tables (RC_MODE 0, 2) are read for pass c_pass1 (straight from the sideband register,
  // no incrementer before the table) and for pass 0 (constant), the absorb selects
  wire [8*(K+1)-1:0] s_lf /*verilator split_var*/;
  wire [RCW-1:0]     s_rc;
  assign s_lf[7:0] = absorb ? 8'h01 : c_lfsr;
  genvar r;
  generate
    for (r = 0; r < K; r = r + 1) begin : g_rc
      wire [63:0] rc_n, rc_0;
      wire [7:0]  lf_0;
      wire [9:0]  idx_n = {5'd0, c_pass1} * K[9:0] + r[9:0];
      wire [9:0]  idx_0 = r[9:0];
      keccak_rc #(.MODE(RC_MODE)) u_rc (
        .round_i(idx_n[4:0]), .lfsr_i(s_lf[8*r +: 8]), .rc_o(rc_n), .lfsr_o(s_lf[8*(r+1) +: 8]));
      // (for RC_MODE 1 the LFSR chain already starts from 0x01 on an absorb: rc_0 unused)
      keccak_rc #(.MODE(RC_MODE)) u_rc0 (
        .round_i(idx_0[4:0]), .lfsr_i(8'h01), .rc_o(rc_0), .lfsr_o(lf_0));
      wire [63:0] rc = (absorb && RC_MODE != 1) ? rc_0 : rc_n;
      assign s_rc[7*r +: 7] = {rc[63], rc[31], rc[15], rc[7], rc[3], rc[1], rc[0]};
      /* verilator lint_off UNUSED */
      wire unused_rc = ^{rc[62:32], rc[30:16], rc[14:8], rc[6:4], rc[2], idx_n[9:5], idx_0, lf_0, rc_0};
      /* verilator lint_on UNUSED */
    end
  endgenerate
  wire [SB_W-1:0] s_sb = {s_tag, s_rc, s_lf[8*K +: 8], s_pass1, s_done, s_last, s_active};
  wire [FL_W-1:0] s_fl = {s_tag, s_done, s_last, s_active};
  wire [1599:0]   x0   = (LATE != 0) ? e_data : a_data;
  wire [SB_W-1:0] sb0  = (LATE != 0) ? e_sb : s_sb;

  // ---------------- segments ----------------------------------------------------------
  // xs[s]: input of segment s (s = 0..SEGS), xs[SEGS] = e_data
  // dfl[s]: the flags at xs[s] in the next cycle if the loop advances (a register's output
  // then takes its input's value; the segments pass the flags unchanged)
  wire [1600*(SEGS+1)-1:0] xs /*verilator split_var*/;
  wire [SB_W*(SEGS+1)-1:0] sbs /*verilator split_var*/;
  wire [FL_W*(SEGS+1)-1:0] dfl /*verilator split_var*/;
  // dfl2[s]: the flags at xs[s] after two advances (dfl2[0] is never read with P >= 2: the
  // way back from the control point meets a register before it reaches xs[0])
  wire [FL_W*(SEGS+1)-1:0] dfl2 /*verilator split_var*/;
  assign xs[0 +: 1600]  = x0;
  assign sbs[0 +: SB_W] = sb0;
  // LATE=1: the entry is the last register's output, whose input is s_sb; LATE=0: nothing
  // reads dfl[0] (a register lies between the entry and the control point)
  assign dfl[0 +: FL_W] = s_fl;
  assign dfl2[0 +: FL_W] = {FL_W{1'b0}};
  assign e_data = xs[1600*SEGS +: 1600];
  assign e_sb   = sbs[SB_W*SEGS +: SB_W];
  assign c_dfl  = (LATE != 0) ? dfl[FL_W*(SEGS-1) +: FL_W] : dfl[FL_W*SEGS +: FL_W];
  assign c_ddfl = (LATE != 0) ? dfl2[FL_W*(SEGS-1) +: FL_W] : dfl2[FL_W*SEGS +: FL_W];

  genvar s;
  generate
    for (s = 0; s < SEGS; s = s + 1) begin : g_seg
      localparam integer RND = s / 2;                      // round within the pass
      localparam integer HAS_REG = (s % 2 == 0) ? SUB :
                                   (((RND + 1) % GROUP) == 0 ? 1 : 0);
      wire [1599:0]   y;
      wire [SB_W-1:0] sb_in = sbs[SB_W*s +: SB_W];
      wire [SB_W-1:0] sb_y;
      if (s % 2 == 0) begin : g_theta
        keccak_theta u_theta (.state_i(xs[1600*s +: 1600]), .state_o(y));
        assign sb_y = sb_in;
      end else begin : g_rpci
        // iota: the 7 bits of the round constant travel in the sideband (registers)
        wire [6:0]  rc7 = sb_in[16 + 7*RND +: 7];
        wire [63:0] rc  = {rc7[6], 31'd0, rc7[5], 15'd0, rc7[4], 7'd0, rc7[3], 3'd0,
                           rc7[2], 1'b0, rc7[1], rc7[0]};
        keccak_rpci u_rpci (.state_i(xs[1600*s +: 1600]), .rc_i(rc), .state_o(y));
        assign sb_y = sb_in;
      end
      if (s == SEGS - 1) begin : g_last
        assign last_y     = y;
        assign last_sb_in = sb_in;
      end
      if (HAS_REG != 0) begin : g_reg
        // register input: the absorb point replaces the last segment output when LATE=1
        /* verilator lint_off UNUSED */  // the capacity lanes at the absorb point use y (g_cap)
        wire [1599:0]   d_in = (LATE != 0 && s == SEGS - 1) ? a_data : y;
        /* verilator lint_on UNUSED */
        wire [SB_W-1:0] sb_d = (LATE != 0 && s == SEGS - 1) ? s_sb : sb_y;
        localparam integer RI = reg_idx(s);
        reg [1599:0]   data_q;
        reg [SB_W-1:0] sb_q;
        genvar ln;
        for (ln = 0; ln < 25; ln = ln + 1) begin : g_lane
          if (LATE != 0 && s == SEGS - 1 && 64 * ln >= RATE) begin : g_cap
            // a capacity lane at the absorb point: (kill ? 0 : y) written as a reset over
            // the enable (a kill never meets a hold: a first block is taken only for a slot
            // that passes), so that on ECP5 the kill copy drives the flip-flops' LSR and the
            // hold copy their CE straight, with no LUT joining them in between
            always @(posedge clk_i) begin
              if (ib_kill_q[ln])               data_q[64*ln +: 64] <= 64'b0;
              else if (!hold_q[25*RI + ln])    data_q[64*ln +: 64] <= y[64*ln +: 64];
            end
          end else begin : g_any
            always @(posedge clk_i) begin
              if (!hold_q[25*RI + ln]) data_q[64*ln +: 64] <= d_in[64*ln +: 64];
            end
          end
        end
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni)  sb_q <= {SB_W{1'b0}};
          else if (adv) sb_q <= sb_d;
        end
        assign xs[1600*(s+1) +: 1600]  = data_q;
        assign sbs[SB_W*(s+1) +: SB_W] = sb_q;
        assign dfl[FL_W*(s+1) +: FL_W] = {sb_d[SB_W-1:TAG_LO], sb_d[2:0]};
        assign dfl2[FL_W*(s+1) +: FL_W] = dfl[FL_W*s +: FL_W];
      end else begin : g_wire
        assign xs[1600*(s+1) +: 1600]  = y;
        assign sbs[SB_W*(s+1) +: SB_W] = sb_y;
        assign dfl[FL_W*(s+1) +: FL_W] = dfl[FL_W*s +: FL_W];
        assign dfl2[FL_W*(s+1) +: FL_W] = dfl2[FL_W*s +: FL_W];
      end
    end
  endgenerate

  // ---------------- digest tap and skid ------------------------------------------------
  // the tap takes the digest lanes of the round output (c_data) in every cycle it is not
  // blocked: like a loop register without the absorb, its enable from flip-flops; the skid
  // takes the tap's digest (mv_q, decided a cycle ahead); out_* show the skid's digest if it
  // holds one, else the tap's
  reg [OUT_BITS-1:0] tap_q, skid_q;
  reg [TAG_W-1:0]    tap_tag_q, skid_tag_q;
  wire push_d = n_done && n_last && !tblk_n;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      push_q <= 1'b0;
      tv_q   <= 1'b0;
      skv_q  <= 1'b0;
    end else begin
      push_q <= push_d;
      tv_q   <= tv_n;
      skv_q  <= skv_n;
    end
  end
  localparam integer HALF = OUT_BITS / 2;
  generate
    for (h = 0; h <= NTL; h = h + 1) begin : g_tblk
      (* keep *)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) tblk_q[h] <= 1'b0;
        else         tblk_q[h] <= tblk_n;
      end
    end
    for (h = 0; h < NTL; h = h + 1) begin : g_tap
      localparam integer TW = (OUT_BITS - 64 * h < 64) ? OUT_BITS - 64 * h : 64;
      always @(posedge clk_i) begin
        if (!tblk_q[h]) tap_q[64*h +: TW] <= c_data[64*h +: TW];
      end
    end
    for (h = 0; h < 2; h = h + 1) begin : g_mv
      localparam integer LO = h * HALF;
      localparam integer W  = (h == 0) ? HALF : OUT_BITS - HALF;
      (* keep *)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) mv_q[h] <= 1'b0;
        else         mv_q[h] <= mv_n;
      end
      always @(posedge clk_i) begin
        if (mv_q[h]) skid_q[LO +: W] <= tap_q[LO +: W];
      end
    end
  endgenerate
  always @(posedge clk_i) begin
    if (!tblk_q[NTL]) tap_tag_q  <= c_tag;
    if (mv_q[0])      skid_tag_q <= tap_tag_q;
  end
  assign out_valid_o  = tv_q || skv_q;
  assign out_digest_o = skv_q ? skid_q : tap_q;
  assign out_tag_o    = skv_q ? skid_tag_q : tap_tag_q;

`ifndef SYNTHESIS
  // the capacity lanes' reset over the enable (g_cap) needs that a kill never meets a hold
  always @(posedge clk_i) begin
    if ((|ib_kill_q) && hold_q[HC]) begin
      $display("keccak_core: a first block absorbed while the loop holds");
      $stop;
    end
  end
`endif

  /* verilator lint_off UNUSED */
  wire unused_hi = ^{c_data[1599:OUT_BITS], c_sb[TAG_LO-1:16], dfl, dfl2, c_ddfl, dd_enc};
  /* verilator lint_on UNUSED */
endmodule
