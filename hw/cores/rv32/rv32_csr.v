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

    // Read: one select per source, OR-ed (an AND-OR multiplexer). Written as a case
    // statement, Yosys turned the 12-bit address compare into a 4096-entry shift multiplexer
    // (pmux2shiftx): 2,824 LUT4 on ECP5 for this module alone (docs/rv32-core.md, "Area").
    wire s_cyc   = addr_i == 12'hc00 || addr_i == 12'hc01 || addr_i == 12'hb00;
    wire s_cych  = addr_i == 12'hc80 || addr_i == 12'hc81 || addr_i == 12'hb80;
    wire s_ins   = addr_i == 12'hc02 || addr_i == 12'hb02;
    wire s_insh  = addr_i == 12'hc82 || addr_i == 12'hb82;
    wire s_mstat = addr_i == 12'h300;
    wire s_misa  = addr_i == 12'h301;
    wire s_mtvec = addr_i == 12'h305;
    wire s_mscr  = addr_i == 12'h340;
    wire s_mepc  = addr_i == 12'h341;
    wire s_mcau  = addr_i == 12'h342;
    wire s_mtval = addr_i == 12'h343;
    wire s_pmpc  = addr_i == 12'h3a0;
    wire s_pmpa  = addr_i == 12'h3b0;
    // the CSRs that read zero: medeleg..mcounteren, mcountinhibit, mip, satp, pmpcfg1-3,
    // pmpaddr1-15, tselect/tdata1/tdata2, the ID registers
    wire s_zero  = addr_i == 12'h302 || addr_i == 12'h303 || addr_i == 12'h304 ||
                   addr_i == 12'h306 || addr_i == 12'h320 || addr_i == 12'h344 ||
                   addr_i == 12'h180 ||
                   (addr_i[11:2] == 10'b0011_1010_00 && addr_i[1:0] != 2'd0) ||
                   (addr_i[11:4] == 8'h3b && addr_i[3:0] != 4'd0) ||
                   addr_i == 12'h7a0 || addr_i == 12'h7a1 || addr_i == 12'h7a2 ||
                   addr_i == 12'hf11 || addr_i == 12'hf12 || addr_i == 12'hf13 ||
                   addr_i == 12'hf14;
    always @(*) begin
        known   = s_cyc | s_cych | s_ins | s_insh | s_mstat | s_misa | s_mtvec | s_mscr |
                  s_mepc | s_mcau | s_mtval | s_pmpc | s_pmpa | s_zero;
        rdata_o = ({32{s_cyc}}   & mcycle_q[31:0])     | ({32{s_cych}}  & mcycle_q[63:32]) |
                  ({32{s_ins}}   & minstret_q[31:0])   | ({32{s_insh}}  & minstret_q[63:32]) |
                  ({32{s_mstat}} & (mstatus_q | 32'h0000_1800)) | ({32{s_misa}} & MISA) |
                  ({32{s_mtvec}} & mtvec_q)            | ({32{s_mscr}}  & mscratch_q) |
                  ({32{s_mepc}}  & mepc_q)             | ({32{s_mcau}}  & mcause_q) |
                  ({32{s_mtval}} & mtval_q)            | ({32{s_pmpc}}  & {27'd0, pmpcfg0_q}) |
                  ({32{s_pmpa}}  & pmpaddr0_q);
    end
    assign illegal_o = !known || (write_i && addr_i[11:10] == 2'b11);

    // A write's new value is computed from the register it writes (not from the read
    // multiplexer): csrrw/csrrs/csrrc of one register bit is one 4-input function.
    function [31:0] upd(input [31:0] old);
        case (op_i)
            2'd1:    upd = wdata_i;
            2'd2:    upd = old | wdata_i;
            default: upd = old & ~wdata_i;
        endcase
    endfunction
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] pmpcfg0_nv = upd({27'd0, pmpcfg0_q});  // R/W/X/A of pmpcfg0 entry 0
    /* verilator lint_on UNUSEDSIGNAL */
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
                mcycle_q <= {mcycle_q[63:32], upd(mcycle_q[31:0])};
            end else if (wr_mcycle_hi) begin
                mcycle_q <= {upd(mcycle_q[63:32]), mcycle_q[31:0]};
            end else begin
                mcycle_q <= mcycle_q + 64'd1;
            end
            if (wr_minstret_lo) begin
                minstret_q <= {minstret_q[63:32], upd(minstret_q[31:0])};
            end else if (wr_minstret_hi) begin
                minstret_q <= {upd(minstret_q[63:32]), minstret_q[31:0]};
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
                    12'h300: mstatus_q  <= upd(mstatus_q | 32'h0000_1800) & 32'h0000_0088;
                    12'h3a0: pmpcfg0_q  <= pmpcfg0_nv[4:0];
                    12'h3b0: pmpaddr0_q <= upd(pmpaddr0_q);
                    12'h305: mtvec_q    <= upd(mtvec_q) & ~32'd3;
                    12'h340: mscratch_q <= upd(mscratch_q);
                    12'h341: mepc_q     <= upd(mepc_q) & ~32'd3;
                    12'h342: mcause_q   <= upd(mcause_q);
                    12'h343: mtval_q    <= upd(mtval_q);
                    default: ;
                endcase
            end
        end
    end
    assign mtvec_o = mtvec_q;
    assign mepc_o  = mepc_q;
endmodule
