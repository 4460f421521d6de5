#include "png_bridge.h"

#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* The colour chunks a crop carries over, kept as raw bytes of their one valid size (iCCP: up to
   PB_MAX_ICC_PROFILE_SIZE, before PLTE), so that the image says exactly what its file says:
   libpng's own handlers derive gAMA and cHRM from sRGB, and keep only one of iCCP and sRGB
   although files in the wild carry both. libpng never inflates a profile: Swift does, and
   PNGCodec's ColorProfilePolicy decides whether the chunk is kept, as in the browser core. */
typedef struct colour_chunk {
    png_byte name[5];
    uint32_t size; /* its only valid data size; 0 for iCCP, up to PB_MAX_ICC_PROFILE_SIZE */
} colour_chunk;

static const colour_chunk colour_chunks[] = {
    {"iCCP", 0}, {"gAMA", 4}, {"sRGB", 1}, {"cHRM", 32}, {"cICP", 4}, {"mDCV", 24}, {"cLLI", 8},
};
enum { colour_chunk_count = sizeof colour_chunks / sizeof colour_chunks[0], iccp_index = 0 };

/* The raw colour chunks, in the order the encoder writes them (libpng's order for the first four). */
static const png_byte raw_colour_chunk_names[] = "iCCP\0gAMA\0sRGB\0cHRM\0cICP\0mDCV\0cLLI\0";
static const int raw_colour_chunk_count = 7;

/* Everything a decode reads and writes; on the heap, so that its fields are safe to read after a
   longjmp (run_read's pointer to it never changes). */
typedef struct decoder {
    const uint8_t *data;
    size_t size;
    uint64_t max_pixels;
    int read_pixels;
    pb_image_info *info;
    pb_error *error;
    pb_status status; /* what a longjmp returns */

    uint8_t *pixels; /* owned until handed to the caller */
    size_t pixels_size;
    size_t row_bytes;
    int rows_done; /* the last row of the last pass has been delivered */
    int ended;     /* IEND has been read */

    int current_chunk;                   /* index into colour_chunks of the chunk being read, or -1 */
    int palette_seen;                    /* PLTE has been read: an iCCP chunk now is out of place */
    int seen[colour_chunk_count];        /* how many chunks of each colour kind the file has shown */
    int handling[colour_chunk_count];    /* libpng's current PNG_HANDLE_CHUNK_* for each kind */
} decoder;

static uint32_t read_uint32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}


/* Appends a warning to info->warnings, one a line; drops it when the buffer is full. */
static void add_warning(pb_image_info *info, const char *format, ...) {
    char message[256];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    size_t used = strlen(info->warnings);
    if (used + 2 + strlen(message) >= sizeof info->warnings) return;
    snprintf(info->warnings + used, sizeof info->warnings - used, "%s%s", used ? "\n" : "", message);
}

/* libpng prefixes a message about a chunk with the chunk's name ("IDAT: "), also one that holds
   the name already: its "IDAT: ADLER32 checksum mismatch" comes out "IDAT: IDAT: ADLER32 ...".
   Every message libpng gives (errors and warnings, reading and writing) passes here, so that it
   names the chunk once. */
static png_const_charp once_prefixed(png_const_charp message) {
    while (strlen(message) >= 12 && message[4] == ':' && message[5] == ' ' && memcmp(message, message + 6, 6) == 0) message += 6;
    return message;
}

