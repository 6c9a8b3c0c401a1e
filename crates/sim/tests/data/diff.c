/* Differential test program: applies every RV32IM / Zbb / Zbkb operation to edge-case
 * and pseudo-random operands and prints one hex checksum line per operation, then the
 * results of sign-extending loads and a few branches. The simulator's output must equal
 * qemu-riscv32's (tests/elf.rs). Freestanding: no libc.
 * Build: riscv64-unknown-elf-gcc -march=rv32im_zbb_zbkb -mabi=ilp32 -O2 -nostdlib
 *        -static -ffreestanding -Wl,--no-relax -Ttext=0x10000
 *        -o diff.elf diff.c */
typedef unsigned int u32;

static long sys3(long n, long a, long b, long c) {
    register long a0 asm("a0") = a, a1 asm("a1") = b, a2 asm("a2") = c, a7 asm("a7") = n;
    asm volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
    return a0;
}

static char buf[64];
static void put(const char *name, u32 v) {
    int n = 0;
    while (name[n]) { buf[n] = name[n]; n++; }
    buf[n++] = ' ';
    for (int i = 7; i >= 0; i--) buf[n++] = "0123456789abcdef"[(v >> (4 * i)) & 15];
    buf[n++] = '\n';
    sys3(64, 1, (long)buf, n);
}

static u32 s = 0x12345678;
static u32 rnd(void) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; }

static const u32 edge[] = {0, 1, 2, 5, 31, 32, 0x7fffffff, 0x80000000, 0x80000001,
                           0xffffffff, 0xfffffffe, 0x0000ffff, 0xffff0000, 0x00ff00ff};
#define NE (sizeof(edge) / sizeof(edge[0]))

#define R(name, insn)                                                          \
    static u32 f_##name(u32 a, u32 b) {                                        \
        u32 r; asm volatile(insn " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b)); return r; }
#define U(name, insn)                                                          \
    static u32 f_##name(u32 a, u32 b) {                                        \
        (void)b; u32 r; asm volatile(insn " %0, %1" : "=r"(r) : "r"(a)); return r; }
R(add, "add") R(sub, "sub") R(sll, "sll") R(srl, "srl") R(sra, "sra") R(slt, "slt")
R(sltu, "sltu") R(xor, "xor") R(or, "or") R(and, "and")
R(mul, "mul") R(mulh, "mulh") R(mulhsu, "mulhsu") R(mulhu, "mulhu")
R(div, "div") R(divu, "divu") R(rem, "rem") R(remu, "remu")
R(andn, "andn") R(orn, "orn") R(xnor, "xnor") R(rol, "rol") R(ror, "ror")
R(min, "min") R(minu, "minu") R(max, "max") R(maxu, "maxu")
R(pack, "pack") R(packh, "packh")
U(clz, "clz") U(ctz, "ctz") U(cpop, "cpop") U(sextb, "sext.b") U(sexth, "sext.h")
U(zexth, "zext.h") U(orcb, "orc.b") U(rev8, "rev8") U(brev8, "brev8") U(zip, "zip")
U(unzip, "unzip")
static u32 f_rori7(u32 a, u32 b) { (void)b; u32 r; asm volatile("rori %0, %1, 7" : "=r"(r) : "r"(a)); return r; }
static u32 f_srai31(u32 a, u32 b) { (void)b; u32 r; asm volatile("srai %0, %1, 31" : "=r"(r) : "r"(a)); return r; }
static u32 f_sltiu(u32 a, u32 b) { (void)b; u32 r; asm volatile("sltiu %0, %1, -1" : "=r"(r) : "r"(a)); return r; }

typedef u32 (*op_t)(u32, u32);
static const struct { const char *name; op_t f; } ops[] = {
#define E(n) {#n, f_##n},
    E(add) E(sub) E(sll) E(srl) E(sra) E(slt) E(sltu) E(xor) E(or) E(and)
    E(mul) E(mulh) E(mulhsu) E(mulhu) E(div) E(divu) E(rem) E(remu)
    E(andn) E(orn) E(xnor) E(rol) E(ror) E(min) E(minu) E(max) E(maxu) E(pack) E(packh)
    E(clz) E(ctz) E(cpop) E(sextb) E(sexth) E(zexth) E(orcb) E(rev8) E(brev8) E(zip)
    E(unzip) E(rori7) E(srai31) E(sltiu)
};

static volatile unsigned char mem[8] = {0x81, 0x7f, 0xf0, 0x80, 0x01, 0x02, 0x03, 0x04};

void _start(void) {
    for (unsigned k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
        u32 h = 0;
        for (unsigned i = 0; i < NE; i++)
            for (unsigned j = 0; j < NE; j++) h = (h * 31) ^ ops[k].f(edge[i], edge[j]);
        for (int n = 0; n < 200; n++) h = (h * 31) ^ ops[k].f(rnd(), rnd());
        put(ops[k].name, h);
    }
    put("lb", (u32)(int)(signed char)mem[0]);
    put("lh", (u32)(int)*(volatile short *)&mem[2]);
    put("lhu", (u32)*(volatile unsigned short *)&mem[2]);
    put("lw", *(volatile u32 *)&mem[4]);
    sys3(93, 0, 0, 0);
}
