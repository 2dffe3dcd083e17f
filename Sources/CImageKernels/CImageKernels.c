#include "CImageKernels.h"

#include <math.h>
#include <stddef.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

/// Where pixel x of an 8-bit row lies among the row's bytes: Leptonica keeps 32-bit words in the
/// machine's order, so on a little-endian machine a word's first pixel is its last byte in memory. The
/// mapping is its own inverse: it also gives the pixel a byte holds.
static inline int byte_index(int x) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return x ^ 3;
#else
    return x;
#endif
}

/// The byte of pixel x in a row.
static inline uint8_t *pixel(uint32_t *row, int x) {
    return (uint8_t *)row + byte_index(x);
}

/// Row `row` of an 8-bit image as bytes in pixel order (`out` holds the row's whole words).
static void unpack_row(const uint32_t *row, int width, uint8_t *out) {
    for (int word = 0; word < (width + 3) / 4; word++) {
        uint32_t value = row[word];
        out[4 * word] = (uint8_t)(value >> 24);
        out[4 * word + 1] = (uint8_t)(value >> 16);
        out[4 * word + 2] = (uint8_t)(value >> 8);
        out[4 * word + 3] = (uint8_t)value;
    }
}

/// The row's whole words from bytes in pixel order (`unpack_row`'s inverse, spare bytes included).
static void pack_row(const uint8_t *bytes, int width, uint32_t *row) {
    for (int word = 0; word < (width + 3) / 4; word++) {
        row[word] = (uint32_t)bytes[4 * word] << 24 | (uint32_t)bytes[4 * word + 1] << 16
            | (uint32_t)bytes[4 * word + 2] << 8 | (uint32_t)bytes[4 * word + 3];
    }
}

/// Horizontal sums of five pixels of row y, from its current (not yet sharpened) levels; `line` is
/// scratch for the row's bytes.
static void sum_row(uint32_t *data, int width, int words_per_line, int y, float *slot, uint8_t *line) {
    unpack_row(data + (long)y * words_per_line, width, line);
    for (int x = 2; x < width - 2; x++) {
        int total = line[x - 2] + line[x - 1] + line[x] + line[x + 1] + line[x + 2];
        slot[x] = (float)total;
    }
}

void docscan_sharpen_grey_in_place(uint32_t *data, int width, int height, int words_per_line,
                                   float fraction, float *sums, uint8_t *lines) {
    if (width < 5 || height < 5) return;
    uint8_t *summed = lines, *line = lines + (width + 3) / 4 * 4;
    // Row y's sums live in slot y % 5; a row is summed before it is written, and it is written only
    // after every row above it, so every sum is of original levels.
    for (int y = 0; y < 4; y++) sum_row(data, width, words_per_line, y, sums + (y % 5) * width, summed);
    const float norm = 1.0f / 25.0f;
    for (int y = 2; y < height - 2; y++) {
        sum_row(data, width, words_per_line, y + 2, sums + ((y + 2) % 5) * width, summed);
        const float *s0 = sums + ((y - 2) % 5) * width, *s1 = sums + ((y - 1) % 5) * width;
        const float *s2 = sums + (y % 5) * width, *s3 = sums + ((y + 1) % 5) * width;
        const float *s4 = sums + ((y + 2) % 5) * width;
        uint32_t *row = data + (long)y * words_per_line;
        // The row's bytes in pixel order, so that the loop below runs over contiguous lanes.
        unpack_row(row, width, line);
        for (int x = 2; x < width - 2; x++) {
            float box = norm * (s0[x] + s1[x] + s2[x] + s3[x] + s4[x]);
            float level = (float)line[x];
            float sharpened = level + fraction * (level - box);
            int value = (int)((double)sharpened + 0.5);
            line[x] = (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
        }
        pack_row(line, width, row);
    }
}


void docscan_set_rows_per_column(const uint32_t *data, int width, int height, int words_per_line, int64_t *sums,
                                 int32_t *counts) {
    for (int x = 0; x < width; x++) sums[x] = counts[x] = 0;
    if (width <= 0) return;
    int last = (width - 1) >> 5;
    uint32_t last_mask = width % 32 == 0 ? ~0u : ~(~0u >> (width % 32));
    for (int y = 0; y < height; y++) {
        const uint32_t *line = data + (long)y * words_per_line;
        for (int index = 0; index <= last; index++) {
            uint32_t word = index == last ? line[index] & last_mask : line[index];
            int64_t *word_sums = sums + 32 * index;
            int32_t *word_counts = counts + 32 * index;
            if (word == ~0u) {
                // A solid run across the word (a smeared text line's inside): all 32 at once.
                for (int bit = 0; bit < 32; bit++) {
                    word_sums[bit] += y;
                    word_counts[bit]++;
                }
                continue;
            }
            while (word) {
                int bit = __builtin_clz(word);
                word_sums[bit] += y;
                word_counts[bit]++;
                word &= ~(0x80000000u >> bit);
            }
        }
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static uint64_t uniform_blocks_avx2(const uint8_t *bytes, int blocks) {
    uint64_t uniform = 0;
    for (int k = 0; k < blocks; k++) {
        __m256i block = _mm256_loadu_si256((const __m256i *)(bytes + 32 * k));
        __m256i first = _mm256_set1_epi8((char)bytes[32 * k]);
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, first)) == -1) uniform |= (uint64_t)1 << k;
    }
    return uniform;
}
#endif

/// Which of the `blocks` (at most 64) blocks of 32 bytes at `bytes` hold one level: bit k for block k.
/// Paper is most of a page, and a block of one level is counted at once. Without AVX2 none is.
static uint64_t uniform_blocks(const uint8_t *bytes, int blocks) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) return uniform_blocks_avx2(bytes, blocks);
#endif
    (void)bytes;
    (void)blocks;
    return 0;
}

/// Counts the `count` bytes at `bytes` into `tally` (four tallies, so that runs of one level do not
/// wait on one counter), a block of 32 of one level at once.
static void count_bytes(const uint8_t *bytes, int count, uint32_t tally[4][256]) {
    int whole = count / 32 * 32;
    for (int chunk = 0; chunk < whole; chunk += 64 * 32) {
        int blocks = (whole - chunk) / 32 < 64 ? (whole - chunk) / 32 : 64;
        uint64_t uniform = uniform_blocks(bytes + chunk, blocks);
        for (int k = 0; k < blocks; k++) {
            const uint8_t *block = bytes + chunk + 32 * k;
            if (uniform >> k & 1) {
                tally[0][block[0]] += 32;
                continue;
            }
            for (int i = 0; i < 32; i += 4) {
                tally[0][block[i]]++;
                tally[1][block[i + 1]]++;
                tally[2][block[i + 2]]++;
                tally[3][block[i + 3]]++;
            }
        }
    }
    for (int i = whole; i < count; i++) tally[i & 3][bytes[i]]++;
}

/// Counts the pixels x of a row (Leptonica's layout) from 0 to `width` that are multiples of `step`.
/// A word-aligned block of 32 bytes holds pixels 32k to 32k + 31 in some order, so a block of one level
/// is counted at once.
static void count_every(const uint32_t *row, int width, int step, uint32_t tally[4][256]) {
    const uint8_t *bytes = (const uint8_t *)row;
    uint32_t *pixels = (uint32_t *)row;
    if (step == 1) {
        // Every pixel: the row's whole words are its first pixels' bytes, in whatever order.
        int counted = width / 4 * 4;
        count_bytes(bytes, counted, tally);
        for (int x = counted; x < width; x++) tally[x & 3][*pixel(pixels, x)]++;
        return;
    }
    int whole = width / 32 * 32, lane = 0;
    for (int chunk = 0; chunk < whole; chunk += 64 * 32) {
        int blocks = (whole - chunk) / 32 < 64 ? (whole - chunk) / 32 : 64;
        uint64_t uniform = uniform_blocks(bytes + chunk, blocks);
        for (int k = 0; k < blocks; k++) {
            int start = chunk + 32 * k, first = (start + step - 1) / step * step;
            if (first >= start + 32) continue;
            if (uniform >> k & 1) {
                tally[0][bytes[start]] += (uint32_t)((start + 31 - first) / step + 1);
                continue;
            }
            if (step == 2) {
                // The even pixels: every other byte from the first even pixel's (odd bytes when the
                // machine is little-endian).
                const uint8_t *even = bytes + start + (byte_index(0) & 1);
                for (int i = 0; i < 32; i += 8) {
                    tally[0][even[i]]++;
                    tally[1][even[i + 2]]++;
                    tally[2][even[i + 4]]++;
                    tally[3][even[i + 6]]++;
                }
            } else {
                for (int x = first; x < start + 32; x += step) tally[lane++ & 3][*pixel(pixels, x)]++;
            }
        }
    }
    for (int x = (whole + step - 1) / step * step; x < width; x += step) tally[lane++ & 3][*pixel(pixels, x)]++;
}

/// Counts the pixels `columns` of a row (Leptonica's layout). Listed columns are what a sampled copy of
/// an odd-sized page takes, every other one or so: looking for blocks of one level among them cost
/// more than it saved (a photo 2.9 → 4.2 ms, a page the same).
static void count_listed(const uint32_t *row, const int32_t *columns, int count, uint32_t tally[4][256]) {
    uint32_t *pixels = (uint32_t *)row;
    for (int i = 0; i < count; i++) tally[i & 3][*pixel(pixels, columns[i])]++;
}

void docscan_grey_histogram(const uint32_t *data, int width, int height, int words_per_line, uint32_t *counts) {
    uint32_t tally[4][256] = {{0}};
    for (int y = 0; y < height; y++) count_every(data + (long)y * words_per_line, width, 1, tally);
    for (int level = 0; level < 256; level++) {
        counts[level] = tally[0][level] + tally[1][level] + tally[2][level] + tally[3][level];
    }
}

void docscan_level_counts(const uint32_t *data, int width, int words_per_line, const int32_t *rows, int row_count,
                          int column_step, const int32_t *columns, int column_count, uint32_t *counts) {
    uint32_t tally[4][256] = {{0}};
    for (int index = 0; index < row_count; index++) {
        const uint32_t *row = data + (long)rows[index] * words_per_line;
        if (columns) {
            count_listed(row, columns, column_count, tally);
        } else {
            count_every(row, width, column_step, tally);
        }
    }
    for (int level = 0; level < 256; level++) {
        counts[level] = tally[0][level] + tally[1][level] + tally[2][level] + tally[3][level];
    }
}


/// Counts the steps between `a[x]` and `b[x]` for x in [from, to) at least `steep_from` into `tally`,
/// and returns how many were smaller.
static long count_steps(const uint8_t *a, const uint8_t *b, int from, int to, int steep_from, uint32_t *tally) {
    long small = 0;
    for (int x = from; x < to; x++) {
        int step = a[x] >= b[x] ? a[x] - b[x] : b[x] - a[x];
        if (step >= steep_from) tally[step]++; else small++;
    }
    return small;
}

#if defined(__x86_64__)
/// `count_steps` 32 pixels at a time, up to the last whole 32 before `to`; returns where it stopped in
/// `*stopped`. Most steps on a page are small, so only the lanes of steep ones are counted one by one.
__attribute__((target("avx2,popcnt")))
static long count_steps_avx2(const uint8_t *a, const uint8_t *b, int from, int to, int steep_from, uint32_t *tally,
                             int *stopped) {
    long small = 0;
    const __m256i floor = _mm256_set1_epi8((char)steep_from);
    int x = from;
    for (; x + 32 <= to; x += 32) {
        __m256i va = _mm256_loadu_si256((const __m256i *)(a + x)), vb = _mm256_loadu_si256((const __m256i *)(b + x));
        __m256i step = _mm256_sub_epi8(_mm256_max_epu8(va, vb), _mm256_min_epu8(va, vb));
        uint32_t steep = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(step, floor), step));
        small += 32 - __builtin_popcount(steep);
        if (steep) {
            uint8_t steps[32];
            _mm256_storeu_si256((__m256i *)steps, step);
            while (steep) {
                tally[steps[__builtin_ctz(steep)]]++;
                steep &= steep - 1;
            }
        }
    }
    *stopped = x;
    return small;
}
#endif

