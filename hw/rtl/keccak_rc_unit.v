// Stand-alone round-constant generator for area comparison (synth.py --rc MODE):
// the round state (5-bit round counter or 8-bit LFSR state) in a register, advanced
// once per round, and the generator output (the 7 lane bits iota uses) registered.
module keccak_rc_unit #(
  parameter integer MODE = 0
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       start_i,
  output wire [6:0] rc_o
);
  reg  [4:0]  round_q;
  reg  [7:0]  lfsr_q;
  reg  [6:0]  rc_q;
  wire [63:0] rc;
  wire [7:0]  lfsr_nxt;
  keccak_rc #(.MODE(MODE)) u_rc (.round_i(round_q), .lfsr_i(lfsr_q), .rc_o(rc), .lfsr_o(lfsr_nxt));
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      round_q <= 5'd0;
      lfsr_q  <= 8'h01;
      rc_q    <= 7'd0;
    end else begin
      round_q <= start_i ? 5'd0 : ((round_q == 5'd23) ? 5'd0 : round_q + 5'd1);
      lfsr_q  <= start_i ? 8'h01 : lfsr_nxt;
      rc_q    <= {rc[63], rc[31], rc[15], rc[7], rc[3], rc[1], rc[0]};
    end
  end
  assign rc_o = rc_q;
  /* verilator lint_off UNUSED */
  wire unused_rc = ^{rc[62:32], rc[30:16], rc[14:8], rc[6:4], rc[2]};
  /* verilator lint_on UNUSED */
endmodule
