// tb_mn_fu: replays vectors written by isa/mips-native/tests/rtl.rs from the Rust model
// through mn_fu and counts mismatches.
// Vector line (hex): valid op rs rt  rd most least   (rd checked for valid andnot/rot2/
// mfleast before the clock; most/least checked after it). Run: vvp sim +vec=<file>
module tb_mn_fu;
    reg         clk = 1'b0, rst_n = 1'b0;
    reg         valid;
    reg  [1:0]  op;
    reg  [31:0] rs, rt;
    wire [31:0] rd, most, least;
    reg  [31:0] t_valid, t_op, e_rd, e_most, e_least;
    integer     n, lines, checks_rd;
    `include "tb_vectors.vh"

    mn_fu dut (.clk_i(clk), .rst_ni(rst_n), .valid_i(valid), .op_i(op), .rs_i(rs), .rt_i(rt),
               .rd_o(rd), .most_o(most), .least_o(least));

    initial begin
        open_vectors;
        valid = 0; op = 0; rs = 0; rt = 0;
        #5 clk = 1; #5 clk = 0;
        rst_n = 1;
        lines = 0; fails = 0; checks_rd = 0;
        while (!$feof(fd)) begin
            n = $fscanf(fd, "%h %h %h %h %h %h %h\n", t_valid, t_op, rs, rt, e_rd, e_most, e_least);
            if (n == 7) begin
                valid = t_valid[0]; op = t_op[1:0];
                #1;
                if (valid && op != 2'd1) begin
                    checks_rd = checks_rd + 1;
                    if (rd !== e_rd) `TB_FAIL(("line %0d: op %0d rd %h want %h", lines, op, rd, e_rd))
                end
                #4 clk = 1; #1;
                if (most !== e_most || least !== e_least)
                    `TB_FAIL(("line %0d: most/least %h %h want %h %h", lines, most, least, e_most, e_least))
                #4 clk = 0;
                lines = lines + 1;
            end
        end
        $display("RESULT vectors=%0d rd_checks=%0d fails=%0d", lines, checks_rd, fails);
        $finish;
    end
endmodule
