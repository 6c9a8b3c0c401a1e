// xkeccak_dp: the combinational datapath of the xkeccak unit (isa/xkeccak/src/lib.rs):
// the lane tables (row, pi destination, rho offset, chi's two other sources, from the
// lane index), theta + rho of one lane (ktrp) and chi + iota of one lane (kchi), with the
// round constant table (indices 0..31; bit j of the 7-bit entry is bit 2^j - 1 of the
// constant). Tested against the Rust functions trp, chi, rc, pi_dest, rho, chi_sources
// (isa/xkeccak/tests/rtl.rs).
module xkeccak_dp (
    input  wire [4:0]  lane_i,   // lane x + 5y, 0..24
    input  wire [4:0]  round_i,  // round-constant index
    input  wire [63:0] a_i,      // ktrp: A[lane]
    input  wire [63:0] r4_i,     // ktrp: ring R4 = C[x-1]
    input  wire [63:0] r1_i,     // ktrp: ring R1 = C[x+1]
    input  wire [63:0] b0_i,     // kchi: B[x, y]
    input  wire [63:0] b1_i,     // kchi: B[x+1, y]
    input  wire [63:0] b2_i,     // kchi: B[x+2, y]
    output wire [2:0]  row_o,    // y
    output wire [4:0]  pi_o,     // pi destination y + 5((2x + 3y) mod 5)
    output wire [4:0]  s1_o,     // lane (x+1, y)
    output wire [4:0]  s2_o,     // lane (x+2, y)
    output wire [63:0] trp_o,    // rotl(a ^ r4 ^ rotl(r1, 1), rho(lane))
    output wire [63:0] chi_o     // b0 ^ (~b1 & b2), ^ RC[round] on lane 0
);
    reg [23:0] t;  // {row, pi, rho, s1, s2}
    always @(*) begin
        case (lane_i)
            5'd0: t = {3'd0, 5'd0, 6'd0, 5'd1, 5'd2};
            5'd1: t = {3'd0, 5'd10, 6'd1, 5'd2, 5'd3};
            5'd2: t = {3'd0, 5'd20, 6'd62, 5'd3, 5'd4};
            5'd3: t = {3'd0, 5'd5, 6'd28, 5'd4, 5'd0};
            5'd4: t = {3'd0, 5'd15, 6'd27, 5'd0, 5'd1};
            5'd5: t = {3'd1, 5'd16, 6'd36, 5'd6, 5'd7};
            5'd6: t = {3'd1, 5'd1, 6'd44, 5'd7, 5'd8};
            5'd7: t = {3'd1, 5'd11, 6'd6, 5'd8, 5'd9};
            5'd8: t = {3'd1, 5'd21, 6'd55, 5'd9, 5'd5};
            5'd9: t = {3'd1, 5'd6, 6'd20, 5'd5, 5'd6};
            5'd10: t = {3'd2, 5'd7, 6'd3, 5'd11, 5'd12};
            5'd11: t = {3'd2, 5'd17, 6'd10, 5'd12, 5'd13};
            5'd12: t = {3'd2, 5'd2, 6'd43, 5'd13, 5'd14};
            5'd13: t = {3'd2, 5'd12, 6'd25, 5'd14, 5'd10};
            5'd14: t = {3'd2, 5'd22, 6'd39, 5'd10, 5'd11};
            5'd15: t = {3'd3, 5'd23, 6'd41, 5'd16, 5'd17};
            5'd16: t = {3'd3, 5'd8, 6'd45, 5'd17, 5'd18};
            5'd17: t = {3'd3, 5'd18, 6'd15, 5'd18, 5'd19};
            5'd18: t = {3'd3, 5'd3, 6'd21, 5'd19, 5'd15};
            5'd19: t = {3'd3, 5'd13, 6'd8, 5'd15, 5'd16};
            5'd20: t = {3'd4, 5'd14, 6'd18, 5'd21, 5'd22};
            5'd21: t = {3'd4, 5'd24, 6'd2, 5'd22, 5'd23};
            5'd22: t = {3'd4, 5'd9, 6'd61, 5'd23, 5'd24};
            5'd23: t = {3'd4, 5'd19, 6'd56, 5'd24, 5'd20};
            5'd24: t = {3'd4, 5'd4, 6'd14, 5'd20, 5'd21};
            default: t = 24'd0;
        endcase
    end
    wire [5:0] rho = t[15:10];
    assign row_o = t[23:21];
    assign pi_o  = t[20:16];
    assign s1_o  = t[9:5];
    assign s2_o  = t[4:0];

    reg [6:0] rc7;
    always @(*) begin
        case (round_i)
            5'd0: rc7 = 7'b0000001;
            5'd1: rc7 = 7'b0011010;
            5'd2: rc7 = 7'b1011110;
            5'd3: rc7 = 7'b1110000;
            5'd4: rc7 = 7'b0011111;
            5'd5: rc7 = 7'b0100001;
            5'd6: rc7 = 7'b1111001;
            5'd7: rc7 = 7'b1010101;
            5'd8: rc7 = 7'b0001110;
            5'd9: rc7 = 7'b0001100;
            5'd10: rc7 = 7'b0110101;
            5'd11: rc7 = 7'b0100110;
            5'd12: rc7 = 7'b0111111;
            5'd13: rc7 = 7'b1001111;
            5'd14: rc7 = 7'b1011101;
            5'd15: rc7 = 7'b1010011;
            5'd16: rc7 = 7'b1010010;
            5'd17: rc7 = 7'b1001000;
            5'd18: rc7 = 7'b0010110;
            5'd19: rc7 = 7'b1100110;
            5'd20: rc7 = 7'b1111001;
            5'd21: rc7 = 7'b1011000;
            5'd22: rc7 = 7'b0100001;
            5'd23: rc7 = 7'b1110100;
            5'd24: rc7 = 7'b1111010;
            5'd25: rc7 = 7'b1110110;
            5'd26: rc7 = 7'b1000011;
            5'd27: rc7 = 7'b1100101;
            5'd28: rc7 = 7'b1011010;
            5'd29: rc7 = 7'b0010101;
            5'd30: rc7 = 7'b1001000;
            5'd31: rc7 = 7'b0011011;
            default: rc7 = 7'd0;
        endcase
    end
    wire [63:0] rc = {rc7[6], 31'd0, rc7[5], 15'd0, rc7[4], 7'd0, rc7[3], 3'd0, rc7[2], 1'b0,
                      rc7[1], rc7[0]};

    wire [63:0]  th  = a_i ^ r4_i ^ {r1_i[62:0], r1_i[63]};
    // rotl by rho (a shift by 64 is 0 in Verilog: rho = 0 gives th)
    assign trp_o = (th << rho) | (th >> (7'd64 - {1'b0, rho}));
    assign chi_o = b0_i ^ (~b1_i & b2_i) ^ ((lane_i == 5'd0) ? rc : 64'd0);
endmodule
