// oasip_lfsr: one step of the round-constant LFSR x^8 + x^6 + x^5 + x^4 + 1:
// rd = ((rs1 << 1) ^ (rs1[7] ? 8'h71 : 8'h00)) & 8'hff (seed 001, Table 1; feedback 0x71).
module oasip_lfsr (
    input  wire [7:0] a_i,
    output wire [7:0] rd_o
);
    assign rd_o = {a_i[6:0], 1'b0} ^ (a_i[7] ? 8'h71 : 8'h00);
endmodule