static void on_error(png_structp png, png_const_charp message) {
    decoder *d = (decoder *)png_get_error_ptr(png);
    message = once_prefixed(message);
    snprintf(d->error->message, sizeof d->error->message, "%s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    decoder *d = (decoder *)png_get_error_ptr(png);
    message = once_prefixed(message);
    /* pngpread.c warns so, and stops inflating, when inflate gives a byte past the last row. */
    if (strcmp(message, "Extra compressed data in IDAT") == 0) {
        snprintf(d->error->message, sizeof d->error->message, "the image data is longer than a %ux%u image needs",
                 d->info->width, d->info->height);
        d->status = PB_TOO_MUCH_DATA;
        png_longjmp(png, 1);
    }
    add_warning(d->info, "%s", message);
}

void pb_info_free(pb_image_info *info) {
    if (!info) return;
    for (int i = 0; i < info->extra_chunk_count; i++) {
        free(info->extra_chunks[i].data);
        info->extra_chunks[i].data = NULL;
    }
    info->extra_chunk_count = 0;
}

void pb_free(void *pointer) { free(pointer); }

void pb_info_set_palette(pb_image_info *info, const uint8_t *rgb, int count) {
    if (count < 0) count = 0;
    if (count > 256) count = 256;
    memcpy(info->palette, rgb, (size_t)count * 3);
    info->palette_count = count;
}

void pb_info_set_trans_alpha(pb_image_info *info, const uint8_t *alpha, int count) {
    if (count < 0) count = 0;
    if (count > 256) count = 256;
    memcpy(info->trans_alpha, alpha, (size_t)count);
    info->trans_count = count;
    info->has_trns = 1;
}

int pb_info_add_chunk(pb_image_info *info, const char *name, const uint8_t *data, uint32_t size) {
    if (info->extra_chunk_count >= PB_MAX_EXTRA_CHUNKS || strlen(name) != 4) return 0;
    pb_chunk *chunk = &info->extra_chunks[info->extra_chunk_count];
    chunk->data = malloc(size ? size : 1);
    if (!chunk->data) return 0;
    memcpy(chunk->data, data, size);
    memcpy(chunk->name, name, 5);
    chunk->size = size;
    info->extra_chunk_count++;
    return 1;
}

/* Copies the format and colour chunks of a read image into info. May longjmp (out of memory). */
static void collect_info(png_structp png, png_infop png_info, pb_image_info *info) {
    info->width = png_get_image_width(png, png_info);
    info->height = png_get_image_height(png, png_info);
    info->bit_depth = png_get_bit_depth(png, png_info);
    info->color_type = png_get_color_type(png, png_info);
    info->interlaced = png_get_interlace_type(png, png_info) != PNG_INTERLACE_NONE;
    switch (info->color_type) {
    case PNG_COLOR_TYPE_GRAY: info->channels = 1; break;
    case PNG_COLOR_TYPE_PALETTE: info->channels = 1; break;
    case PNG_COLOR_TYPE_GRAY_ALPHA: info->channels = 2; break;
    case PNG_COLOR_TYPE_RGB: info->channels = 3; break;
    default: info->channels = 4; break;
    }

    png_colorp palette = NULL;
    int palette_count = 0;
    if (png_get_PLTE(png, png_info, &palette, &palette_count) && palette) {
        info->palette_count = palette_count;
        for (int i = 0; i < palette_count; i++) {
            info->palette[3 * i] = palette[i].red;
            info->palette[3 * i + 1] = palette[i].green;
            info->palette[3 * i + 2] = palette[i].blue;
        }
    }

    png_bytep trans_alpha = NULL;
    int trans_count = 0;
    png_color_16p trans_color = NULL;
    if (png_get_tRNS(png, png_info, &trans_alpha, &trans_count, &trans_color)) {
        if (info->color_type == PNG_COLOR_TYPE_PALETTE && trans_alpha) {
            info->has_trns = 1;
            info->trans_count = trans_count;
            memcpy(info->trans_alpha, trans_alpha, (size_t)trans_count);
        } else if (trans_color) {
            /* libpng reads a key colour no sample can reach, but does not write it. */
            int max = (1 << info->bit_depth) - 1;
            int in_range = info->color_type == PNG_COLOR_TYPE_GRAY
                               ? trans_color->gray <= max
                               : trans_color->red <= max && trans_color->green <= max && trans_color->blue <= max;
            if (in_range) {
                info->has_trns = 1;
                info->trans_gray = trans_color->gray;
                info->trans_red = trans_color->red;
                info->trans_green = trans_color->green;
                info->trans_blue = trans_color->blue;
            } else {
                add_warning(info, "tRNS: the transparent colour is out of range for %d-bit samples, so no pixel has it; ignored",
                            info->bit_depth);
            }
        }
    }

    /* The raw colour chunks: one of each kind at most, of its valid size (see choose_handling). */
    png_unknown_chunkp unknowns = NULL;
    int unknown_count = png_get_unknown_chunks(png, png_info, &unknowns);
    for (int i = 0; i < unknown_count; i++) {
        const png_unknown_chunk *chunk = &unknowns[i];
        const uint8_t *data = chunk->data;
        if (memcmp(chunk->name, "sRGB", 4) == 0) {
            info->has_srgb = 1;
            info->srgb_intent = data[0];
        } else if (memcmp(chunk->name, "gAMA", 4) == 0) {
            info->has_gama = 1;
            info->gama = (int32_t)read_uint32(data);
        } else if (memcmp(chunk->name, "cHRM", 4) == 0) {
            info->has_chrm = 1;
            for (int j = 0; j < 8; j++) info->chrm[j] = (int32_t)read_uint32(data + 4 * j);
        } else if (info->extra_chunk_count < PB_MAX_EXTRA_CHUNKS) {
            pb_chunk *extra = &info->extra_chunks[info->extra_chunk_count];
            memcpy(extra->name, chunk->name, 4);
            extra->name[4] = 0;
            extra->size = (uint32_t)chunk->size;
            extra->data = malloc(chunk->size ? chunk->size : 1);
            if (!extra->data) png_error(png, "out of memory for a colour chunk");
            memcpy(extra->data, chunk->data, chunk->size);
            info->extra_chunk_count++;
        }
    }
}

/* Progressive reading, step 1: the chunks before the first IDAT have been read. */
static void on_info(png_structp png, png_infop png_info) {
    decoder *d = (decoder *)png_get_progressive_ptr(png);
    pb_image_info *info = d->info;
    collect_info(png, png_info, info);
    if ((uint64_t)info->width * info->height > d->max_pixels) {
        snprintf(d->error->message, sizeof d->error->message, "%ux%u is %llu pixels, more than the limit of %llu",
                 info->width, info->height, (unsigned long long)info->width * info->height,
                 (unsigned long long)d->max_pixels);
        d->status = PB_TOO_LARGE;
        png_longjmp(png, 1);
    }

    if (info->bit_depth < 8) png_set_packing(png);
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, png_info);

    d->row_bytes = png_get_rowbytes(png, png_info);
    size_t expected = (size_t)info->width * (size_t)info->channels * (info->bit_depth == 16 ? 2 : 1);
    if (d->row_bytes != expected) png_error(png, "unexpected row size after unpacking");
    d->pixels_size = d->row_bytes * info->height;
    d->pixels = malloc(d->pixels_size ? d->pixels_size : 1);
    if (!d->pixels) {
        snprintf(d->error->message, sizeof d->error->message, "out of memory for %zu bytes of pixels", d->pixels_size);
        d->status = PB_OUT_OF_MEMORY;
        png_longjmp(png, 1);
    }
}

