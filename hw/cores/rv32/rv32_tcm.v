// rv32_tcm: tightly coupled memory of the RV32 processor: one array of 32-bit words at
// byte address base_i (set by the harness before reset and held; the firmware's images
// start at 0x10000, the riscv-tests' at 0x80000000), a read-only fetch port and a read/write data port, both with a
// synchronous read (the data is there in the cycle after the address, as in FPGA block
// RAM). The memory enforces the program's memory map and permissions (docs/rv32-core.md,
// "Faults"): every word has a tag that the harness writes with the image, from the
// simulator's loader (bit 0 mapped, bit 1 executable, bits 5:2 writable per byte; 0 =
// outside the program's memory). An access outside [base_i, base_i + BYTES), to an
// unmapped word, a store to a byte that is not writable, or a fetch of a word that is not
// executable raises err (registered with the fetched word on the fetch port, combinational
// on the data port so that the core traps in the cycle of the access: an access fault, as
// a PMP would raise) and writes nothing. The harness loads the program through the arrays
// themselves (public to the Verilator harness); synthesis of a processor leaves the
// memory out (docs/rv32-core.md).
module rv32_tcm #(
    parameter        BYTES = 4 * 1024 * 1024
) (
    input  wire        clk_i,
    input  wire [31:0] base_i,
    input  wire [31:0] f_addr_i,
    output reg  [31:0] f_rdata_o,
    output reg         f_err_o,
    input  wire        d_req_i,
    input  wire        d_we_i,
    input  wire [3:0]  d_be_i,
    input  wire [31:0] d_addr_i,
    input  wire [31:0] d_wdata_i,
    output reg  [31:0] d_rdata_o,
    output wire        d_err_o
);
    localparam WORDS = BYTES / 4;
    localparam AW    = $clog2(WORDS);

    reg [31:0] mem_q [0:WORDS-1] /* verilator public_flat_rw */;
    reg [5:0]  tag_q [0:WORDS-1] /* verilator public_flat_rw */;

    wire [31:0] f_off = f_addr_i - base_i;
    wire [31:0] d_off = d_addr_i - base_i;
    wire        f_in  = f_off < BYTES;
    wire        d_in  = d_off < BYTES;
    wire [AW-1:0] f_idx = f_off[AW+1:2];
    wire [AW-1:0] d_idx = d_off[AW+1:2];
    wire [5:0]  f_tag = tag_q[f_idx];
    wire [5:0]  d_tag = tag_q[d_idx];
    wire        d_ok  = d_in && d_tag[0] && !(d_we_i && ((d_be_i & ~d_tag[5:2]) != 4'd0));
    assign d_err_o = !d_ok;

    always @(posedge clk_i) begin
        f_rdata_o <= (f_in && f_tag[0]) ? mem_q[f_idx] : 32'd0;  // unmapped: 0, as the simulator shows it
        f_err_o   <= !(f_in && f_tag[0] && f_tag[1]);
        if (d_req_i && d_ok) begin
            d_rdata_o <= mem_q[d_idx];
            if (d_we_i) begin
                if (d_be_i[0]) mem_q[d_idx][7:0]   <= d_wdata_i[7:0];
                if (d_be_i[1]) mem_q[d_idx][15:8]  <= d_wdata_i[15:8];
                if (d_be_i[2]) mem_q[d_idx][23:16] <= d_wdata_i[23:16];
                if (d_be_i[3]) mem_q[d_idx][31:24] <= d_wdata_i[31:24];
            end
        end
    end

    wire unused = &{1'b0, f_off[31:AW+2], f_off[1:0], d_off[31:AW+2], d_off[1:0],
                    f_tag[5:2], d_tag[1]};
endmodule
