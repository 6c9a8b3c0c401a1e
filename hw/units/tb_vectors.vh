// What the extension units' testbenches (isa/*/rtl/tb) share, included inside the
// testbench module: the vector file written by the extension's tests from the Rust model
// (+vec=<file>) and the count of mismatches, of which the first nine are printed.
//   open_vectors           fd: the +vec file opened for $fscanf (no file: the run stops)
//   `TB_READ_VECTORS(v, W) $readmemh of the +vec file into v[0:MAXV-1] (W bits a line);
//                          the lines after the last vector stay all x
//   `TB_FAIL((fmt, ...))   one mismatch: counted in fails, printed while fails < 10
//   `TB_REPLAY(N)          the run of a clocked unit's testbench (below)
// A clocked unit's testbench (clk, rst_n, integers lines and checks, and these tasks of its
// own) ends with `TB_REPLAY(N): one reset cycle, then each line of the +vec file replayed in
// one 10-unit clock cycle, then RESULT vectors=<lines> checks=<checks> fails=<fails>.
//   read_line(got)   $fscanf of one line into the inputs and expected values (got: the
//                    fields read; the line is replayed when got == N)
//   check_before     1 after the line's inputs: what the unit gives before the clock
//                    (counted in checks)
//   check_after      1 after the rising edge: the unit's state
integer fd, fails;
reg [1023:0] vec_path;

task open_vectors;
    begin
        if (!$value$plusargs("vec=%s", vec_path)) begin
            $display("ERROR: no +vec=<file>");
            $finish;
        end
        fd = $fopen(vec_path, "r");
        if (fd == 0) begin
            $display("ERROR: cannot open vectors");
            $finish;
        end
    end
endtask

`define TB_READ_VECTORS(v, W) \
    for (i = 0; i < MAXV; i = i + 1) v[i] = {W{1'bx}}; \
    if (!$value$plusargs("vec=%s", vec_path)) begin \
        $display("RESULT vectors=0 fails=1 (no +vec)"); \
        $finish; \
    end \
    $readmemh(vec_path, v);

`define TB_FAIL(msg) begin fails = fails + 1; if (fails < 10) $display msg; end

`define TB_REPLAY(N) \
    integer got; \
    initial begin \
        open_vectors; \
        #5 clk = 1; #5 clk = 0; \
        rst_n = 1; \
        lines = 0; fails = 0; checks = 0; \
        while (!$feof(fd)) begin \
            read_line(got); \
            if (got == N) begin \
                #1 check_before; \
                #4 clk = 1; \
                #1 check_after; \
                #4 clk = 0; \
                lines = lines + 1; \
            end \
        end \
        $display("RESULT vectors=%0d checks=%0d fails=%0d", lines, checks, fails); \
        $finish; \
    end
