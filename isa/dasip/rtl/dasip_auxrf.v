// xdasip auxiliary register file: 6 x 64 bits, four combinational read ports (logic d,
// s0, s1 and store data), one 64-bit write port from the logic unit and one 32-bit write
// port from memory (low or high half). When both write the same register in one cycle
// (a load pair with d = ard) the logic port wins: its result already includes the loaded
// half (the pair is chained, see dasip_fu.v).
module dasip_auxrf (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire [2:0]  ra0_i,
    input  wire [2:0]  ra1_i,
    input  wire [2:0]  ra2_i,
    input  wire [2:0]  ra3_i,
    output wire [63:0] rd0_o,
    output wire [63:0] rd1_o,
    output wire [63:0] rd2_o,
    output wire [63:0] rd3_o,
    input  wire        wl_en_i,
    input  wire [2:0]  wl_addr_i,
    input  wire [63:0] wl_data_i,
    input  wire        wm_en_i,
    input  wire [2:0]  wm_addr_i,
    input  wire        wm_hi_i,
    input  wire [31:0] wm_data_i
);
    reg [63:0] ar_q [0:5];
    reg [63:0] ar_d [0:5];
    integer i;

    always @(*) begin
        for (i = 0; i < 6; i = i + 1) begin
            ar_d[i] = ar_q[i];
            if (wm_en_i && wm_addr_i == i[2:0]) begin
                if (wm_hi_i) ar_d[i][63:32] = wm_data_i;
                else         ar_d[i][31:0]  = wm_data_i;
            end
            if (wl_en_i && wl_addr_i == i[2:0]) ar_d[i] = wl_data_i;
        end
    end

    // asynchronous active-low reset, as every register with a reset in hw/ and isa/*/rtl
    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            for (i = 0; i < 6; i = i + 1) ar_q[i] <= 64'd0;
        end else begin
            for (i = 0; i < 6; i = i + 1) ar_q[i] <= ar_d[i];
        end
    end

    assign rd0_o = (ra0_i < 3'd6) ? ar_q[ra0_i] : 64'd0;
    assign rd1_o = (ra1_i < 3'd6) ? ar_q[ra1_i] : 64'd0;
    assign rd2_o = (ra2_i < 3'd6) ? ar_q[ra2_i] : 64'd0;
    assign rd3_o = (ra3_i < 3'd6) ? ar_q[ra3_i] : 64'd0;
endmodule
