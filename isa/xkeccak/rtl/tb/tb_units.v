// Compares xkeccak_dp with vectors written by the Rust model (isa/xkeccak/tests/rtl.rs),
// one per line in +vec=<file>: lane, round, a, r4, r1, b0, b1, b2 and the expected row,
// pi, s1, s2, trp, chi. Prints a final line RESULT vectors=N fails=F.
`timescale 1ns/1ps
module tb_units;
    localparam MAXV = 8192;
    // {lane 8, round 8, a, r4, r1, b0, b1, b2 (6 x 64), row 8, pi 8, s1 8, s2 8, trp, chi}
    reg [559:0] v [0:MAXV-1];
    reg [4:0]   lane, round;
    reg [63:0]  a, r4, r1, b0, b1, b2, want_trp, want_chi;
    reg [2:0]   want_row;
    reg [4:0]   want_pi, want_s1, want_s2;
    wire [2:0]  row;
    wire [4:0]  pi, s1, s2;
    wire [63:0] trp, chi;
    integer n, i;
    `include "tb_vectors.vh"

    xkeccak_dp u_dp (
        .lane_i(lane), .round_i(round), .a_i(a), .r4_i(r4), .r1_i(r1), .b0_i(b0), .b1_i(b1),
        .b2_i(b2), .row_o(row), .pi_o(pi), .s1_o(s1), .s2_o(s2), .trp_o(trp), .chi_o(chi)
    );

    initial begin
        fails = 0;
        n = 0;
        `TB_READ_VECTORS(v, 560)
        for (i = 0; i < MAXV && v[i][0] !== 1'bx; i = i + 1) begin
            lane     = v[i][556:552];
            round    = v[i][548:544];
            {a, r4, r1, b0, b1, b2} = v[i][543:160];
            want_row = v[i][154:152];
            want_pi  = v[i][148:144];
            want_s1  = v[i][140:136];
            want_s2  = v[i][132:128];
            want_trp = v[i][127:64];
            want_chi = v[i][63:0];
            #1;
            n = n + 1;
            if (row !== want_row || pi !== want_pi || s1 !== want_s1 || s2 !== want_s2 ||
                trp !== want_trp || chi !== want_chi)
                `TB_FAIL(("MISMATCH %0d lane=%0d round=%0d row=%0d/%0d pi=%0d/%0d s1=%0d/%0d s2=%0d/%0d trp=%h/%h chi=%h/%h",
                          i, lane, round, row, want_row, pi, want_pi, s1, want_s1, s2,
                          want_s2, trp, want_trp, chi, want_chi))
        end
        $display("RESULT vectors=%0d fails=%0d", n, fails);
        $finish;
    end
endmodule
