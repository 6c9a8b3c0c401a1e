/* Differential test program for the MIPS32 backend: every result is printed in hex, so the
 * simulator's output can be compared with qemu-mipsel's. Build (committed as mips_diff.elf):
 *   mipsel-linux-gnu-gcc -march=mips32 -EL -mabi=32 -mno-abicalls -fno-pic -G 0 -O1 \
 *     -ffreestanding -nostdlib -static -Wl,--build-id=none -o mips_diff.elf mips_diff.c
 */
typedef unsigned int u32;

__asm__(".set noreorder\n"
        ".globl __start\n"
        "__start:\n"
        "  lw $a0, 0($sp)\n"
        "  addiu $a1, $sp, 4\n"
        "  jal main\n"
        "  addiu $sp, $sp, -16\n"
        "  move $a0, $v0\n"
        "  li $v0, 4001\n"
        "  syscall\n"
        ".set reorder\n");

static long sys_write(int fd, const void *buf, u32 len)
{
    register long v0 __asm__("v0") = 4004;
    register long a0 __asm__("a0") = fd;
    register const void *a1 __asm__("a1") = buf;
    register u32 a2 __asm__("a2") = len;
    register long a3 __asm__("a3");
    __asm__ volatile("syscall" : "+r"(v0), "=r"(a3) : "r"(a0), "r"(a1), "r"(a2)
                     : "memory", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9",
                       "hi", "lo");
    return a3 ? -v0 : v0;
}

static char buf[64];
static void put(const char *name, u32 v)
{
    int n = 0;
    while (*name) buf[n++] = *name++;
    buf[n++] = ' ';
    for (int i = 7; i >= 0; i--) buf[n++] = "0123456789abcdef"[(v >> (4 * i)) & 15];
    buf[n++] = '\n';
    sys_write(1, buf, n);
}

#define R3(op, a, b) ({ u32 r_; __asm__ volatile(op " %0, %1, %2" : "=r"(r_) : "r"(a), "r"(b)); r_; })
#define RI(op, a, imm) ({ u32 r_; __asm__ volatile(op " %0, %1, " #imm : "=r"(r_) : "r"(a)); r_; })
#define HILO(op, a, b, hi, lo) __asm__ volatile(op " %2, %3\n\tmfhi %0\n\tmflo %1" : "=r"(hi), "=r"(lo) : "r"(a), "r"(b) : "hi", "lo")

static const u32 V[] = {0, 1, 2, 0x7fffffff, 0x80000000, 0xffffffff, 0x12345678, 0xfedcba98, 31, 32, 33, 0xfffffffe};
#define NV (sizeof V / sizeof V[0])

static volatile unsigned char mem[16] = {0x81, 0x92, 0xa3, 0xb4, 0xc5, 0xd6, 0xe7, 0xf8, 0x09, 0x1a, 0x2b, 0x3c, 0x4d, 0x5e, 0x6f, 0x70};

