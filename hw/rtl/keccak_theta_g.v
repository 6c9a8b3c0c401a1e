// Keccak-f[1600] round steps that can be switched off (for keccak_core_np's idle passes):
// with run_i low, theta and chi are the identity, so that the round is rho-pi (a wiring)
// plus iota (the core gives an idle pass a zero round constant).
// theta with its column parities gated: run_i low (25 copies of one flag) gives C = 0, so
// D = 0 and the output is the input. Column x's parity bits 13*j .. 13*j+12 take copy
// run_i[x+5*j]: no copy drives more than 13 gates (the flag's path is then no longer than
// the parity's own)
module keccak_theta_g (
  input  wire [1599:0] state_i,
  input  wire [24:0]   run_i,
  output wire [1599:0] state_o
);
  wire [319:0] c;
  genvar x, z;
  generate
    for (x = 0; x < 5; x = x + 1) begin : g_col
      for (z = 0; z < 64; z = z + 1) begin : g_z
        assign c[64*x + z] = run_i[x + 5*(z/13)] &
                             (state_i[64*(x+0) + z]  ^ state_i[64*(x+5) + z] ^
                              state_i[64*(x+10) + z] ^ state_i[64*(x+15) + z] ^
                              state_i[64*(x+20) + z]);
      end
    end
  endgenerate
  // theta's second step as in keccak_theta (A ^ C[x-1] ^ rot(C[x+1], 1))
  keccak_theta_d u_d (.state_i(state_i), .c_i(c), .state_o(state_o));
endmodule
