// Keccak-f[1600] round steps that can be switched off (for keccak_core_np's idle passes):
// with run_i low, theta and chi are the identity, so that the round is rho-pi (a wiring)
// plus iota (the core gives an idle pass a zero round constant).
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