void docscan_edge_histograms(const uint32_t *data, int width, int height, int words_per_line, int row_step,
                             int steep_from, uint8_t *rows, uint32_t *levels, uint32_t *across, uint32_t *down) {
    // Four tallies of the levels, by the pixel's place in its word, so that neighbours of one level do
    // not wait on one counter.
    uint32_t tally[4][256] = {{0}};
    for (int level = 0; level < 256; level++) across[level] = down[level] = 0;
    long small_across = 0, small_down = 0;
    uint8_t *row = rows, *below = rows + (width + 3) / 4 * 4;
#if defined(__x86_64__)
    int vector = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
#endif
    for (int y = 0; y < height - 1; y += row_step) {
        unpack_row(data + (long)y * words_per_line, width, row);
        unpack_row(data + (long)(y + 1) * words_per_line, width, below);
        count_bytes(row, width, tally);
        // The first pixel has no left neighbour: a step of 0. Then pixel x + 1 against pixel x.
        if (steep_from <= 0) across[0]++; else small_across++;
        int from_across = 0, from_down = 0;
#if defined(__x86_64__)
        if (vector) {
            small_across += count_steps_avx2(row + 1, row, 0, width - 1, steep_from, across, &from_across);
            small_down += count_steps_avx2(row, below, 0, width, steep_from, down, &from_down);
        }
#endif
        small_across += count_steps(row + 1, row, from_across, width - 1, steep_from, across);
        small_down += count_steps(row, below, from_down, width, steep_from, down);
    }
    across[0] += (uint32_t)small_across;
    down[0] += (uint32_t)small_down;
    for (int level = 0; level < 256; level++) {
        levels[level] = tally[0][level] + tally[1][level] + tally[2][level] + tally[3][level];
    }
}

/// Pixel x of a row of docscan_remap_grey: the map between the row's nodes `x0`/`y0` (above) and
/// `x1`/`y1` (below), `fy` of the way down, interpolated across at x; then `src` there.
static inline uint8_t remap_pixel(const uint32_t *src, int src_width, int src_height, int src_words_per_line,
                                  const float *x0, const float *x1, const float *y0, const float *y1, int grid_columns,
                                  float inverse_step, float fy, uint8_t fill, int x) {
    float gx = (float)x * inverse_step;
    int column = (int)gx;
    if (column > grid_columns - 2) column = grid_columns - 2;
    float fx = gx - (float)column;
    float top_x = x0[column] + (x0[column + 1] - x0[column]) * fx;
    float bottom_x = x1[column] + (x1[column + 1] - x1[column]) * fx;
    float top_y = y0[column] + (y0[column + 1] - y0[column]) * fx;
    float bottom_y = y1[column] + (y1[column + 1] - y1[column]) * fx;
    float sx = top_x + (bottom_x - top_x) * fy;
    float sy = top_y + (bottom_y - top_y) * fy;
    uint8_t level = fill;
    if (sx >= 0 && sy >= 0 && sx <= (float)(src_width - 1) && sy <= (float)(src_height - 1)) {
        int ix = (int)sx, iy = (int)sy;
        int ix1 = ix + 1 < src_width ? ix + 1 : ix, iy1 = iy + 1 < src_height ? iy + 1 : iy;
        float ax = sx - (float)ix, ay = sy - (float)iy;
        uint32_t *r0 = (uint32_t *)src + (long)iy * src_words_per_line;
        uint32_t *r1 = (uint32_t *)src + (long)iy1 * src_words_per_line;
        float upper = *pixel(r0, ix) + (*pixel(r0, ix1) - *pixel(r0, ix)) * ax;
        float lower = *pixel(r1, ix) + (*pixel(r1, ix1) - *pixel(r1, ix)) * ax;
        level = (uint8_t)(upper + (lower - upper) * ay + 0.5f);
    }
    return level;
}

#if defined(__x86_64__)
/// The levels of pixels `x` of the rows starting at word `row` of `src`, eight lanes at once, each read
/// as its whole word.
__attribute__((target("avx2")))
static inline __m256i gathered_levels(const uint32_t *src, __m256i row, __m256i x) {
    __m256i shift = _mm256_slli_epi32(_mm256_sub_epi32(_mm256_set1_epi32(3), _mm256_and_si256(x, _mm256_set1_epi32(3))), 3);
    __m256i words = _mm256_i32gather_epi32((const int *)src, _mm256_add_epi32(row, _mm256_srli_epi32(x, 2)), 4);
    return _mm256_and_si256(_mm256_srlv_epi32(words, shift), _mm256_set1_epi32(0xFF));
}

/// The levels of pixels `x` and `x2` (x2 at most 4 past x's word) of the rows starting at word `row`,
/// eight lanes at once: x's word and the next read as one 64-bit lane (four lanes a gather), so each
/// pixel pair costs one read instead of two. The caller sees that the next word is in the row.
__attribute__((target("avx2")))
static inline void gathered_pair(const uint32_t *src, __m256i row, __m256i x, __m256i x2, __m256i *first, __m256i *second) {
    __m256i word = _mm256_srli_epi32(x, 2);
    __m256i index = _mm256_add_epi32(row, word);
    __m256i low = _mm256_i32gather_epi64((const long long *)src, _mm256_castsi256_si128(index), 4);
    __m256i high = _mm256_i32gather_epi64((const long long *)src, _mm256_extracti128_si256(index, 1), 4);
    // Pixel d of the two words (0-7) lies at bit 24 - 8d of the first, 88 - 8d of the pair from the second.
    __m256i base = _mm256_slli_epi32(word, 2);
    __m256i d1 = _mm256_sub_epi32(x, base), d2 = _mm256_sub_epi32(x2, base);
    __m256i four = _mm256_set1_epi32(3);
    __m256i s1 = _mm256_sub_epi32(_mm256_blendv_epi8(_mm256_set1_epi32(24), _mm256_set1_epi32(88), _mm256_cmpgt_epi32(d1, four)),
                                  _mm256_slli_epi32(d1, 3));
    __m256i s2 = _mm256_sub_epi32(_mm256_blendv_epi8(_mm256_set1_epi32(24), _mm256_set1_epi32(88), _mm256_cmpgt_epi32(d2, four)),
                                  _mm256_slli_epi32(d2, 3));
    // The shifts as 64-bit lanes, then each lane's level back in 32-bit lanes 0-7.
    __m256i s1_low = _mm256_cvtepu32_epi64(_mm256_castsi256_si128(s1)), s1_high = _mm256_cvtepu32_epi64(_mm256_extracti128_si256(s1, 1));
    __m256i s2_low = _mm256_cvtepu32_epi64(_mm256_castsi256_si128(s2)), s2_high = _mm256_cvtepu32_epi64(_mm256_extracti128_si256(s2, 1));
    __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6), mask = _mm256_set1_epi32(0xFF);
    __m256i a_low = _mm256_permutevar8x32_epi32(_mm256_srlv_epi64(low, s1_low), even);
    __m256i a_high = _mm256_permutevar8x32_epi32(_mm256_srlv_epi64(high, s1_high), even);
    __m256i b_low = _mm256_permutevar8x32_epi32(_mm256_srlv_epi64(low, s2_low), even);
    __m256i b_high = _mm256_permutevar8x32_epi32(_mm256_srlv_epi64(high, s2_high), even);
    *first = _mm256_and_si256(_mm256_blend_epi32(a_low, a_high, 0xF0), mask);
    *second = _mm256_and_si256(_mm256_blend_epi32(b_low, b_high, 0xF0), mask);
}

/// Pixels x ... x + 7 of a row of docscan_remap_grey (x a multiple of 4) that lie between the same two
/// columns of nodes, `column` and the next: the same float operations as remap_pixel in each lane (no
/// fused multiply-add: AVX2 alone is enabled here), the map's nodes read once for all eight and the
/// four neighbours gathered as whole words. A lane mapped outside reads the first pixel and takes `fill`.
__attribute__((target("avx2")))
static void remap_eight(const uint32_t *src, int src_width, int src_height, int src_words_per_line,
                        const float *x0, const float *x1, const float *y0, const float *y1, int column,
                        float inverse_step, float fy, uint8_t fill, int x, uint32_t *out) {
    __m256 columns = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(x), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
    __m256 fx = _mm256_sub_ps(_mm256_mul_ps(columns, _mm256_set1_ps(inverse_step)), _mm256_set1_ps((float)column));
    __m256 down = _mm256_set1_ps(fy);
    __m256 ax0 = _mm256_set1_ps(x0[column]), ax1 = _mm256_set1_ps(x0[column + 1]);
    __m256 bx0 = _mm256_set1_ps(x1[column]), bx1 = _mm256_set1_ps(x1[column + 1]);
    __m256 ay0 = _mm256_set1_ps(y0[column]), ay1 = _mm256_set1_ps(y0[column + 1]);
    __m256 by0 = _mm256_set1_ps(y1[column]), by1 = _mm256_set1_ps(y1[column + 1]);
    __m256 top_x = _mm256_add_ps(ax0, _mm256_mul_ps(_mm256_sub_ps(ax1, ax0), fx));
    __m256 bottom_x = _mm256_add_ps(bx0, _mm256_mul_ps(_mm256_sub_ps(bx1, bx0), fx));
    __m256 top_y = _mm256_add_ps(ay0, _mm256_mul_ps(_mm256_sub_ps(ay1, ay0), fx));
    __m256 bottom_y = _mm256_add_ps(by0, _mm256_mul_ps(_mm256_sub_ps(by1, by0), fx));
    __m256 sx = _mm256_add_ps(top_x, _mm256_mul_ps(_mm256_sub_ps(bottom_x, top_x), down));
    __m256 sy = _mm256_add_ps(top_y, _mm256_mul_ps(_mm256_sub_ps(bottom_y, top_y), down));
    __m256 zero = _mm256_setzero_ps();
    __m256 inside = _mm256_and_ps(
        _mm256_and_ps(_mm256_cmp_ps(sx, zero, _CMP_GE_OQ), _mm256_cmp_ps(sy, zero, _CMP_GE_OQ)),
        _mm256_and_ps(_mm256_cmp_ps(sx, _mm256_set1_ps((float)(src_width - 1)), _CMP_LE_OQ),
                      _mm256_cmp_ps(sy, _mm256_set1_ps((float)(src_height - 1)), _CMP_LE_OQ)));
    __m256 cx = _mm256_and_ps(sx, inside), cy = _mm256_and_ps(sy, inside);
    __m256i ix = _mm256_cvttps_epi32(cx), iy = _mm256_cvttps_epi32(cy);
    __m256i one = _mm256_set1_epi32(1);
    __m256i ix1 = _mm256_min_epi32(_mm256_add_epi32(ix, one), _mm256_set1_epi32(src_width - 1));
    __m256i iy1 = _mm256_min_epi32(_mm256_add_epi32(iy, one), _mm256_set1_epi32(src_height - 1));
    __m256 across = _mm256_sub_ps(cx, _mm256_cvtepi32_ps(ix)), downward = _mm256_sub_ps(cy, _mm256_cvtepi32_ps(iy));
    __m256i wpl = _mm256_set1_epi32(src_words_per_line);
    __m256i upper_row = _mm256_mullo_epi32(iy, wpl), lower_row = _mm256_mullo_epi32(iy1, wpl);
    __m256i p00, p01, p10, p11;
    if (_mm256_movemask_epi8(_mm256_cmpgt_epi32(_mm256_srli_epi32(ix, 2), _mm256_set1_epi32(src_words_per_line - 2))) == 0) {
        gathered_pair(src, upper_row, ix, ix1, &p00, &p01);
        gathered_pair(src, lower_row, ix, ix1, &p10, &p11);
    } else {
        p00 = gathered_levels(src, upper_row, ix), p01 = gathered_levels(src, upper_row, ix1);
        p10 = gathered_levels(src, lower_row, ix), p11 = gathered_levels(src, lower_row, ix1);
    }
    __m256 upper = _mm256_add_ps(_mm256_cvtepi32_ps(p00), _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(p01, p00)), across));
    __m256 lower = _mm256_add_ps(_mm256_cvtepi32_ps(p10), _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(p11, p10)), across));
    __m256 value = _mm256_add_ps(_mm256_add_ps(upper, _mm256_mul_ps(_mm256_sub_ps(lower, upper), downward)), _mm256_set1_ps(0.5f));
    __m256i level = _mm256_blendv_epi8(_mm256_set1_epi32(fill), _mm256_cvttps_epi32(value), _mm256_castps_si256(inside));
    int levels[8];
    _mm256_storeu_si256((__m256i *)levels, level);
    // Pixels x ... x + 7 fill two whole words, the first pixel in the most significant byte.
    out[x >> 2] = (uint32_t)levels[0] << 24 | (uint32_t)levels[1] << 16 | (uint32_t)levels[2] << 8 | (uint32_t)levels[3];
    out[(x >> 2) + 1] = (uint32_t)levels[4] << 24 | (uint32_t)levels[5] << 16 | (uint32_t)levels[6] << 8 | (uint32_t)levels[7];
}
#endif