/* Step 2, once per row of every pass (new_row is NULL where a pass has nothing for the row). */
static void on_row(png_structp png, png_bytep new_row, png_uint_32 row, int pass) {
    decoder *d = (decoder *)png_get_progressive_ptr(png);
    png_progressive_combine_row(png, d->pixels + (size_t)row * d->row_bytes, new_row);
    /* With interlace handling every pass, down to the last (6), visits every row. */
    if (row + 1 == d->info->height && (!d->info->interlaced || pass == 6)) d->rows_done = 1;
}

/* Step 3: IEND. */
static void on_end(png_structp png, png_infop png_info) {
    (void)png_info;
    ((decoder *)png_get_progressive_ptr(png))->ended = 1;
}

/* Tells libpng how to treat the chunk about to be read. Colour chunks: the first of each kind, of
   its valid size, is read; the others are skipped with a warning. Every other ancillary chunk is
   skipped (png_set_keep_unknown_chunks in run_read). Only a profile being read is held in memory
   besides the pixels, up to PB_MAX_ICC_PROFILE_SIZE; any other chunk's data is only CRC-checked,
   whatever its length. */
static void choose_handling(png_structp png, decoder *d, const uint8_t *header) {
    uint32_t length = read_uint32(header);
    const uint8_t *name = header + 4;
    if (memcmp(name, "PLTE", 4) == 0) d->palette_seen = 1;
    d->current_chunk = -1;
    for (int i = 0; i < colour_chunk_count; i++) {
        if (memcmp(name, colour_chunks[i].name, 4) == 0) d->current_chunk = i;
    }
    int index = d->current_chunk;
    if (index < 0) {
        png_set_chunk_malloc_max(png, 0);
        return;
    }

    const colour_chunk *kind = &colour_chunks[index];
    int read = 0;
    if (++d->seen[index] > 1) {
        if (d->seen[index] == 2) add_warning(d->info, "%s: more than one %s chunk; only the first is used", kind->name, kind->name);
    } else if (kind->size && length != kind->size) {
        add_warning(d->info, "%s: %u bytes instead of %u; ignored", kind->name, length, kind->size);
    } else if (!kind->size && length > PB_MAX_ICC_PROFILE_SIZE) {
        add_warning(d->info, "iCCP: the chunk is %u bytes, more than the limit of %u bytes for a colour profile; it was dropped",
                    length, PB_MAX_ICC_PROFILE_SIZE);
    } else if (!kind->size && d->palette_seen) {
        /* PNGContainer ignores it too: a profile must come before the palette. */
    } else {
        read = 1;
    }

    int handling = read ? PNG_HANDLE_CHUNK_ALWAYS : PNG_HANDLE_CHUNK_NEVER;
    if (d->handling[index] != handling) {
        png_set_keep_unknown_chunks(png, handling, kind->name, 1);
        d->handling[index] = handling;
    }
    /* Caps a profile's chunk; 0 lifts the limit for chunks that are only CRC-checked. */
    png_set_chunk_malloc_max(png, read && index == iccp_index ? PB_MAX_ICC_PROFILE_SIZE : 0);
}

