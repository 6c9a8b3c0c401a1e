// mc_rot64: {Most, Least} = {hi, lo} rotated left by amt (6 bits): the Co-ALU rotator of
// the xmipscop Rot instruction (seed 000, Table 2). Logarithmic barrel rotator.
module mc_rot64 (
    input  wire [31:0] hi_i,
    input  wire [31:0] lo_i,
    input  wire [5:0]  amt_i,
    output wire [31:0] most_o,
    output wire [31:0] least_o
);
    wire [63:0] s0 = {hi_i, lo_i};
    wire [63:0] s1 = amt_i[0] ? {s0[62:0], s0[63]}    : s0;
    wire [63:0] s2 = amt_i[1] ? {s1[61:0], s1[63:62]} : s1;
    wire [63:0] s3 = amt_i[2] ? {s2[59:0], s2[63:60]} : s2;
    wire [63:0] s4 = amt_i[3] ? {s3[55:0], s3[63:56]} : s3;
    wire [63:0] s5 = amt_i[4] ? {s4[47:0], s4[63:48]} : s4;
    wire [63:0] s6 = amt_i[5] ? {s5[31:0], s5[63:32]} : s5;
    assign most_o = s6[63:32];
    assign least_o = s6[31:0];
endmodule
