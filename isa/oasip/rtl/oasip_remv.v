// oasip_remv: remv rd, rs1, imm (seed 001, Table 2).
// tmp = a + imm; for tmp in [-9, 9]: rd = tmp mod 5 in [0, 4]; otherwise err_o = 1
// (the core raises an illegal-instruction exception, as the simulator does).
// Implementation: u = tmp + 9 is in [0, 18] exactly when tmp is in range (unsigned
// compare), and tmp mod 5 = (u + 1) mod 5, a 19-entry table on u[4:0].
module oasip_remv (
    input  wire [31:0] a_i,
    input  wire [11:0] imm_i,
    output reg  [2:0]  rd_o,
    output wire        err_o
);
    wire [31:0] u = a_i + {{20{imm_i[11]}}, imm_i} + 32'd9;

    assign err_o = (u > 32'd18);

    always @(*) begin
        case (u[4:0])
            5'd0, 5'd5, 5'd10, 5'd15: rd_o = 3'd1;
            5'd1, 5'd6, 5'd11, 5'd16: rd_o = 3'd2;
            5'd2, 5'd7, 5'd12, 5'd17: rd_o = 3'd3;
            5'd3, 5'd8, 5'd13, 5'd18: rd_o = 3'd4;
            default:                  rd_o = 3'd0;
        endcase
    end
endmodule