void docscan_remap_grey(const uint32_t *src, int src_width, int src_height, int src_words_per_line,
                        uint32_t *dst, int dst_width, int dst_height, int dst_words_per_line,
                        const float *grid_x, const float *grid_y, int grid_columns, int grid_rows, int step,
                        uint8_t fill) {
    if (grid_columns < 2 || grid_rows < 2 || step < 1) return;
    const float inverse_step = 1.0f / (float)step;
    int eights = 0;
#if defined(__x86_64__)
    // The image sizes must keep word and row indices in 32 bits for the gathers.
    if (__builtin_cpu_supports("avx2") && (long)src_height * src_words_per_line < 0x7FFFFFFF) eights = dst_width / 8;
#endif
    for (int y = 0; y < dst_height; y++) {
        uint32_t *out = dst + (long)y * dst_words_per_line;
        float gy = (float)y * inverse_step;
        int row = (int)gy;
        if (row > grid_rows - 2) row = grid_rows - 2;
        float fy = gy - (float)row;
        const float *x0 = grid_x + (long)row * grid_columns, *x1 = x0 + grid_columns;
        const float *y0 = grid_y + (long)row * grid_columns, *y1 = y0 + grid_columns;
        int x = 0;
#if defined(__x86_64__)
        for (int k = 0; k < eights; k++, x += 8) {
            // Eight pixels between the same two columns of nodes (their first and last are) at once.
            int first = (int)((float)x * inverse_step), last = (int)((float)(x + 7) * inverse_step);
            if (first > grid_columns - 2) first = grid_columns - 2;
            if (last > grid_columns - 2) last = grid_columns - 2;
            if (first == last) {
                remap_eight(src, src_width, src_height, src_words_per_line, x0, x1, y0, y1, first, inverse_step, fy, fill, x, out);
            } else {
                for (int j = x; j < x + 8; j++) {
                    *pixel(out, j) = remap_pixel(src, src_width, src_height, src_words_per_line, x0, x1, y0, y1, grid_columns, inverse_step, fy, fill, j);
                }
            }
        }
#endif
        for (; x < dst_width; x++) {
            *pixel(out, x) = remap_pixel(src, src_width, src_height, src_words_per_line, x0, x1, y0, y1, grid_columns, inverse_step, fy, fill, x);
        }
    }
}

/// One output pixel of docscan_projective_grey.
static inline uint8_t projective_pixel(const uint32_t *src, int src_width, int src_height, int src_words_per_line,
                                       const float *vc, uint8_t fill, int i, int j) {
    // Leptonica's types, term for term: the sums in float, the denominator and the 16ths in double.
    int level = fill;
    double denom = vc[6] * j + vc[7] * i + 1.0;
    if (denom != 0.0) {
        float factor = 1.0 / denom;
        float x = factor * (vc[0] * j + vc[1] * i + vc[2]);
        float y = factor * (vc[3] * j + vc[4] * i + vc[5]);
        if (x >= 0.0 && y >= 0.0 && x < src_width && y < src_height) {
            int xpm = (int)(16.0 * x), ypm = (int)(16.0 * y);
            int xp = xpm >> 4, yp = ypm >> 4;
            int xp2 = xp + 1 < src_width ? xp + 1 : xp;
            // On the last row Leptonica 1.82 sets its row stride to 0 before using it for the
            // row's address too, so it reads the first row twice there; so does this.
            long stride = yp + 1 >= src_height ? 0 : src_words_per_line;
            int xf = xpm & 0x0f, yf = ypm & 0x0f;
            uint32_t *upper = (uint32_t *)src + (long)yp * stride, *lower = upper + stride;
            int v00 = (16 - xf) * (16 - yf) * *pixel(upper, xp);
            int v10 = xf * (16 - yf) * *pixel(upper, xp2);
            int v01 = (16 - xf) * yf * *pixel(lower, xp);
            int v11 = xf * yf * *pixel(lower, xp2);
            level = (v00 + v01 + v10 + v11) / 256;
        }
    }
    return (uint8_t)level;
}

#if defined(__x86_64__)

/// Eight output pixels of a row at once, from column `j` (a multiple of 4): the same float and double
/// operations as projective_pixel in each lane (no fused multiply-add: AVX2 alone is enabled here), and
/// the four neighbours read as whole words.
__attribute__((target("avx2")))
static void projective_eight(const uint32_t *src, int src_width, int src_height, int src_words_per_line,
                             const float *vc, uint8_t fill, int i, int j, uint32_t *out) {
    __m256 columns = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(j), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
    __m256 row6 = _mm256_set1_ps(vc[7] * i), row0 = _mm256_set1_ps(vc[1] * i), row3 = _mm256_set1_ps(vc[4] * i);
    __m256 sum = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(vc[6]), columns), row6);
    __m256d one = _mm256_set1_pd(1.0);
    __m256d low = _mm256_add_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(sum)), one);
    __m256d high = _mm256_add_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(sum, 1)), one);
    __m256d zero = _mm256_setzero_pd();
    __m128 nonzero_low = _mm256_cvtpd_ps(_mm256_cmp_pd(low, zero, _CMP_NEQ_UQ));
    __m128 nonzero_high = _mm256_cvtpd_ps(_mm256_cmp_pd(high, zero, _CMP_NEQ_UQ));
    __m256 factor = _mm256_set_m128(_mm256_cvtpd_ps(_mm256_div_pd(one, high)), _mm256_cvtpd_ps(_mm256_div_pd(one, low)));
    __m256 x = _mm256_mul_ps(factor, _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(vc[0]), columns), row0),
                                                   _mm256_set1_ps(vc[2])));
    __m256 y = _mm256_mul_ps(factor, _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(vc[3]), columns), row3),
                                                   _mm256_set1_ps(vc[5])));
    // The double mask narrowed to floats is all ones or all zeros per lane, as a NaN or zero.
    __m256i nonzero = _mm256_castps_si256(_mm256_set_m128(nonzero_high, nonzero_low));
    nonzero = _mm256_cmpeq_epi32(_mm256_srli_epi32(nonzero, 31), _mm256_set1_epi32(1));
    __m256 inside = _mm256_and_ps(_mm256_and_ps(_mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_GE_OQ),
                                                _mm256_cmp_ps(y, _mm256_setzero_ps(), _CMP_GE_OQ)),
                                  _mm256_and_ps(_mm256_cmp_ps(x, _mm256_set1_ps((float)src_width), _CMP_LT_OQ),
                                                _mm256_cmp_ps(y, _mm256_set1_ps((float)src_height), _CMP_LT_OQ)));
    __m256i valid = _mm256_and_si256(_mm256_castps_si256(inside), nonzero);
    // 16 x is exact in float as in double: a power of two, far from overflow.
    __m256i xpm = _mm256_and_si256(_mm256_cvttps_epi32(_mm256_mul_ps(x, _mm256_set1_ps(16.0f))), valid);
    __m256i ypm = _mm256_and_si256(_mm256_cvttps_epi32(_mm256_mul_ps(y, _mm256_set1_ps(16.0f))), valid);
    __m256i xp = _mm256_srai_epi32(xpm, 4), yp = _mm256_srai_epi32(ypm, 4);
    __m256i last_column = _mm256_set1_epi32(src_width - 1);
    __m256i xp2 = _mm256_min_epi32(_mm256_add_epi32(xp, _mm256_set1_epi32(1)), last_column);
    __m256i bottom = _mm256_cmpgt_epi32(_mm256_add_epi32(yp, _mm256_set1_epi32(1)), _mm256_set1_epi32(src_height - 1));
    __m256i wpl = _mm256_set1_epi32(src_words_per_line);
    __m256i upper = _mm256_andnot_si256(bottom, _mm256_mullo_epi32(yp, wpl));
    __m256i lower = _mm256_andnot_si256(bottom, _mm256_add_epi32(upper, wpl));
    __m256i xf = _mm256_and_si256(xpm, _mm256_set1_epi32(15)), yf = _mm256_and_si256(ypm, _mm256_set1_epi32(15));
    __m256i sixteen = _mm256_set1_epi32(16);
    __m256i p00, p10, p01, p11;
    __m256i word = _mm256_srli_epi32(xp, 2);
    if (_mm256_movemask_epi8(_mm256_cmpgt_epi32(word, _mm256_set1_epi32(src_words_per_line - 2))) == 0) {
        // Each lane's word and the next are inside its rows: the two neighbours of a row in one read.
        gathered_pair(src, upper, xp, xp2, &p00, &p10);
        gathered_pair(src, lower, xp, xp2, &p01, &p11);
    } else {
        p00 = gathered_levels(src, upper, xp), p10 = gathered_levels(src, upper, xp2);
        p01 = gathered_levels(src, lower, xp), p11 = gathered_levels(src, lower, xp2);
    }
    __m256i xl = _mm256_sub_epi32(sixteen, xf), yl = _mm256_sub_epi32(sixteen, yf);
    __m256i v = _mm256_add_epi32(
        _mm256_add_epi32(_mm256_mullo_epi32(_mm256_mullo_epi32(xl, yl), p00), _mm256_mullo_epi32(_mm256_mullo_epi32(xl, yf), p01)),
        _mm256_add_epi32(_mm256_mullo_epi32(_mm256_mullo_epi32(xf, yl), p10), _mm256_mullo_epi32(_mm256_mullo_epi32(xf, yf), p11)));
    __m256i level = _mm256_blendv_epi8(_mm256_set1_epi32(fill), _mm256_srli_epi32(v, 8), valid);
    int levels[8];
    _mm256_storeu_si256((__m256i *)levels, level);
    // Pixels j ... j + 7 fill two whole words, the first pixel in the most significant byte.
    out[j >> 2] = (uint32_t)levels[0] << 24 | (uint32_t)levels[1] << 16 | (uint32_t)levels[2] << 8 | (uint32_t)levels[3];
    out[(j >> 2) + 1] = (uint32_t)levels[4] << 24 | (uint32_t)levels[5] << 16 | (uint32_t)levels[6] << 8 | (uint32_t)levels[7];
}
#endif

#ifndef PROJECTIVE_AHEAD
#define PROJECTIVE_AHEAD 32
#endif

void docscan_projective_grey(const uint32_t *src, int src_width, int src_height, int src_words_per_line,
                             uint32_t *dst, int dst_width, int dst_height, int dst_words_per_line,
                             const float *vc, uint8_t fill) {
    int eights = 0;
#if defined(__x86_64__)
    // The image sizes must keep word and row indices in 32 bits for the gathers.
    if (__builtin_cpu_supports("avx2") && (long)src_height * src_words_per_line < 0x7FFFFFFF) eights = dst_width / 8;
#endif
    for (int i = 0; i < dst_height; i++) {
        uint32_t *out = dst + (long)i * dst_words_per_line;
        int j = 0;
#if defined(__x86_64__)
        for (int k = 0; k < eights; k++, j += 8) {
            // The gathers wait on memory: the source rows a little further along are asked for ahead.
            int ahead = j + PROJECTIVE_AHEAD;
            double factor = 1.0 / ((double)(vc[6] * ahead + vc[7] * i) + 1.0);
            long ax = (long)(factor * (vc[0] * ahead + vc[1] * i + vc[2])), ay = (long)(factor * (vc[3] * ahead + vc[4] * i + vc[5]));
            if (ax >= 0 && ay >= 0 && ax < src_width && ay + 1 < src_height) {
                const uint32_t *line = src + ay * src_words_per_line + (ax >> 2);
                __builtin_prefetch(line);
                __builtin_prefetch(line + src_words_per_line);
            }
            projective_eight(src, src_width, src_height, src_words_per_line, vc, fill, i, j, out);
        }
#endif
        for (; j < dst_width; j++) *pixel(out, j) = projective_pixel(src, src_width, src_height, src_words_per_line, vc, fill, i, j);
    }
}

int docscan_area_map_length(int source_length, float scale) {
    return (int)(scale * (float)source_length + 0.5);
}

