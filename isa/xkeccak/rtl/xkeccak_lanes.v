// xkeccak_lanes: the lane file, 64 x 64 bits (bank A at 0..24, bank B at 32..56), three
// asynchronous read ports and one write port (written at the clock edge). Distributed RAM
// on the FPGA (no reset: a program reads only lanes it has written; the simulator's
// reset state is zero).
module xkeccak_lanes (
    input  wire        clk_i,
    input  wire [5:0]  ra0_i,
    input  wire [5:0]  ra1_i,
    input  wire [5:0]  ra2_i,
    output wire [63:0] rd0_o,
    output wire [63:0] rd1_o,
    output wire [63:0] rd2_o,
    input  wire        we_i,
    input  wire [5:0]  wa_i,
    input  wire [63:0] wd_i
);
    reg [63:0] mem_q [0:63];
    always @(posedge clk_i) begin
        if (we_i) mem_q[wa_i] <= wd_i;
    end
    assign rd0_o = mem_q[ra0_i];
    assign rd1_o = mem_q[ra1_i];
    assign rd2_o = mem_q[ra2_i];
endmodule
