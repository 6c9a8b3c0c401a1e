// Verilator harness of a processor system (rv32_sys or mips_sys, built with
// `--prefix Vsys` and -DCORE_RV32 / -DCORE_MIPS by asip_flow::rtl::build): loads a memory
// image prepared by `sha3-asip rtl run`
// (the simulator's own loader lays out segments, heap, stack and argv), runs the
// processor, services the firmware's Linux-ABI host calls (write, exit, exit_group) and
// the riscv-tests `tohost` word, and writes a line protocol on stdout (every core reports
// its commit record in the cycle after the instruction's retire cycle):
//   C <retire-cycle> <pc> <insn> <rd> <rd-value> <wmask> <mem-addr> <mem-wdata> <trap> <mcause> <mtval>
//                                            one per retired instruction (with --trace)
//   O <fd> <hex bytes>                       output of a write() host call
//   X exit <status> <cycles> <instret>       end of run; also X tohost <value> ...,
//   X trap <pc> <insn> <mcause> <mtval> <cycle>, X runaway <cycles> <pc>, X syscall <nr> <pc>,
//   X badbuf <buffer> <pc> (a write() whose buffer is not all in the program's memory)
//   P <cycle> <instret>                      every N cycles with --progress N (flushed)
// --max-cycles N: the run stops after the first instruction that completes (retire cycle
// + 1) at or after cycle N, as the simulator's does: X runaway names that cycle and the pc
// of the next instruction to commit (docs/rv32-core.md, "Faults").
// A host call that ends the run with an error (badbuf, syscall) ends it at its own commit
// record, shown as trapped (no register write), as a trapping instruction's: the commit log
// holds every instruction before it (docs/rv32-core.md, "Faults").
// --tags FILE: one byte per memory word from --load on, the memory's permission tags
// (rv32_tcm: bit 0 mapped, bit 1 executable, bits 5:2 writable bytes); without it every
// word of the memory is mapped, executable and writable.
// All numbers are hexadecimal except cycle counts, instret and the exit status.
#include "Vsys.h"
#include "Vsys___024root.h"
#include "verilated.h"

// per core: the memory array, the pc shown in host-call errors, whether a trap ends the
// run, and the host-call ABI (number and argument registers, how the result returns)
#if defined(CORE_MIPS)
#define TCM_MEM(t) (t).rootp->mips_sys__DOT__u_tcm__DOT__mem_q
#define TCM_TAG(t) (t).rootp->mips_sys__DOT__u_tcm__DOT__tag_q
#define HOST_PC(t) (t).rootp->mips_sys__DOT__u_core__DOT__e_pc_q
#define RETIRE_OFS 0  // the commit record is in WB, the model's retire cycle
#define TRAP_ENDS_RUN(t) true
// o32: v0 = number (4004 write, 4001 / 4246 exit), a0..a2 arguments; the result returns in
// v0 (the syscall's own result, host_wdata_i) and a3 = 0 / 1 (error: v0 = errno), written
// into the register file array when the syscall is in EX (the instruction behind it, in ID,
// reads it in that cycle; mips_core's README)
#define A3_REG(t) (t).rootp->mips_sys__DOT__u_core__DOT__u_rf__DOT__mem_q[7 - 1]
enum { REG_SP = 29, REG_NR = 2, REG_A0 = 4, REG_A1 = 5, REG_A2 = 6, NR_WRITE = 4004, NR_EXIT = 4001, NR_EXIT_GROUP = 4246 };
#elif defined(CORE_RV32)
#define TCM_MEM(t) (t).rootp->rv32_sys__DOT__u_tcm__DOT__mem_q
#define TCM_TAG(t) (t).rootp->rv32_sys__DOT__u_tcm__DOT__tag_q
#define HOST_PC(t) (t).rootp->rv32_sys__DOT__u_core__DOT__x_pc_q
#define RETIRE_OFS 1  // the commit record is in W, the cycle after the retire cycle (X)
#define TRAP_ENDS_RUN(t) ((t).rootp->rv32_sys__DOT__u_core__DOT__u_csr__DOT__mtvec_q == 0)
enum { REG_SP = 2, REG_NR = 17, REG_A0 = 10, REG_A1 = 11, REG_A2 = 12, NR_WRITE = 64, NR_EXIT = 93, NR_EXIT_GROUP = 94 };
#else
#error "define CORE_RV32 or CORE_MIPS"
#endif
// A vector unit (hw/units/zve64x; VEC_P, its signal prefix, defined by the build): each C
// line ends with the vector registers the instruction changed, " v<n>=<32 hex digits>" in
// register order (docs/vector.md, "Commit log"). The record is printed in W, before the
// clock edge that writes a vector load's last word (ld_v_q, ld_reg_q, ld_be_q, ld_wdata), so
// that word is applied here.
#if defined(VEC_P)
#define VEC_CAT2(a, b) a##b
#define VEC_CAT(a, b) VEC_CAT2(a, b)
#define VSIG(t, s) (t).rootp->VEC_CAT(VEC_P, s)
#endif
#if VM_TRACE
#include "verilated_vcd_c.h"
#endif
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static void die(const char *msg) {
    std::fprintf(stderr, "core_harness: %s\n", msg);
    std::exit(3);
}

