// oasip_hmask: hmask rd, rs1 = (rs1 >> 1) mod 64 (seed 001, Tables 2-3): the rho offset
// (t+1)(t+2)/2 mod 64 from n = (t+1)(t+2). Wiring only: the port takes rs1[6:1].
module oasip_hmask (
    input  wire [6:1] a_i,
    output wire [5:0]  rd_o
);
    assign rd_o = a_i;
endmodule
