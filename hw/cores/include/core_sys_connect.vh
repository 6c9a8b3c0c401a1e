// The core instance's connections in a simulation system (rv32_sys, mips_sys), the last ones
// of its list: clock, reset and boot address, the memory buses (core_sys_memory.vh), and the
// system's harness ports (core_host_ports.vh) and commit record (core_commit_ports.vh)
// passed through. The core's other ports come before, each system its own.
        .clk_i(clk_i), .rst_ni(rst_ni), .boot_addr_i(boot_addr_i),
        .imem_addr_o(imem_addr), .imem_rdata_i(imem_rdata), .imem_err_i(imem_err),
        .dmem_req_o(dmem_req), .dmem_we_o(dmem_we), .dmem_be_o(dmem_be),
        .dmem_addr_o(dmem_addr), .dmem_wdata_o(dmem_wdata), .dmem_err_i(dmem_err),
        .dmem_rdata_i(dmem_rdata),
        .host_call_o(host_call_o), .host_wdata_i(host_wdata_i),
        .dbg_raddr_i(dbg_raddr_i), .dbg_rdata_o(dbg_rdata_o), .dbg_we_i(dbg_we_i),
        .dbg_waddr_i(dbg_waddr_i), .dbg_wdata_i(dbg_wdata_i),
        .rvfi_valid(rvfi_valid), .rvfi_order(rvfi_order), .rvfi_insn(rvfi_insn),
        .rvfi_trap(rvfi_trap), .rvfi_rd_addr(rvfi_rd_addr), .rvfi_rd_wdata(rvfi_rd_wdata),
        .rvfi_pc_rdata(rvfi_pc_rdata), .rvfi_pc_wdata(rvfi_pc_wdata),
        .rvfi_mem_addr(rvfi_mem_addr), .rvfi_mem_wmask(rvfi_mem_wmask),
        .rvfi_mem_wdata(rvfi_mem_wdata),
        .commit_cause_o(commit_cause_o), .commit_tval_o(commit_tval_o)