void docscan_area_map_grey(const uint32_t *src, int src_width, int src_height, int src_words_per_line,
                           uint32_t *dst, int dst_width, int dst_height, int dst_words_per_line,
                           int32_t *middle, int64_t *prefix, int32_t *columns) {
    // Leptonica's types, term for term: the scale in float, each edge in 16ths of a source pixel.
    float scx = 16. * (float)src_width / (float)dst_width;
    float scy = 16. * (float)src_height / (float)dst_height;
    int wm2 = src_width - 2, hm2 = src_height - 2, row_bytes = 4 * src_words_per_line;
    // Each output column's source columns, the shares of its two edge columns and its width in 16ths,
    // the same for every row (-1 for a column Leptonica copies from the top row: past the last but one).
    int32_t *c_up = columns, *c_lp = columns + dst_width, *c_wl = columns + 2 * dst_width;
    int32_t *c_wr = columns + 3 * dst_width, *c_ax = columns + 4 * dst_width;
    for (int j = 0; j < dst_width; j++) {
        int xu = (int)(scx * j), xl = (int)(scx * (j + 1.0));
        int xup = xu >> 4, xuf = xu & 0x0f, xlp = xl >> 4, xlf = xl & 0x0f;
        c_up[j] = xup;
        c_lp[j] = xlp > wm2 ? -1 : xlp;
        c_wl[j] = 16 - xuf;
        c_wr[j] = xlf;
        c_ax[j] = (16 - xuf) + 16 * (xlp - xup - 1) + xlf;
    }
    for (int i = 0; i < dst_height; i++) {
        int yu = (int)(scy * i), yl = (int)(scy * (i + 1.0));
        int yup = yu >> 4, yuf = yu & 0x0f, ylp = yl >> 4, ylf = yl & 0x0f;
        int dely = ylp - yup;
        uint32_t *out = dst + (long)i * dst_words_per_line;
        const uint32_t *top = src + (long)yup * src_words_per_line;
        int inside = ylp <= hm2;
        if (inside) {
            // Each column's weighted sum down this output row (the top row's share, 16 for each row
            // wholly inside, the bottom row's share), byte by byte in memory order; then their running
            // sums along the row in pixel order. An output pixel is then its two edge columns' shares
            // and 16 times the columns between: Leptonica's corners, sides and inner sum, regrouped.
            const uint8_t *upper = (const uint8_t *)top;
            const uint8_t *lower = (const uint8_t *)(top + (long)dely * src_words_per_line);
            for (int b = 0; b < row_bytes; b++) middle[b] = 0;
            for (int k = 1; k < dely; k++) {
                const uint8_t *row = (const uint8_t *)(top + (long)k * src_words_per_line);
                for (int b = 0; b < row_bytes; b++) middle[b] += row[b];
            }
            for (int b = 0; b < row_bytes; b++) middle[b] = (16 - yuf) * upper[b] + 16 * middle[b] + ylf * lower[b];
            prefix[0] = 0;
            for (int x = 0; x < src_width; x++) prefix[x + 1] = prefix[x] + middle[byte_index(x)];
        }
        if (!inside) {
            for (int j = 0; j < dst_width; j++) *pixel(out, j) = *pixel((uint32_t *)top, c_up[j]);
            continue;
        }
        int ay = (16 - yuf) + 16 * (dely - 1) + ylf;
        for (int j = 0; j < dst_width; j++) {
            int xup = c_up[j], xlp = c_lp[j];
            if (xlp < 0) {
                *pixel(out, j) = *pixel((uint32_t *)top, xup);
                continue;
            }
            // At most 255 times the area (under 2^28 for a scale from 0.02): 32 bits hold it.
            uint32_t total = (uint32_t)(c_wl[j] * middle[byte_index(xup)] + c_wr[j] * middle[byte_index(xlp)]
                + 16 * (int32_t)(prefix[xlp] - prefix[xup + 1]) + 128);
            *pixel(out, j) = (uint8_t)(total / (uint32_t)(c_ax[j] * ay));
        }
    }
}

void docscan_background_tiles(const uint32_t *src, int width, int height, int src_words_per_line,
                              const uint32_t *mask, int mask_words_per_line, int tile_width, int tile_height,
                              int minimum_count, uint32_t *map, int map_words_per_line,
                              int32_t *column_sums, int32_t *column_counts) {
    int columns = width / tile_width, rows = height / tile_height;
    // Whole mask words over the complete tiles: a byte's column is its place in memory, so a word of 32
    // mask bits covers 32 bytes of the row, each pixel x at byte x ^ 3 on a little-endian machine.
    int words = (columns * tile_width + 31) / 32, row_bytes = 4 * src_words_per_line;
    for (int i = 0; i < rows; i++) {
        for (int b = 0; b < 32 * words; b++) column_sums[b] = column_counts[b] = 0;
        for (int k = 0; k < tile_height; k++) {
            const uint8_t *row = (const uint8_t *)(src + (long)(i * tile_height + k) * src_words_per_line);
            const uint32_t *bits = mask + (long)(i * tile_height + k) * mask_words_per_line;
            for (int w = 0; w < words; w++) {
                uint32_t word = bits[w];
                if (word == 0xFFFFFFFFu) continue;
                const uint8_t *levels = row + 32 * w;
                int32_t *sums = column_sums + 32 * w, *counts = column_counts + 32 * w;
                // The row's last word of mask may reach past its last word of levels.
                int length = row_bytes - 32 * w < 32 ? row_bytes - 32 * w : 32;
                if (word == 0 && length == 32) {
                    for (int b = 0; b < 32; b++) { sums[b] += levels[b]; counts[b] += 1; }
                } else {
                    for (int b = 0; b < length; b++) {
                        int x = byte_index(b);
                        int background = 1 - (int)((word >> (31 - x)) & 1);
                        sums[b] += background * levels[b];
                        counts[b] += background;
                    }
                }
            }
        }
        uint32_t *line = map + (long)i * map_words_per_line;
        for (int j = 0; j < columns; j++) {
            int sum = 0, count = 0;
            for (int x = j * tile_width; x < (j + 1) * tile_width; x++) {
                int b = byte_index(x);
                sum += column_sums[b];
                count += column_counts[b];
            }
            if (count >= minimum_count) *pixel(line, j) = (uint8_t)(sum / count);
        }
    }
}

void docscan_apply_inverse_map(const uint32_t *src, int width, int height, int src_words_per_line,
                               const uint32_t *map, int map_width, int map_height, int map_words_per_line,
                               int tile_width, int tile_height, uint32_t *dst, int dst_words_per_line,
                               uint32_t *factors) {
    int bytes = 4 * src_words_per_line;
    for (int i = 0; i < map_height; i++) {
        // Each tile's 16-bit factor, spread over its pixels' bytes (0 past the last pixel).
        const uint32_t *line = map + (long)i * map_words_per_line;
        for (int b = 0; b < bytes; b++) factors[b] = 0;
        for (int j = 0; j < map_width; j++) {
            uint32_t factor = (line[j >> 1] >> (16 * (1 - (j & 1)))) & 0xFFFF;
            for (int x = j * tile_width; x < (j + 1) * tile_width && x < width; x++) {
                factors[byte_index(x)] = factor;
            }
        }
        for (int k = 0; k < tile_height && i * tile_height + k < height; k++) {
            const uint8_t *in = (const uint8_t *)(src + (long)(i * tile_height + k) * src_words_per_line);
            uint8_t *out = (uint8_t *)(dst + (long)(i * tile_height + k) * dst_words_per_line);
            for (int b = 0; b < bytes; b++) {
                uint32_t level = ((uint32_t)in[b] * factors[b]) / 256;
                out[b] = (uint8_t)(level > 255 ? 255 : level);
            }
        }
    }
}

/// The bits of a 1-bit row's last word that hold pixels: the rest (Leptonica leaves them undefined)
/// must read as clear.
static inline uint32_t last_word_mask(int width) {
    return width % 32 == 0 ? ~0u : ~(~0u >> (width % 32));
}

/// Sets bits [from, to) of a 1-bit row (the first pixel in a word's most significant bit).
static void set_bits(uint32_t *row, int from, int to) {
    if (from >= to) return;
    int first_word = from >> 5, last_word = (to - 1) >> 5;
    uint32_t head = ~0u >> (from & 31), tail = ~0u << (31 - ((to - 1) & 31));
    if (first_word == last_word) {
        row[first_word] |= head & tail;
        return;
    }
    row[first_word] |= head;
    for (int w = first_word + 1; w < last_word; w++) row[w] = ~0u;
    row[last_word] |= tail;
}

void docscan_line_window_rows(const uint32_t *src, int width, int height, int src_words_per_line,
                              uint32_t *dst, int dst_words_per_line, int first_offset, int size, int all) {
    int words = (width + 31) / 32;
    uint32_t last_mask = last_word_mask(width);
    for (int y = 0; y < height; y++) {
        const uint32_t *line = src + (long)y * src_words_per_line;
        uint32_t *out = dst + (long)y * dst_words_per_line;
        int start = -1;
        for (int w = 0; w <= words; w++) {
            // Past the last word: a clear word, which ends a run reaching the row's end.
            uint32_t word = w == words ? 0 : w == words - 1 ? line[w] & last_mask : line[w];
            if (start < 0 ? word == 0 : word == ~0u) continue;
            int bit = 0;
            while (bit < 32) {
                uint32_t rest = (start < 0 ? word : ~word) << bit;
                if (rest == 0) break;
                bit += __builtin_clz(rest);
                if (start < 0) {
                    start = 32 * w + bit;
                    continue;
                }
                // The run [start, end) of set pixels: any window holding one of its pixels (all), or
                // every window lying within it (all set).
                int end = 32 * w + bit;
                int from = all ? start + first_offset + size - 1 : start + first_offset;
                int to = all ? end + first_offset : end + first_offset + size - 1;
                set_bits(out, from < 0 ? 0 : from, to > width ? width : to);
                start = -1;
            }
        }
    }
}

// Leptonica's skew arithmetic is float and double as written in skew.c and shear.c; a fused
// multiply-add would change the scores' last bits and with them, at a tie, the angle.
#pragma STDC FP_CONTRACT OFF

void docscan_column_prefix(const uint32_t *src, int width, int height, int src_words_per_line,
                           uint16_t *prefix, uint32_t *column_words) {
    for (int y = 0; y < height; y++) prefix[y] = 0;
    for (int w = 0; 32 * w < width; w++) {
        for (int y = 0; y < height; y++) column_words[y] = src[(long)y * src_words_per_line + w];
        int bits = width - 32 * w < 32 ? width - 32 * w : 32;
        for (int j = 0; j < bits; j++) {
            const uint16_t *before = prefix + (long)(32 * w + j) * height;
            uint16_t *after = prefix + (long)(32 * w + j + 1) * height;
            int shift = 31 - j;
            for (int y = 0; y < height; y++) after[y] = (uint16_t)(before[y] + ((column_words[y] >> shift) & 1));
        }
    }
}

/// Leptonica's normalizeAngleForShear, for MinDiffFromHalfPi.
static float angle_for_shear(float radang) {
    const float half_pi = 3.14159265 / 2.0, least = 0.04f;
    if (radang < -half_pi || radang > half_pi) radang = radang - (int32_t)(radang / half_pi) * half_pi;
    if (radang > half_pi - least) radang = half_pi - least;
    else if (radang < -half_pi + least) radang = -half_pi + least;
    return radang;
}

/// The set bits of a word, by halves, quarters and bytes (loops of it run several words at a time).
static inline uint32_t bits_set(uint32_t v) {
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0F0F0F0Fu;
    v = v + (v >> 8);
    return (v + (v >> 16)) & 0x3Fu;
}

/// A 1-bit image's row counts at its words' edges: `checks` ((words + 1) x `height`, column by column)
/// counts each row's set pixels left of column 32k, modulo 2^16; `words` (words x `height`) holds the
/// image's words column by column, the last one's bits past `width` cleared. A count left of any column
/// is then a checkpoint and the bits of one word: a thirty-second of the memory of a count per column.
static void word_checkpoints(const uint32_t *src, int width, int height, int src_words_per_line, uint16_t *checks,
                             uint32_t *words) {
    int count = (width + 31) / 32;
    uint32_t last_mask = last_word_mask(width);
    for (int y = 0; y < height; y++) checks[y] = 0;
    for (int k = 0; k < count; k++) {
        uint32_t *column = words + (long)k * height;
        const uint16_t *before = checks + (long)k * height;
        uint16_t *after = checks + (long)(k + 1) * height;
        for (int y = 0; y < height; y++) {
            uint32_t word = src[(long)y * src_words_per_line + k];
            column[y] = k == count - 1 ? word & last_mask : word;
        }
        for (int y = 0; y < height; y++) after[y] = (uint16_t)(before[y] + bits_set(column[y]));
    }
}

