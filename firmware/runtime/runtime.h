/* sha3-asip firmware runtime: the few libc pieces the harness needs, Linux-ABI syscalls
 * (the same ones qemu-user and the project's simulator implement), number printing and
 * argv parsing. No heap, no stdio. */
#ifndef SHA3_ASIP_RUNTIME_H
#define SHA3_ASIP_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

/* Implemented in arch/<arch>/crt0.S. */
long rt_sys_write(int fd, const void *buf, size_t len);
void rt_sys_exit(int code) __attribute__((noreturn));

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);

/* Buffered output: one write() per rt_flush() (or when the buffer fills). */
void rt_puts(const char *s);
void rt_putc(char c);
void rt_put_u64(uint64_t v);        /* decimal */
void rt_put_hex(const uint8_t *p, size_t n); /* lowercase, two digits per byte */
void rt_flush(void);

/* Unbuffered message to fd 2. */
void rt_err(const char *s);

/* Parse a whole decimal u32 (no sign, no spaces, at least one digit). 0 on success. */
int rt_parse_u32(const char *s, uint32_t *out);
/* Parse a decimal u32 that ends at the first c in stop or NUL; *end gets its end. */
int rt_parse_u32_until(const char *s, char stop, uint32_t *out, const char **end);

#endif
