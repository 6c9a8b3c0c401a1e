// xdasip address unit (isa/dasip/README.md).
//   step-5: addr = base + 8*(5*index + imm) + 4*high
//   mod-5:  addr = base + 8*((index + imm) mod 5) + 4*high, the sum a 32-bit signed value,
//           mod 5 Euclidean (0..4). 16 = 1 (mod 5), so u mod 5 = (sum of the 8 nibbles of u)
//           mod 5, and 2^32 = 1 (mod 5), so a negative sum adds 4 (= -1).
// imm_i: lane offset, 6-bit two's complement (pairs pass their 3-bit offset zero-extended).
module dasip_agu (
    input  wire [31:0] base_i,
    input  wire [31:0] index_i,
    input  wire [5:0]  imm_i,
    input  wire        m5_i,
    input  wire        high_i,
    output wire [31:0] addr_o
);
    wire [31:0] imm_x = {{26{imm_i[5]}}, imm_i};
    wire [31:0] off5  = ((index_i << 2) + index_i + imm_x) << 3;
    wire [31:0] sum   = index_i + imm_x;

    // mod-5 of sum
    wire [6:0] nib = {3'd0, sum[3:0]} + {3'd0, sum[7:4]} + {3'd0, sum[11:8]}
                   + {3'd0, sum[15:12]} + {3'd0, sum[19:16]} + {3'd0, sum[23:20]}
                   + {3'd0, sum[27:24]} + {3'd0, sum[31:28]} + {4'd0, sum[31], 2'd0};
    wire [4:0] fold = {2'd0, nib[6:4]} + {1'd0, nib[3:0]};   // <= 7 + 15 = 22
    reg  [2:0] m;
    always @(*) begin
        if (fold >= 5'd20)      m = fold[2:0] - 3'd4;        // 20..22 -> 0..2
        else if (fold >= 5'd15) m = fold[2:0] - 3'd7;        // 15..19 -> 0..4 (mod 8)
        else if (fold >= 5'd10) m = fold[2:0] - 3'd2;        // 10..14 -> 0..4
        else if (fold >= 5'd5)  m = fold[2:0] - 3'd5;        // 5..9   -> 0..4
        else                    m = fold[2:0];
    end

    wire [31:0] off = m5_i ? {26'd0, m, 3'b000} : off5;
    assign addr_o = base_i + off + {29'd0, high_i, 2'b00};
endmodule
