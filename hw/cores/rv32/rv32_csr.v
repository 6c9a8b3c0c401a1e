// rv32_csr: the machine-mode CSRs of the RV32 core (the set the simulator models,
// crates/sim/src/rv32/zicsr.rs): mcycle/minstret (64-bit; cycle/time/instret and the high
// halves read them; mcycle, minstret and their high halves are writable, and the cycle of
// a write holds the written value instead of counting, so the next instruction reads it),
// mstatus (MIE, MPIE; MPP reads as M on this M-mode-only hart), misa, mtvec (direct
// mode), mscratch, mepc, mcause, mtval; PMP entry 0 (pmpaddr0, the R/W/X/A fields of
// pmpcfg0; L and the other 15 entries read zero: an unlocked entry restricts no M-mode
// access); medeleg, mideleg, mie, mcounteren, mcountinhibit, mip, satp, the debug
// trigger CSRs tselect/tdata1/tdata2 (no triggers) and the ID registers read zero.
// Reads happen in the execute stage; writes, trap entry and mret take effect at the end of
// the cycle in which the instruction retires.
module rv32_csr #(
    parameter [31:0] MISA = 32'h4000_1100
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    // access from the execute stage
    input  wire [11:0] addr_i,
    input  wire [1:0]  op_i,        // funct3[1:0]: 1 write, 2 set, 3 clear
    input  wire        write_i,     // the instruction writes (csrrw*, or rs1/uimm != 0)
    input  wire [31:0] wdata_i,     // rs1 or the zero-extended uimm
    output reg  [31:0] rdata_o,
    output wire        illegal_o,   // unknown CSR, or a write to a read-only one
    input  wire        commit_i,    // a csr instruction retires this cycle
    // counters
    input  wire        retire_i,    // any instruction retires this cycle
    // traps
    input  wire        trap_i,
    input  wire [31:0] trap_pc_i,
    input  wire [31:0] trap_cause_i,
    input  wire [31:0] trap_tval_i,
    input  wire        mret_i,
    output wire [31:0] mtvec_o,
    output wire [31:0] mepc_o
);
    reg [63:0] mcycle_q, minstret_q;
    reg [31:0] mstatus_q, mscratch_q, mepc_q, mcause_q, mtval_q, pmpaddr0_q;
    reg [4:0]  pmpcfg0_q;
    reg [31:0] mtvec_q /* verilator public_flat_rd */;
    reg        known;

    always @(*) begin
        known = 1'b1;
        case (addr_i)
            12'hc00, 12'hc01, 12'hb00: rdata_o = mcycle_q[31:0];
            12'hc80, 12'hc81, 12'hb80: rdata_o = mcycle_q[63:32];
            12'hc02, 12'hb02:          rdata_o = minstret_q[31:0];
            12'hc82, 12'hb82:          rdata_o = minstret_q[63:32];
            12'h300: rdata_o = mstatus_q | 32'h0000_1800;
            12'h301: rdata_o = MISA;
            12'h305: rdata_o = mtvec_q;
            12'h340: rdata_o = mscratch_q;
            12'h341: rdata_o = mepc_q;
            12'h342: rdata_o = mcause_q;
            12'h343: rdata_o = mtval_q;
            12'h3a0: rdata_o = {27'd0, pmpcfg0_q};
            12'h3b0: rdata_o = pmpaddr0_q;
            12'h302, 12'h303, 12'h304, 12'h306, 12'h320, 12'h344, 12'h180,
            12'h3a1, 12'h3a2, 12'h3a3, 12'h3b1, 12'h3b2, 12'h3b3, 12'h3b4, 12'h3b5, 12'h3b6,
            12'h3b7, 12'h3b8, 12'h3b9, 12'h3ba, 12'h3bb, 12'h3bc, 12'h3bd, 12'h3be, 12'h3bf,
            12'h7a0, 12'h7a1, 12'h7a2,
            12'hf11, 12'hf12, 12'hf13, 12'hf14: rdata_o = 32'd0;
            default: begin
                rdata_o = 32'd0;
                known   = 1'b0;
            end
        endcase
    end
    assign illegal_o = !known || (write_i && addr_i[11:10] == 2'b11);

    reg [31:0] nv;
    always @(*) begin
        case (op_i)
            2'd1:    nv = wdata_i;
            2'd2:    nv = rdata_o | wdata_i;
            default: nv = rdata_o & ~wdata_i;
        endcase
    end
    wire wr = commit_i && write_i;
    wire wr_mcycle_lo   = wr && addr_i == 12'hb00;
    wire wr_mcycle_hi   = wr && addr_i == 12'hb80;
    wire wr_minstret_lo = wr && addr_i == 12'hb02;
    wire wr_minstret_hi = wr && addr_i == 12'hb82;

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            mcycle_q   <= 64'd0;
            minstret_q <= 64'd0;
            mstatus_q  <= 32'd0;
            mtvec_q    <= 32'd0;
            mscratch_q <= 32'd0;
            mepc_q     <= 32'd0;
            mcause_q   <= 32'd0;
            mtval_q    <= 32'd0;
            pmpaddr0_q <= 32'd0;
            pmpcfg0_q  <= 5'd0;
        end else begin
            if (wr_mcycle_lo) begin
                mcycle_q <= {mcycle_q[63:32], nv};
            end else if (wr_mcycle_hi) begin
                mcycle_q <= {nv, mcycle_q[31:0]};
            end else begin
                mcycle_q <= mcycle_q + 64'd1;
            end
            if (wr_minstret_lo) begin
                minstret_q <= {minstret_q[63:32], nv};
            end else if (wr_minstret_hi) begin
                minstret_q <= {nv, minstret_q[31:0]};
            end else if (retire_i) begin
                minstret_q <= minstret_q + 64'd1;
            end
            if (trap_i) begin
                mepc_q    <= trap_pc_i;
                mcause_q  <= trap_cause_i;
                mtval_q   <= trap_tval_i;
                // MPIE = MIE, MIE = 0 (MPP reads as M)
                mstatus_q <= (mstatus_q & ~32'h0000_0088) | {24'd0, mstatus_q[3], 7'd0};
            end else if (mret_i) begin
                // MIE = MPIE, MPIE = 1
                mstatus_q <= (mstatus_q & ~32'h0000_0008) | {28'd0, mstatus_q[7], 3'd0} |
                             32'h0000_0080;
            end else if (wr) begin
                case (addr_i)
                    12'h300: mstatus_q  <= nv & 32'h0000_0088;
                    12'h3a0: pmpcfg0_q  <= nv[4:0];
                    12'h3b0: pmpaddr0_q <= nv;
                    12'h305: mtvec_q    <= nv & ~32'd3;
                    12'h340: mscratch_q <= nv;
                    12'h341: mepc_q     <= nv & ~32'd3;
                    12'h342: mcause_q   <= nv;
                    12'h343: mtval_q    <= nv;
                    default: ;
                endcase
            end
        end
    end
    assign mtvec_o = mtvec_q;
    assign mepc_o  = mepc_q;
endmodule
