// Stimulus of the power flow's validation circuit (power_check.v) in the gate-level
// harness's system shape (gl_sys): a counter drives d[0] (toggles every cycle), d[1] (every
// second), d[2] (every fourth), d[3] = 0 and a (every second cycle). The harness counts the
// netlist's nets (instance u_core) with --cycles N.
module gl_sys #(
    parameter MEM_BYTES = 4
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire [31:0] mem_base_i,
    input  wire [31:0] boot_addr_i,
    output wire        host_call_o,
    input  wire [31:0] host_wdata_i
);
    reg [2:0] cnt = 3'd0;
    always @(posedge clk_i) cnt <= cnt + 3'd1;
    wire [3:0] y;
    wire ya, x;
    power_check u_core (.clk(clk_i), .d({1'b0, cnt[2], cnt[1], cnt[0]}), .a(cnt[1]), .y(y), .ya(ya), .x(x));
    assign host_call_o = &{1'b0, y, ya, x, rst_ni, mem_base_i, boot_addr_i, host_wdata_i};
endmodule