static uint64_t num(const char *s) { return std::strtoull(s, nullptr, 0); }

int main(int argc, char **argv) {
    const char *image = nullptr, *vcd = nullptr, *tags = nullptr;
    uint32_t load = 0, entry = 0, sp = 0, tohost = 0, mem_base = 0, mem_bytes = 0;
    uint64_t max_cycles = 10000000000ULL;
    uint64_t progress = 0;  // a P line every this many cycles (0: none)
    bool trace = false, have_tohost = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> const char * {
            if (i + 1 >= argc) die(("missing value after " + a).c_str());
            return argv[++i];
        };
        if (a == "--image") image = val();
        else if (a == "--tags") tags = val();
        else if (a == "--load") load = (uint32_t)num(val());
        else if (a == "--entry") entry = (uint32_t)num(val());
        else if (a == "--sp") sp = (uint32_t)num(val());
        else if (a == "--tohost") { tohost = (uint32_t)num(val()); have_tohost = true; }
        else if (a == "--max-cycles") max_cycles = num(val());
        else if (a == "--trace") trace = true;
        else if (a == "--progress") progress = num(val());
        else if (a == "--vcd") vcd = val();
        else if (a == "--mem-base") mem_base = (uint32_t)num(val());
        else if (a == "--mem-bytes") mem_bytes = (uint32_t)num(val());
        else die(("unknown argument " + a).c_str());
    }
    if (!image) die("--image is required");
    std::FILE *f = std::fopen(image, "rb");
    if (!f) die("cannot open the image");
    auto slurp = [](std::FILE *f) {
        std::vector<uint8_t> v;
        uint8_t buf[65536];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) v.insert(v.end(), buf, buf + n);
        std::fclose(f);
        return v;
    };
    std::vector<uint8_t> img = slurp(f), tag;
    if (tags) {
        std::FILE *g = std::fopen(tags, "rb");
        if (!g) die("cannot open the tags");
        tag = slurp(g);
    }
    if (load < mem_base || (uint64_t)load + img.size() > (uint64_t)mem_base + mem_bytes || (load & 3))
        die("the image does not fit the processor's memory");

    static char obuf[1 << 20];
    std::setvbuf(stdout, obuf, _IOFBF, sizeof obuf);

    VerilatedContext ctx;
    Vsys top(&ctx);
    auto *mem = TCM_MEM(top).m_storage;
    const uint32_t words = mem_bytes / 4;
    for (size_t i = 0; i < img.size(); i += 4) {
        uint32_t w = 0;
        for (size_t k = 0; k < 4 && i + k < img.size(); k++) w |= (uint32_t)img[i + k] << (8 * k);
        uint32_t idx = (load - mem_base + (uint32_t)i) / 4;
        if (idx < words) mem[idx] = w;
    }
    auto *mtag = TCM_TAG(top).m_storage;
    for (uint32_t i = 0; i < words; i++) mtag[i] = tags ? 0 : 0x3f;
    for (size_t i = 0; i < tag.size(); i++) {
        uint32_t idx = (load - mem_base) / 4 + (uint32_t)i;
        if (idx < words) mtag[idx] = tag[i] & 0x3f;
    }
    // a byte the program may read (a mapped word)
    auto rd_mem = [&](uint32_t addr, uint8_t &out) -> bool {
        uint32_t off = addr - mem_base;
        if (off >= mem_bytes || !(mtag[off / 4] & 1)) return false;
        out = (uint8_t)(mem[off / 4] >> (8 * (off & 3)));
        return true;
    };
#if VM_TRACE
    VerilatedVcdC *tfp = nullptr;
    if (vcd) {
        ctx.traceEverOn(true);
        tfp = new VerilatedVcdC;
        top.trace(tfp, 99);
        tfp->open(vcd);
    }
#else
    if (vcd) die("this harness was built without --trace support");
