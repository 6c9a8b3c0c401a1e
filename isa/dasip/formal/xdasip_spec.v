// xdasip_spec_addr: the addressing of xdasip's loads and stores for the riscv-formal
// instruction models of this folder (docs/formal.md), written from the specification
// (isa/dasip/README.md "Encodings"; s5_addr/m5_addr in src/lib.rs), not from the RTL:
//   S5 = base + 8*(5*index + imm)
//   M5 = base + 8*((index + imm) mod 5), the sum a 32-bit signed value, mod Euclidean (0..4)
// plus 4 for the high word; every sum modulo 2^32.
module xdasip_spec_addr #(
    parameter M5 = 0,
    parameter HI = 0
) (
    input  [31:0] base,
    input  [31:0] index,
    input  [31:0] imm,
    output [31:0] addr
);
    wire [31:0] lane_s5 = index * 32'd5 + imm;
    // (index + imm) mod 5, Euclidean, of the signed 32-bit sum. 16 = 1 (mod 5), so an
    // unsigned u is congruent to the sum of its eight nibbles, and the signed value
    // u - 2^32*u[31] to that sum + 4*u[31] (2^32 = 1); that sum is below 125, so the model's
    // remainder is of a 7-bit value. Written as ($signed(u) % 5 + 5) % 5, or with the four
    // bytes (256 = 1) for the nibbles, Yices gave no answer within 10-15 minutes: a
    // remainder of 32 or 11 bits against the unit's circuit (docs/formal.md).
    wire [31:0] u = index + imm;
    wire [6:0]  t = {3'd0, u[3:0]} + {3'd0, u[7:4]} + {3'd0, u[11:8]} + {3'd0, u[15:12]} +
                    {3'd0, u[19:16]} + {3'd0, u[23:20]} + {3'd0, u[27:24]} + {3'd0, u[31:28]} +
                    {4'd0, u[31], 2'b00};
    wire [31:0] lane_m5 = {29'd0, t % 7'd5};
    assign addr = base + ((M5 ? lane_m5 : lane_s5) << 3) + (HI ? 32'd4 : 32'd0);
endmodule
