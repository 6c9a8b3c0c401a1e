// tb_sys: the Icarus Verilog harness of a processor system (rv32_sys, or mips_sys with
// -DCORE_MIPS), the smoke-test twin of the Verilator harness core_harness.cpp: the same
// plusargs as that harness's options, the same host calls (write, exit, exit_group in the
// core's ABI; riscv-tests tohost) and the same line protocol on stdout (C commit lines with
// +trace, MIPS H lines, O output, X end of run), so `asip_flow::rtl` reads both alike. The
// image is a $readmemh file of 32-bit words with @word-index lines, relative to MEM_BASE;
// +tags a $readmemh file of the memory's permission tags (rv32_tcm), one per word (without
// it every word is mapped, executable and writable).
// Slow (an event-driven simulator): for short programs only.
//   vvp tb.vvp +image=F [+tags=F] +entry=A +sp=A [+tohost=A] [+max_cycles=N] [+trace]
`timescale 1ns / 1ps
module tb_sys;
`ifdef CORE_MIPS
    // o32: v0 = number (4004 write, 4001 / 4246 exit), a0..a2 arguments; the result in v0
    // and a3 = 0 / 1 (error: v0 = errno), a3 written into the register file array while the
    // syscall is in EX; the commit record is in WB, the model's retire cycle
    localparam [4:0]  REG_SP = 5'd29, REG_NR = 5'd2, REG_A0 = 5'd4, REG_A1 = 5'd5, REG_A2 = 5'd6;
    localparam [31:0] NR_WRITE = 32'd4004, NR_EXIT = 32'd4001, NR_EXIT_GROUP = 32'd4246;
    localparam [63:0] RETIRE_OFS = 64'd0;
`else
    parameter [31:0] MISA          = 32'h4000_1100;
    parameter        DIV_EARLY_OUT = 0;
    parameter        HAS_EXT       = 1;
    localparam [4:0]  REG_SP = 5'd2, REG_NR = 5'd17, REG_A0 = 5'd10, REG_A1 = 5'd11, REG_A2 = 5'd12;
    localparam [31:0] NR_WRITE = 32'd64, NR_EXIT = 32'd93, NR_EXIT_GROUP = 32'd94;
    // the commit record is in W, the cycle after the retire cycle (X)
    localparam [63:0] RETIRE_OFS = 64'd1;
`endif
    parameter [31:0] MEM_BASE      = 32'h0001_0000;
    parameter        MEM_BYTES     = 4 * 1024 * 1024;

    reg         clk = 1'b0;
    reg         rst_n = 1'b0;
    reg  [31:0] boot_addr = 32'd0;
    reg  [31:0] host_wdata = 32'd0;
    reg  [4:0]  dbg_raddr = 5'd0;
    reg         dbg_we = 1'b0;
    reg  [4:0]  dbg_waddr = 5'd0;
    reg  [31:0] dbg_wdata = 32'd0;
    wire        host_call;
    wire [31:0] dbg_rdata;
    wire        rvfi_valid, rvfi_trap;
    wire [63:0] rvfi_order;
    wire [31:0] rvfi_insn, rvfi_rd_wdata, rvfi_pc_rdata, rvfi_pc_wdata;
    wire [31:0] rvfi_mem_addr, rvfi_mem_wdata, cause, tval;
    wire [4:0]  rvfi_rd_addr;
    wire [3:0]  rvfi_mem_wmask;
    wire [31:0] host_pc;   // the pc shown in host-call errors
    wire        trap_ends; // a trapping commit ends the run

`ifdef CORE_MIPS
    wire [31:0] hi, lo, hilo_hi, hilo_lo;
    wire        hilo_pend, hilo_done;
    mips_sys #(.MEM_BYTES(MEM_BYTES)) u_sys (
`else
    rv32_sys #(.MISA(MISA), .DIV_EARLY_OUT(DIV_EARLY_OUT), .HAS_EXT(HAS_EXT), .MEM_BYTES(MEM_BYTES)) u_sys (
`endif
        .clk_i(clk), .rst_ni(rst_n), .mem_base_i(MEM_BASE), .boot_addr_i(boot_addr),
        .host_call_o(host_call), .host_wdata_i(host_wdata),
        .dbg_raddr_i(dbg_raddr), .dbg_rdata_o(dbg_rdata), .dbg_we_i(dbg_we),
        .dbg_waddr_i(dbg_waddr), .dbg_wdata_i(dbg_wdata),
        .rvfi_valid(rvfi_valid), .rvfi_order(rvfi_order), .rvfi_insn(rvfi_insn),
        .rvfi_trap(rvfi_trap), .rvfi_rd_addr(rvfi_rd_addr), .rvfi_rd_wdata(rvfi_rd_wdata),
        .rvfi_pc_rdata(rvfi_pc_rdata), .rvfi_pc_wdata(rvfi_pc_wdata),
        .rvfi_mem_addr(rvfi_mem_addr), .rvfi_mem_wmask(rvfi_mem_wmask),
`ifdef CORE_MIPS
        .commit_hi_o(hi), .commit_lo_o(lo), .commit_hilo_pend_o(hilo_pend),
        .hilo_done_o(hilo_done), .hilo_hi_o(hilo_hi), .hilo_lo_o(hilo_lo),
