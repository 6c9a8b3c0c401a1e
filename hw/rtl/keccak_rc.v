// Keccak-f[1600] round-constant generator, three interchangeable implementations
// selected by MODE:
//   0 "cbyte": the compressed one-byte-per-round table of seed 004, Table I.
//      Byte bit -> lane bit mapping (found from the printed table, see hw/README.md):
//      b0->0, b1->1, b3->3, b4->7, b5->15, b6->31, b7->63; byte bit 2 is always 0.
//   1 "lfsr": on-the-fly LFSR x^8+x^6+x^5+x^4+1 (FIPS 202 rc(t)); seven steps per
//      round, the 8-bit LFSR state travels with the message (lfsr_i -> lfsr_o).
//   2 "full": the 24 full 64-bit constants.
module keccak_rc #(
  parameter integer MODE = 0
) (
  input  wire [4:0]  round_i,
  input  wire [7:0]  lfsr_i,
  output wire [63:0] rc_o,
  output wire [7:0]  lfsr_o
);
  function [7:0] rc_byte;
    input [4:0] r;
    begin
      case (r)
        5'd0:  rc_byte = 8'h01; 5'd1:  rc_byte = 8'h32; 5'd2:  rc_byte = 8'hBA;
        5'd3:  rc_byte = 8'hE0; 5'd4:  rc_byte = 8'h3B; 5'd5:  rc_byte = 8'h41;
        5'd6:  rc_byte = 8'hF1; 5'd7:  rc_byte = 8'hA9; 5'd8:  rc_byte = 8'h1A;
        5'd9:  rc_byte = 8'h18; 5'd10: rc_byte = 8'h69; 5'd11: rc_byte = 8'h4A;
        5'd12: rc_byte = 8'h7B; 5'd13: rc_byte = 8'h9B; 5'd14: rc_byte = 8'hB9;
        5'd15: rc_byte = 8'hA3; 5'd16: rc_byte = 8'hA2; 5'd17: rc_byte = 8'h90;
        5'd18: rc_byte = 8'h2A; 5'd19: rc_byte = 8'hCA; 5'd20: rc_byte = 8'hF1;
        5'd21: rc_byte = 8'hB0; 5'd22: rc_byte = 8'h41; 5'd23: rc_byte = 8'hE8;
        default: rc_byte = 8'h00;
      endcase
    end
  endfunction

  function [63:0] rc_full;
    input [4:0] r;
    begin
      case (r)
        5'd0:  rc_full = 64'h0000000000000001; 5'd1:  rc_full = 64'h0000000000008082;
        5'd2:  rc_full = 64'h800000000000808A; 5'd3:  rc_full = 64'h8000000080008000;
        5'd4:  rc_full = 64'h000000000000808B; 5'd5:  rc_full = 64'h0000000080000001;
        5'd6:  rc_full = 64'h8000000080008081; 5'd7:  rc_full = 64'h8000000000008009;
        5'd8:  rc_full = 64'h000000000000008A; 5'd9:  rc_full = 64'h0000000000000088;
        5'd10: rc_full = 64'h0000000080008009; 5'd11: rc_full = 64'h000000008000000A;
        5'd12: rc_full = 64'h000000008000808B; 5'd13: rc_full = 64'h800000000000008B;
        5'd14: rc_full = 64'h8000000000008089; 5'd15: rc_full = 64'h8000000000008003;
        5'd16: rc_full = 64'h8000000000008002; 5'd17: rc_full = 64'h8000000000000080;
        5'd18: rc_full = 64'h000000000000800A; 5'd19: rc_full = 64'h800000008000000A;
        5'd20: rc_full = 64'h8000000080008081; 5'd21: rc_full = 64'h8000000000008080;
        5'd22: rc_full = 64'h0000000080000001; 5'd23: rc_full = 64'h8000000080008008;
        default: rc_full = 64'h0;
      endcase
    end
  endfunction

  // 7 lane bits (positions 0,1,3,7,15,31,63) -> 64-bit constant
  function [63:0] expand7;
    input [6:0] v;
    begin
      expand7 = 64'h0;
      expand7[0]  = v[0];
      expand7[1]  = v[1];
      expand7[3]  = v[2];
      expand7[7]  = v[3];
      expand7[15] = v[4];
      expand7[31] = v[5];
      expand7[63] = v[6];
    end
  endfunction

  generate
    if (MODE == 1) begin : g_lfsr
      // s[j] is the LFSR state before step j; output bit of step j is s[j][0].
      wire [8*8-1:0] s /*verilator split_var*/;
      wire [6:0]     bits;
      assign s[7:0] = lfsr_i;
      genvar j;
      for (j = 0; j < 7; j = j + 1) begin : g_step
        assign bits[j] = s[8*j];
        assign s[8*(j+1) +: 8] = s[8*j+7] ? ({s[8*j +: 7], 1'b0} ^ 8'h71) : {s[8*j +: 7], 1'b0};
      end
      assign rc_o   = expand7(bits);
      assign lfsr_o = s[56 +: 8];
      /* verilator lint_off UNUSED */
      wire unused_round = ^round_i;
      /* verilator lint_on UNUSED */
    end else if (MODE == 2) begin : g_full
      assign rc_o   = rc_full(round_i);
      assign lfsr_o = lfsr_i;
    end else begin : g_cbyte
      wire [7:0] b = rc_byte(round_i);
      assign rc_o   = expand7({b[7:3], b[1:0]});
      assign lfsr_o = lfsr_i;
      /* verilator lint_off UNUSED */
      wire unused_b2 = b[2];
      /* verilator lint_on UNUSED */
    end
  endgenerate
endmodule
