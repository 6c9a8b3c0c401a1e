// Icarus testbench for sha3_top (padder + core): byte messages as 64-bit words with
// last/byte-count, random idle gaps on the input and random back-pressure on the output.
// Vectors: +mem=<file> ($readmemh image written by scripts/sim.py): per message one
// length word, ceil(len/8) data words (little-endian), 8 digest words; ends with all-ones.
`timescale 1ns/1ps
module tb_top;
  parameter integer ALG = 1, K = 1, N = 1, SUB = 0, RC_MODE = 0, LATE = 0;
  parameter integer OUTB = 32, NWORDS = 1024;
  localparam integer OUT_BITS = OUTB * 8;

  reg clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  reg  [63:0] mem [0:NWORDS-1];
  integer starts [0:4095];
  integer nmsg, p, mi, wi, nw, len, olen, msg_out, cyc, errors, seed, j;
  reg [1023:0] fname;
  reg [511:0] exp_d;

  reg              in_valid = 1'b0;
  wire             in_ready;
  reg  [63:0]      in_data = 64'd0;
  reg              in_last = 1'b0;
  reg  [3:0]       in_nbytes = 4'd0;
  reg  [7:0]       in_tag = 8'd0;
  wire             out_valid;
  reg              out_ready = 1'b0;
  wire [OUT_BITS-1:0] out_digest;
  wire [7:0]       out_tag;

  sha3_top #(.ALG(ALG), .K(K), .N(N), .SUB(SUB), .RC_MODE(RC_MODE), .LATE(LATE),
             .SHAKE_OUT_BITS(OUT_BITS)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i(in_data), .in_last_i(in_last),
    .in_nbytes_i(in_nbytes), .in_tag_i(in_tag),
    .out_valid_o(out_valid), .out_ready_i(out_ready), .out_digest_o(out_digest),
    .out_tag_o(out_tag));

  initial begin
    seed = 7;
    errors = 0; msg_out = 0; cyc = 0;
    if (!$value$plusargs("mem=%s", fname)) begin
      $display("usage: +mem=<file>");
      $finish;
    end
    $readmemh(fname, mem);
    nmsg = 0; p = 0;
    while (mem[p] != {64{1'b1}}) begin
      starts[nmsg] = p;
      len = mem[p];
      p = p + 1 + (len + 7) / 8 + 8;
      nmsg = nmsg + 1;
    end
    repeat (3) @(posedge clk);
    @(negedge clk) rst_n = 1'b1;
    for (mi = 0; mi < nmsg; mi = mi + 1) begin
      len = mem[starts[mi]];
      nw = (len == 0) ? 1 : (len + 7) / 8;
      for (wi = 0; wi < nw; wi = wi + 1) begin
        @(negedge clk);
        in_valid = 1'b0;
        while (($random(seed) & 3) == 0) @(negedge clk);
        in_valid  = 1'b1;
        in_data   = (len == 0) ? 64'd0 : mem[starts[mi] + 1 + wi];
        in_last   = (wi == nw - 1);
        in_nbytes = (wi == nw - 1) ? (len - 8 * wi) : 4'd8;
        in_tag    = mi[7:0];
        @(posedge clk);
        while (!in_ready) @(posedge clk);
      end
    end
    @(negedge clk) in_valid = 1'b0;
  end

  always @(negedge clk) out_ready <= (($random(seed) & 3) != 0);

  always @(posedge clk) begin
    cyc <= cyc + 1;
    if (rst_n && out_valid && out_ready) begin
      olen = mem[starts[msg_out]];
      for (j = 0; j < 8; j = j + 1)
        exp_d[64*j +: 64] = mem[starts[msg_out] + 1 + (olen + 7) / 8 + j];
      if (out_digest !== exp_d[OUT_BITS-1:0] || out_tag !== msg_out[7:0]) begin
        errors = errors + 1;
        $display("MISMATCH message %0d (len %0d)", msg_out, olen);
      end
      msg_out = msg_out + 1;
      if (msg_out == nmsg) begin
        $display("{\"digests_ok\": %s, \"errors\": %0d, \"vectors\": %0d, \"cycles\": %0d}",
                 errors == 0 ? "true" : "false", errors, nmsg, cyc);
        $finish;
      end
    end
    if (cyc > 200000) begin
      $display("{\"digests_ok\": false, \"errors\": -1, \"timeout\": true, \"done\": %0d}", msg_out);
      $finish;
    end
  end
endmodule