`endif
        .rvfi_mem_wdata(rvfi_mem_wdata), .commit_cause_o(cause), .commit_tval_o(tval)
    );
`ifdef CORE_MIPS
    assign host_pc   = u_sys.u_core.e_pc_q;
    assign trap_ends = 1'b1;
`else
    assign host_pc   = u_sys.u_core.x_pc_q;
    assign trap_ends = u_sys.u_core.u_csr.mtvec_q == 32'd0;
`endif

    reg [1023:0] image, tags;
    reg [63:0]   fail_nr;   // a host call's error ends the run at its commit record (fail_pc)
    reg [31:0]   fail_a, fail_pc;
    reg [8*8-1:0] fail_kind;
    reg [31:0]   sp, tohost, nr, a0, a1, a2, ret, exit_status, exit_pc, end_value, w, off;
    reg [63:0]   cycle, instret, max_cycles, k;
    reg [63:0]   limit_at;  // the cycle limit was reached (retire + 1): the run ends at the
                            // next commit record, whose pc it names (core_harness.cpp)
    integer      hilo_wait; // MIPS: logged divisions whose HI/LO have not come yet
    reg [63:0]   h_cycle;   // the cycle whose H line was printed last
    reg          trace, have_tohost, exit_pending, done, ok;
    reg [7:0]    b;
    reg [8*8-1:0] end_kind;

    task automatic tick;
        begin
            #1 clk = 1'b1;
            #1 clk = 1'b0;
            #1;
        end
    endtask

    task automatic rd_reg(input [4:0] r, output [31:0] v);
        begin
            dbg_raddr = r;
            #1 v = dbg_rdata;
        end
    endtask

    initial begin
        if (!$value$plusargs("image=%s", image)) begin
            $display("X harness no-image");
            $finish;
        end
        if (!$value$plusargs("entry=%h", boot_addr)) boot_addr = MEM_BASE;
        if (!$value$plusargs("sp=%h", sp)) sp = 32'd0;
        have_tohost = $value$plusargs("tohost=%h", tohost);
        if (!$value$plusargs("max_cycles=%d", max_cycles)) max_cycles = 64'd10000000000;
        trace = $test$plusargs("trace");
        $readmemh(image, u_sys.u_tcm.mem_q);
        if ($value$plusargs("tags=%s", tags)) begin
            for (k = 64'd0; k < MEM_BYTES / 4; k = k + 64'd1) u_sys.u_tcm.tag_q[k] = 6'd0;
            $readmemh(tags, u_sys.u_tcm.tag_q);
        end else begin
            for (k = 64'd0; k < MEM_BYTES / 4; k = k + 64'd1) u_sys.u_tcm.tag_q[k] = 6'h3f;
        end
        fail_kind = "";
        fail_a = 32'd0;
        fail_pc = 32'd0;
        fail_nr = 64'd0;
        // reset; the loader's stack pointer goes in through the debug write port
        dbg_we = 1'b1;
        dbg_waddr = REG_SP;
        dbg_wdata = sp;
        tick;
        dbg_we = 1'b0;
        rst_n = 1'b1;
        #1;
        exit_pending = 1'b0;
        exit_status = 32'd0;
        exit_pc = 32'd0;
        end_kind = "";
        end_value = 32'd0;
        instret = 64'd0;
        limit_at = 64'd0;
        hilo_wait = 0;
        h_cycle = ~64'd0;
        done = 1'b0;
        for (cycle = 64'd0; !done; cycle = cycle + 64'd1) begin
            #1;
            if (rvfi_valid && limit_at != 64'd0) begin
                $display("X runaway %0d %0h", limit_at, rvfi_pc_rdata);
                done = 1'b1;
            end else if (rvfi_valid) begin
                instret = rvfi_order + 64'd1;
                if (trace) begin
                    $write("C %0d %0h %0h %0h %0h %0h %0h %0h %0d %0h %0h", cycle - RETIRE_OFS,
                           rvfi_pc_rdata, rvfi_insn, rvfi_rd_addr, rvfi_rd_wdata,
                           rvfi_mem_wmask, rvfi_mem_addr, rvfi_mem_wdata,
                           rvfi_trap || (fail_kind != "" && rvfi_pc_rdata == fail_pc), cause,
                           tval);
`ifdef CORE_MIPS
                    // HI/LO after the instruction; pending: a division's come in an H line
                    $write(" %0h %0h %0d", hi, lo, hilo_pend);
                    if (hilo_pend) hilo_wait = hilo_wait + 1;
`endif
                    $write("\n");
                end
                if (fail_kind != "" && rvfi_pc_rdata == fail_pc) begin
                    if (fail_kind == "badbuf") $display("X badbuf %0h %0h", fail_a, fail_pc);
                    else $display("X syscall %0d %0h", fail_nr, fail_pc);
                    done = 1'b1;
                end else if (rvfi_trap && trap_ends) begin
                    $display("X trap %0h %0h %0h %0h %0d", rvfi_pc_rdata, rvfi_insn, cause, tval,
                             cycle - RETIRE_OFS);
                    done = 1'b1;
                end else begin
                    if (have_tohost && rvfi_mem_wmask != 4'd0 && !rvfi_trap &&
                        (rvfi_mem_addr & ~32'd3) == (tohost & ~32'd3) && rvfi_mem_wdata != 0) begin
                        end_kind = "tohost";
                        end_value = rvfi_mem_wdata;
                    end
                    if (exit_pending && rvfi_pc_rdata == exit_pc) begin
                        $display("X exit %0d %0d %0d", $signed(exit_status),
                                 cycle + 64'd1 - RETIRE_OFS, instret);
                        done = 1'b1;
                    end else if (end_kind == "tohost") begin
                        $display("X tohost %0h %0d %0d", end_value, cycle + 64'd1 - RETIRE_OFS,
                                 instret);
                        done = 1'b1;
                    end else if (cycle + 64'd1 - RETIRE_OFS >= max_cycles) begin
                        limit_at = cycle + 64'd1 - RETIRE_OFS;
                    end
                end
            end
`ifdef CORE_MIPS
            if (!done && trace && hilo_done) begin
                $display("H %0h %0h", hilo_hi, hilo_lo);
                if (hilo_wait > 0) hilo_wait = hilo_wait - 1;
                h_cycle = cycle;
            end
`endif
            // no commit for a long time after the limit (a processor that hangs)
            if (!done && cycle >= max_cycles + 64'd1000) begin
                $display("X runaway %0d %0h", cycle, rvfi_pc_wdata);
                done = 1'b1;
            end
            host_wdata = 32'd0;
            // no host call after one that ends the run (MIPS: a syscall can reach EX before
            // the exit ahead of it commits) or after the cycle limit
            if (!done && host_call && limit_at == 64'd0 && !exit_pending && fail_kind == "") begin
                rd_reg(REG_NR, nr);
                rd_reg(REG_A0, a0);
                rd_reg(REG_A1, a1);
                rd_reg(REG_A2, a2);
                ret = 32'd0;
                if (nr == NR_WRITE) begin
                    if (a0 == 32'd1 || a0 == 32'd2) begin
                        // the whole buffer first (nothing is written from a bad one)
                        ok = {32'd0, a1} + {32'd0, a2} <= 64'h1_0000_0000;
                        for (k = 64'd0; k < {32'd0, a2} && ok; k = k + 64'd1) begin
                            off = a1 + k[31:0] - MEM_BASE;
                            if (off >= MEM_BYTES || !u_sys.u_tcm.tag_q[off[31:2]][0]) ok = 1'b0;
                        end
                        if (ok) begin
                            $write("O %0d ", a0);
                            for (k = 64'd0; k < {32'd0, a2}; k = k + 64'd1) begin
                                off = a1 + k[31:0] - MEM_BASE;
                                w = u_sys.u_tcm.mem_q[off[31:2]];
                                b = w >> (8 * off[1:0]);
                                $write("%02h", b);
                            end
                            $write("\n");
                        end else begin
                            fail_kind = "badbuf";
                            fail_a = a1;
                            fail_pc = host_pc;
                        end
                        ret = a2;
                    end else begin
                        ret = -32'sd9;
                    end
                end else if (nr == NR_EXIT || nr == NR_EXIT_GROUP) begin
                    exit_pending = 1'b1;
                    exit_pc = host_pc;
                    exit_status = a0;
                end else begin
                    fail_kind = "syscall";
                    fail_nr = {32'd0, nr};
                    fail_pc = host_pc;
                end
`ifdef CORE_MIPS
                // o32 error convention: v0 = errno, a3 = 1
                if (nr == NR_WRITE) u_sys.u_core.u_rf.mem_q[7] = {31'd0, ret[31]};
                if (ret[31]) ret = -ret;
`endif
                host_wdata = ret;
            end
            if (!done) tick;
        end
`ifdef CORE_MIPS
        // a division that retired before the run ended finishes: its HI/LO complete its commit
        // record (the line the simulator writes); nothing else is observed or serviced (as in
        // core_harness.cpp). The loop's step ran once more after the end: the last cycle is
        // cycle - 1, and its H line (if any) is already out.
        for (k = 64'd0; trace && hilo_wait > 0 && k < 64'd256; k = k + 64'd1) begin
            if (hilo_done && !(k == 64'd0 && h_cycle == cycle - 64'd1)) begin
                $display("H %0h %0h", hilo_hi, hilo_lo);
                hilo_wait = hilo_wait - 1;
            end
            tick;
        end
`endif
        $finish;
    end
endmodule
