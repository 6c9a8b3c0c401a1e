// xvkeccak_dp: the 128-bit beat datapath of the xvkeccak unit (isa/xvkeccak/src/lib.rs):
// per beat two lanes of each step, for every lane width w = 8 << lw_i (Keccak-p[200] ..
// Keccak-p[1600]; lanes sit in the low w bits, outputs are masked to w bits):
//   theta's D:           d = cm ^ rotl(cp, 1)                (d_lane)
//   theta applied + rho: r = rotl(a ^ da, rho[l] mod w)      (rho_lane)
//   chi (+ iota):        c = b0 ^ (~b1 & b2), lane 0 ^ RC     (chi_lane, rc)
// vktheta streams the state's registers through the column-parity XORs and then two D
// lanes a beat; vkround two gathered lanes a beat through rho into the plane buffer, then
// two chi lanes a beat out of it. Tested against the Rust functions d_lane, rho_lane,
// chi_lane and rc (isa/xvkeccak/tests/rtl.rs).
module xvkeccak_dp (
    input  wire [1:0]  lw_i,    // log2(w / 8)
    input  wire [63:0] cm0_i,   // C[x-1] of D lane 0
    input  wire [63:0] cp0_i,   // C[x+1] of D lane 0
    input  wire [63:0] cm1_i,   // C[x-1] of D lane 1
    input  wire [63:0] cp1_i,   // C[x+1] of D lane 1
    output wire [63:0] d0_o,
    output wire [63:0] d1_o,
    input  wire [4:0]  l0_i,    // lane index x + 5y of source lane 0 (rho offset)
    input  wire [4:0]  l1_i,    // lane index of source lane 1
    input  wire [63:0] a0_i,    // source lane 0
    input  wire [63:0] da0_i,   // D[x] of source lane 0
    input  wire [63:0] a1_i,
    input  wire [63:0] da1_i,
    output wire [63:0] r0_o,
    output wire [63:0] r1_o,
    input  wire [63:0] b0_i,    // B[X], B[X+1], B[X+2], B[X+3] of the plane buffer
    input  wire [63:0] b1_i,
    input  wire [63:0] b2_i,
    input  wire [63:0] b3_i,
    input  wire        iota_i,  // output lane 0 takes the round constant
    input  wire [4:0]  idx_i,   // round-constant index
    output wire [63:0] c0_o,    // chi lane X
    output wire [63:0] c1_o     // chi lane X+1
);
    wire [63:0] m = (lw_i == 2'd0) ? 64'h00000000000000ff :
                    (lw_i == 2'd1) ? 64'h000000000000ffff :
                    (lw_i == 2'd2) ? 64'h00000000ffffffff : 64'hffffffffffffffff;

    // rotl of the low w bits by n mod w (the upper half of the doubled lane shifted left)
    /* verilator lint_off UNUSEDSIGNAL */
    function [63:0] rotw(input [63:0] v, input [5:0] n, input [1:0] lw);
        reg [15:0]  t8;
        reg [31:0]  t16;
        reg [63:0]  t32;
        reg [127:0] t64;
        begin
            t8  = {v[7:0], v[7:0]} << n[2:0];
            t16 = {v[15:0], v[15:0]} << n[3:0];
            t32 = {v[31:0], v[31:0]} << n[4:0];
            t64 = {v, v} << n;
            case (lw)
                2'd0: rotw = {56'd0, t8[15:8]};
                2'd1: rotw = {48'd0, t16[31:16]};
                2'd2: rotw = {32'd0, t32[63:32]};
                default: rotw = t64[127:64];
            endcase
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */

    // rho offsets at w = 64 (FIPS 202); mod w is the low log2(w) bits
    function [5:0] rho(input [4:0] l);
        case (l)
            5'd0: rho = 6'd0;    5'd1: rho = 6'd1;    5'd2: rho = 6'd62;   5'd3: rho = 6'd28;
            5'd4: rho = 6'd27;   5'd5: rho = 6'd36;   5'd6: rho = 6'd44;   5'd7: rho = 6'd6;
            5'd8: rho = 6'd55;   5'd9: rho = 6'd20;   5'd10: rho = 6'd3;   5'd11: rho = 6'd10;
            5'd12: rho = 6'd43;  5'd13: rho = 6'd25;  5'd14: rho = 6'd39;  5'd15: rho = 6'd41;
            5'd16: rho = 6'd45;  5'd17: rho = 6'd15;  5'd18: rho = 6'd21;  5'd19: rho = 6'd8;
            5'd20: rho = 6'd18;  5'd21: rho = 6'd2;   5'd22: rho = 6'd61;  5'd23: rho = 6'd56;
            5'd24: rho = 6'd14;  default: rho = 6'd0;
        endcase
    endfunction

    // round constants 0..31: bit j of the 7-bit entry is bit 2^j - 1 of the constant
    function [6:0] rc7(input [4:0] i);
        case (i)
            5'd0: rc7 = 7'h01;   5'd1: rc7 = 7'h1a;   5'd2: rc7 = 7'h5e;   5'd3: rc7 = 7'h70;
            5'd4: rc7 = 7'h1f;   5'd5: rc7 = 7'h21;   5'd6: rc7 = 7'h79;   5'd7: rc7 = 7'h55;
            5'd8: rc7 = 7'h0e;   5'd9: rc7 = 7'h0c;   5'd10: rc7 = 7'h35;  5'd11: rc7 = 7'h26;
            5'd12: rc7 = 7'h3f;  5'd13: rc7 = 7'h4f;  5'd14: rc7 = 7'h5d;  5'd15: rc7 = 7'h53;
            5'd16: rc7 = 7'h52;  5'd17: rc7 = 7'h48;  5'd18: rc7 = 7'h16;  5'd19: rc7 = 7'h66;
            5'd20: rc7 = 7'h79;  5'd21: rc7 = 7'h58;  5'd22: rc7 = 7'h21;  5'd23: rc7 = 7'h74;
            5'd24: rc7 = 7'h7a;  5'd25: rc7 = 7'h76;  5'd26: rc7 = 7'h43;  5'd27: rc7 = 7'h65;
            5'd28: rc7 = 7'h5a;  5'd29: rc7 = 7'h15;  5'd30: rc7 = 7'h48;  default: rc7 = 7'h1b;
        endcase
    endfunction

    wire [6:0]  k  = rc7(idx_i);
    wire [63:0] rc = {k[6], 31'd0, k[5], 15'd0, k[4], 7'd0, k[3], 3'd0, k[2], 1'b0, k[1], k[0]};

    assign d0_o = (cm0_i ^ rotw(cp0_i, 6'd1, lw_i)) & m;
    assign d1_o = (cm1_i ^ rotw(cp1_i, 6'd1, lw_i)) & m;
    assign r0_o = rotw(a0_i ^ da0_i, rho(l0_i), lw_i);
    assign r1_o = rotw(a1_i ^ da1_i, rho(l1_i), lw_i);
    assign c0_o = (b0_i ^ (~b1_i & b2_i) ^ (iota_i ? rc : 64'd0)) & m;
    assign c1_o = (b1_i ^ (~b2_i & b3_i)) & m;
endmodule