/* Feeds the file to libpng one chunk at a time, choosing each chunk's handling first. Stops after
   IEND, or before the first IDAT when only the header is wanted. May longjmp. */
static void feed_chunks(png_structp png, png_infop png_info, decoder *d) {
    png_process_data(png, png_info, (png_bytep)d->data, 8);
    size_t offset = 8;
    int idat_seen = 0, idat_over = 0;
    while (offset < d->size && !d->ended) {
        size_t remaining = d->size - offset;
        size_t piece = remaining;
        if (remaining >= 8) {
            const uint8_t *header = d->data + offset;
            int is_idat = memcmp(header + 4, "IDAT", 4) == 0;
            if (is_idat && !d->read_pixels) {
                collect_info(png, png_info, d->info);
                return;
            }
            /* libpng's progressive reader would start the image again (and call on_info again). */
            if (is_idat && idat_over) png_error(png, "the image data is split: another chunk comes between two IDAT chunks");
            idat_over = idat_seen && !is_idat;
            idat_seen |= is_idat;
            choose_handling(png, d, header);
            size_t chunk_size = (size_t)read_uint32(header) + 12;
            if (chunk_size < piece) piece = chunk_size;
        }
        png_process_data(png, png_info, (png_bytep)(d->data + offset), piece);
        offset += piece;
    }
    if (!d->ended) png_error(png, "truncated: the file ends before the image is complete");
    if (!d->rows_done) {
        snprintf(d->error->message, sizeof d->error->message, "the image data is shorter than a %ux%u image needs",
                 d->info->width, d->info->height);
        png_longjmp(png, 1);
    }
}

