// SHA-3 / SHAKE hash engine: sha3_padder (64-bit byte stream) + keccak_core.
// ALG: 0 SHA3-224, 1 SHA3-256, 2 SHA3-384, 3 SHA3-512, 4 SHAKE128, 5 SHAKE256.
// SHAKE output length is SHAKE_OUT_BITS (<= rate): the first squeeze block, truncated.
module sha3_top #(
  parameter integer ALG            = 1,
  parameter integer K              = 1,
  parameter integer N              = 1,
  parameter integer SUB            = 0,
  parameter integer RC_MODE        = 0,
  parameter integer TAG_W          = 8,
  parameter integer SHAKE_OUT_BITS = 256,
  parameter integer LATE           = 0,
  // derived (do not override)
  parameter integer RATE = (ALG == 0) ? 1152 : (ALG == 1) ? 1088 : (ALG == 2) ? 832 :
                           (ALG == 3) ? 576  : (ALG == 4) ? 1344 : 1088,
  parameter integer OUT_BITS = (ALG == 0) ? 224 : (ALG == 1) ? 256 : (ALG == 2) ? 384 :
                               (ALG == 3) ? 512 : SHAKE_OUT_BITS
) (
`include "sha3_stream_ports.vh"
  output wire                out_valid_o,
  input  wire                out_ready_i,
  output wire [OUT_BITS-1:0] out_digest_o,
  output wire [TAG_W-1:0]    out_tag_o
);
  localparam [7:0] DOMAIN = (ALG >= 4) ? 8'h1F : 8'h06;

  wire             blk_valid, blk_ready, blk_first, blk_last;
  wire [RATE-1:0]  blk_data;
  wire [TAG_W-1:0] blk_tag;

  sha3_padder #(.RATE(RATE), .DOMAIN(DOMAIN), .TAG_W(TAG_W)) u_pad (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(in_valid_i), .in_ready_o(in_ready_o), .in_data_i(in_data_i), .in_last_i(in_last_i), .in_nbytes_i(in_nbytes_i), .in_tag_i(in_tag_i),
    .blk_valid_o(blk_valid), .blk_ready_i(blk_ready), .blk_data_o(blk_data),
    .blk_first_o(blk_first), .blk_last_o(blk_last), .blk_tag_o(blk_tag)
  );

  /* verilator lint_off PINCONNECTEMPTY */
  keccak_core #(.K(K), .N(N), .SUB(SUB), .RC_MODE(RC_MODE), .RATE(RATE),
                .OUT_BITS(OUT_BITS), .TAG_W(TAG_W), .LATE(LATE)) u_core (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(blk_valid), .in_ready_o(blk_ready), .in_block_i(blk_data),
    .in_first_i(blk_first), .in_last_i(blk_last), .in_tag_i(blk_tag),
    .in_need_cont_o(), .in_need_tag_o(),
    .out_valid_o(out_valid_o), .out_ready_i(out_ready_i), .out_digest_o(out_digest_o), .out_tag_o(out_tag_o)
  );
  /* verilator lint_on PINCONNECTEMPTY */
endmodule
