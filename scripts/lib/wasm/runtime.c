// The few C functions an Embedded Swift module for wasm32 needs and nothing else provides on
// `wasm32-unknown-none-wasm`: no libc, no compiler-rt. Linked into the browser core
// (scripts/build-wasm.sh) and the calibration check (scripts/wasm-check.sh).
//
// Compiled with -ffreestanding -fno-builtin, so that no loop here becomes a call to the very
// function it is in.

#include <stddef.h>
#include <stdint.h>

// MARK: Memory

// Two kinds of block, each with a 16-byte header saying its kind and where it starts:
// - small ones (up to 64 KiB, header included) in power-of-two size classes from 32 bytes up;
//   freed ones go on their class's list and are reused before the heap grows;
// - large ones (screenshots, their rows, crops) of the size asked for, rounded up to 16 bytes;
//   freed ones go on one list in address order, next to free neighbours merged into one, and are
//   taken first-fit (the rest of a larger one left free), a free block at the heap's end grown in
//   place. Pixels of every size share one pool: a page that crops screenshots of several sizes, or
//   slots of several sizes, needs at most what is live at once plus what lies between it, not a
//   power-of-two block per size (which held 346 MB for a 1320x2868 16-bit screenshot whose
//   crops needed 64 MB at once).

extern unsigned char __heap_base;
static uintptr_t heap_next = (uintptr_t)&__heap_base;

enum { header_size = 16, smallest_class = 5, largest_small_class = 16, large_class = 0xff };

typedef struct header {
    uint32_t size_class;  // a small block is 1 << size_class bytes, header included; or large_class
    uint32_t magic;
    void *start;          // where the block starts (before alignment padding)
    uint32_t large_size;  // a large block's bytes, header included
} header;
_Static_assert(sizeof(header) == header_size, "the header is 16 bytes on wasm32");

// A free large block, at its start.
typedef struct free_block {
    size_t size;
    struct free_block *next;
} free_block;

static const uint32_t header_magic = 0xB10CB10C;
static void *free_lists[largest_small_class + 1];
static free_block *large_free = NULL;  // in address order
// The bytes of the blocks handed out and not yet freed, headers included.
static size_t allocated = 0;

// Makes the module's memory reach `end`; false when it cannot grow.
static int reach(uintptr_t end) {
    uintptr_t available = __builtin_wasm_memory_size(0) * 65536;
    if (end <= available) return 1;
    size_t pages = (end - available + 65535) / 65536;
    return __builtin_wasm_memory_grow(0, pages) != (size_t)-1;
}

// `size` bytes at the heap's end, or NULL.
static void *bump(size_t size) {
    uintptr_t start = (heap_next + 15) & ~(uintptr_t)15;
    uintptr_t end = start + size;
    if (end < start || !reach(end)) return NULL;
    heap_next = end;
    return (void *)start;
}

// A small block of at least `size` bytes (header included) from its class's list or the heap.
static void *take_small(size_t size, uint32_t *size_class) {
    uint32_t index = smallest_class;
    while (((size_t)1 << index) < size) index++;
    *size_class = index;
    if (free_lists[index]) {
        void *block = free_lists[index];
        free_lists[index] = *(void **)block;
        return block;
    }
    return bump((size_t)1 << index);
}

// A large block of `size` bytes (a multiple of 16): the first free one it fits, or the free one at
// the heap's end grown, or new from the heap's end.
static void *take_large(size_t size) {
    free_block **link = &large_free;
    for (free_block *block = large_free; block; link = &block->next, block = block->next) {
        if (block->size >= size) {
            if (block->size - size >= ((size_t)1 << largest_small_class)) {
                free_block *rest = (free_block *)((unsigned char *)block + size);
                rest->size = block->size - size;
                rest->next = block->next;
                *link = rest;
            } else {
                size = block->size;
                *link = block->next;
            }
            ((free_block *)block)->size = size;
            return block;
        }
        if (!block->next && (uintptr_t)block + block->size == heap_next) {
            uintptr_t end = (uintptr_t)block + size;
            if (end < (uintptr_t)block || !reach(end)) return NULL;
            heap_next = end;
            *link = NULL;
            block->size = size;
            return block;
        }
    }
    free_block *block = bump(size);
    if (block) block->size = size;
    return block;
}

// Puts a large block back, merged with a free neighbour on either side.
static void give_large(free_block *block, size_t size) {
    block->size = size;
    free_block *before = NULL, *after = large_free;
    while (after && after < block) {
        before = after;
        after = after->next;
    }
    if (after && (unsigned char *)block + block->size == (unsigned char *)after) {
        block->size += after->size;
        after = after->next;
    }
    block->next = after;
    if (before && (unsigned char *)before + before->size == (unsigned char *)block) {
        before->size += block->size;
        before->next = block->next;
    } else if (before) {
        before->next = block;
    } else {
        large_free = block;
    }
}

// A block of `size` bytes aligned to `alignment`, or NULL when memory cannot grow.
static void *allocate(size_t alignment, size_t size) {
    if (alignment < 16) alignment = 16;
    size_t padding = alignment > 16 ? alignment : 0;
    if (size > ((size_t)1 << 31) - header_size - padding - 16) return NULL;
    size_t total = size + header_size + padding;
    uint32_t size_class;
    unsigned char *block;
    size_t block_size;
    if (total <= ((size_t)1 << largest_small_class)) {
        block = take_small(total, &size_class);
        block_size = (size_t)1 << size_class;
    } else {
        block_size = (total + 15) & ~(size_t)15;
        block = take_large(block_size);
        if (block) block_size = ((free_block *)block)->size;
        size_class = large_class;
    }
    if (!block) return NULL;
    uintptr_t user = ((uintptr_t)block + header_size + alignment - 1) & ~(uintptr_t)(alignment - 1);
    header *h = (header *)(user - header_size);
    h->size_class = size_class;
    h->magic = header_magic;
    h->start = block;
    h->large_size = (uint32_t)block_size;
    allocated += block_size;
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
    if (h->magic != header_magic || (h->size_class > largest_small_class && h->size_class != large_class)) __builtin_trap();
    h->magic = 0;
    if (h->size_class == large_class) {
        allocated -= h->large_size;
        give_large(h->start, h->large_size);
        return;
    }
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