#endif
    uint64_t t = 0;
    auto tick = [&]() {
        top.clk_i = 1;
        top.eval();
#if VM_TRACE
        if (tfp) tfp->dump(t * 10 + 5);
#endif
        top.clk_i = 0;
        top.eval();
#if VM_TRACE
        if (tfp) tfp->dump(t * 10 + 10);
#endif
        t++;
    };
    // reset; the loader's stack pointer goes in through the debug write port
    top.clk_i = 0;
    top.rst_ni = 0;
    top.boot_addr_i = entry;
    top.mem_base_i = mem_base;
    top.host_wdata_i = 0;
    top.dbg_raddr_i = 0;
    top.dbg_we_i = 1;
    top.dbg_waddr_i = REG_SP;
    top.dbg_wdata_i = sp;
    top.eval();
    tick();
    top.dbg_we_i = 0;
    top.rst_ni = 1;
    top.eval();
    t = 0;

    auto reg = [&](int r) -> uint32_t {
        top.dbg_raddr_i = r;
        top.eval();
        return top.dbg_rdata_o;
    };

    int exit_pending = 0;  // 1: exit after the commit record of the host call (exit_pc)
    uint32_t exit_pc = 0;
    std::string fail;      // a host call's error: ends the run at its commit record (fail_pc)
    uint32_t fail_pc = 0;
    uint64_t limit_at = 0; // the cycle limit was reached at this cycle (retire + 1): the
                           // run ends at the next commit record, whose pc it names
    int32_t exit_status = 0;
    const char *end_kind = nullptr;
    uint32_t end_value = 0;
    uint64_t cycle = 0, instret = 0;
    int hilo_wait = 0;     // MIPS: logged divisions whose HI/LO have not come yet
    uint64_t h_cycle = ~0ULL;  // the cycle whose H line was printed last
#if defined(VEC_P)
    uint32_t vshadow[32][4] = {};  // the vector registers after the last C line
