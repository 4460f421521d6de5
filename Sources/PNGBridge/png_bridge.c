#include "png_bridge.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Colour chunks libpng 1.6.39 does not handle itself; kept and written back as raw bytes. */
static const png_byte extra_chunk_names[] = "cICP\0mDCV\0cLLI\0";
static const int extra_chunk_name_count = 3;

typedef struct reader {
    const uint8_t *data;
    size_t size;
    size_t offset;
    pb_error *error;
    pb_image_info *info;
} reader;

static void on_error(png_structp png, png_const_charp message) {
    reader *context = (reader *)png_get_error_ptr(png);
    if (context && context->error) {
        snprintf(context->error->message, sizeof context->error->message, "%s", message);
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    reader *context = (reader *)png_get_error_ptr(png);
    if (!context || !context->info) return;
    char *warnings = context->info->warnings;
    size_t used = strlen(warnings);
    if (used + 3 >= sizeof context->info->warnings) return;
    snprintf(warnings + used, sizeof context->info->warnings - used, "%s%s", used ? "; " : "", message);
}

static void read_from_memory(png_structp png, png_bytep out, png_size_t length) {
    reader *context = (reader *)png_get_io_ptr(png);
    if (length > context->size - context->offset) {
        png_error(png, "truncated: the file ends before the image is complete");
    }
    memcpy(out, context->data + context->offset, length);
    context->offset += length;
}

void pb_info_free(pb_image_info *info) {
    if (!info) return;
    free(info->iccp_profile);
    info->iccp_profile = NULL;
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

int pb_info_set_iccp(pb_image_info *info, const char *name, const uint8_t *profile, uint32_t size) {
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) return 0;
    memcpy(copy, profile, size);
    free(info->iccp_profile);
    info->iccp_profile = copy;
    info->iccp_size = size;
    snprintf(info->iccp_name, sizeof info->iccp_name, "%s", name);
    info->has_iccp = 1;
    return 1;
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
        info->has_trns = 1;
        if (info->color_type == PNG_COLOR_TYPE_PALETTE && trans_alpha) {
            info->trans_count = trans_count;
            memcpy(info->trans_alpha, trans_alpha, (size_t)trans_count);
        } else if (trans_color) {
            info->trans_gray = trans_color->gray;
            info->trans_red = trans_color->red;
            info->trans_green = trans_color->green;
            info->trans_blue = trans_color->blue;
        }
    }

    int intent = 0;
    if (png_get_sRGB(png, png_info, &intent)) {
        info->has_srgb = 1;
        info->srgb_intent = intent;
    }
    png_fixed_point gamma = 0;
    if (png_get_gAMA_fixed(png, png_info, &gamma)) {
        info->has_gama = 1;
        info->gama = gamma;
    }
    png_fixed_point c[8];
    if (png_get_cHRM_fixed(png, png_info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7])) {
        info->has_chrm = 1;
        for (int i = 0; i < 8; i++) info->chrm[i] = c[i];
    }
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_size = 0;
    if (png_get_iCCP(png, png_info, &name, &compression, &profile, &profile_size) && profile) {
        info->iccp_profile = malloc(profile_size);
        if (!info->iccp_profile) png_error(png, "out of memory for the colour profile");
        memcpy(info->iccp_profile, profile, profile_size);
        info->iccp_size = profile_size;
        snprintf(info->iccp_name, sizeof info->iccp_name, "%s", name ? name : "ICC profile");
        info->has_iccp = 1;
    }

    png_unknown_chunkp unknowns = NULL;
    int unknown_count = png_get_unknown_chunks(png, png_info, &unknowns);
    for (int i = 0; i < unknown_count && info->extra_chunk_count < PB_MAX_EXTRA_CHUNKS; i++) {
        pb_chunk *chunk = &info->extra_chunks[info->extra_chunk_count];
        memcpy(chunk->name, unknowns[i].name, 4);
        chunk->name[4] = 0;
        chunk->size = (uint32_t)unknowns[i].size;
        chunk->data = malloc(unknowns[i].size ? unknowns[i].size : 1);
        if (!chunk->data) png_error(png, "out of memory for a colour chunk");
        memcpy(chunk->data, unknowns[i].data, unknowns[i].size);
        info->extra_chunk_count++;
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
       allocates anything, even when the rest of the file is missing. */
    if (size >= 24 && memcmp(data + 12, "IHDR", 4) == 0) {
        uint32_t width = (uint32_t)data[16] << 24 | (uint32_t)data[17] << 16 | (uint32_t)data[18] << 8 | data[19];
        uint32_t height = (uint32_t)data[20] << 24 | (uint32_t)data[21] << 16 | (uint32_t)data[22] << 8 | data[23];
        if ((uint64_t)width * height > max_pixels) {
            info->width = width;
            info->height = height;
            snprintf(error->message, sizeof error->message, "%ux%u is more pixels than the limit", width, height);
            return PB_TOO_LARGE;
        }
    }

    reader context = {data, size, 0, error, info};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    if (!png) return PB_OUT_OF_MEMORY;
    png_infop png_info = png_create_info_struct(png);
    if (!png_info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return PB_OUT_OF_MEMORY;
    }

    /* Everything changed after setjmp and read after a longjmp must be volatile. */
    uint8_t *volatile buffer = NULL;
    volatile pb_status status = PB_LIBPNG_ERROR;
    if (setjmp(png_jmpbuf(png))) {
        free(buffer);
        pb_info_free(info);
        png_destroy_read_struct(&png, &png_info, NULL);
        return status;
    }

    png_set_read_fn(png, &context, read_from_memory);
    /* A bad CRC anywhere is an error: a screenshot is either intact or refused. */
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    png_set_user_limits(png, 1000000, 1000000);
    png_set_chunk_malloc_max(png, 64u << 20);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, extra_chunk_names, extra_chunk_name_count);

    png_read_info(png, png_info);
    collect_info(png, png_info, info);

    if ((uint64_t)info->width * info->height > max_pixels) {
        snprintf(error->message, sizeof error->message,
                 "%ux%u is %llu pixels, more than the limit of %llu", info->width, info->height,
                 (unsigned long long)info->width * info->height, (unsigned long long)max_pixels);
        status = PB_TOO_LARGE;
        png_longjmp(png, 1);
    }
    if (!read_pixels) {
        png_destroy_read_struct(&png, &png_info, NULL);
        return PB_OK;
    }

    if (info->bit_depth < 8) png_set_packing(png);
    int passes = png_set_interlace_handling(png);
    (void)passes;
    png_read_update_info(png, png_info);

    size_t row_bytes = png_get_rowbytes(png, png_info);
    size_t expected = (size_t)info->width * (size_t)info->channels * (info->bit_depth == 16 ? 2 : 1);
    if (row_bytes != expected) png_error(png, "unexpected row size after unpacking");
    size_t total = row_bytes * info->height;
    buffer = malloc(total ? total : 1);
    if (!buffer) {
        snprintf(error->message, sizeof error->message, "out of memory for %zu bytes of pixels", total);
        status = PB_OUT_OF_MEMORY;
        png_longjmp(png, 1);
    }
    png_bytep *rows = png_malloc(png, sizeof(png_bytep) * info->height);
    for (uint32_t y = 0; y < info->height; y++) rows[y] = buffer + (size_t)y * row_bytes;
    png_read_image(png, rows);
    png_free(png, rows);
    png_read_end(png, NULL);

    png_destroy_read_struct(&png, &png_info, NULL);
    *pixels = buffer;
    *pixels_size = total;
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
    snprintf(output->error->message, sizeof output->error->message, "%s", message);
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
    if (info->has_iccp) {
        png_set_iCCP(png, png_info, info->iccp_name, PNG_COMPRESSION_TYPE_BASE, info->iccp_profile, info->iccp_size);
    }
    if (info->has_srgb) png_set_sRGB(png, png_info, info->srgb_intent);
    if (info->has_gama) png_set_gAMA_fixed(png, png_info, info->gama);
    if (info->has_chrm) {
        const int32_t *c = info->chrm;
        png_set_cHRM_fixed(png, png_info, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
    }
    if (info->extra_chunk_count > 0) {
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, extra_chunk_names, extra_chunk_name_count);
        png_unknown_chunk chunks[PB_MAX_EXTRA_CHUNKS];
        for (int i = 0; i < info->extra_chunk_count; i++) {
            memcpy(chunks[i].name, info->extra_chunks[i].name, 5);
            chunks[i].data = info->extra_chunks[i].data;
            chunks[i].size = info->extra_chunks[i].size;
            chunks[i].location = PNG_HAVE_IHDR;
        }
        png_set_unknown_chunks(png, png_info, chunks, info->extra_chunk_count);
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
