// Keccak-f[1600] theta step (FIPS 202, 3.2.1).
// State bit index: lane (x,y) occupies bits [64*(x+5*y) +: 64], bit z of the lane is z.
// In two steps, modules of their own: the column parities C (keccak_theta_c) and
// A ^ C[x-1] ^ rot(C[x+1], 1) (keccak_theta_d). The ECP5 flow keeps them apart
// (hw/scripts/targets.py KEEP_LUT): mapped whole, ABC built D = C[x-1] ^ rot(C[x+1], 1) on
// LUT4s of their own, 2,560 LUT4 a round against 640 + 1,600 = 2,240 in two. The ASIC flow
// maps theta whole (with the two apart, the OSU clock fell by a few per cent).
module keccak_theta (
  input  wire [1599:0] state_i,
  output wire [1599:0] state_o
);
  wire [319:0] c;
  keccak_theta_c u_c (.state_i(state_i), .c_o(c));
  keccak_theta_d u_d (.state_i(state_i), .c_i(c), .state_o(state_o));
endmodule