#endif
    for (;; cycle++) {
        top.eval();
        if (top.rvfi_valid && limit_at) {
            std::printf("X runaway %llu %x\n", (unsigned long long)limit_at, top.rvfi_pc_rdata);
            break;
        }
        if (top.rvfi_valid) {
            instret = top.rvfi_order + 1;
            uint32_t pc = top.rvfi_pc_rdata, insn = top.rvfi_insn;
            bool failed = !fail.empty() && pc == fail_pc;
            if (trace) {
                std::printf("C %llu %x %x %x %x %x %x %x %d %x %x",
                            (unsigned long long)(cycle - RETIRE_OFS), pc, insn, top.rvfi_rd_addr,
                            top.rvfi_rd_wdata, top.rvfi_mem_wmask, top.rvfi_mem_addr,
                            top.rvfi_mem_wdata, top.rvfi_trap || failed, top.commit_cause_o,
                            top.commit_tval_o);
#if defined(VEC_P)
                {
                    uint32_t now[32][4];
                    for (int r = 0; r < 32; r++)
                        for (int w = 0; w < 4; w++) now[r][w] = VSIG(top, vrf)[r][w];
                    if (VSIG(top, ld_v_q)) {
                        uint32_t *wr = now[VSIG(top, ld_reg_q)];
                        for (int b = 0; b < 16; b++) {
                            if (!((VSIG(top, ld_be_q) >> b) & 1)) continue;
                            uint32_t m = 0xffu << (8 * (b % 4));
                            wr[b / 4] = (wr[b / 4] & ~m) | (VSIG(top, ld_wdata)[b / 4] & m);
                        }
                    }
                    for (int r = 0; r < 32; r++) {
                        if (std::memcmp(now[r], vshadow[r], sizeof now[r]) == 0) continue;
                        std::printf(" v%d=%08x%08x%08x%08x", r, now[r][3], now[r][2], now[r][1],
                                    now[r][0]);
                        std::memcpy(vshadow[r], now[r], sizeof now[r]);
                    }
                }
#endif
#if defined(CORE_MIPS)
                // HI/LO after the instruction; pending: a division's come in an H line
                std::printf(" %x %x %d", top.commit_hi_o, top.commit_lo_o,
                            top.commit_hilo_pend_o);
                if (top.commit_hilo_pend_o) hilo_wait++;
#endif
                std::printf("\n");
            }
            if (failed) {
                std::printf("%s\n", fail.c_str());
                break;
            }
            if (top.rvfi_trap && TRAP_ENDS_RUN(top)) {
                std::printf("X trap %x %x %x %x %llu\n", pc, insn, top.commit_cause_o,
                            top.commit_tval_o, (unsigned long long)(cycle - RETIRE_OFS));
                break;
            }
            if (have_tohost && top.rvfi_mem_wmask && !top.rvfi_trap &&
                (top.rvfi_mem_addr & ~3u) == (tohost & ~3u)) {
                uint32_t v = top.rvfi_mem_wdata;
                if (v != 0) {
                    end_kind = "tohost";
                    end_value = v;
                }
            }
            if ((exit_pending && pc == exit_pc) || end_kind) {
                if (!end_kind) end_kind = "exit";
                if (exit_pending) end_value = (uint32_t)exit_status;
                if (std::strcmp(end_kind, "exit") == 0)
                    std::printf("X exit %d %llu %llu\n", exit_status,
                                (unsigned long long)(cycle + 1 - RETIRE_OFS),
                                (unsigned long long)instret);
                else
                    std::printf("X tohost %x %llu %llu\n", end_value,
                                (unsigned long long)(cycle + 1 - RETIRE_OFS),
                                (unsigned long long)instret);
                break;
            }
            if (cycle + 1 - RETIRE_OFS >= max_cycles) limit_at = cycle + 1 - RETIRE_OFS;
        }
#if defined(CORE_MIPS)
        if (trace && top.hilo_done_o) {
            std::printf("H %x %x\n", top.hilo_hi_o, top.hilo_lo_o);
            if (hilo_wait) hilo_wait--;
            h_cycle = cycle;
        }
#endif
        if (progress && cycle % progress == 0 && cycle) {
            std::printf("P %llu %llu\n", (unsigned long long)cycle, (unsigned long long)instret);
            std::fflush(stdout);
        }
        // no commit for a long time after the limit (a processor that hangs)
        if (cycle >= max_cycles + 1000) {
            std::printf("X runaway %llu %x\n", (unsigned long long)cycle, top.rvfi_pc_wdata);
            break;
        }
        top.host_wdata_i = 0;
        // no host call after one that ends the run (MIPS: a syscall can reach EX before
        // the exit ahead of it commits) or after the cycle limit
        if (top.host_call_o && !limit_at && !exit_pending && fail.empty()) {
            uint32_t nr = reg(REG_NR), a0 = reg(REG_A0), a1 = reg(REG_A1), a2 = reg(REG_A2);
            uint32_t ret = 0;
            if (nr == NR_WRITE) {
                if (a0 == 1 || a0 == 2) {
                    // the whole buffer first (nothing is written from a bad one)
                    bool ok = (uint64_t)a1 + a2 <= 0x100000000ULL;
                    uint8_t b;
                    for (uint32_t k = 0; ok && k < a2; k++) ok = rd_mem(a1 + k, b);
                    if (ok) {
                        std::printf("O %u ", a0);
                        for (uint32_t k = 0; k < a2; k++) {
                            rd_mem(a1 + k, b);
                            std::printf("%02x", b);
                        }
                        std::printf("\n");
                    } else {
                        char m[64];
                        std::snprintf(m, sizeof m, "X badbuf %x %x", a1, HOST_PC(top));
                        fail = m;
                        fail_pc = HOST_PC(top);
                    }
                    ret = a2;
                } else {
                    ret = (uint32_t)-9;
                }
            } else if (nr == NR_EXIT || nr == NR_EXIT_GROUP) {
                exit_pending = 1;
                exit_pc = HOST_PC(top);
                exit_status = (int32_t)a0;
            } else {
                char m[64];
                std::snprintf(m, sizeof m, "X syscall %u %x", nr, HOST_PC(top));
                fail = m;
                fail_pc = HOST_PC(top);
            }
#if defined(CORE_MIPS)
            // o32 error convention: v0 = errno, a3 = 1
            bool err = (int32_t)ret < 0;
            if (err) ret = (uint32_t)(-(int32_t)ret);
            if (nr == NR_WRITE) A3_REG(top) = err ? 1 : 0;
#endif
            top.host_wdata_i = ret;
            top.eval();
        }
        tick();
    }
#if defined(CORE_MIPS)
    // a division that retired before the run ended finishes: its HI/LO complete its commit
    // record (the line the simulator writes); nothing else is observed or serviced
    for (int k = 0; trace && hilo_wait > 0 && k < 256; k++) {
        if (top.hilo_done_o && !(k == 0 && h_cycle == cycle)) {
            std::printf("H %x %x\n", top.hilo_hi_o, top.hilo_lo_o);
            hilo_wait--;
        }
        tick();
        top.eval();
    }
#endif
    std::fflush(stdout);
#if VM_TRACE
    if (tfp) tfp->close();
#endif
    top.final();
    return 0;
}
