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
// that is not available (continuation block absent, output register full) the whole
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
  // sideband: {tag, lfsr[7:0], pass[4:0], last, active}
  localparam integer SB_W   = TAG_W + 15;

  // ---------------- control point --------------------------------------------------
  // LATE=0: at the loop entry (output of the last loop register);
  // LATE=1: at the output of the last segment, before the last loop register.
  wire [1599:0]    e_data;     // output of the last loop register
  wire [SB_W-1:0]  e_sb;
  wire [1599:0]    last_y;     // output of the last segment (rpci of the last round)
  wire [SB_W-1:0]  last_sb_in; // sideband entering the last segment
  wire [SB_W-1:0]  last_sb_y;  // ... and leaving it (LFSR advanced)
  wire [1599:0]    c_data = (LATE != 0) ? last_y : e_data;
  wire [SB_W-1:0]  c_sb   = (LATE != 0) ? last_sb_in : e_sb;
  wire [7:0]       c_lfsr = (LATE != 0) ? last_sb_y[14:7] : e_sb[14:7];
  wire             c_active = c_sb[0];
  wire             c_last   = c_sb[1];
  wire [4:0]       c_pass   = c_sb[6:2];
  wire [TAG_W-1:0] c_tag    = c_sb[SB_W-1:15];

  wire c_done = c_active && (c_pass == PASSES[4:0] - 5'd1);
  wire c_cont = c_active && !c_done;
  wire c_wait = c_done && !c_last;
  wire c_fin  = c_done && c_last;

  reg              out_valid_q;
  reg [OUT_BITS-1:0] out_digest_q;
  reg [TAG_W-1:0]  out_tag_q;
  wire out_free  = !out_valid_q || out_ready_i;
  wire free_slot = !c_active || (c_fin && out_free);

  // in_tag_i is not compared here (it would sit on the critical path): the sender must
  // present the block of message in_need_tag_o when in_need_cont_o is set.
  assign in_ready_o = (free_slot && in_first_i) || (c_wait && !in_first_i);
  wire absorb = in_valid_i && in_ready_o;
  wire stall  = (c_wait && !absorb) || (c_fin && !out_free);
  wire adv    = !stall;

  assign in_need_cont_o = c_wait;
  assign in_need_tag_o  = c_tag;

  wire [1599:0] blk_ext = {{(1600-RATE){1'b0}}, in_block_i};
  wire [1599:0] a_data = absorb ? ((in_first_i ? 1600'b0 : c_data) ^ blk_ext) : c_data;
  wire          s_active = c_cont || absorb;
  wire [4:0]    s_pass   = absorb ? 5'd0 : (c_pass + 5'd1);
  wire          s_last   = absorb ? in_last_i : c_last;
  wire [7:0]    s_lfsr   = absorb ? 8'h01 : c_lfsr;
  wire [TAG_W-1:0] s_tag = absorb ? in_tag_i : c_tag;
  wire [SB_W-1:0] s_sb = {s_tag, s_lfsr, s_pass, s_last, s_active};
  wire [1599:0]   x0   = (LATE != 0) ? e_data : a_data;
  wire [SB_W-1:0] sb0  = (LATE != 0) ? e_sb : s_sb;

  // ---------------- segments ----------------------------------------------------------
  // xs[s]: input of segment s (s = 0..SEGS), xs[SEGS] = e_data
  wire [1600*(SEGS+1)-1:0] xs /*verilator split_var*/;
  wire [SB_W*(SEGS+1)-1:0] sbs /*verilator split_var*/;
  assign xs[0 +: 1600]  = x0;
  assign sbs[0 +: SB_W] = sb0;
  assign e_data = xs[1600*SEGS +: 1600];
  assign e_sb   = sbs[SB_W*SEGS +: SB_W];

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
        wire [63:0] rc;
        wire [7:0]  lfsr_nxt;
        wire [9:0]  rnd_idx = {5'd0, sb_in[6:2]} * K[9:0] + RND[9:0];
        keccak_rc #(.MODE(RC_MODE)) u_rc (
          .round_i(rnd_idx[4:0]), .lfsr_i(sb_in[14:7]), .rc_o(rc), .lfsr_o(lfsr_nxt));
        keccak_rpci u_rpci (.state_i(xs[1600*s +: 1600]), .rc_i(rc), .state_o(y));
        assign sb_y = {sb_in[SB_W-1:15], lfsr_nxt, sb_in[6:0]};
        /* verilator lint_off UNUSED */
        wire unused_idx = ^rnd_idx[9:5];
        /* verilator lint_on UNUSED */
      end
      if (s == SEGS - 1) begin : g_last
        assign last_y     = y;
        assign last_sb_in = sb_in;
        assign last_sb_y  = sb_y;
      end
      if (HAS_REG != 0) begin : g_reg
        // register input: the absorb point replaces the last segment output when LATE=1
        wire [1599:0]   d_in = (LATE != 0 && s == SEGS - 1) ? a_data : y;
        wire [SB_W-1:0] sb_d = (LATE != 0 && s == SEGS - 1) ? s_sb : sb_y;
        reg [1599:0]   data_q;
        reg [SB_W-1:0] sb_q;
        always @(posedge clk_i) begin
          if (adv) data_q <= d_in;
        end
        always @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni)  sb_q <= {SB_W{1'b0}};
          else if (adv) sb_q <= sb_d;
        end
        assign xs[1600*(s+1) +: 1600]  = data_q;
        assign sbs[SB_W*(s+1) +: SB_W] = sb_q;
      end else begin : g_wire
        assign xs[1600*(s+1) +: 1600]  = y;
        assign sbs[SB_W*(s+1) +: SB_W] = sb_y;
      end
    end
  endgenerate

  // ---------------- digest output register --------------------------------------------
  wire take_out = c_fin && out_free;   // stall is 0 whenever take_out is 1
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      out_valid_q <= 1'b0;
    end else if (take_out) begin
      out_valid_q <= 1'b1;
    end else if (out_ready_i) begin
      out_valid_q <= 1'b0;
    end
  end
  always @(posedge clk_i) begin
    if (take_out) begin
      out_digest_q <= c_data[OUT_BITS-1:0];
      out_tag_q    <= c_tag;
    end
  end
  assign out_valid_o  = out_valid_q;
  assign out_digest_o = out_digest_q;
  assign out_tag_o    = out_tag_q;

  /* verilator lint_off UNUSED */
  wire unused_hi = ^{c_data[1599:OUT_BITS], last_sb_y[SB_W-1:15], last_sb_y[6:0], c_sb[14:7]};
  /* verilator lint_on UNUSED */
endmodule