static pb_status run_read(const uint8_t *data, size_t size, uint64_t max_pixels, int read_pixels,
                          pb_image_info *info, uint8_t **pixels, size_t *pixels_size, pb_error *error) {
    memset(info, 0, sizeof *info);
    error->message[0] = 0;
    if (pixels) *pixels = NULL;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(error->message, sizeof error->message, "not a PNG file");
        return PB_NOT_PNG;
    }

    /* The first chunk must be IHDR: check the pixel limit from its size fields before libpng
       allocates anything, even when the rest of the file is missing. A side libpng refuses
       anyway (over 2^31 - 1, or over the user limit set below) is left to libpng, whose words
       `header(of:)` and the browser core give too. */
    if (size >= 24 && memcmp(data + 12, "IHDR", 4) == 0) {
        uint32_t width = read_uint32(data + 16);
        uint32_t height = read_uint32(data + 20);
        if (width <= PB_MAX_SIDE && height <= PB_MAX_SIDE && (uint64_t)width * height > max_pixels) {
            info->width = width;
            info->height = height;
            snprintf(error->message, sizeof error->message, "%ux%u is more pixels than the limit", width, height);
            return PB_TOO_LARGE;
        }
    }

    decoder *d = calloc(1, sizeof *d);
    if (!d) return PB_OUT_OF_MEMORY;
    *d = (decoder){.data = data, .size = size, .max_pixels = max_pixels, .read_pixels = read_pixels,
                   .info = info, .error = error, .status = PB_LIBPNG_ERROR, .current_chunk = -1};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, d, on_error, on_warning);
    png_infop png_info = png ? png_create_info_struct(png) : NULL;
    if (!png_info) {
        png_destroy_read_struct(&png, NULL, NULL);
        free(d);
        return PB_OUT_OF_MEMORY;
    }

    if (setjmp(png_jmpbuf(png))) {
        pb_status status = d->status;
        free(d->pixels);
        free(d);
        pb_info_free(info);
        png_destroy_read_struct(&png, &png_info, NULL);
        return status;
    }

    png_set_progressive_read_fn(png, d, on_info, on_row, on_end);
    /* A bad CRC anywhere is an error: a screenshot is either intact or refused. */
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    png_set_user_limits(png, PB_MAX_SIDE, PB_MAX_SIDE);
    /* Skip every ancillary chunk; choose_handling lets the colour chunks in one by one. */
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    for (int i = 0; i < colour_chunk_count; i++) d->handling[i] = PNG_HANDLE_CHUNK_NEVER;

    feed_chunks(png, png_info, d);

    png_destroy_read_struct(&png, &png_info, NULL);
    if (pixels) {
        *pixels = d->pixels;
        *pixels_size = d->pixels_size;
    }
    free(d);
    return PB_OK;
}

pb_status pb_decode(const uint8_t *data, size_t size, uint64_t max_pixels, pb_image_info *info,
                    uint8_t **pixels, size_t *pixels_size, pb_error *error) {
    return run_read(data, size, max_pixels, 1, info, pixels, pixels_size, error);
}

pb_status pb_read_header(const uint8_t *data, size_t size, pb_image_info *info, pb_error *error) {
    return run_read(data, size, UINT64_MAX, 0, info, NULL, NULL, error);
}

typedef struct writer {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed;
    pb_error *error;
} writer;

static void write_to_memory(png_structp png, png_bytep bytes, png_size_t length) {
    writer *output = (writer *)png_get_io_ptr(png);
    if (output->size + length > output->capacity) {
        size_t capacity = output->capacity ? output->capacity : 4096;
        while (capacity < output->size + length) capacity *= 2;
        uint8_t *grown = realloc(output->data, capacity);
        if (!grown) {
            output->failed = 1;
            png_error(png, "out of memory while encoding");
        }
        output->data = grown;
        output->capacity = capacity;
    }
    memcpy(output->data + output->size, bytes, length);
    output->size += length;
}

static void flush_memory(png_structp png) { (void)png; }

static void on_write_error(png_structp png, png_const_charp message) {
    writer *output = (writer *)png_get_error_ptr(png);
    snprintf(output->error->message, sizeof output->error->message, "%s", once_prefixed(message));
    png_longjmp(png, 1);
}

static void on_write_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

