// Keccak-f[1600] sponge core with a loop that never stalls ("idle passes"): the variant of
// keccak_core (same ports, parameters K, N, SUB, RC_MODE, RATE, OUT_BITS, TAG_W, same cycles
// per block) whose 1600-bit loop registers have no clock enable.
//
// keccak_core stalls the whole loop (a clock enable on every loop register: a 2:1
// multiplexer per bit and stage in a standard-cell netlist, P x 1600 of them, and an enable
// net over the whole datapath on an FPGA) when the slot at the control point cannot go on:
// it waits for the next block of its message, or its digest finds the output FIFO full.
// Here such a slot makes an idle pass instead: theta and chi are switched off for it (its
// column parities and chi's AND terms gated, a zero round constant), so that each of the
// pass's K rounds is rho-pi, a wiring, and the control point gives the slot the state
// (rho-pi)^-K of its own, so that it comes back after one pass (P cycles) exactly as it
// left, and asks again. Cost: one 2:1 multiplexer per state bit at the control point, an
// AND per column parity and chi term, per-lane copies of the idle flag in every loop
// register stage (what keccak_core spends on the copies of its hold flag); a waiting
// slot returns after P cycles instead of the cycle its block arrives. The absorb/digest
// point is after the last chi of the pass (keccak_core's LATE=1).
//
// Block layout: message byte i of the block is in_block_i[8*i +: 8] (FIPS 202 byte
// order, lanes little-endian); the block is already padded (see sha3_padder).
// Digest: out_digest_o[8*i +: 8] is output byte i.
module keccak_core_np #(
  parameter integer K        = 1,    // rounds per loop pass (1,2,3,4)
  parameter integer N        = 1,    // inter-round pipeline registers per pass (divides K)
  parameter integer SUB      = 0,    // 1: register after theta in every round
  parameter integer RC_MODE  = 0,    // 0 Table-I byte table, 1 LFSR, 2 full 64-bit table
  parameter integer RATE     = 1088, // bits, multiple of 64
  parameter integer OUT_BITS = 256,  // digest bits (<= RATE)
  parameter integer TAG_W    = 8,
  parameter integer LATE     = 1     // only 1 (absorb/digest point after the last chi)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_valid_i,
  output wire                in_ready_o,
  input  wire [RATE-1:0]     in_block_i,
  input  wire                in_first_i,
  input  wire                in_last_i,
  input  wire [TAG_W-1:0]    in_tag_i,
  output wire                in_need_cont_o,
  output wire [TAG_W-1:0]    in_need_tag_o,
  output wire                out_valid_o,
  input  wire                out_ready_i,
  output wire [OUT_BITS-1:0] out_digest_o,
  output wire [TAG_W-1:0]    out_tag_o
);
  localparam integer PASSES = 24 / K;
  localparam integer SEGS   = 2 * K;           // theta, rpci, theta, rpci, ...
  localparam integer GROUP  = K / N;           // rounds between inter-round registers
  // sideband: {tag, rc[K][6:0], lfsr[7:0], pass+1[4:0], done, last, active} (keccak_core's)
  localparam integer RCW    = 7 * K;
  localparam integer SB_W   = TAG_W + 16 + RCW;
  localparam integer TAG_LO = 16 + RCW;
  localparam integer FL_W   = TAG_W + 3;       // {tag, done, last, active}

  // ---------------- control point: the output of the last segment --------------------
  wire [1599:0]    last_y;     // output of the last segment (rpci of the last round)
  wire [SB_W-1:0]  last_sb_in; // sideband entering the last segment
  wire [FL_W-1:0]  c_dfl;      // the flags at the control point in the next cycle
  wire [1599:0]    c_data = last_y;
  wire [SB_W-1:0]  c_sb   = last_sb_in;
  wire [7:0]       c_lfsr = c_sb[15:8];
  wire             c_active = c_sb[0];
  wire             c_last   = c_sb[1];
  wire             c_done   = c_sb[2] && c_active;
  wire [4:0]       c_pass1  = c_sb[7:3];
  wire [TAG_W-1:0] c_tag    = c_sb[SB_W-1:TAG_LO];

  // input register: the block accepted in the previous cycle, for the slot now here
  reg [25:0]       ib_valid_q;           // copies: lanes 0-24 of the absorb point, control
  reg [24:0]       ib_kill_q;            // copies: a first block is absorbed
  reg              ib_last_q;
  reg [TAG_W-1:0]  ib_tag_q;
  reg [RATE-1:0]   ib_block_q;
  // the slot here makes an idle pass (decided a cycle ahead): copies per lane + control
  reg [25:0]       idle_q;

  // digest FIFO (two entries), as keccak_core's
  reg              of_wp_q, of_rp_q;
  reg [1:0]        of_cnt_q;
  reg              push_q;
  wire absorb = ib_valid_q[25];
  wire idle   = idle_q[25];
  wire push   = push_q;
  wire pop    = (of_cnt_q != 2'd0) && out_ready_i;
  wire [1:0] of_cnt_d = of_cnt_q + {1'b0, push} - {1'b0, pop};
  // the FIFO is full in the next cycle unless read now: of_cnt_q[1] || (of_cnt_q[0] && push),
  // registered a cycle ahead in six kept copies (one per group of the input register's and
  // idle flag's copies below), so that the decisions feeding those 77 flip-flops are six
  // separate cones, none with a large fanout
  reg  [5:0] pf_q;
  wire of_full_n = !out_ready_i && pf_q[5];

  // the slot at the control point in the next cycle (the loop always advances)
  wire             n_active = c_dfl[0];
  wire             n_last   = c_dfl[1];
  wire             n_done   = c_dfl[2] && n_active;
  wire [TAG_W-1:0] n_tag    = c_dfl[FL_W-1:3];
  wire n_free = !n_active || (n_done && n_last && !of_full_n);
  wire n_wait = n_done && !n_last;
  assign in_ready_o     = in_first_i ? n_free : n_wait;
  assign in_need_cont_o = n_wait;
  assign in_need_tag_o  = n_tag;
  wire push_d;
  genvar h;
  generate
    for (h = 0; h < 6; h = h + 1) begin : g_pf
      (* keep *)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) pf_q[h] <= 1'b0;
        else         pf_q[h] <= of_cnt_d[1] || (of_cnt_d[0] && push_d);
      end
    end
    // take (the block is accepted) and idle (a waiting slot whose block does not come, a
    // finished one whose digest finds the FIFO full: keccak_core's hold condition), per
    // group of five lanes (group 5: the control copies) from the group's own pf copy
    for (h = 0; h < 26; h = h + 1) begin : g_ctl
      localparam integer G = h / 5;
      wire full_g = !out_ready_i && pf_q[G];
      wire free_g = !n_active || (n_done && n_last && !full_g);
      wire take_g = in_valid_i && (in_first_i ? free_g : n_wait);
      wire idle_g = (n_wait && !(in_valid_i && !in_first_i)) || (n_done && n_last && full_g);
      (* keep *)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          ib_valid_q[h] <= 1'b0;
          idle_q[h]     <= 1'b0;
        end else begin
          ib_valid_q[h] <= take_g;
          idle_q[h]     <= idle_g;
        end
      end
      if (h < 25) begin : g_kill
        (* keep *)
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) ib_kill_q[h] <= 1'b0;
          else         ib_kill_q[h] <= take_g && in_first_i;
        end
      end
    end
  endgenerate
  always @(posedge clk_i) begin
    ib_last_q  <= in_last_i;
    ib_tag_q   <= in_tag_i;
    ib_block_q <= in_block_i;
  end

  // an idle slot is given (rho-pi)^-K of its state: the K idle rounds of the pass give it back
  wire [1600*(K+1)-1:0] inv /*verilator split_var*/;
  assign inv[0 +: 1600] = c_data;
  generate
    for (h = 0; h < K; h = h + 1) begin : g_inv
      keccak_rhopi_inv u_inv (.state_i(inv[1600*h +: 1600]), .state_o(inv[1600*(h+1) +: 1600]));
    end
  endgenerate
  wire [1599:0] c_back  = inv[1600*K +: 1600];
  wire [1599:0] blk_ext = {{(1600-RATE){1'b0}}, ib_block_q};
  wire [1599:0] a_data;
  generate
    for (h = 0; h < 25; h = h + 1) begin : g_abs
      assign a_data[64*h +: 64] = idle_q[h] ? c_back[64*h +: 64] :
                                  ((ib_kill_q[h] ? 64'b0 : c_data[64*h +: 64]) ^
                                   (ib_valid_q[h] ? blk_ext[64*h +: 64] : 64'b0));
    end
  endgenerate
  // an idle slot keeps its flags (done, last, tag) and stays active
  wire          s_active = (c_active && !c_done) || absorb || idle;
  wire [4:0]    s_pass1  = absorb ? 5'd1 : (c_pass1 + 5'd1);
  wire          s_done   = absorb ? (PASSES == 1) : (idle || (c_pass1 == PASSES[4:0] - 5'd1));
  wire          s_last   = absorb ? ib_last_q : c_last;
  wire [TAG_W-1:0] s_tag = absorb ? ib_tag_q : c_tag;
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
      keccak_rc #(.MODE(RC_MODE)) u_rc0 (
        .round_i(idx_0[4:0]), .lfsr_i(8'h01), .rc_o(rc_0), .lfsr_o(lf_0));
      wire [63:0] rc = (absorb && RC_MODE != 1) ? rc_0 : rc_n;
      // an idle pass: round constant 0 (iota off)
      assign s_rc[7*r +: 7] = idle ? 7'd0 : {rc[63], rc[31], rc[15], rc[7], rc[3], rc[1], rc[0]};
      /* verilator lint_off UNUSED */
      wire unused_rc = ^{rc[62:32], rc[30:16], rc[14:8], rc[6:4], rc[2], idx_n[9:5], idx_0, lf_0, rc_0};
      /* verilator lint_on UNUSED */
    end
  endgenerate
  wire [SB_W-1:0] s_sb = {s_tag, s_rc, s_lf[8*K +: 8], s_pass1, s_done, s_last, s_active};
  wire [FL_W-1:0] s_fl = {s_tag, s_done, s_last, s_active};

  // ---------------- segments: the last one's register is the loop entry --------------
  // xs[s], sbs[s], runs[s]: input of segment s (s = 0..SEGS); xs[0] = the last register's
  // output. runs: the run (= not idle) flag, one copy per lane, travels with the slot.
  wire [1600*(SEGS+1)-1:0] xs /*verilator split_var*/;
  wire [SB_W*(SEGS+1)-1:0] sbs /*verilator split_var*/;
  wire [25*(SEGS+1)-1:0]   runs /*verilator split_var*/;
  wire [FL_W*(SEGS+1)-1:0] dfl /*verilator split_var*/;
  wire [1599:0]   e_data = xs[1600*SEGS +: 1600];
  wire [SB_W-1:0] e_sb   = sbs[SB_W*SEGS +: SB_W];
  wire [24:0]     e_run  = runs[25*SEGS +: 25];
  assign xs[0 +: 1600]  = e_data;
  assign sbs[0 +: SB_W] = e_sb;
  assign runs[0 +: 25]  = e_run;
  assign dfl[0 +: FL_W] = s_fl;
  assign c_dfl = dfl[FL_W*(SEGS-1) +: FL_W];

  genvar s;
  generate
    for (s = 0; s < SEGS; s = s + 1) begin : g_seg
      localparam integer RND = s / 2;
      localparam integer HAS_REG = (s % 2 == 0) ? SUB :
                                   (((RND + 1) % GROUP) == 0 ? 1 : 0);
      wire [1599:0]   y;
      wire [SB_W-1:0] sb_in  = sbs[SB_W*s +: SB_W];
      wire [24:0]     run_in = runs[25*s +: 25];
      if (s % 2 == 0) begin : g_theta
        keccak_theta_g u_theta (.state_i(xs[1600*s +: 1600]), .run_i(run_in), .state_o(y));
      end else begin : g_rpci
        wire [6:0]  rc7 = sb_in[16 + 7*RND +: 7];
        wire [63:0] rc  = {rc7[6], 31'd0, rc7[5], 15'd0, rc7[4], 7'd0, rc7[3], 3'd0,
                           rc7[2], 1'b0, rc7[1], rc7[0]};
        keccak_rpci_g u_rpci (.state_i(xs[1600*s +: 1600]), .rc_i(rc), .run_i(run_in), .state_o(y));
      end
      if (s == SEGS - 1) begin : g_last
        assign last_y     = y;
        assign last_sb_in = sb_in;
      end
      if (HAS_REG != 0 || s == SEGS - 1) begin : g_reg
        // no clock enable: the loop always advances
        wire [1599:0]   d_in  = (s == SEGS - 1) ? a_data : y;
        wire [SB_W-1:0] sb_d  = (s == SEGS - 1) ? s_sb : sb_in;
        wire [24:0]     run_d = (s == SEGS - 1) ? ~idle_q[24:0] : run_in;
        reg [1599:0]   data_q;
        reg [SB_W-1:0] sb_q;
        reg [24:0]     run_q;
        always @(posedge clk_i) begin
          data_q <= d_in;
          run_q  <= run_d;
        end
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) sb_q <= {SB_W{1'b0}};
          else         sb_q <= sb_d;
        end
        assign xs[1600*(s+1) +: 1600]  = data_q;
        assign sbs[SB_W*(s+1) +: SB_W] = sb_q;
        assign runs[25*(s+1) +: 25]    = run_q;
        assign dfl[FL_W*(s+1) +: FL_W] = {sb_d[SB_W-1:TAG_LO], sb_d[2:0]};
      end else begin : g_wire
        assign xs[1600*(s+1) +: 1600]  = y;
        assign sbs[SB_W*(s+1) +: SB_W] = sb_in;
        assign runs[25*(s+1) +: 25]    = run_in;
        assign dfl[FL_W*(s+1) +: FL_W] = dfl[FL_W*s +: FL_W];
      end
    end
  endgenerate

  // ---------------- digest FIFO (two entries), as keccak_core's -----------------------
  reg [OUT_BITS-1:0] of_dig0_q, of_dig1_q;
  reg [TAG_W-1:0]    of_tag0_q, of_tag1_q;
  wire       wp_n   = of_wp_q ^ push;
  assign     push_d = n_done && n_last && !of_full_n;
  reg  [1:0] we0_q, we1_q;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      of_wp_q  <= 1'b0;
      of_rp_q  <= 1'b0;
      of_cnt_q <= 2'd0;
      push_q   <= 1'b0;
    end else begin
      of_wp_q  <= wp_n;
      of_rp_q  <= of_rp_q ^ pop;
      of_cnt_q <= of_cnt_d;
      push_q   <= push_d;
    end
  end
  localparam integer HALF = OUT_BITS / 2;
  generate
    for (h = 0; h < 2; h = h + 1) begin : g_we
      localparam integer LO = h * HALF;
      localparam integer W  = (h == 0) ? HALF : OUT_BITS - HALF;
      (* keep *)
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          we0_q[h] <= 1'b0;
          we1_q[h] <= 1'b0;
        end else begin
          we0_q[h] <= push_d && !wp_n;
          we1_q[h] <= push_d && wp_n;
        end
      end
      always @(posedge clk_i) begin
        if (we0_q[h]) of_dig0_q[LO +: W] <= c_data[LO +: W];
        if (we1_q[h]) of_dig1_q[LO +: W] <= c_data[LO +: W];
      end
    end
  endgenerate
  always @(posedge clk_i) begin
    if (we0_q[0]) of_tag0_q <= c_tag;
    if (we1_q[0]) of_tag1_q <= c_tag;
  end
  assign out_valid_o  = of_cnt_q != 2'd0;
  assign out_digest_o = of_rp_q ? of_dig1_q : of_dig0_q;
  assign out_tag_o    = of_rp_q ? of_tag1_q : of_tag0_q;

  /* verilator lint_off UNUSED */
  wire unused_hi = ^{c_data[1599:OUT_BITS], c_sb[TAG_LO-1:16], dfl, e_run, LATE[0]};
  /* verilator lint_on UNUSED */
endmodule
