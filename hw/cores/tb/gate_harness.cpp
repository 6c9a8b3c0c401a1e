// Gate-level harness of the power flow (hw/scripts/power.py, docs/hardware.md "Power"):
// gl_sys (the mapped OSU netlist of rv32_core or mips_core on the RTL memory), built by
// Verilator with every net of the netlist's own modules public (read-only) and the
// flip-flops' state public (power_lib.cell_models). It runs a memory image as
// core_harness.cpp does (same options, same O / X line protocol, so asip_flow::rtl reads
// both alike) and counts, for every net bit of the netlist, its transitions and the time it
// is high (zero-delay simulation: functional transitions, no glitches).
// The netlist has no debug port: the loader's stack pointer and the host calls' registers
// go through the register file's flip-flops (--regmap: "R <reg> <bit> <flop scope>" lines,
// from the netlist). No RVFI either: a run ends at the exit host call; its cycle count is
// the RTL's (the exit's commit record + 1: EXIT_OFS cycles after the host call).
//   --activity FILE   per net bit: "N <name> <toggles> <high half-cycles> ..." at every
//                     snapshot (the cycles of --windows, then the end of the run)
//   --windows A,B,..  cycles (commit-log numbering: the retire cycle) to snapshot at
//   --cycles N        no program: run N cycles after reset (the validation circuit,
//                     hw/tb/power_check_tb.v) and write the activity
#include "Vgl.h"
#include "verilated.h"
#include "verilated_syms.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#if defined(CORE_MIPS)
enum { REG_SP = 29, REG_NR = 2, REG_A0 = 4, REG_A1 = 5, REG_A2 = 6, REG_A3 = 7, NR_WRITE = 4004, NR_EXIT = 4001, NR_EXIT_GROUP = 4246 };
#define EXIT_OFS 3
#elif defined(CORE_RV32)
enum { REG_SP = 2, REG_NR = 17, REG_A0 = 10, REG_A1 = 11, REG_A2 = 12, NR_WRITE = 64, NR_EXIT = 93, NR_EXIT_GROUP = 94 };
#define EXIT_OFS 1
#else
#error "define CORE_RV32 or CORE_MIPS"
#endif

static void die(const std::string &msg) {
    std::fprintf(stderr, "gate_harness: %s\n", msg.c_str());
    std::exit(3);
}

static uint64_t num(const char *s) { return std::strtoull(s, nullptr, 0); }

// one public variable of the netlist: its bits are nets
struct Var {
    std::string name;
    const void *p;
    int type;     // VLVT_UINT8 .. VLVT_WDATA
    int width, lsb;
    size_t base;  // index of its bit 0 in the per-bit arrays
    int words;
};

