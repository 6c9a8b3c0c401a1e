// The message-word stream into the SHA-3 front end, inside a port list (sha3_padder takes
// it, sha3_top passes it through to its padder): clock and reset, then 64-bit words,
// in_data_i[8*b +: 8] is message byte b; the last word (in_last_i) carries in_nbytes_i =
// 0..8 bytes; in_tag_i is constant over a message. Needs the module's TAG_W.
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             in_valid_i,
  output wire             in_ready_o,
  input  wire [63:0]      in_data_i,
  input  wire             in_last_i,
  input  wire [3:0]       in_nbytes_i,
  input  wire [TAG_W-1:0] in_tag_i,
