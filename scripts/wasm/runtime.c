// The few C functions an Embedded Swift module for wasm32 needs and nothing else provides on
// `wasm32-unknown-none-wasm`: no libc, no compiler-rt. Enough for scripts/wasm-check.sh to run the
// calibrator in node; a web app links its own (e.g. wasi-libc).
//
// Compiled with -ffreestanding -fno-builtin, so that the loops below stay loops instead of
// becoming calls to the very functions they define.

#include <stddef.h>
#include <stdint.h>

// MARK: Memory

extern unsigned char __heap_base;
static uintptr_t heap_next = (uintptr_t)&__heap_base;

// A bump allocator: blocks are never reused. Enough for one short calibration.
int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *)) alignment = sizeof(void *);
    uintptr_t start = (heap_next + alignment - 1) & ~(uintptr_t)(alignment - 1);
    uintptr_t end = start + size;
    if (end < start) return 12;  // ENOMEM
    uintptr_t available = __builtin_wasm_memory_size(0) * 65536;
    if (end > available) {
        size_t pages = (end - available + 65535) / 65536;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 12;
    }
    heap_next = end;
    *result = (void *)start;
    return 0;
}

void *malloc(size_t size) {
    void *result;
    return posix_memalign(&result, 16, size) == 0 ? result : NULL;
}

void free(void *pointer) { (void)pointer; }

void *memcpy(void *destination, const void *source, size_t count) {
    unsigned char *d = destination;
    const unsigned char *s = source;
    while (count--) *d++ = *s++;
    return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
    unsigned char *d = destination;
    const unsigned char *s = source;
    if (d < s) {
        while (count--) *d++ = *s++;
    } else {
        while (count--) d[count] = s[count];
    }
    return destination;
}

void *memset(void *destination, int value, size_t count) {
    unsigned char *d = destination;
    while (count--) *d++ = (unsigned char)value;
    return destination;
}

int memcmp(const void *a, const void *b, size_t count) {
    const unsigned char *x = a, *y = b;
    for (; count; count--, x++, y++) {
        if (*x != *y) return *x < *y ? -1 : 1;
    }
    return 0;
}

// MARK: Numbers

// Rounds half away from zero, as C's round does (wasm's f64.nearest rounds half to even).
double round(double x) {
    double whole = __builtin_trunc(x);
    if (__builtin_fabs(x - whole) >= 0.5) whole += __builtin_copysign(1.0, x);
    return whole;
}

// The low 128 bits of a 128-bit product, from 32-bit pieces (a 128-bit multiply here would call
// this very function).
__int128 __multi3(__int128 a, __int128 b) {
    uint64_t a_low = (uint64_t)a, b_low = (uint64_t)b;
    uint64_t a_high = (uint64_t)((unsigned __int128)a >> 64), b_high = (uint64_t)((unsigned __int128)b >> 64);
    uint64_t a0 = a_low & 0xffffffff, a1 = a_low >> 32, b0 = b_low & 0xffffffff, b1 = b_low >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);
    uint64_t low = (middle << 32) | (p00 & 0xffffffff);
    uint64_t high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + a_low * b_high + a_high * b_low;
    return (__int128)(((unsigned __int128)high << 64) | low);
}

// MARK: Randomness

// Seeds Swift's hashing. Fixed bytes: the check wants the same run every time, and nothing here
// hashes what an attacker chooses.
void arc4random_buf(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    uint32_t state = 0x9e3779b9;
    for (size_t index = 0; index < count; index++) {
        state = state * 1664525 + 1013904223;
        bytes[index] = (unsigned char)(state >> 24);
    }
}