int main(void)
{
    for (u32 i = 0; i < NV; i++) {
        u32 a = V[i];
        put("sll0", RI("sll", a, 0)); put("sll31", RI("sll", a, 31));
        put("srl1", RI("srl", a, 1)); put("srl31", RI("srl", a, 31));
        put("sra4", RI("sra", a, 4)); put("sra31", RI("sra", a, 31));
        put("addiu", RI("addiu", a, -32768)); put("slti", RI("slti", a, -1));
        put("sltiu", RI("sltiu", a, -1)); put("sltiu5", RI("sltiu", a, 5));
        put("andi", RI("andi", a, 0xff00)); put("ori", RI("ori", a, 0x8001));
        put("xori", RI("xori", a, 0xffff));
        u32 c; __asm__("clz %0, %1" : "=r"(c) : "r"(a)); put("clz", c);
        __asm__("clo %0, %1" : "=r"(c) : "r"(a)); put("clo", c);
        for (u32 j = 0; j < NV; j++) {
            u32 b = V[j], hi, lo;
            put("addu", R3("addu", a, b)); put("subu", R3("subu", a, b));
            put("and", R3("and", a, b)); put("or", R3("or", a, b));
            put("xor", R3("xor", a, b)); put("nor", R3("nor", a, b));
            put("slt", R3("slt", a, b)); put("sltu", R3("sltu", a, b));
            put("sllv", R3("sllv", a, b)); put("srlv", R3("srlv", a, b));
            put("srav", R3("srav", a, b)); put("mul", R3("mul", a, b));
            u32 m = 0x5555; __asm__("movn %0, %1, %2" : "+r"(m) : "r"(a), "r"(b)); put("movn", m);
            m = 0x5555; __asm__("movz %0, %1, %2" : "+r"(m) : "r"(a), "r"(b)); put("movz", m);
            HILO("mult", a, b, hi, lo); put("mult.hi", hi); put("mult.lo", lo);
            HILO("multu", a, b, hi, lo); put("multu.hi", hi); put("multu.lo", lo);
            if (b != 0) {
                /* division by zero: not compared (qemu's choice is one valid reading) */
                __asm__ volatile("div $zero, %2, %3\n\tmfhi %0\n\tmflo %1" : "=r"(hi), "=r"(lo) : "r"(a), "r"(b) : "hi", "lo");
                put("div.hi", hi); put("div.lo", lo);
                __asm__ volatile("divu $zero, %2, %3\n\tmfhi %0\n\tmflo %1" : "=r"(hi), "=r"(lo) : "r"(a), "r"(b) : "hi", "lo");
                put("divu.hi", hi); put("divu.lo", lo);
            }
            __asm__ volatile("mthi %2\n\tmtlo %3\n\tmadd %3, %2\n\tmfhi %0\n\tmflo %1" : "=r"(hi), "=r"(lo) : "r"(a), "r"(b) : "hi", "lo");
            put("madd.hi", hi); put("madd.lo", lo);
            __asm__ volatile("mthi %2\n\tmtlo %3\n\tmsubu %3, %2\n\tmfhi %0\n\tmflo %1" : "=r"(hi), "=r"(lo) : "r"(a), "r"(b) : "hi", "lo");
            put("msubu.hi", hi); put("msubu.lo", lo);
        }
    }
    /* loads: sign/zero extension, unaligned lwl/lwr, swl/swr */
    for (u32 o = 0; o < 8; o++) {
        u32 v;
        __asm__ volatile("lb %0, 0(%1)" : "=r"(v) : "r"(mem + o)); put("lb", v);
        __asm__ volatile("lbu %0, 0(%1)" : "=r"(v) : "r"(mem + o)); put("lbu", v);
        if (!(o & 1)) {
            __asm__ volatile("lh %0, 0(%1)" : "=r"(v) : "r"(mem + o)); put("lh", v);
            __asm__ volatile("lhu %0, 0(%1)" : "=r"(v) : "r"(mem + o)); put("lhu", v);
        }
        v = 0x11223344; __asm__ volatile("lwl %0, 3(%1)\n\tlwr %0, 0(%1)" : "+r"(v) : "r"(mem + o)); put("ulw", v);
        v = 0x11223344; __asm__ volatile("lwl %0, 0(%1)" : "+r"(v) : "r"(mem + o)); put("lwl", v);
        v = 0x11223344; __asm__ volatile("lwr %0, 0(%1)" : "+r"(v) : "r"(mem + o)); put("lwr", v);
        u32 s = 0xdeadbeef;
        __asm__ volatile("swl %0, 0(%1)" :: "r"(s), "r"(mem + o) : "memory");
        __asm__ volatile("swr %0, 0(%1)" :: "r"(~s), "r"(mem + 8 + (o & 7)) : "memory");
        for (u32 k = 0; k < 16; k += 4) put("mem", mem[k] | mem[k + 1] << 8 | mem[k + 2] << 16 | (u32)mem[k + 3] << 24);
    }
    /* delay slots, links */
    u32 x, ra;
    __asm__ volatile(".set noreorder\n\tli %0, 1\n\tbeq $zero, $zero, 1f\n\taddiu %0, %0, 10\n\taddiu %0, %0, 100\n1:\t.set reorder" : "=&r"(x));
    put("taken-slot", x);
    __asm__ volatile(".set noreorder\n\tli %0, 1\n\tbne $zero, $zero, 1f\n\taddiu %0, %0, 10\n\taddiu %0, %0, 100\n1:\t.set reorder" : "=&r"(x));
    put("untaken-slot", x);
    __asm__ volatile(".set noreorder\n\tmove $t0, $ra\n\tbltzal $zero, 1f\n\tnop\n1:\tmove %0, $ra\n\tmove $ra, $t0\n\t.set reorder" : "=r"(ra) :: "t0");
    put("bltzal-link-off", ra - (u32)&&here);
here:
    __asm__ volatile(".set noreorder\n\tli %0, 0\n\tbeql $zero, %0, 1f\n\taddiu %0, %0, 5\n\taddiu %0, %0, 7\n1:\tbnel $zero, $zero, 2f\n\taddiu %0, %0, 100\n2:\t.set reorder" : "=&r"(x));
    put("likely", x);
    return 0;
}
