// tb_mc_fu: replays vectors written by isa/mips-coproc/tests/rtl.rs from the Rust model
// through mc_fu and counts mismatches.
// Vector line (hex): wr widx ld valid op idx  st au0 au1 au2 au3 au4 least   (st checked
// for valid xor5/chi/rot/swleast before the clock, with this line's write forwarded; Au
// and Least after it).
module tb_mc_fu;
    reg          clk = 1'b0, rst_n = 1'b0;
    reg          wr, valid;
    reg  [2:0]   widx, op, idx;
    reg  [31:0]  ld;
    wire [31:0]  st, least;
    wire [159:0] au;
    reg  [31:0]  t_wr, t_widx, t_valid, t_op, t_idx, e_st, e0, e1, e2, e3, e4, e_least;
    integer      n, lines, checks_st;
    `include "tb_vectors.vh"

    mc_fu dut (.clk_i(clk), .rst_ni(rst_n), .wr_i(wr), .wr_idx_i(widx), .ld_data_i(ld),
               .valid_i(valid), .op_i(op), .idx_i(idx), .st_data_o(st), .au_o(au),
               .least_o(least));

    initial begin
        open_vectors;
        wr = 0; widx = 0; valid = 0; op = 0; idx = 0; ld = 0;
        #5 clk = 1; #5 clk = 0;
        rst_n = 1;
        lines = 0; fails = 0; checks_st = 0;
        while (!$feof(fd)) begin
            n = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h\n",
                        t_wr, t_widx, ld, t_valid, t_op, t_idx, e_st, e0, e1, e2, e3, e4,
                        e_least);
            if (n == 13) begin
                wr = t_wr[0]; widx = t_widx[2:0];
                valid = t_valid[0]; op = t_op[2:0]; idx = t_idx[2:0];
                #1;
                if (valid && op != 3'd0) begin
                    checks_st = checks_st + 1;
                    if (st !== e_st) `TB_FAIL(("line %0d: op %0d st %h want %h", lines, op, st, e_st))
                end
                #4 clk = 1; #1;
                if (au !== {e4, e3, e2, e1, e0} || least !== e_least)
                    `TB_FAIL(("line %0d: au %h least %h", lines, au, least))
                #4 clk = 0;
                lines = lines + 1;
            end
        end
        $display("RESULT vectors=%0d st_checks=%0d fails=%0d", lines, checks_st, fails);
        $finish;
    end
endmodule
