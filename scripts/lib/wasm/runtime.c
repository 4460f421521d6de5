// The few C functions an Embedded Swift module for wasm32 needs and nothing else provides on
// `wasm32-unknown-none-wasm`: no libc, no compiler-rt. Linked into the browser core
// (scripts/build-wasm.sh) and the calibration check (scripts/wasm-check.sh).
//
// Compiled with -ffreestanding -fno-builtin, so that no loop here becomes a call to the very
// function it is in.

#include <stddef.h>
#include <stdint.h>

// MARK: Memory

// A size-class allocator: every block is a power of two from 32 bytes up, with a 16-byte header
// saying its class and where it starts; freed blocks go on their class's list and are reused
// before the heap grows. A page that crops the same screenshot again and again reuses the same
// blocks, so memory stays bounded (at most twice what is live, per class).

extern unsigned char __heap_base;
static uintptr_t heap_next = (uintptr_t)&__heap_base;

enum { header_size = 16, smallest_class = 5, class_count = 32 };

typedef struct header {
    uint32_t size_class;  // the block is 1 << size_class bytes, header included
    uint32_t magic;
    void *start;          // where the block starts (before alignment padding)
} header;

static const uint32_t header_magic = 0xB10CB10C;
static void *free_lists[class_count];
// The bytes of the blocks handed out and not yet freed, headers included.
static size_t allocated = 0;

// A block of at least `size` bytes (header included) from the class's list or the heap.
static void *take_block(size_t size, uint32_t *size_class) {
    uint32_t index = smallest_class;
    while (index < class_count && ((size_t)1 << index) < size) index++;
    if (index >= class_count) return NULL;
    *size_class = index;
    if (free_lists[index]) {
        void *block = free_lists[index];
        free_lists[index] = *(void **)block;
        return block;
    }
    uintptr_t start = (heap_next + 15) & ~(uintptr_t)15;
    uintptr_t end = start + ((size_t)1 << index);
    if (end < start) return NULL;
    uintptr_t available = __builtin_wasm_memory_size(0) * 65536;
    if (end > available) {
        size_t pages = (end - available + 65535) / 65536;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
    }
    heap_next = end;
    return (void *)start;
}

// A block of `size` bytes aligned to `alignment`, or NULL when memory cannot grow.
static void *allocate(size_t alignment, size_t size) {
    if (alignment < 16) alignment = 16;
    size_t padding = alignment > 16 ? alignment : 0;
    if (size > ((size_t)1 << 31) - header_size - padding) return NULL;
    uint32_t size_class;
    unsigned char *block = take_block(size + header_size + padding, &size_class);
    if (!block) return NULL;
    uintptr_t user = ((uintptr_t)block + header_size + alignment - 1) & ~(uintptr_t)(alignment - 1);
    header *h = (header *)(user - header_size);
    h->size_class = size_class;
    h->magic = header_magic;
    h->start = block;
    allocated += (size_t)1 << size_class;
    return (void *)user;
}

// Swift's allocations. Embedded Swift cannot fail one, and in wasm a null pointer is a valid
// address, so a failed one traps here: the JavaScript glue sees the trap and says the core is out
// of memory, rather than Swift writing through a null pointer.
int posix_memalign(void **result, size_t alignment, size_t size) {
    void *block = allocate(alignment, size);
    if (!block) __builtin_trap();
    *result = block;
    return 0;
}

// The glue's allocations (the bytes it passes in): NULL when memory cannot grow, which it checks.
void *malloc(size_t size) { return allocate(16, size); }

void free(void *pointer) {
    if (!pointer) return;
    header *h = (header *)((uintptr_t)pointer - header_size);
    if (h->magic != header_magic || h->size_class >= class_count) __builtin_trap();
    h->magic = 0;
    allocated -= (size_t)1 << h->size_class;
    void *block = h->start;
    *(void **)block = free_lists[h->size_class];
    free_lists[h->size_class] = block;
}

// The bytes the heap has taken from the module's memory so far (for the memory test).
size_t heap_size(void) { return heap_next - (uintptr_t)&__heap_base; }

// The bytes of the blocks in use (for the memory tests: every exit path gives back what it took).
size_t allocated_bytes(void) { return allocated; }

// With -mbulk-memory (scripts/lib/wasm/toolchain.sh) these builtins become wasm's memory.copy and
// memory.fill instructions, not calls: the browser core copies whole screenshots.
void *memcpy(void *destination, const void *source, size_t count) {
    __builtin_memcpy(destination, source, count);
    return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
    __builtin_memmove(destination, source, count);
    return destination;
}

void *memset(void *destination, int value, size_t count) {
    __builtin_memset(destination, value, count);
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
