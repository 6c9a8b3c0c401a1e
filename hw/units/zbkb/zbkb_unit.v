// zbkb_unit: the Zbkb (bit-manipulation for cryptography) instructions as an extension unit
// of the RV32 core (port: hw/cores/rv32/README.md): ror, rol, rori, andn, orn, xnor, pack,
// packh, brev8, rev8, zip, unzip. Single cycle, no state. Decodes exactly the words that
// crates/sim/src/rv32/bitmanip.rs accepts for `zbkb`.
module zbkb_unit (
    input  wire        clk_i,
    input  wire        rst_ni,
    input  wire        valid_i,
    input  wire [31:0] insn_i,
    input  wire [31:0] pc_i,
    input  wire [31:0] rs1_i,
    input  wire [31:0] rs2_i,
    input  wire        fire_i,
    input  wire        retire_i,
    input  wire [31:0] retire_pc_i,
    input  wire [31:0] retire_npc_i,
    input  wire [31:0] fetch_pc_i,
    input  wire [31:0] mem_rdata_i,
    output wire        claim_o,
    output wire        uses_rs1_o,
    output wire        uses_rs2_o,
    output wire [4:0]  rs1_addr_o,
    output wire [4:0]  rs2_addr_o,
    output wire        ready_o,
    output wire        rd_we_o,
    output reg  [31:0] rd_wdata_o,
    output wire        err_o,
    output wire        redirect_o,
    output wire [31:0] redirect_pc_o,
    output wire        mem_req_o,
    output wire        mem_we_o,
    output wire [31:0] mem_addr_o,
    output wire [31:0] mem_wdata_o,
    output wire        fetch_redirect_o,
    output wire [31:0] fetch_target_o
);
    wire [6:0]  opc = insn_i[6:0];
    wire [2:0]  f3  = insn_i[14:12];
    wire [6:0]  f7  = insn_i[31:25];
    wire [11:0] i12 = insn_i[31:20];
    wire op_r   = opc == 7'h33;
    wire op_i   = opc == 7'h13;
    wire andn_  = op_r && f7 == 7'h20 && f3 == 3'd7;
    wire orn_   = op_r && f7 == 7'h20 && f3 == 3'd6;
    wire xnor_  = op_r && f7 == 7'h20 && f3 == 3'd4;
    wire rol_   = op_r && f7 == 7'h30 && f3 == 3'd1;
    wire ror_   = op_r && f7 == 7'h30 && f3 == 3'd5;
    wire pack_  = op_r && f7 == 7'h04 && f3 == 3'd4;
    wire packh_ = op_r && f7 == 7'h04 && f3 == 3'd7;
    wire rev8_  = op_i && i12 == 12'h698 && f3 == 3'd5;
    wire brev8_ = op_i && i12 == 12'h687 && f3 == 3'd5;
    wire zip_   = op_i && i12 == 12'h08f && f3 == 3'd1;
    wire unzip_ = op_i && i12 == 12'h08f && f3 == 3'd5;
    wire rori_  = op_i && f7 == 7'h30 && f3 == 3'd5;
    wire rtype  = andn_ | orn_ | xnor_ | rol_ | ror_ | pack_ | packh_;
    wire itype  = rev8_ | brev8_ | zip_ | unzip_ | rori_;

    // one rotator: rotate right by amt (rol rotates right by 32 - amt)
    wire [4:0]  amt   = rori_ ? insn_i[24:20] : rs2_i[4:0];
    wire [4:0]  ramt  = rol_ ? (5'd0 - amt) : amt;
    wire [63:0] dbl   = {rs1_i, rs1_i} >> ramt;
    wire [31:0] rot   = dbl[31:0];

    reg [31:0] brev, zipv, unzipv;
    integer i;
    always @(*) begin
        for (i = 0; i < 32; i = i + 1) begin
            brev[i] = rs1_i[(i & ~7) + 7 - (i & 7)];
        end
        for (i = 0; i < 16; i = i + 1) begin
            zipv[2 * i]     = rs1_i[i];
            zipv[2 * i + 1] = rs1_i[i + 16];
            unzipv[i]       = rs1_i[2 * i];
            unzipv[i + 16]  = rs1_i[2 * i + 1];
        end
    end

    always @(*) begin
        if (andn_)       rd_wdata_o = rs1_i & ~rs2_i;
        else if (orn_)   rd_wdata_o = rs1_i | ~rs2_i;
        else if (xnor_)  rd_wdata_o = ~(rs1_i ^ rs2_i);
        else if (pack_)  rd_wdata_o = {rs2_i[15:0], rs1_i[15:0]};
        else if (packh_) rd_wdata_o = {16'd0, rs2_i[7:0], rs1_i[7:0]};
        else if (rev8_)  rd_wdata_o = {rs1_i[7:0], rs1_i[15:8], rs1_i[23:16], rs1_i[31:24]};
        else if (brev8_) rd_wdata_o = brev;
        else if (zip_)   rd_wdata_o = zipv;
        else if (unzip_) rd_wdata_o = unzipv;
        else             rd_wdata_o = rot;
    end

    assign claim_o       = rtype | itype;
    assign uses_rs1_o    = 1'b1;
    assign uses_rs2_o    = rtype;
    assign ready_o       = 1'b1;
    assign rd_we_o       = 1'b1;
    assign err_o         = 1'b0;
    assign redirect_o    = 1'b0;
    assign redirect_pc_o = 32'd0;
    assign rs1_addr_o    = insn_i[19:15];
    assign rs2_addr_o    = insn_i[24:20];
    assign mem_req_o     = 1'b0;
    assign mem_we_o      = 1'b0;
    assign mem_addr_o    = 32'd0;
    assign mem_wdata_o   = 32'd0;
    assign fetch_redirect_o = 1'b0;
    assign fetch_target_o   = 32'd0;

    // the port's other inputs are not needed by a stateless unit
    wire unused = &{1'b0, clk_i, rst_ni, valid_i, pc_i, fire_i, retire_i, retire_pc_i,
                    retire_npc_i, fetch_pc_i, mem_rdata_i, dbl[63:32], insn_i[11:7]};
endmodule
