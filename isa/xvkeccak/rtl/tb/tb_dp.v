// Compares xvkeccak_dp with vectors written by the Rust model (isa/xvkeccak/tests/rtl.rs),
// one per line in +vec=<file>: {lw, l0, l1, idx, iota} (5 x 8 bits), the twelve 64-bit
// inputs cm0, cp0, cm1, cp1, a0, da0, a1, da1, b0, b1, b2, b3 and the six expected
// outputs d0, d1, r0, r1, c0, c1. Prints a final line RESULT vectors=N fails=F.
`timescale 1ns/1ps
module tb_dp;
    localparam MAXV = 8192;
    localparam W = 40 + 18 * 64;
    reg [W-1:0] v [0:MAXV-1];
    reg [1:0]  lw;
    reg [4:0]  l0, l1, idx;
    reg        iota;
    reg [63:0] cm0, cp0, cm1, cp1, a0, da0, a1, da1, b0, b1, b2, b3;
    reg [63:0] w_d0, w_d1, w_r0, w_r1, w_c0, w_c1;
    wire [63:0] d0, d1, r0, r1, c0, c1;
    integer n, i;
    `include "tb_vectors.vh"

    xvkeccak_dp u_dp (
        .lw_i(lw), .cm0_i(cm0), .cp0_i(cp0), .cm1_i(cm1), .cp1_i(cp1), .d0_o(d0), .d1_o(d1),
        .l0_i(l0), .l1_i(l1), .a0_i(a0), .da0_i(da0), .a1_i(a1), .da1_i(da1), .r0_o(r0),
        .r1_o(r1), .b0_i(b0), .b1_i(b1), .b2_i(b2), .b3_i(b3), .iota_i(iota), .idx_i(idx),
        .c0_o(c0), .c1_o(c1)
    );

    initial begin
        fails = 0;
        n = 0;
        `TB_READ_VECTORS(v, W)
        for (i = 0; i < MAXV && v[i][0] !== 1'bx; i = i + 1) begin
            lw   = v[i][W-7:W-8];
            l0   = v[i][W-12:W-16];
            l1   = v[i][W-20:W-24];
            idx  = v[i][W-28:W-32];
            iota = v[i][W-40];
            {cm0, cp0, cm1, cp1, a0, da0, a1, da1, b0, b1, b2, b3,
             w_d0, w_d1, w_r0, w_r1, w_c0, w_c1} = v[i][W-41:0];
            #1;
            n = n + 1;
            if (d0 !== w_d0 || d1 !== w_d1 || r0 !== w_r0 || r1 !== w_r1 || c0 !== w_c0 ||
                c1 !== w_c1)
                `TB_FAIL(("MISMATCH %0d lw=%0d l0=%0d l1=%0d idx=%0d d=%h/%h %h/%h r=%h/%h %h/%h c=%h/%h %h/%h",
                          i, lw, l0, l1, idx, d0, w_d0, d1, w_d1, r0, w_r0, r1, w_r1,
                          c0, w_c0, c1, w_c1))
        end
        $display("RESULT vectors=%0d fails=%0d", n, fails);
        $finish;
    end
endmodule
