// For keccak_core_np's idle passes (keccak_theta_g.v).
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
