// The ASIC flow's test fixture (hw/scripts/test_asic.py): a 32-bit adder between registers.
module asic_adder (
  input  wire        clk_i,
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  output wire [31:0] sum_o
);
  reg [31:0] a_q, b_q, sum_q;
  always @(posedge clk_i) begin
    a_q   <= a_i;
    b_q   <= b_i;
    sum_q <= a_q + b_q;
  end
  assign sum_o = sum_q;
endmodule
