#include "CImageKernels.h"

/// The byte of pixel x in a row: Leptonica keeps 32-bit words in the machine's order, so on a
/// little-endian machine a word's first pixel is its last byte in memory.
static inline uint8_t *pixel(uint32_t *row, int x) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return (uint8_t *)row + (x ^ 3);
#else
    return (uint8_t *)row + x;
#endif
}

/// Horizontal sums of five pixels of row y, from its current (not yet sharpened) levels.
static void sum_row(uint32_t *data, int width, int words_per_line, int y, float *slot) {
    uint32_t *row = data + (long)y * words_per_line;
    for (int x = 2; x < width - 2; x++) {
        int total = *pixel(row, x - 2) + *pixel(row, x - 1) + *pixel(row, x) + *pixel(row, x + 1) + *pixel(row, x + 2);
        slot[x] = (float)total;
    }
}

void docscan_sharpen_grey_in_place(uint32_t *data, int width, int height, int words_per_line,
                                   float fraction, float *sums) {
    if (width < 5 || height < 5) return;
    // Row y's sums live in slot y % 5; a row is summed before it is written, and it is written only
    // after every row above it, so every sum is of original levels.
    for (int y = 0; y < 4; y++) sum_row(data, width, words_per_line, y, sums + (y % 5) * width);
    const float norm = 1.0f / 25.0f;
    for (int y = 2; y < height - 2; y++) {
        sum_row(data, width, words_per_line, y + 2, sums + ((y + 2) % 5) * width);
        const float *s0 = sums + ((y - 2) % 5) * width, *s1 = sums + ((y - 1) % 5) * width;
        const float *s2 = sums + (y % 5) * width, *s3 = sums + ((y + 1) % 5) * width;
        const float *s4 = sums + ((y + 2) % 5) * width;
        uint32_t *row = data + (long)y * words_per_line;
        for (int x = 2; x < width - 2; x++) {
            float box = norm * (s0[x] + s1[x] + s2[x] + s3[x] + s4[x]);
            float level = (float)*pixel(row, x);
            float sharpened = level + fraction * (level - box);
            int value = (int)((double)sharpened + 0.5);
            *pixel(row, x) = (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
        }
    }
}

void docscan_grey_histogram(const uint32_t *data, int width, int height, int words_per_line, uint32_t *counts) {
    for (int level = 0; level < 256; level++) counts[level] = 0;
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)data + (long)y * words_per_line;
        for (int x = 0; x < width; x++) counts[*pixel(row, x)]++;
    }
}
