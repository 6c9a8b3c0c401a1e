// Keccak-f[1600] rho, pi, chi and iota steps (FIPS 202, 3.2.2-3.2.5).
// rc_i is the full 64-bit round constant; only bits 0,1,3,7,15,31,63 can be non-zero,
// synthesis removes the XORs of constant-zero bits.
module keccak_rpci (
  input  wire [1599:0] state_i,
  input  wire [63:0]   rc_i,
  output wire [1599:0] state_o
);
  // rho offsets r[x][y], index x+5*y
  function integer rho_off;
    input integer i;
    begin
      case (i)
        0: rho_off = 0;   1: rho_off = 1;   2: rho_off = 62;  3: rho_off = 28;  4: rho_off = 27;
        5: rho_off = 36;  6: rho_off = 44;  7: rho_off = 6;   8: rho_off = 55;  9: rho_off = 20;
        10: rho_off = 3;  11: rho_off = 10; 12: rho_off = 43; 13: rho_off = 25; 14: rho_off = 39;
        15: rho_off = 41; 16: rho_off = 45; 17: rho_off = 15; 18: rho_off = 21; 19: rho_off = 8;
        20: rho_off = 18; 21: rho_off = 2;  22: rho_off = 61; 23: rho_off = 56; default: rho_off = 14;
      endcase
    end
  endfunction

  wire [1599:0] b;     // after rho and pi
  wire [1599:0] chi;
  genvar x, y;
  generate
    for (y = 0; y < 5; y = y + 1) begin : g_py
      for (x = 0; x < 5; x = x + 1) begin : g_px
        // pi: B[y][2x+3y] = rot(A[x][y], r[x][y])
        localparam integer R   = rho_off(x + 5*y);
        localparam integer DST = y + 5*((2*x + 3*y) % 5);
        if (R == 0) begin : g_r0
          assign b[64*DST +: 64] = state_i[64*(x+5*y) +: 64];
        end else begin : g_rn
          assign b[64*DST +: 64] = {state_i[64*(x+5*y) +: (64-R)], state_i[64*(x+5*y) + 64 - R +: R]};
        end
      end
    end
    for (y = 0; y < 5; y = y + 1) begin : g_cy
      for (x = 0; x < 5; x = x + 1) begin : g_cx
        assign chi[64*(x+5*y) +: 64] = b[64*(x+5*y) +: 64] ^
            (~b[64*(((x+1)%5)+5*y) +: 64] & b[64*(((x+2)%5)+5*y) +: 64]);
      end
    end
  endgenerate

  assign state_o = {chi[1599:64], chi[63:0] ^ rc_i};
endmodule
