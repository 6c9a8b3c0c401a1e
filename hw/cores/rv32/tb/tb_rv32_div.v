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
    integer       fails = 0;
    integer       lines [0:1];    // vectors replayed per divider (0 fixed, 1 early-out)
    reg   [1:0]   ended = 2'b00;

    initial begin
        if (!$value$plusargs("vec=%s", path)) begin
            $display("ERROR: no +vec=<file>");
            $finish;
        end
        #7 rst_n = 1'b1;
    end

    // one divider per EARLY_OUT value, each with its own driver reading the file on its own
    genvar g;
    generate
        for (g = 0; g < 2; g = g + 1) begin : g_div
            reg         start = 1'b0;
            reg  [1:0]  op_q = 2'd0;
            reg  [31:0] a_q = 32'd0, b_q = 32'd0;
            wire        done;
            wire [31:0] res_o;

            rv32_div #(.EARLY_OUT(g)) u_div (.clk_i(clk), .rst_ni(rst_n), .start_i(start),
                .op_i(op_q), .a_i(a_q), .b_i(b_q), .done_o(done), .result_o(res_o));

            initial begin : drive
                integer fd, n, cyc, k;
                reg [31:0] gap, op, a, b, res, lf, le, want;
                lines[g] = 0;
                @(posedge rst_n);
                fd = $fopen(path, "r");
                if (fd == 0) begin
                    $display("ERROR: cannot open vectors");
                    $finish;
                end
                while (!$feof(fd)) begin
                    n = $fscanf(fd, "%h %h %h %h %h %h %h\n", gap, op, a, b, res, lf, le);
                    if (n == 7) begin
                        lines[g] = lines[g] + 1;
                        want = g ? le : lf;
                        for (k = 0; k <= gap; k = k + 1) begin
                            @(negedge clk);
                            if (done) begin
                                fails = fails + 1;
                                if (fails < 20)
                                    $display("EARLY_OUT=%0d line %0d: done_o high while idle",
                                             g, lines[g]);
                            end
                        end
                        start = 1'b1; op_q = op[1:0]; a_q = a; b_q = b;
                        cyc = 1;
                        while (!done && cyc < 100) begin
                            @(negedge clk);
                            start = 1'b0; op_q = $random; a_q = $random; b_q = $random;
                            cyc = cyc + 1;
                        end
                        if (cyc != want || res_o !== res) begin
                            fails = fails + 1;
                            if (fails < 20)
                                $display("EARLY_OUT=%0d line %0d: op %0d %h, %h: result %h L %0d, want %h L %0d",
                                         g, lines[g], op, a, b, res_o, cyc, res, want);
                        end
                    end
                end
                $fclose(fd);
                ended[g] = 1'b1;
            end
        end
    endgenerate

    initial begin
        wait (ended == 2'b11);
        if (lines[0] != lines[1]) fails = fails + 1;
        $display("RESULT vectors=%0d fails=%0d", lines[0], fails);
        $finish;
    end
endmodule
