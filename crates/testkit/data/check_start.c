/* Start-up for the C test programs of asip_testkit::c_program: exit status = check()
 * (0 = every check passed, else the number of the first failing one). */
#include <stdint.h>

int check(void);

void __attribute__((noreturn, section(".text.start"))) _start(void)
{
    register uint32_t a0 __asm__("a0") = (uint32_t)check();
    register uint32_t a7 __asm__("a7") = 93;
    __asm__ volatile("ecall" : : "r"(a0), "r"(a7));
    for (;;) {
    }
}
