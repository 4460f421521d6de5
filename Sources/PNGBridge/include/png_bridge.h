/*
 * A small C layer over libpng that owns the setjmp libpng needs for its error handling, so that
 * a bad file becomes an error code and a message instead of a longjmp through Swift frames.
 */
#ifndef PNG_BRIDGE_H
#define PNG_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

/* The colour chunks an image carries: iCCP, gAMA, sRGB, cHRM, cICP, mDCV, cLLI (a decode keeps
   iCCP and the last three raw; an encode takes all seven raw). */
#define PB_MAX_EXTRA_CHUNKS 7

/*
 * The largest colour profile (iCCP chunk) read, in bytes, compressed or inflated: thousands of
 * times the Display P3 profile of an iPhone screenshot (a few hundred bytes). A larger one is
 * dropped with a warning, so that a small file cannot make the decoder inflate and hold gigabytes
 * (PNGCodec's PNGLimits.maxColorProfileSize is the same number).
 */
#define PB_MAX_ICC_PROFILE_SIZE (4u << 20)
/* The largest width or height read (libpng's user limit); PNGCodec's PNGLimits.maxSide. */
#define PB_MAX_SIDE 1000000u

/* A colour chunk that libpng 1.6 does not know (cICP, mDCV, cLLI), kept as raw bytes. */
typedef struct pb_chunk {
    char name[5];
    uint8_t *data; /* owned; freed by pb_info_free */
    uint32_t size;
} pb_chunk;

/* The format of an image and the chunks that describe its colours. */
typedef struct pb_image_info {
    uint32_t width;
    uint32_t height;
    int bit_depth;  /* 1, 2, 4, 8 or 16 */
    int color_type; /* a PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA */
    int interlaced; /* Adam7 in the source file */
    int channels;   /* samples per pixel in decoded rows: 1 (grey or palette index), 2, 3 or 4 */

    int palette_count;
    uint8_t palette[256 * 3];

    int has_trns;
    int trans_count; /* palette images: alpha of the first trans_count entries */
    uint8_t trans_alpha[256];
    uint16_t trans_gray; /* grey images: the transparent grey level */
    uint16_t trans_red, trans_green, trans_blue; /* RGB images: the transparent colour */

    int has_srgb;
    int srgb_intent;
    int has_gama;
    int32_t gama; /* 100000 × gamma */
    int has_chrm;
    int32_t chrm[8]; /* 100000 × white x, y, red x, y, green x, y, blue x, y */

    int extra_chunk_count;
    pb_chunk extra_chunks[PB_MAX_EXTRA_CHUNKS];

    char warnings[512]; /* warnings while reading, e.g. a rejected colour profile, one a line */
} pb_image_info;

typedef struct pb_error {
    char message[256];
} pb_error;

typedef enum pb_status {
    PB_OK = 0,
    PB_NOT_PNG = 1,      /* the data does not start with the PNG signature */
    PB_TOO_LARGE = 2,    /* the header announces more pixels than allowed */
    PB_LIBPNG_ERROR = 3, /* libpng refused the data (truncated, bad CRC, bad IHDR, ...) */
    PB_OUT_OF_MEMORY = 4,
    PB_TOO_MUCH_DATA = 5, /* the compressed image data inflates to more than the image needs */
} pb_status;

/*
 * Decodes a whole PNG held in memory. The colour chunks (iCCP, sRGB, gAMA, cHRM, cICP, mDCV, cLLI)
 * are read as they are in the file, the first of each kind; libpng does not derive one from
 * another. Every other ancillary chunk (text, sPLT, eXIf, pHYs, unknown ones, ...) is checked
 * against its CRC and skipped without being buffered or inflated. Decoding stops at the first
 * row of image data past the image's size (PB_TOO_MUCH_DATA). Samples are unpacked: one byte per
 * sample for bit depths up to 8 (a 1-bit grey pixel is a byte of value 0 or 1, a palette pixel
 * its index), two bytes big-endian for 16-bit. Rows are contiguous:
 * width × channels × (bit_depth == 16 ? 2 : 1) bytes. The header is checked against max_pixels before the pixels are allocated.
 * On success *pixels is owned by the caller (free with pb_free) and info with pb_info_free.
 */
pb_status pb_decode(const uint8_t *data, size_t size, uint64_t max_pixels, pb_image_info *info,
                    uint8_t **pixels, size_t *pixels_size, pb_error *error);

/* Reads only the header and colour chunks, as pb_decode does, without decoding pixels. */
pb_status pb_read_header(const uint8_t *data, size_t size, pb_image_info *info, pb_error *error);

typedef struct pb_encode_settings {
    int compression_level; /* zlib level, 0-9 */
    int filters;           /* a mask of PNG_FILTER_* values */
    int strategy;          /* a zlib strategy: 0 default, 1 filtered, 2 huffman only, 3 RLE */
} pb_encode_settings;

/*
 * Encodes info.width × info.height pixels in info's format, non-interlaced, with info's palette,
 * transparency and colour chunks (info.extra_chunks, written raw right after IHDR in their
 * order; iCCP and sRGB both, when both are given: libpng alone writes only one). Row y starts at pixels + y × row_stride, in the decoded layout.
 * On success *out is owned by the caller (free with pb_free).
 */
pb_status pb_encode(const pb_image_info *info, const uint8_t *pixels, size_t row_stride,
                    pb_encode_settings settings, uint8_t **out, size_t *out_size, pb_error *error);

/* Setters for the array and owned fields of an info filled from Swift. Copy their input. */
void pb_info_set_palette(pb_image_info *info, const uint8_t *rgb, int count);
void pb_info_set_trans_alpha(pb_image_info *info, const uint8_t *alpha, int count);
int pb_info_add_chunk(pb_image_info *info, const char *name, const uint8_t *data, uint32_t size);

/*
 * Inflates a zlib stream (a colour profile), stopping once more than `limit` bytes came: then
 * *out holds limit + 1 bytes, which says "too large" as the browser's DecompressionStream, stopped
 * at the same point, does. PB_LIBPNG_ERROR for a stream that is invalid, ends early or is
 * followed by other bytes (both zlib and the browser refuse those). On success *out is owned by
 * the caller (free with pb_free).
 */
pb_status pb_inflate(const uint8_t *data, size_t size, size_t limit, uint8_t **out, size_t *out_size);

void pb_info_free(pb_image_info *info);
void pb_free(void *pointer);

#endif