/// The image of one search, whose row counts come from a count per column (`prefix`) or from
/// `word_checkpoints` (`checks` and `words`, `prefix` NULL).
typedef struct {
    const uint16_t *prefix, *checks;
    const uint32_t *words;
    int width, height;
} row_counts;

/// Adds columns [from, to) of the image, moved down by `shift` rows (up when negative; rows moved past
/// either edge are lost), to the row counts `rows`: what pixRasterop does with one band of a shear.
static void add_band(const row_counts *image, int from, int to, int shift, int32_t *rows) {
    int width = image->width, height = image->height;
    if (from < 0) from = 0;
    if (to > width) to = width;
    if (to <= from) return;
    int first = shift > 0 ? shift : 0, last = shift < 0 ? height + shift : height;
    // The counts wrap at 2^16, their difference does not: a band is narrower than 65,536 columns.
    if (image->prefix) {
        const uint16_t *left = image->prefix + (long)from * height, *right = image->prefix + (long)to * height;
        for (int y = first; y < last; y++) rows[y] += (uint16_t)(right[y - shift] - left[y - shift]);
        return;
    }
    // Left of column 32k + b: the checkpoint at 32k and the first b bits of word k.
    int from_word = from >> 5, from_bits = from & 31, to_word = to >> 5, to_bits = to & 31;
    const uint16_t *left = image->checks + (long)from_word * height, *right = image->checks + (long)to_word * height;
    const uint32_t *left_words = image->words + (long)from_word * height;
    const uint32_t *right_words = image->words + (long)(to_bits ? to_word : from_word) * height;
    int left_shift = 32 - from_bits, right_shift = 32 - to_bits;
    if (from_bits && to_bits) {
        for (int y = first; y < last; y++) {
            int r = y - shift;
            rows[y] += (uint16_t)(right[r] + bits_set(right_words[r] >> right_shift) - left[r] - bits_set(left_words[r] >> left_shift));
        }
    } else if (to_bits) {
        for (int y = first; y < last; y++) {
            int r = y - shift;
            rows[y] += (uint16_t)(right[r] + bits_set(right_words[r] >> right_shift) - left[r]);
        }
    } else if (from_bits) {
        for (int y = first; y < last; y++) {
            int r = y - shift;
            rows[y] += (uint16_t)(right[r] - left[r] - bits_set(left_words[r] >> left_shift));
        }
    } else {
        for (int y = first; y < last; y++) rows[y] += (uint16_t)(right[y - shift] - left[y - shift]);
    }
}

/// docscan_sheared_square_sum of either kind of row counts.
static float sheared_square_sum(const row_counts *image, float radang, int32_t *rows) {
    int width = image->width, height = image->height;

    for (int y = 0; y < height; y++) rows[y] = 0;
    radang = angle_for_shear(radang);
    if (radang == 0.0 || tan(radang) == 0.0) {
        add_band(image, 0, width, 0, rows);
    } else {
        // pixVShear about x = 0: the band left of x = initxincr stays, each next band moves one row
        // further, its width from the rounded multiples of 1 / tan.
        int sign = radang < 0 ? -1 : 1;
        float tanangle = tan(radang);
        float invangle = fabs(1. / tanangle);
        int initxincr = (int32_t)(invangle / 2.);
        add_band(image, -initxincr, initxincr, 0, rows);
        int x = initxincr;
        for (int vshift = 1; x < width; vshift++) {
            int xincr = (int32_t)(invangle * (vshift + 0.5) + 0.5) - x;
            if (width - x < xincr) xincr = width - x;
            add_band(image, x, x + xincr, sign * vshift, rows);
            x += xincr;
        }
    }
    // pixFindDifferentialSquareSum: the rows near the top and bottom are left out.
    int skiph = (int32_t)(0.05 * width);
    int skip = height / 10 < skiph ? height / 10 : skiph;
    int nskip = skip / 2 > 1 ? skip / 2 : 1;
    float sum = 0.0;
    for (int i = nskip; i < height - nskip; i++) {
        float diff = (float)rows[i] - (float)rows[i - 1];
        sum += diff * diff;
    }
    return sum;
}

float docscan_sheared_square_sum(const uint16_t *prefix, int width, int height, float radang, int32_t *rows) {
    row_counts image = {prefix, NULL, NULL, width, height};
    return sheared_square_sum(&image, radang, rows);
}

/// Whether a 1-bit image has no set pixel (Leptonica's pixZero, which ignores the pad bits).
static int all_clear(const uint32_t *src, int width, int height, int src_words_per_line) {
    int full = width / 32, rest = width % 32;
    uint32_t tail = rest == 0 ? 0 : ~(~0u >> rest);
    for (int y = 0; y < height; y++) {
        const uint32_t *line = src + (long)y * src_words_per_line;
        for (int w = 0; w < full; w++) if (line[w]) return 0;
        if (rest && (line[full] & tail)) return 0;
    }
    return 1;
}

int docscan_skew_sweep_search(const uint32_t *search, int search_width, int search_height, int search_words_per_line,
                              const uint32_t *sweep, int sweep_width, int sweep_height, int sweep_words_per_line,
                              float sweep_range, float sweep_delta, float minimum_search_delta,
                              uint16_t *prefix, uint32_t *column_words, int32_t *rows,
                              float *angle, float *confidence, float *end_score, float *unturned) {
    *angle = 0.0;
    *confidence = 0.0;
    *end_score = 0.0;
    *unturned = 0.0;
    if (all_clear(search, search_width, search_height, search_words_per_line)) return 1;
    if (search_width > 65535) return -1;
    const float deg2rad = 3.1415926535 / 180.;
    const float range_left = 0.0f - sweep_range;
    int angles = (int32_t)((2. * sweep_range) / sweep_delta + 1);

    // The sweep, on the smaller copy; the first angle of the highest score wins, as in numaGetMax.
    docscan_column_prefix(sweep, sweep_width, sweep_height, sweep_words_per_line, prefix, column_words);
    float max_score = -1000000000.;
    float max_angle = 0.0;
    int max_index = 0;
    for (int i = 0; i < angles; i++) {
        float theta = range_left + i * sweep_delta;
        float score = docscan_sheared_square_sum(prefix, sweep_width, sweep_height, deg2rad * theta, rows);
        if (score > max_score) {
            max_score = score;
            max_index = i;
            max_angle = theta;
        }
    }
    // The search's few angles near the sweep's best need few bands: its row counts come from checkpoints
    // at its words' edges, a thirty-second of a count per column (which for a 300-dpi page's search copy
    // was 8 MB of fresh memory, its page faults 7% of a flat page's clean-up).
    row_counts counts = {prefix, NULL, NULL, sweep_width, sweep_height};
    if (search != sweep) {
        word_checkpoints(search, search_width, search_height, search_words_per_line, prefix, column_words);
        counts = (row_counts){NULL, prefix, column_words, search_width, search_height};
    }
    *unturned = sheared_square_sum(&counts, 0.0f, rows);
    if (angles <= 0 || max_index == 0 || max_index == angles - 1) return 0;

    // The binary search, on the larger copy: each round halves the step either side of the best angle.
    float center = max_angle;
    float scores[5];
    scores[2] = sheared_square_sum(&counts, deg2rad * center, rows);
    scores[0] = sheared_square_sum(&counts, deg2rad * (center - sweep_delta), rows);
    scores[4] = sheared_square_sum(&counts, deg2rad * (center + sweep_delta), rows);
    // numaGetMin over every score of the search.
    float min_score = +1000000000.;
    for (int i = 0; i < 5; i += 2) if (scores[i] < min_score) min_score = scores[i];
    float delta = 0.5 * sweep_delta;
    while (delta >= minimum_search_delta) {
        float left = center - delta;
        scores[1] = sheared_square_sum(&counts, deg2rad * left, rows);
        if (scores[1] < min_score) min_score = scores[1];
        float right = center + delta;
        scores[3] = sheared_square_sum(&counts, deg2rad * right, rows);
        if (scores[3] < min_score) min_score = scores[3];
        max_score = scores[1];
        max_index = 1;
        for (int i = 2; i < 4; i++) {
            if (scores[i] > max_score) {
                max_score = scores[i];
                max_index = i;
            }
        }
        float left_score = scores[max_index - 1], right_score = scores[max_index + 1];
        scores[2] = max_score;
        scores[0] = left_score;
        scores[4] = right_score;
        center = center + delta * (max_index - 2);
        delta = 0.5 * delta;
    }
    *angle = center;
    *end_score = scores[2];

    // Leptonica's confidence: the best score over the worst of the search, when the worst is not too
    // small for the page's size, and the angle is not at the sweep's ends.
    float threshold = (float)0.000002 * search_width * search_width * search_height;
    *confidence = min_score > threshold ? max_score / min_score : 0.0f;
    if (center > range_left + 2 * sweep_range - sweep_delta || center < range_left + sweep_delta || max_score < 10000)
        *confidence = 0.0;
    return 0;
}

/// Whether row `row` of a 1-bit image, less the pixels set in `except`, has a set pixel in columns
/// [from, to].
static int any_set(const uint32_t *row, const uint32_t *except, int from, int to) {
    for (int w = from >> 5; w <= to >> 5; w++) {
        uint32_t mask = ~0u;
        if (w == from >> 5) mask &= ~0u >> (from & 31);
        if (w == to >> 5) mask &= ~0u << (31 - (to & 31));
        if (row[w] & ~except[w] & mask) return 1;
    }
    return 0;
}

int64_t docscan_stray_pixels(const uint32_t *src, int width, int height, int src_words_per_line, int reach,
                             uint32_t *isolated) {
    if (width < 1 || height < 1) return 0;
    int words = (width + 31) / 32;
    uint32_t last_mask = last_word_mask(width);
    // Isolated: set, and its 8 neighbours clear, pixels outside the image counting as clear (pixHMT's
    // misses that fall outside are never applied).
    for (int y = 0; y < height; y++) {
        const uint32_t *rows[3] = {y > 0 ? src + (long)(y - 1) * src_words_per_line : NULL, src + (long)y * src_words_per_line,
                                   y + 1 < height ? src + (long)(y + 1) * src_words_per_line : NULL};
        uint32_t *out = isolated + (long)y * src_words_per_line;
        for (int w = 0; w < words; w++) {
            uint32_t centre = w == words - 1 ? rows[1][w] & last_mask : rows[1][w];
            if (centre == 0) continue;
            uint32_t around = 0;
            for (int k = 0; k < 3; k++) {
                if (!rows[k]) continue;
                uint32_t here = w == words - 1 ? rows[k][w] & last_mask : rows[k][w];
                uint32_t before = w > 0 ? rows[k][w - 1] : 0;
                uint32_t after = w + 1 < words ? (w + 1 == words - 1 ? rows[k][w + 1] & last_mask : rows[k][w + 1]) : 0;
                around |= (here >> 1) | (before << 31) | (here << 1) | (after >> 31);
                if (k != 1) around |= here;
            }
            out[w] = centre & ~around;
        }
    }
    // A stray: an isolated pixel with no pixel of a mark (set and not isolated) within `reach`.
    int64_t strays = 0;
    for (int y = 0; y < height; y++) {
        const uint32_t *line = isolated + (long)y * src_words_per_line;
        for (int w = 0; w < words; w++) {
            uint32_t bits = line[w];
            while (bits) {
                int bit = __builtin_clz(bits);
                bits &= ~(0x80000000u >> bit);
                int x = 32 * w + bit, near = 0;
                int from = x - reach < 0 ? 0 : x - reach, to = x + reach > width - 1 ? width - 1 : x + reach;
                int top = y - reach < 0 ? 0 : y - reach, bottom = y + reach > height - 1 ? height - 1 : y + reach;
                for (int r = top; r <= bottom && !near; r++) {
                    near = any_set(src + (long)r * src_words_per_line, isolated + (long)r * src_words_per_line, from, to);
                }
                strays += !near;
            }
        }
    }
    return strays;
}