pb_status pb_encode(const pb_image_info *info, const uint8_t *pixels, size_t row_stride,
                    pb_encode_settings settings, uint8_t **out, size_t *out_size, pb_error *error) {
    error->message[0] = 0;
    *out = NULL;
    writer output = {NULL, 0, 0, 0, error};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &output, on_write_error, on_write_warning);
    if (!png) return PB_OUT_OF_MEMORY;
    png_infop png_info = png_create_info_struct(png);
    if (!png_info) {
        png_destroy_write_struct(&png, NULL);
        return PB_OUT_OF_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        free(output.data);
        png_destroy_write_struct(&png, &png_info);
        return output.failed ? PB_OUT_OF_MEMORY : PB_LIBPNG_ERROR;
    }

    png_set_write_fn(png, &output, write_to_memory, flush_memory);
    /* What the reader takes with a warning, write with one too (e.g. a profile whose PCS
       illuminant is not exactly D50): libpng's writer makes such reports errors by default. */
    png_set_benign_errors(png, 1);
    png_set_compression_level(png, settings.compression_level);
    png_set_compression_strategy(png, settings.strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, settings.filters);

    png_set_IHDR(png, png_info, info->width, info->height, info->bit_depth, info->color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    if (info->palette_count > 0) {
        png_color palette[256];
        for (int i = 0; i < info->palette_count; i++) {
            palette[i].red = info->palette[3 * i];
            palette[i].green = info->palette[3 * i + 1];
            palette[i].blue = info->palette[3 * i + 2];
        }
        png_set_PLTE(png, png_info, palette, info->palette_count);
    }
    if (info->has_trns) {
        png_color_16 color = {0, info->trans_red, info->trans_green, info->trans_blue, info->trans_gray};
        png_set_tRNS(png, png_info, info->trans_alpha, info->trans_count, &color);
    }
    /* The colour chunks raw, in the order given, right after IHDR: as they were read (an iCCP
       chunk as its file stores it), so that libpng neither recompresses a profile nor writes
       only one of iCCP and sRGB. */
    png_unknown_chunk chunks[PB_MAX_EXTRA_CHUNKS];
    int chunk_count = info->extra_chunk_count;
    for (int i = 0; i < chunk_count; i++) {
        png_unknown_chunk *chunk = &chunks[i];
        memcpy(chunk->name, info->extra_chunks[i].name, 5);
        chunk->data = info->extra_chunks[i].data;
        chunk->size = info->extra_chunks[i].size;
        chunk->location = PNG_HAVE_IHDR;
    }
    if (chunk_count > 0) {
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, raw_colour_chunk_names, raw_colour_chunk_count);
        png_set_unknown_chunks(png, png_info, chunks, chunk_count);
    }

    png_write_info(png, png_info);
    if (info->bit_depth < 8) png_set_packing(png);
    for (uint32_t y = 0; y < info->height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * row_stride));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &png_info);
    *out = output.data;
    *out_size = output.size;
    return PB_OK;
}

pb_status pb_inflate(const uint8_t *data, size_t size, size_t limit, uint8_t **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return PB_OUT_OF_MEMORY;
    size_t capacity = 0, used = 0;
    uint8_t *buffer = NULL;
    stream.next_in = (Bytef *)data;
    int status = Z_OK;
    /* zlib takes at most 4 GiB of input a call; a chunk is at most PB_MAX_ICC_PROFILE_SIZE. */
    stream.avail_in = size > UINT32_MAX ? UINT32_MAX : (uInt)size;
    while (status == Z_OK && used <= limit) {
        if (used == capacity) {
            size_t grown = capacity ? capacity * 2 : 4096;
            if (grown > limit + 1) grown = limit + 1;
            uint8_t *larger = realloc(buffer, grown);
            if (!larger) {
                free(buffer);
                inflateEnd(&stream);
                return PB_OUT_OF_MEMORY;
            }
            buffer = larger;
            capacity = grown;
        }
        stream.next_out = buffer + used;
        stream.avail_out = (uInt)(capacity - used);
        status = inflate(&stream, Z_NO_FLUSH);
        used = capacity - stream.avail_out;
        if (status == Z_BUF_ERROR && stream.avail_in == 0) break; /* the stream ends early */
        if (used == limit + 1) break;
    }
    int complete = status == Z_STREAM_END && stream.avail_in == 0;
    inflateEnd(&stream);
    if (used <= limit && !complete) {
        free(buffer);
        return PB_LIBPNG_ERROR;
    }
    *out = buffer;
    *out_size = used;
    return PB_OK;
}
