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
    wire [6:0]  inv = 7'd64 - {1'b0, amt_i};
    wire [63:0] rot = (s0_i << amt_i) | (s0_i >> inv);   // >> 64 gives 0 (amt 0)

    always @(*) begin
        case (op_i)
            2'd0:    res_o = s0_i ^ s1_i;
            2'd1:    res_o = rot;
            2'd2:    res_o = s0_i;
            default: res_o = d_i ^ (~s0_i & s1_i);
        endcase
    end
endmodule
