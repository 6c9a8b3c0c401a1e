// Keccak-f[1600] round steps that can be switched off (for keccak_core_np's idle passes):
// with run_i low, theta and chi are the identity, so that the round is rho-pi (a wiring)
// plus iota (the core gives an idle pass a zero round constant).

/* verilator lint_off DECLFILENAME */
// theta with its column parities gated: run_i low (25 copies of one flag) gives C = 0, so
// D = 0 and the output is the input. Column x's parity bits 13*j .. 13*j+12 take copy
// run_i[x+5*j]: no copy drives more than 13 gates (the flag's path is then no longer than
// the parity's own)
module keccak_theta_g (
  input  wire [1599:0] state_i,
  input  wire [24:0]   run_i,
  output wire [1599:0] state_o
);
  wire [319:0] c;
  wire [319:0] d;
  genvar x, y, z;
  generate
    for (x = 0; x < 5; x = x + 1) begin : g_col
      for (z = 0; z < 64; z = z + 1) begin : g_z
        assign c[64*x + z] = run_i[x + 5*(z/13)] &
                             (state_i[64*(x+0) + z]  ^ state_i[64*(x+5) + z] ^
                              state_i[64*(x+10) + z] ^ state_i[64*(x+15) + z] ^
                              state_i[64*(x+20) + z]);
      end
    end
    for (x = 0; x < 5; x = x + 1) begin : g_d
      assign d[64*x +: 64] = c[64*((x+4)%5) +: 64] ^
                             {c[64*((x+1)%5) +: 63], c[64*((x+1)%5) + 63]};
    end
    for (y = 0; y < 5; y = y + 1) begin : g_y
      for (x = 0; x < 5; x = x + 1) begin : g_x
        assign state_o[64*(x+5*y) +: 64] = state_i[64*(x+5*y) +: 64] ^ d[64*x +: 64];
      end
    end
  endgenerate
endmodule

// rho, pi, chi (gated: run_i[lane] low gives chi = identity on that output lane) and iota
module keccak_rpci_g (
  input  wire [1599:0] state_i,
  input  wire [63:0]   rc_i,
  input  wire [24:0]   run_i,
  output wire [1599:0] state_o
);
  wire [1599:0] b;
  wire [1599:0] chi;
  genvar x, y;
  generate
    for (y = 0; y < 5; y = y + 1) begin : g_py
      for (x = 0; x < 5; x = x + 1) begin : g_px
        localparam integer R   = keccak_rho_off(x + 5*y);
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
        assign chi[64*(x+5*y) +: 64] = b[64*(x+5*y) +: 64] ^ ({64{run_i[x+5*y]}} &
            ~b[64*(((x+1)%5)+5*y) +: 64] & b[64*(((x+2)%5)+5*y) +: 64]);
      end
    end
  endgenerate
  assign state_o = {chi[1599:64], chi[63:0] ^ rc_i};

  function integer keccak_rho_off;
    input integer i;
    begin
      case (i)
        0: keccak_rho_off = 0;   1: keccak_rho_off = 1;   2: keccak_rho_off = 62;  3: keccak_rho_off = 28;
        4: keccak_rho_off = 27;  5: keccak_rho_off = 36;  6: keccak_rho_off = 44;  7: keccak_rho_off = 6;
        8: keccak_rho_off = 55;  9: keccak_rho_off = 20;  10: keccak_rho_off = 3;  11: keccak_rho_off = 10;
        12: keccak_rho_off = 43; 13: keccak_rho_off = 25; 14: keccak_rho_off = 39; 15: keccak_rho_off = 41;
        16: keccak_rho_off = 45; 17: keccak_rho_off = 15; 18: keccak_rho_off = 21; 19: keccak_rho_off = 8;
        20: keccak_rho_off = 18; 21: keccak_rho_off = 2;  22: keccak_rho_off = 61; 23: keccak_rho_off = 56;
        default: keccak_rho_off = 14;
      endcase
    end
  endfunction
endmodule

// the inverse of rho-pi (a wiring): A[x][y] = rotr(B[y][2x+3y], r[x][y])
module keccak_rhopi_inv (
  input  wire [1599:0] state_i,
  output wire [1599:0] state_o
);
  genvar x, y;
  generate
    for (y = 0; y < 5; y = y + 1) begin : g_y
      for (x = 0; x < 5; x = x + 1) begin : g_x
        localparam integer R   = rho_off(x + 5*y);
        localparam integer SRC = y + 5*((2*x + 3*y) % 5);
        if (R == 0) begin : g_r0
          assign state_o[64*(x+5*y) +: 64] = state_i[64*SRC +: 64];
        end else begin : g_rn
          // b = rotl(a, R) = {a[63-R:0], a[63:64-R]}, so a = rotr(b, R) = {b[R-1:0], b[63:R]}
          assign state_o[64*(x+5*y) +: 64] = {state_i[64*SRC +: R], state_i[64*SRC + R +: (64-R)]};
        end
      end
    end
  endgenerate

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
endmodule
