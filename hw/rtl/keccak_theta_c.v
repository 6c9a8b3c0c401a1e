// Keccak-f[1600] theta's first step (keccak_theta.v): the five column parities C[x]
// (320 bits)
module keccak_theta_c (
  input  wire [1599:0] state_i,
  output wire [319:0]  c_o
);
  genvar x;
  generate
    for (x = 0; x < 5; x = x + 1) begin : g_col
      assign c_o[64*x +: 64] = state_i[64*(x+0)  +: 64] ^ state_i[64*(x+5)  +: 64] ^
                               state_i[64*(x+10) +: 64] ^ state_i[64*(x+15) +: 64] ^
                               state_i[64*(x+20) +: 64];
    end
  endgenerate
endmodule
