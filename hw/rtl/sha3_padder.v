// SHA-3 / SHAKE padder: 64-bit byte stream in, padded rate-sized blocks out.
// A message is a sequence of 64-bit words; in_data_i[8*b +: 8] is message byte b of the
// word. Every word but the last carries 8 bytes; the last word (in_last_i=1) carries
// in_nbytes_i = 0..8 bytes (an empty message is one word with last=1, nbytes=0).
// Padding: DOMAIN byte (0x06 SHA3, 0x1F SHAKE) after the message, 0x80 OR-ed into the
// last byte of the block (pad10*1 with the FIPS 202 domain bits).
// in_tag_i must be constant for all words of a message; it is passed to the blocks.
module sha3_padder #(
  parameter integer RATE   = 1088,
  parameter [7:0]   DOMAIN = 8'h06,
  parameter integer TAG_W  = 8
) (
`include "sha3_stream_ports.vh"
  output wire             blk_valid_o,
  input  wire             blk_ready_i,
  output wire [RATE-1:0]  blk_data_o,
  output wire             blk_first_o,
  output wire             blk_last_o,
  output wire [TAG_W-1:0] blk_tag_o
);
  localparam integer WORDS = RATE / 64;
  localparam integer WI_W  = 5;

  reg [RATE-1:0]  buf_q;
  reg [WI_W-1:0]  widx_q;
  reg             first_q;     // next emitted block is the first of its message
  reg             pend_pad_q;  // a padding-only block is still to be emitted
  reg [TAG_W-1:0] pend_tag_q;
  reg             ov_q;        // output block register
  reg [RATE-1:0]  od_q;
  reg             of_q, ol_q;
  reg [TAG_W-1:0] ot_q;

  wire can_emit = !ov_q || blk_ready_i;
  wire at_end   = (widx_q == WORDS[WI_W-1:0] - 5'd1);
  assign in_ready_o = !pend_pad_q && (can_emit || (!at_end && !in_last_i));
  wire acc   = in_valid_i && in_ready_o;
  wire full8 = in_nbytes_i[3];

  // current word with its bytes masked and, if last and not full, the domain byte
  reg [63:0] wpad;
  integer b;
  always @(*) begin
    for (b = 0; b < 8; b = b + 1) begin
      if (b < {28'd0, in_nbytes_i})
        wpad[8*b +: 8] = in_data_i[8*b +: 8];
      else if (in_last_i && b == {28'd0, in_nbytes_i})
        wpad[8*b +: 8] = DOMAIN;
      else
        wpad[8*b +: 8] = 8'h00;
    end
  end

  wire [RATE-1:0] nxt;
  genvar w;
  generate
    for (w = 0; w < WORDS; w = w + 1) begin : g_w
      wire here = (widx_q == w);
      wire spill = in_last_i && full8 && (widx_q + 5'd1 == w);
      assign nxt[64*w +: 64] = here ? wpad : (spill ? {56'd0, DOMAIN} : buf_q[64*w +: 64]);
    end
  endgenerate

  wire complete   = acc && (at_end || in_last_i);
  wire need_extra = in_last_i && full8 && at_end;   // padding does not fit
  wire [RATE-1:0] pad_hi = {8'h80, {(RATE-8){1'b0}}};
  wire [RATE-1:0] pad_only = pad_hi | {{(RATE-8){1'b0}}, DOMAIN};

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      widx_q     <= {WI_W{1'b0}};
      first_q    <= 1'b1;
      pend_pad_q <= 1'b0;
      ov_q       <= 1'b0;
      buf_q      <= {RATE{1'b0}};
    end else begin
      if (complete)  buf_q <= {RATE{1'b0}};
      else if (acc)  buf_q <= nxt;
      if (ov_q && blk_ready_i) ov_q <= 1'b0;
      if (pend_pad_q && can_emit) begin
        ov_q       <= 1'b1;
        pend_pad_q <= 1'b0;
        first_q    <= 1'b1;
      end else if (complete) begin
        ov_q       <= 1'b1;
        widx_q     <= {WI_W{1'b0}};
        pend_pad_q <= need_extra;
        first_q    <= in_last_i && !need_extra;
      end else if (acc) begin
        widx_q     <= widx_q + 5'd1;
      end
    end
  end

  always @(posedge clk_i) begin
    if (pend_pad_q && can_emit) begin
      od_q <= pad_only;
      of_q <= 1'b0;
      ol_q <= 1'b1;
      ot_q <= pend_tag_q;
    end else if (complete) begin
      od_q <= (in_last_i && !need_extra) ? (nxt | pad_hi) : nxt;
      of_q <= first_q;
      ol_q <= in_last_i && !need_extra;
      ot_q <= in_tag_i;
    end
    if (complete) pend_tag_q <= in_tag_i;
  end

  assign blk_valid_o = ov_q;
  assign blk_data_o  = od_q;
  assign blk_first_o = of_q;
  assign blk_last_o  = ol_q;
  assign blk_tag_o   = ot_q;
endmodule
