// tb_rv32_div: replays vectors written by crates/testkit/tests/rv32_div.rs from the Rust
// model (asip_sim: DivOp::eval for the result, latency.div of zscale and
// early_out_div_cycles for L) through rv32_div with EARLY_OUT = 0 and 1, each driven on its
// own: a division starts `gap` idle cycles after the previous one's done cycle (0 =
// back-to-back); the operands are valid in the start cycle only. Checks the result in the
// done cycle, the cycle count L (start cycle = 1) and that done_o is low in every other
// cycle.
// Vector line (hex): gap op a b result l_fixed l_early_out
// run: vvp sim +vec=<file>; last line: RESULT vectors=N fails=F
module tb_rv32_div;
    reg clk = 1'b1;
    reg rst_n = 1'b0;
    always #5 clk = ~clk;           // negedges at 5, 15, ...; inputs change on negedges

    reg  [1023:0] path;
    integer       fails = 0, lines_fix = 0, lines_eo = 0;
    reg           end_fix = 1'b0, end_eo = 1'b0;

    reg         start_f = 1'b0, start_e = 1'b0;
    reg  [1:0]  op_f = 2'd0, op_e = 2'd0;
    reg  [31:0] a_f = 32'd0, b_f = 32'd0, a_e = 32'd0, b_e = 32'd0;
    wire        done_f, done_e;
    wire [31:0] res_f, res_e;

    rv32_div #(.EARLY_OUT(0)) u_fix (.clk_i(clk), .rst_ni(rst_n), .start_i(start_f),
        .op_i(op_f), .a_i(a_f), .b_i(b_f), .done_o(done_f), .result_o(res_f));
    rv32_div #(.EARLY_OUT(1)) u_eo (.clk_i(clk), .rst_ni(rst_n), .start_i(start_e),
        .op_i(op_e), .a_i(a_e), .b_i(b_e), .done_o(done_e), .result_o(res_e));

    initial begin
        if (!$value$plusargs("vec=%s", path)) begin
            $display("ERROR: no +vec=<file>");
            $finish;
        end
        #7 rst_n = 1'b1;
    end

    // one driver per divider, reading the file on its own
    initial begin : drive_fixed
        integer fd, n, cyc, k;
        reg [31:0] gap, op, a, b, res, lf, le;
        @(posedge rst_n);
        fd = $fopen(path, "r");
        if (fd == 0) begin
            $display("ERROR: cannot open vectors");
            $finish;
        end
        while (!$feof(fd)) begin
            n = $fscanf(fd, "%h %h %h %h %h %h %h\n", gap, op, a, b, res, lf, le);
            if (n == 7) begin
                lines_fix = lines_fix + 1;
                for (k = 0; k <= gap; k = k + 1) begin
                    @(negedge clk);
                    if (done_f) begin
                        fails = fails + 1;
                        if (fails < 20) $display("fixed line %0d: done_o high while idle", lines_fix);
                    end
                end
                start_f = 1'b1; op_f = op[1:0]; a_f = a; b_f = b;
                cyc = 1;
                while (!done_f && cyc < 100) begin
                    @(negedge clk);
                    start_f = 1'b0; op_f = $random; a_f = $random; b_f = $random;
                    cyc = cyc + 1;
                end
                if (cyc != lf || res_f !== res) begin
                    fails = fails + 1;
                    if (fails < 20)
                        $display("fixed line %0d: op %0d %h, %h: result %h L %0d, want %h L %0d",
                                 lines_fix, op, a, b, res_f, cyc, res, lf);
                end
            end
        end
        $fclose(fd);
        end_fix = 1'b1;
    end

    initial begin : drive_early_out
        integer fd, n, cyc, k;
        reg [31:0] gap, op, a, b, res, lf, le;
        @(posedge rst_n);
        fd = $fopen(path, "r");
        if (fd == 0) begin
            $display("ERROR: cannot open vectors");
            $finish;
        end
        while (!$feof(fd)) begin
            n = $fscanf(fd, "%h %h %h %h %h %h %h\n", gap, op, a, b, res, lf, le);
            if (n == 7) begin
                lines_eo = lines_eo + 1;
                for (k = 0; k <= gap; k = k + 1) begin
                    @(negedge clk);
                    if (done_e) begin
                        fails = fails + 1;
                        if (fails < 20) $display("early-out line %0d: done_o high while idle", lines_eo);
                    end
                end
                start_e = 1'b1; op_e = op[1:0]; a_e = a; b_e = b;
                cyc = 1;
                while (!done_e && cyc < 100) begin
                    @(negedge clk);
                    start_e = 1'b0; op_e = $random; a_e = $random; b_e = $random;
                    cyc = cyc + 1;
                end
                if (cyc != le || res_e !== res) begin
                    fails = fails + 1;
                    if (fails < 20)
                        $display("early-out line %0d: op %0d %h, %h: result %h L %0d, want %h L %0d",
                                 lines_eo, op, a, b, res_e, cyc, res, le);
                end
            end
        end
        $fclose(fd);
        end_eo = 1'b1;
    end

    initial begin
        wait (end_fix && end_eo);
        if (lines_fix != lines_eo) fails = fails + 1;
        $display("RESULT vectors=%0d fails=%0d", lines_fix, fails);
        $finish;
    end
endmodule
