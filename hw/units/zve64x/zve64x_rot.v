// zve64x_rot: the vector unit's one 128-bit rotator, element-wise at SEW = 8 << sew_i:
// every element rotated left by its own amount (amt_i: 6 bits per byte, the amount of the
// element that byte belongs to, already reduced mod SEW). A log-shifter of six stages
// (zve64x_rot_stage) whose stage t moves each bit 2^t places left inside its element,
// wrapping at the element's top, so no shift cell of any width is built: the shifts
// (vsll/vsrl/vsra, with the masks of zve64x_core) and xvkeccak's rho use this one network.
module zve64x_rot (
    input  wire [127:0] x_i,
    input  wire [1:0]   sew_i,
    input  wire [95:0]  amt_i,
    output wire [127:0] y_o
);
    wire [127:0] s1, s2, s3, s4, s5;
    zve64x_rot_stage #(.T(0)) u_s0 (.x_i(x_i), .sew_i(sew_i), .amt_i(amt_i), .y_o(s1));
    zve64x_rot_stage #(.T(1)) u_s1 (.x_i(s1), .sew_i(sew_i), .amt_i(amt_i), .y_o(s2));
    zve64x_rot_stage #(.T(2)) u_s2 (.x_i(s2), .sew_i(sew_i), .amt_i(amt_i), .y_o(s3));
    zve64x_rot_stage #(.T(3)) u_s3 (.x_i(s3), .sew_i(sew_i), .amt_i(amt_i), .y_o(s4));
    zve64x_rot_stage #(.T(4)) u_s4 (.x_i(s4), .sew_i(sew_i), .amt_i(amt_i), .y_o(s5));
    zve64x_rot_stage #(.T(5)) u_s5 (.x_i(s5), .sew_i(sew_i), .amt_i(amt_i), .y_o(y_o));
endmodule

/* verilator lint_off DECLFILENAME */
// one stage: bit i takes the bit 2^T places below it in its element (wrapping) when its
// byte's amount has bit T set
module zve64x_rot_stage #(
    parameter integer T = 0
) (
    input  wire [127:0] x_i,
    input  wire [1:0]   sew_i,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [95:0]  amt_i,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire [127:0] y_o
);
    localparam integer D = 1 << T;
    genvar i;
    generate
        for (i = 0; i < 128; i = i + 1) begin : g_b
            // the source bit at each SEW (the stage moves bits only when 2^T < SEW)
            localparam integer S0 = (D < 8)  ? ((i % 8  >= D) ? i - D : i - D + 8)  : i;
            localparam integer S1 = (D < 16) ? ((i % 16 >= D) ? i - D : i - D + 16) : i;
            localparam integer S2 = (D < 32) ? ((i % 32 >= D) ? i - D : i - D + 32) : i;
            localparam integer S3 = (D < 64) ? ((i % 64 >= D) ? i - D : i - D + 64) : i;
            wire src = (sew_i == 2'd0) ? x_i[S0] : (sew_i == 2'd1) ? x_i[S1] :
                       (sew_i == 2'd2) ? x_i[S2] : x_i[S3];
            assign y_o[i] = amt_i[(i / 8) * 6 + T] ? src : x_i[i];
        end
    endgenerate
endmodule
/* verilator lint_on DECLFILENAME */
