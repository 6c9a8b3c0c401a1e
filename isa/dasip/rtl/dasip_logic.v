// xdasip 64-bit logic unit and rotator (isa/dasip/README.md).
// op_i: 0 xor64 (s0 ^ s1), 1 rotl64 (rotl(s0, amt mod 64)), 2 mvar (s0),
//       3 nandxor64 (d ^ (~s0 & s1)).
module dasip_logic (
    input  wire [1:0]  op_i,
    input  wire [63:0] d_i,
    input  wire [63:0] s0_i,
    input  wire [63:0] s1_i,
    input  wire [5:0]  amt_i,
    output reg  [63:0] res_o
);
    // barrel rotator: six stages of 64 2:1 multiplexers
    wire [63:0] r0 = amt_i[0] ? {s0_i[62:0], s0_i[63]}    : s0_i;
    wire [63:0] r1 = amt_i[1] ? {r0[61:0], r0[63:62]}     : r0;
    wire [63:0] r2 = amt_i[2] ? {r1[59:0], r1[63:60]}     : r1;
    wire [63:0] r3 = amt_i[3] ? {r2[55:0], r2[63:56]}     : r2;
    wire [63:0] r4 = amt_i[4] ? {r3[47:0], r3[63:48]}     : r3;
    wire [63:0] rot = amt_i[5] ? {r4[31:0], r4[63:32]}    : r4;

    always @(*) begin
        case (op_i)
            2'd0:    res_o = s0_i ^ s1_i;
            2'd1:    res_o = rot;
            2'd2:    res_o = s0_i;
            default: res_o = d_i ^ (~s0_i & s1_i);
        endcase
    end
endmodule
