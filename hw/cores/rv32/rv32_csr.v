// rv32_csr: the machine-mode CSRs of the RV32 core (the set the simulator models,
// crates/sim/src/rv32/zicsr.rs): mcycle/minstret (64-bit; cycle/time/instret and the high
// halves read them; mcycle, minstret and their high halves are writable, and the cycle of
// a write holds the written value instead of counting, so the next instruction reads it),
// mstatus (MIE, MPIE; MPP reads as M on this M-mode-only hart), misa, mtvec (direct
// mode), mscratch, mepc, mcause (WLRL: Interrupt and a 5-bit code kept, as the simulator's
// MCAUSE_WRITABLE), mtval; PMP entry 0 (pmpaddr0, the R/W/X/A fields of
// pmpcfg0; L and the other 15 entries read zero: an unlocked entry restricts no M-mode
// access); medeleg, mideleg, mie, mcounteren, mcountinhibit, mip, satp, the debug
// trigger CSRs tselect/tdata1/tdata2 (no triggers) and the ID registers read zero.
// The CSR address is decoded in the decode stage (d_addr_i, the fetched word's bits 31:20)
// into one select per register, registered with the instruction as it enters execute
// (x_load_i: the execute stage's register enable). Reads happen in the execute stage;
// writes, trap entry and mret take effect at the end of the cycle in which the
// instruction retires.
module rv32_csr #(
    parameter [31:0] MISA = 32'h4000_1100
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    // decode: the CSR address of the word entering execute
    input  wire [11:0] d_addr_i,
    input  wire        d_csr_i,     // the word is a csr instruction (rdata_o is 0 otherwise)
    input  wire        x_load_i,
    // access from the execute stage
    input  wire [1:0]  op_i,        // funct3[1:0]: 1 write, 2 set, 3 clear
    input  wire        write_i,     // the instruction writes (csrrw*, or rs1/uimm != 0)
    input  wire [31:0] wdata_i,     // rs1 or the zero-extended uimm
    output reg  [31:0] rdata_o,
    output wire        illegal_o,   // unknown CSR, or a write to a read-only one
    input  wire        commit_i,    // a csr instruction retires this cycle
    // counters
    input  wire        retire_i,    // any instruction retires this cycle
    // traps
    input  wire        trap_i,      // a trap's update: wdata_i is its pc, op_i a write
    input  wire [31:0] trap_cause_i,
    input  wire [31:0] trap_tval_i,
    input  wire        mret_i,
    output wire [31:0] mtvec_o,
    output wire        mtvec_zero_o,  // mtvec == 0 (registered: the core's host-call test)
    output wire [31:0] mepc_o
);
    reg [63:0] mcycle_q, minstret_q;
    reg [31:0] mstatus_q, mscratch_q, mepc_q, mtval_q, pmpaddr0_q;
    reg [5:0]  mcause_q;   // {Interrupt, code[4:0]}
    reg [4:0]  pmpcfg0_q;
    reg [31:0] mtvec_q /* verilator public_flat_rd */;
    reg        mtvec_zero_q;   // mtvec_q == 0, updated with it

    // Decode (in D): one select per source. The read is an AND-OR of the selected
    // registers (written as a case statement on the address, Yosys turned the 12-bit
    // compare into a 4096-entry shift multiplexer: docs/rv32-core.md, "Area and clock").
    localparam S_CYC = 0, S_CYCH = 1, S_INS = 2, S_INSH = 3, S_MSTAT = 4, S_MISA = 5,
               S_MTVEC = 6, S_MSCR = 7, S_MEPC = 8, S_MCAU = 9, S_MTVAL = 10, S_PMPC = 11,
               S_PMPA = 12, S_KNOWN = 13, S_RO = 14, NSEL = 15;
    wire [11:0] da = d_addr_i;
    wire [NSEL-1:0] d_sel;
    assign d_sel[S_CYC]   = da == 12'hc00 || da == 12'hc01 || da == 12'hb00;
    assign d_sel[S_CYCH]  = da == 12'hc80 || da == 12'hc81 || da == 12'hb80;
    assign d_sel[S_INS]   = da == 12'hc02 || da == 12'hb02;
    assign d_sel[S_INSH]  = da == 12'hc82 || da == 12'hb82;
    assign d_sel[S_MSTAT] = da == 12'h300;
    assign d_sel[S_MISA]  = da == 12'h301;
    assign d_sel[S_MTVEC] = da == 12'h305;
    assign d_sel[S_MSCR]  = da == 12'h340;
    assign d_sel[S_MEPC]  = da == 12'h341;
    assign d_sel[S_MCAU]  = da == 12'h342;
    assign d_sel[S_MTVAL] = da == 12'h343;
    assign d_sel[S_PMPC]  = da == 12'h3a0;
    assign d_sel[S_PMPA]  = da == 12'h3b0;
    // the CSRs that read zero: medeleg..mcounteren, mcountinhibit, mip, satp, pmpcfg1-3,
    // pmpaddr1-15, tselect/tdata1/tdata2, the ID registers
    wire d_zero = da == 12'h302 || da == 12'h303 || da == 12'h304 ||
                  da == 12'h306 || da == 12'h320 || da == 12'h344 ||
                  da == 12'h180 ||
                  (da[11:2] == 10'b0011_1010_00 && da[1:0] != 2'd0) ||
                  (da[11:4] == 8'h3b && da[3:0] != 4'd0) ||
                  da == 12'h7a0 || da == 12'h7a1 || da == 12'h7a2 ||
                  da == 12'hf11 || da == 12'hf12 || da == 12'hf13 ||
                  da == 12'hf14;
    wire d_reg  = da == 12'hc00 || da == 12'hc01 || da == 12'hb00 || da == 12'hc80 ||
                  da == 12'hc81 || da == 12'hb80 || da == 12'hc02 || da == 12'hb02 ||
                  da == 12'hc82 || da == 12'hb82 || da == 12'h300 || da == 12'h301 ||
                  da == 12'h305 || (da[11:4] == 8'h34 && da[3:2] == 2'd0) ||
                  da == 12'h3a0 || da == 12'h3b0;
    assign d_sel[S_KNOWN] = d_zero || d_reg;
    assign d_sel[S_RO]    = da[11:10] == 2'b11;
    // (the read selects only for a csr instruction: rdata_o is zero for every other word,
    // and the core's result AND-OR takes it without a select of its own)
    reg  [NSEL-1:0] sel_q;
    always @(posedge clk_i) begin
        if (x_load_i) sel_q <= d_sel & {2'b11, {NSEL-2{d_csr_i}}};
    end

    always @(*) begin
        rdata_o = ({32{sel_q[S_CYC]}}   & mcycle_q[31:0])   |
                  ({32{sel_q[S_CYCH]}}  & mcycle_q[63:32])  |
                  ({32{sel_q[S_INS]}}   & minstret_q[31:0]) |
                  ({32{sel_q[S_INSH]}}  & minstret_q[63:32]) |
                  ({32{sel_q[S_MSTAT]}} & (mstatus_q | 32'h0000_1800)) |
                  ({32{sel_q[S_MISA]}}  & MISA)       | ({32{sel_q[S_MTVEC]}} & mtvec_q) |
                  ({32{sel_q[S_MSCR]}}  & mscratch_q) | ({32{sel_q[S_MEPC]}}  & mepc_q) |
                  ({32{sel_q[S_MCAU]}}  & {mcause_q[5], 26'd0, mcause_q[4:0]})   | ({32{sel_q[S_MTVAL]}} & mtval_q) |
                  ({32{sel_q[S_PMPC]}}  & {27'd0, pmpcfg0_q}) |
                  ({32{sel_q[S_PMPA]}}  & pmpaddr0_q);
    end
    assign illegal_o = !sel_q[S_KNOWN] || (write_i && sel_q[S_RO]);

    // A write's new value: csrrw/csrrs/csrrc applied once, to what the instruction reads
    // (the selected register, as rdata_o shows it), and taken by the register it writes.
    reg [31:0] nv;
    always @(*) begin
        case (op_i)
            2'd1:    nv = wdata_i;
            2'd2:    nv = rdata_o | wdata_i;
            default: nv = rdata_o & ~wdata_i;
        endcase
    end
    wire wr = commit_i && write_i;
    // (a write commits only to a writable CSR: the counters' selects then name mcycle,
    // mcycleh, minstret, minstreth, not their read-only shadows)
    wire wr_mcycle_lo   = wr && sel_q[S_CYC];
    wire wr_mcycle_hi   = wr && sel_q[S_CYCH];
    wire wr_minstret_lo = wr && sel_q[S_INS];
    wire wr_minstret_hi = wr && sel_q[S_INSH];

    always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
            mcycle_q   <= 64'd0;
            minstret_q <= 64'd0;
            mstatus_q  <= 32'd0;
            mtvec_q    <= 32'd0;
            mscratch_q <= 32'd0;
            mepc_q     <= 32'd0;
            mcause_q   <= 6'd0;
            mtval_q    <= 32'd0;
            pmpaddr0_q <= 32'd0;
            pmpcfg0_q  <= 5'd0;
            mtvec_zero_q <= 1'b1;
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
                mepc_q    <= nv & ~32'd3;
                mcause_q  <= {trap_cause_i[31], trap_cause_i[4:0]};
                mtval_q   <= trap_tval_i;
                // MPIE = MIE, MIE = 0 (MPP reads as M)
                mstatus_q <= (mstatus_q & ~32'h0000_0088) | {24'd0, mstatus_q[3], 7'd0};
            end else if (mret_i) begin
                // MIE = MPIE, MPIE = 1
                mstatus_q <= (mstatus_q & ~32'h0000_0008) | {28'd0, mstatus_q[7], 3'd0} |
                             32'h0000_0080;
            end else if (wr) begin
                if (sel_q[S_MSTAT]) mstatus_q  <= nv & 32'h0000_0088;
                if (sel_q[S_PMPC])  pmpcfg0_q  <= nv[4:0];
                if (sel_q[S_PMPA])  pmpaddr0_q <= nv;
                if (sel_q[S_MTVEC]) begin
                    mtvec_q      <= nv & ~32'd3;
                    mtvec_zero_q <= nv[31:2] == 30'd0;
                end
                if (sel_q[S_MSCR])  mscratch_q <= nv;
                if (sel_q[S_MEPC])  mepc_q     <= nv & ~32'd3;
                if (sel_q[S_MCAU])  mcause_q   <= {nv[31], nv[4:0]};
                if (sel_q[S_MTVAL]) mtval_q    <= nv;
            end
        end
    end
    wire unused_cause = &{1'b0, trap_cause_i[30:5]};   // (codes below 32; no interrupts)
    assign mtvec_o = mtvec_q;
    assign mtvec_zero_o = mtvec_zero_q;
    assign mepc_o  = mepc_q;
endmodule
