// What the extension units' testbenches (isa/*/rtl/tb) share, included inside the
// testbench module: the vector file written by the extension's tests from the Rust model
// (+vec=<file>) and the count of mismatches, of which the first nine are printed.
//   open_vectors           fd: the +vec file opened for $fscanf (no file: the run stops)
//   `TB_READ_VECTORS(v, W) $readmemh of the +vec file into v[0:MAXV-1] (W bits a line);
//                          the lines after the last vector stay all x
//   `TB_FAIL((fmt, ...))   one mismatch: counted in fails, printed while fails < 10
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
