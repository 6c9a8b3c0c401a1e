// Compares dasip_logic and dasip_agu with vectors written by the Rust model
// (isa/dasip/tests/rtl.rs). Plusargs: +logic=<file> +agu=<file> +nl=<n> +na=<n>.
`timescale 1ns/1ps
module tb_units;
    localparam MAXV = 8192;
    reg [271:0] lv [0:MAXV-1];
    reg [111:0] av [0:MAXV-1];
    reg [1:0]  op;
    reg [5:0]  amt;
    reg [63:0] d, s0, s1, want;
    wire [63:0] res;
    reg [31:0] base, index, wanta;
    reg [5:0]  imm;
    reg        m5, high;
    wire [31:0] addr;
    integer nl, na, i, errors;
    reg [1023:0] lf, af;

    dasip_logic u_l (.op_i(op), .d_i(d), .s0_i(s0), .s1_i(s1), .amt_i(amt), .res_o(res));
    dasip_agu u_a (.base_i(base), .index_i(index), .imm_i(imm), .m5_i(m5), .high_i(high),
                   .addr_o(addr));

    initial begin
        errors = 0;
        if (!$value$plusargs("logic=%s", lf) || !$value$plusargs("agu=%s", af) ||
            !$value$plusargs("nl=%d", nl) || !$value$plusargs("na=%d", na)) begin
            $display("FAIL missing plusargs");
            $finish;
        end
        $readmemh(lf, lv);
        $readmemh(af, av);
        for (i = 0; i < nl; i = i + 1) begin
            {op, amt, d, s0, s1, want} = {lv[i][265:264], lv[i][261:256], lv[i][255:0]};
            #1;
            if (res !== want) begin
                errors = errors + 1;
                if (errors < 10)
                    $display("MISMATCH logic %0d op=%0d amt=%0d got=%h want=%h", i, op, amt, res, want);
            end
        end
        for (i = 0; i < na; i = i + 1) begin
            {m5, high} = av[i][105:104];
            imm = av[i][101:96];
            {base, index, wanta} = av[i][95:0];
            #1;
            if (addr !== wanta) begin
                errors = errors + 1;
                if (errors < 10)
                    $display("MISMATCH agu %0d m5=%0d base=%h index=%h imm=%0d got=%h want=%h",
                             i, m5, base, index, imm, addr, wanta);
            end
        end
        if (errors == 0) $display("PASS %0d logic %0d agu", nl, na);
        else $display("FAIL %0d errors", errors);
        $finish;
    end
endmodule
