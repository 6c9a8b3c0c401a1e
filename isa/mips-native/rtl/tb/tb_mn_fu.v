// tb_mn_fu: replays vectors written by isa/mips-native/tests/rtl.rs from the Rust model
// through mn_fu and counts mismatches.
// Vector line (hex): valid op rs rt  rd most least   (rd checked for valid andnot/mfleast
// before the clock, for rot2 after it (its second cycle: the Most it wrote); most/least
// checked after it). Run: vvp sim +vec=<file>
module tb_mn_fu;
    reg         clk = 1'b0, rst_n = 1'b0;
    reg         valid = 1'b0;
    reg  [1:0]  op = 2'd0;
    reg  [31:0] rs = 32'd0, rt = 32'd0;
    wire [31:0] rd, most, least;
    reg  [31:0] t_valid, t_op, e_rd, e_most, e_least;
    integer     lines, checks;
    `include "tb_vectors.vh"

    mn_fu dut (.clk_i(clk), .rst_ni(rst_n), .valid_i(valid), .op_i(op), .rs_i(rs), .rt_i(rt),
               .rd_o(rd), .most_o(most), .least_o(least));

    task read_line(output integer got);
        begin
            got = $fscanf(fd, "%h %h %h %h %h %h %h\n", t_valid, t_op, rs, rt, e_rd, e_most,
                          e_least);
            valid = t_valid[0]; op = t_op[1:0];
        end
    endtask

    task check_before;
        if (valid && op != 2'd1 && op != 2'd2) begin
            checks = checks + 1;
            if (rd !== e_rd) `TB_FAIL(("line %0d: op %0d rd %h want %h", lines, op, rd, e_rd))
        end
    endtask

    task check_after;
        begin
            if (most !== e_most || least !== e_least)
                `TB_FAIL(("line %0d: most/least %h %h want %h %h", lines, most, least, e_most,
                          e_least))
            if (valid && op == 2'd2) begin
                checks = checks + 1;
                if (rd !== e_rd) `TB_FAIL(("line %0d: rot2 rd %h want %h", lines, rd, e_rd))
            end
        end
    endtask

    `TB_REPLAY(7)
endmodule