/// 32 pixels of an 8-bit row (8 words) as one word of bits, Leptonica's way: a bit is set where the
/// level is below `threshold` (the sign of level - threshold).
static inline uint32_t threshold_word(const uint32_t *words, int threshold) {
    uint32_t bits = 0;
    for (int k = 0; k < 8; k++) {
        uint32_t word = words[k];
        bits <<= 4;
        bits |= (((int32_t)((word >> 24) & 0xff) - threshold) >> 28) & 8;
        bits |= (((int32_t)((word >> 16) & 0xff) - threshold) >> 29) & 4;
        bits |= (((int32_t)((word >> 8) & 0xff) - threshold) >> 30) & 2;
        bits |= (((int32_t)(word & 0xff) - threshold) >> 31) & 1;
    }
    return bits;
}

#if defined(__x86_64__)
/// threshold_word for every whole block of 32 pixels of a row: the 8 words in reverse order put pixel
/// 31 - k at byte k, so the comparison's byte mask is the bit word itself, first pixel highest.
__attribute__((target("avx2")))
static void threshold_blocks(const uint32_t *row, int blocks, int threshold, uint32_t *out) {
    __m256i reverse = _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0);
    __m256i limit = _mm256_set1_epi8((char)threshold);
    for (int b = 0; b < blocks; b++) {
        __m256i levels = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(row + 8 * b)), reverse);
        // level >= threshold where max(level, threshold) == level (unsigned); the bit is its opposite.
        __m256i at_least = _mm256_cmpeq_epi8(_mm256_max_epu8(levels, limit), levels);
        out[b] = ~(uint32_t)_mm256_movemask_epi8(at_least);
    }
}
#endif

void docscan_threshold_to_binary(const uint32_t *src, int width, int height, int src_words_per_line, int threshold,
                                 uint32_t *dst, int dst_words_per_line) {
    int blocks = width / 32, vector = 0;
#if defined(__x86_64__)
    vector = threshold >= 1 && threshold <= 255 && __builtin_cpu_supports("avx2");
#endif
    for (int y = 0; y < height; y++) {
        const uint32_t *row = src + (long)y * src_words_per_line;
        uint32_t *out = dst + (long)y * dst_words_per_line;
#if defined(__x86_64__)
        if (vector) threshold_blocks(row, blocks, threshold, out);
        else
#endif
            for (int b = 0; b < blocks; b++) out[b] = threshold_word(row + 8 * b, threshold);
        // The last pixels one by one; the bits past the row's end stay clear.
        uint32_t bits = 0;
        for (int x = 32 * blocks; x < width; x++) {
            uint32_t level = (row[x >> 2] >> (24 - 8 * (x & 3))) & 0xff;
            bits |= (uint32_t)((((int32_t)level - threshold) >> 31) & 1) << (31 - (x & 31));
        }
        if (width % 32) out[blocks] = bits;
    }
}

/// Entries [`from`, `to`) of row y of Leptonica's full-size disparity array (`fpixScaleByInteger` of
/// the samples, then `fpixAddSlopeBorder`'s extension to the right), for a row y within the
/// interpolated rows (y < `sampling` x (`sampled_height` - 1) + 1), written from `out[0]` on; `to` is at
/// most the array's width.
/// The arithmetic is Leptonica's, operation for operation and in its types (float products, some of
/// them carried on in double), so every value is the same float.
static void interpolated_disparities(const float *sampled, int sampled_width, int sampled_height, int sampled_words_per_line,
                                     int sampling, const float *fract, int y, int from, int to, float *out) {
#pragma clang fp contract(off)
    int scaled_width = sampling * (sampled_width - 1) + 1, scaled_height = sampling * (sampled_height - 1) + 1;
    int inner = to < scaled_width - 1 ? to : scaled_width - 1;
    if (y < scaled_height - 1) {
        int block = y / sampling, k = y % sampling;
        const float *upper = sampled + (long)block * sampled_words_per_line, *lower = upper + sampled_words_per_line;
        float fk = fract[k];
        double across = 1.0 - fk, down = fk;
        for (int j = from / sampling; j * sampling < inner; j++) {
            float val0 = upper[j], val1 = upper[j + 1], val2 = lower[j], val3 = lower[j + 1];
            int start = from > j * sampling ? from - j * sampling : 0;
            int end = inner - j * sampling < sampling ? inner - j * sampling : sampling;
            for (int m = start; m < end; m++) {
                out[j * sampling + m - from] = (float)(val0 * (1.0 - fract[m]) * across + val1 * fract[m] * across
                                  + val2 * (1.0 - fract[m]) * down + val3 * fract[m] * fk);
            }
        }
        if (from <= scaled_width - 1 && scaled_width - 1 < to) {
            out[scaled_width - 1 - from] = (float)(upper[sampled_width - 1] * across + lower[sampled_width - 1] * fk);
        }
    } else {
        const float *last = sampled + (long)(sampled_height - 1) * sampled_words_per_line;
        for (int j = from / sampling; j * sampling < inner; j++) {
            float val0 = last[j], val1 = last[j + 1];
            int start = from > j * sampling ? from - j * sampling : 0;
            int end = inner - j * sampling < sampling ? inner - j * sampling : sampling;
            for (int m = start; m < end; m++) out[j * sampling + m - from] = (float)(val0 * (1.0 - fract[m]) + val1 * fract[m]);
        }
        if (from <= scaled_width - 1 && scaled_width - 1 < to) out[scaled_width - 1 - from] = last[sampled_width - 1];
    }
    if (to > scaled_width) {
        // The extension continues the array's last two columns' slope.
        float edge[2];
        interpolated_disparities(sampled, sampled_width, sampled_height, sampled_words_per_line, sampling, fract, y,
                                 scaled_width - 2, scaled_width, edge);
        float val1 = edge[1], val2 = edge[0], del = val1 - val2;
        for (int j = from > scaled_width ? from : scaled_width; j < to; j++) out[j - from] = val1 + del * (float)(j - scaled_width + 1);
    }
}

int docscan_apply_vertical_disparity(const uint32_t *src, int width, int height, int src_words_per_line,
                                     const float *sampled, int sampled_width, int sampled_height, int sampled_words_per_line,
                                     int sampling, int nx, int ny, uint8_t fill, uint32_t *dst, int dst_words_per_line,
                                     float *scratch) {
#pragma clang fp contract(off)
    if (sampled_width < 2 || sampled_height < 2 || sampling < 1 || sampling > 4096 || width < 1 || height < 1) return 1;
    int scaled_width = sampling * (sampled_width - 1) + 1, scaled_height = sampling * (sampled_height - 1) + 1;
    int right = width - sampling * (nx - 1) + 2, bottom = height - sampling * (ny - 1) + 2;
    int full_width = scaled_width + (right > 0 ? right : 0), full_height = scaled_height + (bottom > 0 ? bottom : 0);
    if (full_width < width || full_height < height) return 1;
    float fract[4096];
    for (int i = 0; i < sampling; i++) fract[i] = i / (float)sampling;
    // The interpolated array's last two rows, from which the rows below it are extended.
    float *row = scratch, *last = scratch + width, *before = last + width;
    if (height > scaled_height) {
        interpolated_disparities(sampled, sampled_width, sampled_height, sampled_words_per_line, sampling, fract,
                                 scaled_height - 1, 0, width, last);
        interpolated_disparities(sampled, sampled_width, sampled_height, sampled_words_per_line, sampling, fract,
                                 scaled_height - 2, 0, width, before);
    }
    for (int y = 0; y < height; y++) {
        if (y < scaled_height) {
            interpolated_disparities(sampled, sampled_width, sampled_height, sampled_words_per_line, sampling, fract,
                                     y, 0, width, row);
        } else {
            float steps = (float)(y - scaled_height + 1);
            for (int j = 0; j < width; j++) {
                float del = last[j] - before[j];
                row[j] = last[j] + del * steps;
            }
        }
        uint32_t *line = dst + (long)y * dst_words_per_line;
        for (int x = 0; x < width; x++) {
            int source = (int)((double)((float)y - row[x]) + 0.5);
            *pixel(line, x) = source >= 0 && source < height
                ? ((const uint8_t *)(src + (long)source * src_words_per_line))[byte_index(x)] : fill;
        }
    }
    return 0;
}

