// mn_shift: the two 32-bit shifters of the rotation datapath (seed 000, Table 1).
// Table 1 shifts by n, 32 - n (n < 32) and by n - 32, 64 - n (n >= 32): the left amount is
// always k = n[4:0] and the right amount 32 - k, which is 32 for k = 0. Shift amounts are
// 6 bits wide and a shift by 32 gives 0 (not x, as a 5-bit shifter would), which makes
// rot1/rot2 a rotation for every n in 0..63.
module mn_shift (
    input  wire [31:0] x_i,
    input  wire [4:0]  k_i,
    output wire [31:0] l_o,   // x << k
    output wire [31:0] r_o    // x >> (32 - k), 0 for k = 0
);
    // 32 - k = 1 + (31 - k) = 1 + ~k (5 bits): no subtractor, and k = 0 shifts all out
    wire [31:0] x_sr1 = {1'b0, x_i[31:1]};
    assign l_o = x_i << k_i;
    assign r_o = x_sr1 >> (~k_i);
endmodule
