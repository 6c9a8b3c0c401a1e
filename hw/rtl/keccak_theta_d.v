// Keccak-f[1600] theta's second step (keccak_theta.v): A[x][y] ^ C[x-1] ^ rot(C[x+1], 1),
// one three-input XOR a bit
module keccak_theta_d (
  input  wire [1599:0] state_i,
  input  wire [319:0]  c_i,
  output wire [1599:0] state_o
);
  genvar x, y;
  generate
    for (y = 0; y < 5; y = y + 1) begin : g_y
      for (x = 0; x < 5; x = x + 1) begin : g_x
        assign state_o[64*(x+5*y) +: 64] = state_i[64*(x+5*y) +: 64] ^ c_i[64*((x+4)%5) +: 64] ^
                                           {c_i[64*((x+1)%5) +: 63], c_i[64*((x+1)%5) + 63]};
      end
    end
  endgenerate
endmodule