void docscan_unsharp_one_way(const uint32_t *src, int width, int height, int src_words_per_line, int half_width,
                             float fraction, int across, uint32_t *dst, int dst_words_per_line,
                             uint8_t *line, int32_t *sums) {
    if (across) {
        // Each row's prefix sums; the window is cut at the row's ends.
        for (int y = 0; y < height; y++) {
            unpack_row(src + (long)y * src_words_per_line, width, line);
            sums[0] = 0;
            for (int x = 0; x < width; x++) sums[x + 1] = sums[x] + line[x];
            for (int x = 0; x < width; x++) {
                int from = x - half_width < 0 ? 0 : x - half_width;
                int to = x + half_width + 1 > width ? width : x + half_width + 1;
                float mean = (float)(sums[to] - sums[from]) / (float)(to - from);
                float level = (float)line[x];
                int value = (int)(level + fraction * (level - mean) + 0.5f);
                line[x] = (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
            }
            pack_row(line, width, dst + (long)y * dst_words_per_line);
        }
        return;
    }
    // Down: each column's sum over the window of rows, moved down a row at a time; the window is cut at
    // the image's top and bottom. `line` holds two rows: the one sharpened, and one entering or leaving.
    uint8_t *row = line, *other = line + (width + 3) / 4 * 4;
    for (int x = 0; x < width; x++) sums[x] = 0;
    int top = 0, bottom = 0;  // rows [top, bottom) are in the sums
    for (int y = 0; y < height; y++) {
        int from = y - half_width < 0 ? 0 : y - half_width;
        int to = y + half_width + 1 > height ? height : y + half_width + 1;
        while (bottom < to) {
            unpack_row(src + (long)bottom * src_words_per_line, width, other);
            for (int x = 0; x < width; x++) sums[x] += other[x];
            bottom++;
        }
        while (top < from) {
            unpack_row(src + (long)top * src_words_per_line, width, other);
            for (int x = 0; x < width; x++) sums[x] -= other[x];
            top++;
        }
        unpack_row(src + (long)y * src_words_per_line, width, row);
        float count = (float)(to - from);
        for (int x = 0; x < width; x++) {
            float level = (float)row[x];
            int value = (int)(level + fraction * (level - (float)sums[x] / count) + 0.5f);
            row[x] = (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
        }
        pack_row(row, width, dst + (long)y * dst_words_per_line);
    }
}

/// The levels of line `index` along rows (`across`: row `index`) or columns (column `index`) into `out`.
static void read_line(const uint32_t *src, int width, int height, int words_per_line, int across, int index,
                      uint8_t *bytes, float *out) {
    if (across) {
        unpack_row(src + (long)index * words_per_line, width, bytes);
        for (int x = 0; x < width; x++) out[x] = (float)bytes[x];
        return;
    }
    for (int y = 0; y < height; y++) out[y] = (float)*pixel((uint32_t *)(src + (long)y * words_per_line), index);
}

/// The autocorrelation of `n` centred `values` at lags 0...`longest`, added to `scores`.
static void add_autocorrelation(double *values, int n, int longest, double *scores) {
    double mean = 0;
    for (int i = 0; i < n; i++) mean += values[i];
    mean /= n;
    for (int i = 0; i < n; i++) values[i] -= mean;
    for (int lag = 0; lag <= longest; lag++) {
        double sum = 0;
        for (int i = 0; i + lag < n; i++) sum += values[i] * values[i + lag];
        scores[lag] += sum;
    }
}

/// `scores` at lags 0...`longest` over their value at 0 (all 0 when that is not positive).
static void normalize_scores(double *scores, int longest) {
    double zero = scores[0];
    for (int lag = 0; lag <= longest; lag++) scores[lag] = zero > 0 ? scores[lag] / zero : 0;
}

void docscan_step_autocorrelation(const uint32_t *src, int width, int height, int src_words_per_line, int across,
                                  int longest, int step, double *step_scores, double *change_scores, uint8_t *bytes,
                                  float *levels, double *steps, double *changes) {
    int length = across ? width : height, lines = across ? height : width;
    for (int lag = 0; lag <= longest; lag++) step_scores[lag] = change_scores[lag] = 0;
    if (longest < 1 || step < 1 || length <= longest + 2) return;
    for (int line = 0; line < lines; line += step) {
        read_line(src, width, height, src_words_per_line, across, line, bytes, levels);
        int n = length - 1;
        for (int i = 0; i < n; i++) steps[i] = (double)levels[i + 1] - (double)levels[i];
        for (int i = 0; i + 1 < n; i++) changes[i] = steps[i + 1] - steps[i];
        add_autocorrelation(steps, n, longest, step_scores);
        add_autocorrelation(changes, n - 1, longest, change_scores);
    }
    normalize_scores(step_scores, longest);
    normalize_scores(change_scores, longest);
}

/// Lines deconvolved at once: each array below holds a line position's `DECONVOLVE_LANES` values side by
/// side, so every step of Richardson–Lucy (the box average's running sum above all, a chain along the
/// line) works on a vector of lines instead of one value at a time. 30 rounds on a 2100 x 2800 page
/// smeared 5 or 8 px took 0.8–1.7 s one line at a time, 0.16–0.20 s 32 lines at a time (8 or 16 lines:
/// 0.2–0.37 s).
enum { DECONVOLVE_LANES = 32 };

/// Half a round of Richardson–Lucy on `n` positions of lanes: `values` averaged over `boxes` boxes one
/// after another, `lengths` long, each centred on each position (the lines' ends repeated), and then
/// either `observed` over that average into `ratio` (`first_half`), or that average times `estimate` into
/// `estimate`. `between` holds two arrays of n positions for the boxes before the last.
static inline __attribute__((always_inline)) void blur_lanes(const float *restrict values, int n, const int *lengths,
                                                             int boxes, float *restrict between,
                                                             int first_half, const float *restrict observed,
                                                             float *restrict ratio, float *restrict estimate) {
    enum { K = DECONVOLVE_LANES };
    const float *source = values;
    for (int box = 0; box < boxes; box++) {
        int length = lengths[box], half = length / 2, last = box + 1 == boxes;
        float *restrict out = between + (long)(box % 2) * n * K;
        // The box slides along the lines, its sum taking in one position and letting one go at each step:
        // one pass. An even box sums the odd box one longer and takes half of its two end taps back off.
        // (Prefix sums and their differences took two passes, an even smear 2–2.5 times an odd one's time,
        // and lost precision as the sums grew along the line.)
        float sum[K], scale = 1.0f / (float)length;
        for (int k = 0; k < K; k++) sum[k] = 0;
        for (int t = -half; t <= half; t++) {
            const float *restrict value = source + (long)(t < 0 ? 0 : t >= n ? n - 1 : t) * K;
            for (int k = 0; k < K; k++) sum[k] += value[k];
        }
        for (int x = 0; x < n; x++) {
            float average[K];
            int in = x + half + 1, gone = x - half, end = x + half;
            const float *restrict add = source + (long)(in >= n ? n - 1 : in) * K;
            const float *restrict drop = source + (long)(gone < 0 ? 0 : gone) * K;
            if (length % 2 == 1) {
                for (int k = 0; k < K; k++) {
                    average[k] = sum[k] * scale;
                    sum[k] += add[k] - drop[k];
                }
            } else {
                const float *restrict far = source + (long)(end >= n ? n - 1 : end) * K;
                for (int k = 0; k < K; k++) {
                    average[k] = (sum[k] - 0.5f * (drop[k] + far[k])) * scale;
                    sum[k] += add[k] - drop[k];
                }
            }
            long at = (long)x * K;
            if (!last) {
                for (int k = 0; k < K; k++) out[at + k] = average[k];
            } else if (first_half) {
                for (int k = 0; k < K; k++) ratio[at + k] = observed[at + k] / (average[k] > 0.5f ? average[k] : 0.5f);
            } else {
                for (int k = 0; k < K; k++) {
                    float value = estimate[at + k] * average[k];
                    estimate[at + k] = value > 512.0f ? 512.0f : value;
                }
            }
        }
        source = out;
    }
}

/// `iterations` rounds of Richardson–Lucy on `n` positions of lanes: `observed` (each level one up, so
/// that no ratio divides by zero) into `estimate`, against `boxes` boxes `lengths` long.
static inline __attribute__((always_inline)) void deconvolve_lanes(const float *restrict observed, int n,
                                                                   const int *lengths, int boxes, int iterations,
                                                                   float *restrict estimate, float *restrict ratio,
                                                                   float *restrict between) {
    long count = (long)n * DECONVOLVE_LANES;
    for (long i = 0; i < count; i++) estimate[i] = observed[i];
    for (int round = 0; round < iterations; round++) {
        blur_lanes(estimate, n, lengths, boxes, between, 1, observed, ratio, estimate);
        blur_lanes(ratio, n, lengths, boxes, between, 0, observed, ratio, estimate);
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void deconvolve_lanes_avx2(const float *observed, int n, const int *lengths, int boxes, int iterations,
                                  float *estimate, float *ratio, float *between) {
    deconvolve_lanes(observed, n, lengths, boxes, iterations, estimate, ratio, between);
}
#endif

static void deconvolve_lanes_plain(const float *observed, int n, const int *lengths, int boxes, int iterations,
                                   float *estimate, float *ratio, float *between) {
    deconvolve_lanes(observed, n, lengths, boxes, iterations, estimate, ratio, between);
}

/// A deconvolved level back to a byte.
static inline uint8_t deconvolved_level(float estimate) {
    float value = estimate - 1.0f + 0.5f;
    return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : (int)value);
}

long docscan_deconvolve_boxes_scratch(int width, int height, int longest) {
    long n = width > height ? width : height;
    return 5 * (n + longest + 2) * DECONVOLVE_LANES + (width + 4) / 4 + 1;
}

long docscan_deconvolve_smear_scratch(int width, int height, int length) {
    return docscan_deconvolve_boxes_scratch(width, height, length);
}

void docscan_deconvolve_smear(const uint32_t *src, int width, int height, int src_words_per_line, int length,
                              int iterations, int across, uint32_t *dst, int dst_words_per_line, float *scratch) {
    docscan_deconvolve_boxes(src, width, height, src_words_per_line, &length, 1, iterations, across, dst,
                             dst_words_per_line, scratch);
}

void docscan_deconvolve_boxes(const uint32_t *src, int width, int height, int src_words_per_line, const int *lengths,
                              int boxes, int iterations, int across, uint32_t *dst, int dst_words_per_line,
                              float *scratch) {
    enum { K = DECONVOLVE_LANES };
    int n = across ? width : height, lines = across ? height : width;
    int longest = 0;
    for (int box = 0; box < boxes; box++) longest = lengths[box] > longest ? lengths[box] : longest;
    long stride = (long)(n + longest + 2) * K;
    float *observed = scratch, *estimate = scratch + stride, *ratio = scratch + 2 * stride;
    float *between = scratch + 3 * stride;
    uint8_t *bytes = (uint8_t *)(scratch + 5 * stride);
#if defined(__x86_64__)
    int vector = __builtin_cpu_supports("avx2");
#endif
    for (int first = 0; first < lines; first += K) {
        // A last block's missing lanes repeat its last line; they are computed and not written.
        int count = lines - first < K ? lines - first : K;
        if (across) {
            for (int k = 0; k < K; k++) {
                unpack_row(src + (long)(first + (k < count ? k : count - 1)) * src_words_per_line, width, bytes);
                for (int x = 0; x < n; x++) observed[(long)x * K + k] = (float)bytes[x] + 1.0f;
            }
        } else {
            for (int y = 0; y < n; y++) {
                uint32_t *row = (uint32_t *)(src + (long)y * src_words_per_line);
                for (int k = 0; k < K; k++) observed[(long)y * K + k] = (float)*pixel(row, first + (k < count ? k : count - 1)) + 1.0f;
            }
        }
#if defined(__x86_64__)
        if (vector) deconvolve_lanes_avx2(observed, n, lengths, boxes, iterations, estimate, ratio, between);
        else
#endif
            deconvolve_lanes_plain(observed, n, lengths, boxes, iterations, estimate, ratio, between);
        if (across) {
            for (int k = 0; k < count; k++) {
                for (int x = 0; x < n; x++) bytes[x] = deconvolved_level(estimate[(long)x * K + k]);
                pack_row(bytes, width, dst + (long)(first + k) * dst_words_per_line);
            }
        } else {
            for (int y = 0; y < n; y++) {
                uint32_t *row = dst + (long)y * dst_words_per_line;
                for (int k = 0; k < count; k++) *pixel(row, first + k) = deconvolved_level(estimate[(long)y * K + k]);
            }
        }
    }
}

/// The turn of docscan_turn_set_pixels and docscan_turned_extent: calls `visit(state, x, y)` with the
/// centre of each set pixel of the 1-bit image `src` turned about the image's centre by the angle whose
/// cosine and sine are given (positive: clockwise, y down), that centre put at (`to_x`, `to_y`). The
/// bits past each row's end are ignored. Inlined with its visitor into each caller.
static inline __attribute__((always_inline)) void turn_each_set_pixel(
    const uint32_t *src, int width, int height, int src_words_per_line, double to_x, double to_y, double cosine,
    double sine, void (*visit)(void *, double, double), void *state) {
    double cx = width / 2.0, cy = height / 2.0;
    int words = (width + 31) / 32;
    uint32_t last = width % 32 ? ~0u << (32 - width % 32) : ~0u;
    for (int y = 0; y < height; y++) {
        const uint32_t *row = src + (long)y * src_words_per_line;
        double sy = y + 0.5 - cy;
        // A pixel (sx, sy) from the centre goes to (sx cos - sy sin, sx sin + sy cos): clockwise, y down.
        double rowX = to_x - sy * sine, rowY = to_y + sy * cosine;
        for (int w = 0; w < words; w++) {
            uint32_t word = w == words - 1 ? row[w] & last : row[w];
            while (word) {
                int bit = __builtin_clz(word);
                word &= ~(0x80000000u >> bit);
                double sx = w * 32 + bit + 0.5 - cx;
                visit(state, rowX + sx * cosine, rowY + sx * sine);
            }
        }
    }
}

/// What docscan_turn_set_pixels draws on.
typedef struct { uint32_t *dst; int width, height, words_per_line; } turn_canvas;

/// Sets the 2 x 2 pixels whose centres lie nearest a turned pixel's centre (x, y): every pixel of the
/// canvas within a pixel of a turned one either way is set, so the turned lattice leaves no holes to
/// line up.
static inline __attribute__((always_inline)) void set_nearest(void *state, double x, double y) {
    turn_canvas *canvas = state;
    double fx = x - 0.5, fy = y - 0.5;
    if (fx < -1 || fy < -1) return;
    int left = (int)(fx + 1) - 1, top = (int)(fy + 1) - 1;
    for (int j = top; j <= top + 1; j++) {
        if (j < 0 || j >= canvas->height) continue;
        uint32_t *out = canvas->dst + (long)j * canvas->words_per_line;
        for (int i = left; i <= left + 1; i++) {
            if (i >= 0 && i < canvas->width) out[i >> 5] |= 0x80000000u >> (i & 31);
        }
    }
}

void docscan_turn_set_pixels(const uint32_t *src, int width, int height, int src_words_per_line,
                             uint32_t *dst, int dst_width, int dst_height, int dst_words_per_line,
                             double cosine, double sine) {
    if (width < 1 || height < 1) return;
    turn_canvas canvas = {dst, dst_width, dst_height, dst_words_per_line};
    turn_each_set_pixel(src, width, height, src_words_per_line, dst_width / 2.0, dst_height / 2.0, cosine, sine,
                        set_nearest, &canvas);
}

void docscan_shear_columns(const uint32_t *src, int width, int height, int src_words_per_line, const int32_t *shifts,
                           uint32_t *dst, int dst_height, int dst_words_per_line, uint8_t *line) {
    for (int y = 0; y < dst_height; y++) {
        for (int x = 0; x < width; x++) {
            int from = y - shifts[x];
            from = from < 0 ? 0 : from >= height ? height - 1 : from;
            uint32_t word = src[(long)from * src_words_per_line + x / 4];
            line[x] = (uint8_t)(word >> (24 - 8 * (x % 4)));
        }
        pack_row(line, width, dst + (long)y * dst_words_per_line);
    }
}

/// Calls `measure` for each `tile` x `tile` square of an 8-bit image in Leptonica's layout, row by row,
/// with the count of each of its levels (256), its number of pixels, `context`, and where its float goes
/// in `out`.
static void each_tile(const uint32_t *data, int width, int height, int words_per_line, int tile,
                      void (*measure)(const uint32_t *counts, long pixels, const void *context, float *out),
                      const void *context, float *out) {
    int columns = (width + tile - 1) / tile, rows = (height + tile - 1) / tile;
    uint32_t counts[256];
    for (int row = 0; row < rows; row++) {
        int top = row * tile, bottom = top + tile < height ? top + tile : height;
        for (int column = 0; column < columns; column++) {
            int left = column * tile, right = left + tile < width ? left + tile : width;
            for (int level = 0; level < 256; level++) counts[level] = 0;
            for (int y = top; y < bottom; y++) {
                const uint32_t *line = data + (long)y * words_per_line;
                for (int x = left; x < right; x++) counts[(line[x >> 2] >> (24 - 8 * (x & 3))) & 0xff]++;
            }
            measure(counts, (long)(bottom - top) * (right - left), context, out + (long)row * columns + column);
        }
    }
}

struct print_contrast_settings { int least; float over_median, share; };

/// A tile's print contrast from its top-hat's levels (`docscan_tile_print_contrast`).
static void print_contrast_of(const uint32_t *counts, long pixels, const void *context, float *out) {
    const struct print_contrast_settings *settings = context;
    long seen = 0;
    int median = 0;
    while (median < 255 && (seen += counts[median]) * 2 < pixels) median++;
    int from = (int)ceilf(settings->over_median * (float)median);
    from = from > settings->least ? from : settings->least;
    long strokes = 0;
    for (int level = from + 1; level < 256; level++) strokes += counts[level];
    if (strokes < 1 || (float)strokes < settings->share * (float)pixels) {
        *out = -1;
        return;
    }
    // The 75th percentile of the strokes: at least a quarter of them are this much darker.
    long rank = 0, quarter = strokes / 4;
    int level = 255;
    while (level > from && (rank += counts[level]) <= quarter) level--;
    *out = (float)level;
}

void docscan_tile_print_contrast(const uint32_t *tophat, int width, int height, int words_per_line, int tile,
                                 int least, float over_median, float share, float *contrast) {
    struct print_contrast_settings settings = {least, over_median, share};
    each_tile(tophat, width, height, words_per_line, tile, print_contrast_of, &settings, contrast);
}

/// The level under which a share (`context`, a float) of a tile's pixels lie (`docscan_tile_levels`).
static void level_of(const uint32_t *counts, long pixels, const void *context, float *out) {
    long seen = 0, wanted = (long)(*(const float *)context * (float)pixels);
    int level = 0;
    while (level < 255 && (seen += counts[level]) <= wanted) level++;
    *out = (float)level;
}

void docscan_tile_levels(const uint32_t *data, int width, int height, int words_per_line, int tile, float share,
                         float *levels) {
    each_tile(data, width, height, words_per_line, tile, level_of, &share, levels);
}

void docscan_deepen_print(const uint32_t *src, const uint32_t *tophat, int width, int height, int src_words_per_line,
                          int tophat_words_per_line, const float *gains, int columns, int rows, int tile,
                          uint32_t *dst, int dst_words_per_line, uint8_t *line) {
    for (int y = 0; y < height; y++) {
        // Between the centres of the tile rows above and below.
        float fy = ((float)y + 0.5f) / (float)tile - 0.5f;
        fy = fy < 0 ? 0 : fy > (float)(rows - 1) ? (float)(rows - 1) : fy;
        int r0 = (int)fy, r1 = r0 + 1 < rows ? r0 + 1 : r0;
        float wy = fy - (float)r0;
        const uint32_t *row = src + (long)y * src_words_per_line, *hat = tophat + (long)y * tophat_words_per_line;
        for (int x = 0; x < width; x++) {
            float fx = ((float)x + 0.5f) / (float)tile - 0.5f;
            fx = fx < 0 ? 0 : fx > (float)(columns - 1) ? (float)(columns - 1) : fx;
            int c0 = (int)fx, c1 = c0 + 1 < columns ? c0 + 1 : c0;
            float wx = fx - (float)c0;
            float gain = (1 - wy) * ((1 - wx) * gains[r0 * columns + c0] + wx * gains[r0 * columns + c1]) +
                         wy * ((1 - wx) * gains[r1 * columns + c0] + wx * gains[r1 * columns + c1]);
            int level = (int)((row[x >> 2] >> (24 - 8 * (x & 3))) & 0xff);
            int depth = (int)((hat[x >> 2] >> (24 - 8 * (x & 3))) & 0xff);
            float value = (float)level - (gain - 1) * (float)depth + 0.5f;
            line[x] = (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : (int)value);
        }
        pack_row(line, width, dst + (long)y * dst_words_per_line);
    }
}

/// van Herk's running extreme over `k` values centred on each, of rows (`extreme_rows_*`: each row of
/// `in`, `width` x `height` bytes, into `out`; `forward` and `backward` hold a row each) or of columns
/// (`extreme_columns_*`: a whole row at a time; `forward` and `backward` hold the whole image). In blocks
/// of `k`, `forward[j]` is the extreme from j's block's start to j and `backward[j]` from j to its
/// block's end; a whole window [i - r, i + r] spans the end of one block and the start of the next (or
/// is one block), so its extreme is that of backward[i - r] and forward[i + r]. Windows cut by the
/// image's edges are taken one by one. One function per extreme, so each loop compiles to vector code.
#define DOCSCAN_EXTREME_FILTERS(NAME, PICK)                                                                   \
static void extreme_rows_##NAME(const uint8_t *in, uint8_t *out, int width, int height, int k,                 \
                                uint8_t *forward, uint8_t *backward) {                                       \
    int r = k / 2;                                                                                            \
    for (int y = 0; y < height; y++) {                                                                       \
        const uint8_t *x = in + (long)y * width;                                                             \
        uint8_t *o = out + (long)y * width;                                                                  \
        for (int start = 0; start < width; start += k) {                                                     \
            int end = start + k < width ? start + k : width;                                                 \
            forward[start] = x[start];                                                                       \
            for (int i = start + 1; i < end; i++) forward[i] = PICK(forward[i - 1], x[i]);                   \
            backward[end - 1] = x[end - 1];                                                                  \
            for (int i = end - 2; i >= start; i--) backward[i] = PICK(backward[i + 1], x[i]);                \
        }                                                                                                     \
        for (int i = r; i < width - r; i++) o[i] = PICK(backward[i - r], forward[i + r]);                    \
        for (int i = 0; i < width; i++) {                                                                    \
            if (i == r && width - r > r) i = width - r;                                                      \
            int a = i - r < 0 ? 0 : i - r, b = i + r > width - 1 ? width - 1 : i + r;                        \
            uint8_t e = x[a];                                                                                \
            for (int j = a + 1; j <= b; j++) e = PICK(e, x[j]);                                              \
            o[i] = e;                                                                                        \
        }                                                                                                     \
    }                                                                                                         \
}                                                                                                             \
static void extreme_columns_##NAME(const uint8_t *in, uint8_t *out, int width, int height, int k,              \
                                   uint8_t *forward, uint8_t *backward) {                                    \
    int r = k / 2;                                                                                            \
    for (int start = 0; start < height; start += k) {                                                        \
        int end = start + k < height ? start + k : height;                                                   \
        for (int i = 0; i < width; i++) forward[(long)start * width + i] = in[(long)start * width + i];      \
        for (int y = start + 1; y < end; y++) {                                                              \
            const uint8_t *x = in + (long)y * width, *p = forward + (long)(y - 1) * width;                   \
            uint8_t *f = forward + (long)y * width;                                                          \
            for (int i = 0; i < width; i++) f[i] = PICK(p[i], x[i]);                                         \
        }                                                                                                     \
        for (int i = 0; i < width; i++) backward[(long)(end - 1) * width + i] = in[(long)(end - 1) * width + i]; \
        for (int y = end - 2; y >= start; y--) {                                                             \
            const uint8_t *x = in + (long)y * width, *n = backward + (long)(y + 1) * width;                  \
            uint8_t *g = backward + (long)y * width;                                                         \
            for (int i = 0; i < width; i++) g[i] = PICK(n[i], x[i]);                                         \
        }                                                                                                     \
    }                                                                                                         \
    for (int y = 0; y < height; y++) {                                                                       \
        uint8_t *o = out + (long)y * width;                                                                  \
        if (y >= r && y < height - r) {                                                                      \
            const uint8_t *g = backward + (long)(y - r) * width, *f = forward + (long)(y + r) * width;       \
            for (int i = 0; i < width; i++) o[i] = PICK(g[i], f[i]);                                         \
            continue;                                                                                         \
        }                                                                                                     \
        int a = y - r < 0 ? 0 : y - r, b = y + r > height - 1 ? height - 1 : y + r;                          \
        for (int i = 0; i < width; i++) o[i] = in[(long)a * width + i];                                      \
        for (int j = a + 1; j <= b; j++) {                                                                   \
            const uint8_t *x = in + (long)j * width;                                                         \
            for (int i = 0; i < width; i++) o[i] = PICK(o[i], x[i]);                                         \
        }                                                                                                     \
    }                                                                                                         \
}

#define DOCSCAN_LARGER(a, b) ((a) > (b) ? (a) : (b))
#define DOCSCAN_SMALLER(a, b) ((a) < (b) ? (a) : (b))
DOCSCAN_EXTREME_FILTERS(largest, DOCSCAN_LARGER)
DOCSCAN_EXTREME_FILTERS(least, DOCSCAN_SMALLER)

long docscan_black_tophat_scratch(int width, int height) {
    long n = (long)width * height;
    return 4 * n + 3 * ((long)(width > height ? width : height) + 4);
}

void docscan_black_tophat(const uint32_t *src, int width, int height, int src_words_per_line, int size,
                          uint32_t *dst, int dst_words_per_line, uint8_t *scratch) {
    long n = (long)width * height, longest = (width > height ? width : height) + 4;
    uint8_t *p = scratch, *q = scratch + n, *forward = scratch + 2 * n, *backward = scratch + 3 * n;
    uint8_t *row_forward = scratch + 4 * n, *row_backward = row_forward + longest, *line = row_backward + longest;
    int k = size < 1 ? 1 : size;
    for (int y = 0; y < height; y++) unpack_row(src + (long)y * src_words_per_line, width, p + (long)y * width);
    // The closing: the largest level over the square, then the least of those.
    extreme_rows_largest(p, q, width, height, k, row_forward, row_backward);
    extreme_columns_largest(q, p, width, height, k, forward, backward);
    extreme_rows_least(p, q, width, height, k, row_forward, row_backward);
    extreme_columns_least(q, p, width, height, k, forward, backward);
    for (int y = 0; y < height; y++) {
        const uint8_t *closed = p + (long)y * width;
        unpack_row(src + (long)y * src_words_per_line, width, line);
        for (int x = 0; x < width; x++) line[x] = (uint8_t)(closed[x] - line[x]);
        pack_row(line, width, dst + (long)y * dst_words_per_line);
    }
}

/// What docscan_turned_extent gathers: the turned centres' least and greatest x and y, how many pixels
/// were turned, and how many of them fell outside the image (`width` x `height`).
typedef struct { double least_x, most_x, least_y, most_y; long set, outside; int width, height; } turned_extent;

static inline __attribute__((always_inline)) void extend(void *state, double x, double y) {
    turned_extent *extent = state;
    if (!extent->set) { extent->least_x = extent->most_x = x; extent->least_y = extent->most_y = y; }
    extent->set++;
    if (x < extent->least_x) extent->least_x = x;
    if (x > extent->most_x) extent->most_x = x;
    if (y < extent->least_y) extent->least_y = y;
    if (y > extent->most_y) extent->most_y = y;
    if (x < 0 || y < 0 || x >= extent->width || y >= extent->height) extent->outside++;
}

int docscan_turned_extent(const uint32_t *src, int width, int height, int src_words_per_line,
                          double cosine, double sine, double *extent, long *counts) {
    counts[0] = counts[1] = 0;
    if (width < 1 || height < 1) return 0;
    turned_extent found = {0, 0, 0, 0, 0, 0, width, height};
    turn_each_set_pixel(src, width, height, src_words_per_line, width / 2.0, height / 2.0, cosine, sine, extend, &found);
    counts[0] = found.set, counts[1] = found.outside;
    if (!found.set) return 0;
    // Half a pixel beyond the centres either way.
    extent[0] = found.least_x - 0.5, extent[1] = found.most_x + 0.5, extent[2] = found.least_y - 0.5, extent[3] = found.most_y + 0.5;
    return 1;
}
