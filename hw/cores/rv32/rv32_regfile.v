// rv32_regfile: 31 x 32-bit general-purpose registers (x0 reads as zero), two asynchronous
// read ports, one synchronous write port. Written as a plain array so that FPGA flows map it
// to LUT RAM (no reset: the architectural registers are undefined at reset; the harness
// loads sp like a Linux loader does, through the debug write port).
module rv32_regfile (
    input  wire        clk_i,
    input  wire [4:0]  raddr_a_i,
    output wire [31:0] rdata_a_o,
    input  wire [4:0]  raddr_b_i,
    output wire [31:0] rdata_b_o,
    input  wire [4:0]  raddr_c_i,
    output wire [31:0] rdata_c_o,
    input  wire        we_i,
    input  wire [4:0]  waddr_i,
    input  wire [31:0] wdata_i
);
    reg [31:0] mem_q [1:31] /* verilator public_flat_rw */;

    always @(posedge clk_i) begin
        if (we_i && waddr_i != 5'd0) begin
            mem_q[waddr_i] <= wdata_i;
        end
    end

    assign rdata_a_o = (raddr_a_i == 5'd0) ? 32'd0 : mem_q[raddr_a_i];
    assign rdata_b_o = (raddr_b_i == 5'd0) ? 32'd0 : mem_q[raddr_b_i];
    assign rdata_c_o = (raddr_c_i == 5'd0) ? 32'd0 : mem_q[raddr_c_i];
endmodule
