// Keccak-f[1600] theta step (FIPS 202, 3.2.1).
// State bit index: lane (x,y) occupies bits [64*(x+5*y) +: 64], bit z of the lane is z.
module keccak_theta (
  input  wire [1599:0] state_i,
  output wire [1599:0] state_o
);
  wire [319:0] c;
  wire [319:0] d;
  genvar x, y;
  generate
    for (x = 0; x < 5; x = x + 1) begin : g_col
      assign c[64*x +: 64] = state_i[64*(x+0)  +: 64] ^ state_i[64*(x+5)  +: 64] ^
                             state_i[64*(x+10) +: 64] ^ state_i[64*(x+15) +: 64] ^
                             state_i[64*(x+20) +: 64];
    end
    for (x = 0; x < 5; x = x + 1) begin : g_d
      assign d[64*x +: 64] = c[64*((x+4)%5) +: 64] ^
                             {c[64*((x+1)%5) +: 63], c[64*((x+1)%5) + 63]};
    end
    for (y = 0; y < 5; y = y + 1) begin : g_y
      for (x = 0; x < 5; x = x + 1) begin : g_x
        assign state_o[64*(x+5*y) +: 64] = state_i[64*(x+5*y) +: 64] ^ d[64*x +: 64];
      end
    end
  endgenerate
endmodule
