// tb_mc_fu: replays vectors written by isa/mips-coproc/tests/rtl.rs from the Rust model
// through mc_fu and counts mismatches.
// Vector line (hex): wr widx ld valid op idx  st au0 au1 au2 au3 au4 least   (st checked
// for valid xor5/chi/rot/swleast before the clock, with this line's write forwarded; Au
// and Least after it).
module tb_mc_fu;
    reg          clk = 1'b0, rst_n = 1'b0;
    reg          wr = 1'b0, valid = 1'b0;
    reg  [2:0]   widx = 3'd0, op = 3'd0, idx = 3'd0;
    reg  [31:0]  ld = 32'd0;
    wire [31:0]  st, least;
    wire [159:0] au;
    reg  [31:0]  t_wr, t_widx, t_valid, t_op, t_idx, e_st, e0, e1, e2, e3, e4, e_least;
    integer      lines, checks;
    `include "tb_vectors.vh"

    mc_fu dut (.clk_i(clk), .rst_ni(rst_n), .wr_i(wr), .wr_idx_i(widx), .ld_data_i(ld),
               .valid_i(valid), .op_i(op), .idx_i(idx), .st_data_o(st), .au_o(au),
               .least_o(least));

    task read_line(output integer got);
        begin
            got = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h\n",
                          t_wr, t_widx, ld, t_valid, t_op, t_idx, e_st, e0, e1, e2, e3, e4,
                          e_least);
            wr = t_wr[0]; widx = t_widx[2:0];
            valid = t_valid[0]; op = t_op[2:0]; idx = t_idx[2:0];
        end
    endtask

    task check_before;
        if (valid && op != 3'd0) begin
            checks = checks + 1;
            if (st !== e_st) `TB_FAIL(("line %0d: op %0d st %h want %h", lines, op, st, e_st))
        end
    endtask

    task check_after;
        if (au !== {e4, e3, e2, e1, e0} || least !== e_least)
            `TB_FAIL(("line %0d: au %h least %h", lines, au, least))
    endtask

    `TB_REPLAY(13)
endmodule