int main(int argc, char **argv) {
    const char *image = nullptr, *tags = nullptr, *activity = nullptr, *regmap = nullptr;
    // --host-args: each host call's registers (nr a0 a1 a2 a line, in order), from the RTL
    // run's commit log (power.py). The MIPS core services a syscall in EX while the
    // instruction before it is in MEM, where a netlist has no forwarding for the harness
    // (the RTL's debug port has); without the option the registers are read from the
    // register file's D nets (the RV32 core's ecall sees every older write there)
    const char *host_args = nullptr;
    uint32_t load = 0, entry = 0, sp = 0, mem_base = 0, mem_bytes = 0;
    uint64_t max_cycles = 10000000000ULL;
    std::vector<uint64_t> windows;
    bool list_scopes = false;
    uint64_t run_cycles = 0;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&]() -> const char * {
            if (i + 1 >= argc) die("missing value after " + a);
            return argv[++i];
        };
        if (a == "--image") image = val();
        else if (a == "--tags") tags = val();
        else if (a == "--load") load = (uint32_t)num(val());
        else if (a == "--entry") entry = (uint32_t)num(val());
        else if (a == "--sp") sp = (uint32_t)num(val());
        else if (a == "--tohost") val();  // the firmware ends with exit; accepted, unused
        else if (a == "--max-cycles") max_cycles = num(val());
        else if (a == "--trace") {}       // no commit record in a netlist
        else if (a == "--mem-base") mem_base = (uint32_t)num(val());
        else if (a == "--mem-bytes") mem_bytes = (uint32_t)num(val());
        else if (a == "--activity") activity = val();
        else if (a == "--regmap") regmap = val();
        else if (a == "--host-args") host_args = val();
        else if (a == "--list-scopes") list_scopes = true;
        else if (a == "--progress") val();  // core_harness's progress reports: none here
        else if (a == "--cycles") run_cycles = num(val());
        else if (a == "--windows") {
            std::string s = val();
            size_t p = 0;
            while (p < s.size()) {
                size_t q = s.find(',', p);
                if (q == std::string::npos) q = s.size();
                windows.push_back(num(s.substr(p, q - p).c_str()));
                p = q + 1;
            }
        } else die("unknown argument " + a);
    }
    VerilatedContext ctx;
    Vgl top(&ctx);
    if (list_scopes) {
        for (auto &kv : *ctx.scopeNameMap()) {
            std::printf("S %s\n", kv.second->name());
            if (kv.second->varsp())
                for (auto &v : *kv.second->varsp()) std::printf("  V %s\n", v.first);
        }
        return 0;
    }
    if (!run_cycles && (!image || !regmap)) die("--image and --regmap are required");
    auto slurp = [](const char *path) {
        std::FILE *f = std::fopen(path, "rb");
        if (!f) die(std::string("cannot open ") + path);
        std::vector<uint8_t> v;
        uint8_t buf[65536];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) v.insert(v.end(), buf, buf + n);
        std::fclose(f);
        return v;
    };
    std::vector<uint8_t> img, tag;
    if (image) img = slurp(image);
    if (tags) tag = slurp(tags);
    if (image && load < mem_base || (uint64_t)load + img.size() > (uint64_t)mem_base + mem_bytes || (load & 3))
        die("the image does not fit the processor's memory");

    // the netlist's nets, the memory and the register file's flip-flops, by scope
    const VerilatedScope *memscope = nullptr;
    std::vector<Var> vars;
    size_t nbits = 0;
    std::map<std::string, uint8_t *> flops;  // flop scope identifier -> IQ
    // scope names: TOP.gl_sys.u_core[.<instance>...]; the netlist's nets are named from
    // u_core on, hierarchy separated by '/' as OpenSTA names them
    const std::string core = "TOP.gl_sys.u_core";
    for (auto &kv : *ctx.scopeNameMap()) {
        const VerilatedScope *s = kv.second;
        std::string id = s->name();
        if (!s->varsp()) continue;
        if (id == "TOP.gl_sys.u_tcm") {
            memscope = s;
            continue;
        }
        if (id.compare(0, core.size(), core) != 0) continue;
        for (auto &v : *s->varsp()) {
            const VerilatedVar &vv = v.second;
            if (std::strcmp(v.first, "IQ") == 0) {
                flops[id] = (uint8_t *)vv.datap();
                continue;
            }
            if (vv.udims() > 0) continue;  // no unpacked arrays in a netlist
            Var x;
            std::string sub = id.size() > core.size() ? id.substr(core.size() + 1) : "";
            for (auto &c : sub)
                if (c == '.') c = '/';
            x.name = sub + (sub.empty() ? "" : "/") + std::string(v.first);
            x.p = vv.datap();
            x.type = vv.vltype();
            int l = vv.packed().left(), r = vv.packed().right();
            x.width = (l > r ? l - r : r - l) + 1;
            x.lsb = l > r ? r : l;
            x.words = (x.width + 31) / 32;
            x.base = nbits;
            nbits += x.width;
            vars.push_back(x);
        }
    }
    if (!memscope && !run_cycles) die("no memory scope (u_tcm) in the model");
    auto memvar = [&](const char *n) -> void * {
        auto it = memscope->varsp()->find(n);
        if (it == memscope->varsp()->end()) die(std::string("no ") + n + " in the memory");
        return it->second.datap();
    };
    // the memory arrays are VlUnpacked<>: their storage is the object itself
    uint32_t *mem = run_cycles ? nullptr : (uint32_t *)memvar("mem_q");
    uint8_t *mtag = run_cycles ? nullptr : (uint8_t *)memvar("tag_q");
    const uint32_t words = run_cycles ? 0 : mem_bytes / 4;
    for (size_t i = 0; i < img.size(); i += 4) {
        uint32_t w = 0;
        for (size_t k = 0; k < 4 && i + k < img.size(); k++) w |= (uint32_t)img[i + k] << (8 * k);
        uint32_t idx = (load - mem_base + (uint32_t)i) / 4;
        if (idx < words) mem[idx] = w;
    }
    for (uint32_t i = 0; i < words; i++) mtag[i] = tags ? 0 : 0x3f;
    for (size_t i = 0; i < tag.size(); i++) {
        uint32_t idx = (load - mem_base) / 4 + (uint32_t)i;
        if (idx < words) mtag[idx] = tag[i] & 0x3f;
    }
    auto rd_mem = [&](uint32_t addr, uint8_t &out) -> bool {
        uint32_t off = addr - mem_base;
        if (off >= mem_bytes || !(mtag[off / 4] & 1)) return false;
        out = (uint8_t)(mem[off / 4] >> (8 * (off & 3)));
        return true;
    };
    // register file: reg -> bit -> IQ (written) and D net (read: the value after this
    // cycle's write-back, as the RTL debug port's bypass shows it)
    std::vector<std::vector<uint8_t *>> rf(32, std::vector<uint8_t *>(32, nullptr));
    struct Bit { const Var *v; int bit; };
    std::vector<std::vector<Bit>> rfd(32, std::vector<Bit>(32, Bit{nullptr, 0}));
    std::map<std::string, const Var *> byname;
    for (auto &x : vars) byname[x.name] = &x;
    if (!run_cycles) {
        std::FILE *f = std::fopen(regmap, "r");
        if (!f) die("cannot open the register map");
        char line[4096];
        int n = 0;
        while (std::fgets(line, sizeof line, f)) {
            int r, b, db;
            char sc[2000], dn[2000];
            if (std::sscanf(line, "R %d %d %1999s %1999s %d", &r, &b, sc, dn, &db) != 5) continue;
            auto it = flops.find(sc);
            if (it == flops.end()) die(std::string("register map: no flip-flop scope ") + sc);
            auto dv = byname.find(dn);
            if (dv == byname.end()) die(std::string("register map: no net ") + dn);
            if (r > 0 && r < 32 && b >= 0 && b < 32) {
                rf[r][b] = it->second;
                rfd[r][b] = Bit{dv->second, db < 0 ? 0 : db - dv->second->lsb};
                n++;
            }
        }
        std::fclose(f);
        if (n != 31 * 32) die("register map: " + std::to_string(n) + " of 992 register bits found");
    }
    auto bitof = [](const Bit &x) -> uint32_t {
        const Var &v = *x.v;
        int w = x.bit / 32, b = x.bit % 32;
        uint32_t word;
        switch (v.type) {
        case VLVT_UINT8: word = *(const uint8_t *)v.p; break;
        case VLVT_UINT16: word = *(const uint16_t *)v.p; break;
        default: word = ((const uint32_t *)v.p)[w]; break;
        }
        return (word >> b) & 1;
    };
    auto reg = [&](int r) -> uint32_t {
        uint32_t v = 0;
        if (r == 0) return 0;
        for (int b = 0; b < 32; b++) v |= bitof(rfd[r][b]) << b;
        return v;
    };
    auto set_reg = [&](int r, uint32_t v) {
        for (int b = 0; b < 32; b++) *rf[r][b] = (v >> b) & 1;
    };
    std::vector<std::vector<uint32_t>> calls;
    size_t next_call = 0;
    if (host_args) {
        std::FILE *f = std::fopen(host_args, "r");
        if (!f) die("cannot open the host-call arguments");
        unsigned long long c[4];
        while (std::fscanf(f, "%llu %llu %llu %llu", &c[0], &c[1], &c[2], &c[3]) == 4)
            calls.push_back({(uint32_t)c[0], (uint32_t)c[1], (uint32_t)c[2], (uint32_t)c[3]});
        std::fclose(f);
    }

    // activity: previous value, transitions and high time (half cycles) per net bit
    std::vector<uint64_t> toggles(nbits, 0), high(nbits, 0), since(nbits, 0);
    // the words to compare, by storage size (Verilator: CData, SData, IData and the 32-bit
    // words of QData / WData, little-endian), each with its mask and first bit index
    struct W8 { const uint8_t *p; uint8_t m; uint32_t base; };
    struct W16 { const uint16_t *p; uint16_t m; uint32_t base; };
    struct W32 { const uint32_t *p; uint32_t m; uint32_t base; };
    std::vector<W8> w8;
    std::vector<W16> w16;
    std::vector<W32> w32;
    for (auto &x : vars) {
        for (int w = 0; w < x.words; w++) {
            int bits = x.width - 32 * w;
            uint32_t m = bits >= 32 ? 0xffffffffu : ((1u << bits) - 1);
            uint32_t base = (uint32_t)(x.base + 32 * w);
            if (x.type == VLVT_UINT8) w8.push_back({(const uint8_t *)x.p, (uint8_t)m, base});
            else if (x.type == VLVT_UINT16) w16.push_back({(const uint16_t *)x.p, (uint16_t)m, base});
            else w32.push_back({(const uint32_t *)x.p + w, m, base});
        }
    }
    std::vector<uint8_t> p8(w8.size(), 0);
    std::vector<uint16_t> p16(w16.size(), 0);
    std::vector<uint32_t> p32(w32.size(), 0);
    uint64_t now = 0;  // half cycles
    bool counting = false;
    auto flip = [&](uint32_t base, uint32_t cur, uint32_t d) {
        while (d) {
            int b = __builtin_ctz(d);
            d &= d - 1;
            size_t i = base + b;
            toggles[i]++;
            if (!((cur >> b) & 1)) high[i] += now - since[i];  // fell: it was high
            since[i] = now;
        }
    };
    auto sample = [&]() {
        for (size_t k = 0; k < w8.size(); k++) {
            uint8_t cur = *w8[k].p & w8[k].m;
            if (cur != p8[k]) {
                if (counting) flip(w8[k].base, cur, cur ^ p8[k]);
                p8[k] = cur;
            }
        }
        for (size_t k = 0; k < w16.size(); k++) {
            uint16_t cur = *w16[k].p & w16[k].m;
            if (cur != p16[k]) {
                if (counting) flip(w16[k].base, cur, cur ^ p16[k]);
                p16[k] = cur;
            }
        }
        for (size_t k = 0; k < w32.size(); k++) {
            uint32_t cur = *w32[k].p & w32[k].m;
            if (cur != p32[k]) {
                if (counting) flip(w32[k].base, cur, cur ^ p32[k]);
                p32[k] = cur;
            }
        }
    };
    // the current value of every bit (for the high time still running at a snapshot)
    std::vector<uint8_t> bitval(nbits, 0);
    auto values = [&]() {
        for (size_t k = 0; k < w8.size(); k++)
            for (int b = 0; b < 8; b++) if ((w8[k].m >> b) & 1) bitval[w8[k].base + b] = (p8[k] >> b) & 1;
        for (size_t k = 0; k < w16.size(); k++)
            for (int b = 0; b < 16; b++) if ((w16[k].m >> b) & 1) bitval[w16[k].base + b] = (p16[k] >> b) & 1;
        for (size_t k = 0; k < w32.size(); k++)
            for (int b = 0; b < 32; b++) if ((w32[k].m >> b) & 1) bitval[w32[k].base + b] = (p32[k] >> b) & 1;
    };
    std::FILE *af = nullptr;
    if (activity) {
        af = std::fopen(activity, "w");
        if (!af) die("cannot write the activity file");
        std::fprintf(af, "# gate_harness activity: per net bit, toggles and high time in half cycles\n");
    }
    std::vector<std::vector<std::pair<uint64_t, uint64_t>>> snaps;
    std::vector<uint64_t> snap_at;
    auto snapshot = [&](uint64_t cycle) {
        values();
        std::vector<std::pair<uint64_t, uint64_t>> s(nbits);
        for (size_t i = 0; i < nbits; i++)
            s[i] = {toggles[i], high[i] + (bitval[i] ? now - since[i] : 0)};
        snaps.push_back(std::move(s));
        snap_at.push_back(cycle);
    };

    static char obuf[1 << 20];
    std::setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    auto tick = [&]() {
        top.clk_i = 1;
        top.eval();
        now++;
        sample();
        top.clk_i = 0;
        top.eval();
        now++;
        sample();
    };
    // reset, the stack pointer loaded into the register file's flip-flops
    top.clk_i = 0;
    top.rst_ni = 0;
    top.boot_addr_i = entry;
    top.mem_base_i = mem_base;
    top.host_wdata_i = 0;
    top.eval();
    tick();
    if (!run_cycles) set_reg(REG_SP, sp);
    top.rst_ni = 1;
    top.eval();
    sample();
    // from here on as core_harness.cpp: cycle 0 is the first cycle after reset
    counting = true;
    for (size_t i = 0; i < nbits; i++) since[i] = now;  // high time counts from here
    size_t wi = 0;
    int exit_pending = 0;
    int32_t exit_status = 0;
    uint64_t exit_at = 0, cycle = 0;
    for (;; cycle++) {
        top.eval();
        sample();
        while (wi < windows.size() && windows[wi] == cycle) {
            snapshot(cycle);
            wi++;
        }
        if (run_cycles && cycle == run_cycles) break;
        if (exit_pending && cycle == exit_at) {
            std::printf("X exit %d %llu 0\n", exit_status, (unsigned long long)cycle);
            break;
        }
        if (cycle >= max_cycles + 1000) {
            std::printf("X runaway %llu 0\n", (unsigned long long)cycle);
            break;
        }
        top.host_wdata_i = 0;
        if (top.host_call_o && !exit_pending && !run_cycles) {
            uint32_t nr = reg(REG_NR), a0 = reg(REG_A0), a1 = reg(REG_A1), a2 = reg(REG_A2);
            if (host_args) {
                if (next_call >= calls.size()) die("more host calls than the RTL run made");
                const auto &c = calls[next_call++];
                nr = c[0], a0 = c[1], a1 = c[2], a2 = c[3];
            }
            uint32_t ret = 0;
            if (nr == NR_WRITE) {
                if (a0 == 1 || a0 == 2) {
                    bool ok = (uint64_t)a1 + a2 <= 0x100000000ULL;
                    uint8_t b;
                    for (uint32_t k = 0; ok && k < a2; k++) ok = rd_mem(a1 + k, b);
                    if (!ok) {
                        std::printf("X badbuf %x 0\n", a1);
                        break;
                    }
                    std::printf("O %u ", a0);
                    for (uint32_t k = 0; k < a2; k++) {
                        rd_mem(a1 + k, b);
                        std::printf("%02x", b);
                    }
                    std::printf("\n");
                    ret = a2;
                } else {
                    ret = (uint32_t)-9;
                }
            } else if (nr == NR_EXIT || nr == NR_EXIT_GROUP) {
                exit_pending = 1;
                exit_status = (int32_t)a0;
                exit_at = cycle + EXIT_OFS;
            } else {
                std::printf("X syscall %u 0\n", nr);
                break;
            }
#if defined(CORE_MIPS)
            bool err = (int32_t)ret < 0;
            if (err) ret = (uint32_t)(-(int32_t)ret);
            if (nr == NR_WRITE) set_reg(REG_A3, err ? 1 : 0);
#endif
            top.host_wdata_i = ret;
            top.eval();
            sample();
        }
        tick();
    }
    snapshot(cycle);
    std::fflush(stdout);
    if (af) {
        std::fprintf(af, "S");
        for (auto c : snap_at) std::fprintf(af, " %llu", (unsigned long long)c);
        std::fprintf(af, "\n");
        for (auto &x : vars) {
            for (int b = 0; b < x.width; b++) {
                size_t i = x.base + b;
                if (x.width == 1) std::fprintf(af, "N %s", x.name.c_str());
                else std::fprintf(af, "N %s[%d]", x.name.c_str(), x.lsb + b);
                for (auto &s : snaps)
                    std::fprintf(af, " %llu %llu", (unsigned long long)s[i].first, (unsigned long long)s[i].second);
                std::fprintf(af, "\n");
            }
        }
        std::fclose(af);
    }
    top.final();
    return 0;
}
