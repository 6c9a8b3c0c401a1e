// mc_coalu: the combinational Co-ALU of xmipscop (seed 000, Fig. 2): XOR5 of the five
// auxiliary registers, Chi with a run-time index (indices mod 5), the 64-bit rotator.
module mc_coalu (
    input  wire [159:0] au_i,     // {Au4, Au3, Au2, Au1, Au0}
    input  wire [2:0]   idx_i,    // Chi index, 0..4
    output wire [31:0]  xor5_o,
    output reg  [31:0]  chi_o,
    output wire [31:0]  most_o,
    output wire [31:0]  least_o
);
    wire [31:0] a0 = au_i[31:0], a1 = au_i[63:32], a2 = au_i[95:64], a3 = au_i[127:96],
                a4 = au_i[159:128];

    assign xor5_o = a0 ^ a1 ^ a2 ^ a3 ^ a4;

    always @(*) begin
        case (idx_i)
            3'd0:    chi_o = a0 ^ (~a1 & a2);
            3'd1:    chi_o = a1 ^ (~a2 & a3);
            3'd2:    chi_o = a2 ^ (~a3 & a4);
            3'd3:    chi_o = a3 ^ (~a4 & a0);
            3'd4:    chi_o = a4 ^ (~a0 & a1);
            default: chi_o = 32'd0;
        endcase
    end

    mc_rot64 u_rot (.hi_i(a0), .lo_i(a1), .amt_i(a2[5:0]), .most_o(most_o), .least_o(least_o));
endmodule
