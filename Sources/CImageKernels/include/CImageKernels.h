#ifndef DOCSCAN_IMAGE_KERNELS_H
#define DOCSCAN_IMAGE_KERNELS_H

#include <stdint.h>

/// Sharpens an 8-bit image in Leptonica's layout (rows of `words_per_line` 32-bit words, each word's
/// first pixel in its most significant byte) in place: every pixel at least two from the border gets
/// `fraction` of its high-pass (itself less the mean of its 5x5 box) added, with the float arithmetic
/// of Leptonica's pixUnsharpMaskingGray2D, so the levels are the ones Leptonica gives. `sums` is scratch
/// for 5 x `width` floats, `lines` for two rows' whole words of bytes. In C rather than Swift because
/// the tests run a debug build, where the same loop in Swift took 260 ms on a 1.6-megapixel page and
/// this one takes about 20. Each row is worked on as bytes in pixel order, which the compiler runs
/// several pixels at a time.
void docscan_sharpen_grey_in_place(uint32_t *data, int width, int height, int words_per_line,
                                   float fraction, float *sums, uint8_t *lines);

/// Counts the levels of an 8-bit image in Leptonica's layout into `counts` (256 entries, zeroed here),
/// as exact integers: Leptonica's histograms hold floats.
void docscan_grey_histogram(const uint32_t *data, int width, int height, int words_per_line, uint32_t *counts);

/// For each column of a 1-bit image in Leptonica's layout (rows of `words_per_line` words, each word's
/// first pixel in its most significant bit; bits past `width` ignored), the sum of the rows of its set
/// pixels into `sums` and their number into `counts` (`width` entries each, zeroed here).
void docscan_set_rows_per_column(const uint32_t *data, int width, int height, int words_per_line, int64_t *sums,
                                 int32_t *counts);

/// Counts the levels of an 8-bit image in Leptonica's layout into `counts` (256 entries, zeroed here)
/// over the `row_count` rows `rows` (each counted as often as listed) and, in each, the `column_count`
/// columns `columns`, or every `column_step`th column from the first when `columns` is NULL. Blocks of
/// 32 pixels of one level (paper) are counted at once (AVX2).
void docscan_level_counts(const uint32_t *data, int width, int words_per_line, const int32_t *rows, int row_count,
                          int column_step, const int32_t *columns, int column_count, uint32_t *counts);

/// Counts, over every `row_step`th row of an 8-bit image in Leptonica's layout but its last, each
/// pixel's level into `levels`, its step from its left neighbour (0 for a row's first pixel) into
/// `across`, and its step to the pixel below into `down` (256 entries each, filled here); steps under
/// `steep_from` are all counted as steps of 0 (0: every step as it is). `rows` is scratch for two rows'
/// whole words of bytes. A page's steps are mostly small, and its steepest are what `edgeSteepness`
/// looks for: those are counted one by one, the small ones 32 at a time (AVX2). In C because the plain
/// loop in Swift, three counters a pixel, was a quarter of a flat scan's clean-up.
void docscan_edge_histograms(const uint32_t *data, int width, int height, int words_per_line, int row_step,
                             int steep_from, uint8_t *rows, uint32_t *levels, uint32_t *across, uint32_t *down);

/// Fills an 8-bit image `dst` (Leptonica's layout) by sampling the 8-bit image `src` at a smooth map:
/// `grid_x`/`grid_y` hold, for every `step`-th pixel of `dst` in both directions (`grid_columns` x
/// `grid_rows` nodes, row by row), where in `src` it comes from; pixels between nodes take the map
/// interpolated bilinearly, and their level is interpolated bilinearly from `src`'s four nearest
/// pixels. A pixel mapped outside `src` gets `fill`.
void docscan_remap_grey(const uint32_t *src, int src_width, int src_height, int src_words_per_line,
                        uint32_t *dst, int dst_width, int dst_height, int dst_words_per_line,
                        const float *grid_x, const float *grid_y, int grid_columns, int grid_rows, int step,
                        uint8_t fill);

/// Fills the 8-bit image `dst` (Leptonica's layout) with the 8-bit image `src` seen through the projective
/// transform `vc` (8 coefficients, Leptonica's `getProjectiveXformCoeffs` from destination to source
/// points), level for level what Leptonica's `pixProjectiveGray` gives (the same float and double
/// arithmetic, the same 16ths of a pixel), but only for `dst`'s own size: Leptonica's output is the
/// size of its input, and a sheet cut out of a photo is smaller than the photo. A pixel mapped outside
/// `src` gets `fill`.
void docscan_projective_grey(const uint32_t *src, int src_width, int src_height, int src_words_per_line,
                             uint32_t *dst, int dst_width, int dst_height, int dst_words_per_line,
                             const float *vc, uint8_t fill);

/// The length Leptonica's `pixScaleAreaMap` gives a side of `source_length` pixels scaled by `scale`.
int docscan_area_map_length(int source_length, float scale);

/// Reduces the 8-bit image `src` (Leptonica's layout) into `dst` by area mapping, level for level what
/// Leptonica's `pixScaleAreaMap` gives for a scale under 0.7 (each output pixel the mean of the source
/// area it covers, to 16ths of a pixel, with the same rounding and the same edge pixels). Leptonica walks
/// each output pixel's block of source rows one pixel at a time; here each output row's source rows are
/// summed per column once, reading the source row by row, and the columns' running sums give each
/// output pixel in a few steps. `middle` is scratch for 4 x `src_words_per_line` sums (a row's bytes),
/// `prefix` for `src_width` + 1, `columns` for 5 x `dst_width`. Reducing a 12-megapixel photo was a
/// tenth of its page finding.
void docscan_area_map_grey(const uint32_t *src, int src_width, int src_height, int src_words_per_line,
                           uint32_t *dst, int dst_width, int dst_height, int dst_words_per_line,
                           int32_t *middle, int64_t *prefix, int32_t *columns);

/// Fills the tiles of Leptonica's background map `map` (8-bit, one pixel per tile, zeroed by its maker)
/// from the 8-bit image `src` and its dilated foreground `mask` (1-bit, the same size), level for level
/// what `pixGetBackgroundGrayMap` gives before it fills the map's holes: each complete tile of
/// `tile_width` x `tile_height` pixels gets the mean of its pixels outside the mask (integer division),
/// when at least `minimum_count` are. Leptonica walks each tile pixel by pixel, branching on every mask
/// bit; here each band of tiles is summed per column first, skipping words of mask wholly set, and the
/// columns are then summed per tile. `column_sums` and `column_counts` are scratch for the row's whole
/// mask words, 32 entries each.
void docscan_background_tiles(const uint32_t *src, int width, int height, int src_words_per_line,
                              const uint32_t *mask, int mask_words_per_line, int tile_width, int tile_height,
                              int minimum_count, uint32_t *map, int map_words_per_line,
                              int32_t *column_sums, int32_t *column_counts);
/// Fills the 8-bit image `dst` (the size of `src`, zeroed) with `src` multiplied by Leptonica's inverse
/// background map `map` (16-bit, one factor per tile of `tile_width` x `tile_height`, 256 for 1), level
/// for level what `pixApplyInvBackgroundGrayMap` gives: each level times its tile's factor, divided by
/// 256, at most 255. Leptonica reads each tile's factor with `pixGetPixel` and each pixel through its
/// word; here each band's factors are laid out once per byte of a row and the rows are multiplied byte
/// by byte. `factors` is scratch for one entry per byte of a row of `src`.
void docscan_apply_inverse_map(const uint32_t *src, int width, int height, int src_words_per_line,
                               const uint32_t *map, int map_width, int map_height, int map_words_per_line,
                               int tile_width, int tile_height, uint32_t *dst, int dst_words_per_line,
                               uint32_t *factors);

/// An 8-bit image sharpened one way into `dst`: each pixel moved away from the mean of the
/// 2·`half_width` + 1 pixels beside it (`across`) or above and below it (not `across`), the window cut
/// at the image's edges, by `fraction` of the difference. Camera shake smears print one way; the other
/// way is left as it is. `line` is scratch for two rows' whole words; `sums` for `width` + 1 entries.
void docscan_unsharp_one_way(const uint32_t *src, int width, int height, int src_words_per_line, int half_width,
                             float fraction, int across, uint32_t *dst, int dst_words_per_line,
                             uint8_t *line, int32_t *sums);
/// Fills the 1-bit image `dst` (the size of `src`, zeroed) with each pixel of the 1-bit image `src`'s
/// rows combined over a window of `size` pixels: pixel p becomes the OR (`all` 0) or the AND (`all` 1) of
/// the pixels p - first_offset - (size - 1) ... p - first_offset of its row, pixels outside the row
/// counting as clear. This is Leptonica's brick dilation (`first_offset` -(size / 2)) and erosion
/// (`first_offset` size / 2 - size + 1) along rows, computed from the runs of set pixels: each run
/// widens or narrows by the window, where Leptonica shifts the whole image once per pixel of the brick.
void docscan_line_window_rows(const uint32_t *src, int width, int height, int src_words_per_line,
                              uint32_t *dst, int dst_words_per_line, int first_offset, int size, int all);

/// Fills `prefix` ((`width` + 1) x `height` entries, column by column) with the running counts of the
/// 1-bit image `src`'s rows, modulo 2^16: entry (x, y) counts the set pixels of row y left of column x,
/// so a band of columns narrower than 65,536 has its row counts by one subtraction per row.
/// `column_words` is scratch for `height` entries.
void docscan_column_prefix(const uint32_t *src, int width, int height, int src_words_per_line,
                           uint16_t *prefix, uint32_t *column_words);

/// Leptonica's skew score of a 1-bit image (`prefix` from docscan_column_prefix) sheared vertically
/// about its left edge by `radang` radians, bringing in white: the differential square sum of its row
/// counts (pixVShearCorner, then pixFindDifferentialSquareSum), without making the sheared image.
/// Each band pixVShear moves by one more row adds its columns' counts, shifted, to `rows` (scratch for
/// `height` entries).
float docscan_sheared_square_sum(const uint16_t *prefix, int width, int height, float radang, int32_t *rows);

/// Leptonica's pixFindSkewSweepAndSearchScore on a 1-bit image `search` and its further reduced copy
/// `sweep` (the same pointer when they are one image), with its float arithmetic, tie-breaking,
/// confidence and end score, and the score of `search` unturned. Leptonica shears the whole image once
/// per angle (46 times for a 15° sweep) and counts its rows; here the sweep copy's row counts per column
/// are summed once, and the search copy's (when it is another image) at its words' edges. Scratch:
/// `prefix` for the larger of (`sweep_width` + 1) x `sweep_height` entries and (`search_width` / 32 + 2)
/// x `search_height`; `column_words` for the larger of `sweep_height` and (`search_width` / 32 + 1) x
/// `search_height`; `rows` for `search_height`. Returns 1 when `search` has
/// no set pixel, as Leptonica does, -1 when it is wider than 65,535 pixels (the counts are 16-bit),
/// else 0; the angle and confidence are 0 when the best angle of the sweep is at either end.
int docscan_skew_sweep_search(const uint32_t *search, int search_width, int search_height, int search_words_per_line,
                              const uint32_t *sweep, int sweep_width, int sweep_height, int sweep_words_per_line,
                              float sweep_range, float sweep_delta, float minimum_search_delta,
                              uint16_t *prefix, uint32_t *column_words, int32_t *rows,
                              float *angle, float *confidence, float *end_score, float *unturned);

/// Sets in the 1-bit image `dst` (cleared, `dst_width` x `dst_height`) each set pixel of the 1-bit image
/// `src` turned about the centre by the angle whose cosine and sine are given (positive: clockwise, y
/// down), the two centres on each other: each set pixel's centre turned, and the 2 x 2 pixels of `dst`
/// nearest it set (a pixel to a point would leave holes along a stroke, in rows that line up). Marks
/// come out a pixel thicker; for measuring a mask's lines, in a fraction of the time of sampling every
/// pixel of `dst`. The bits past each row's end of `src` are ignored; what falls off `dst` is dropped.
void docscan_turn_set_pixels(const uint32_t *src, int width, int height, int src_words_per_line,
                             uint32_t *dst, int dst_width, int dst_height, int dst_words_per_line,
                             double cosine, double sine);

/// Where the set pixels of the 1-bit image `src` lie once turned about its centre by the angle whose
/// cosine and sine are given (positive: clockwise, y down), in its own frame: `extent` gets the least
/// and greatest x, then the least and greatest y, of the turned pixels (their centres, and half a pixel
/// beyond), and `counts` the number of set pixels and of those whose turned centres fall outside the
/// image. Returns 0 when no pixel is set (`extent` untouched), 1 otherwise. The bits past each row's end
/// are ignored.
int docscan_turned_extent(const uint32_t *src, int width, int height, int src_words_per_line,
                          double cosine, double sine, double *extent, long *counts);

/// How many pixels of the 1-bit image `src` are strays: set, with none of their 8 neighbours set
/// (Leptonica's hit-miss transform with an isolated-pixel pattern, outside the image counting as
/// clear), and with no pixel of a mark (set and not isolated) within `reach` pixels either way. The
/// count Leptonica gives by matching, subtracting, dilating the marks by a brick of 2 x `reach` + 1
/// and subtracting again, all over the page, found by looking around each isolated pixel instead.
/// `isolated` is scratch for `height` x `src_words_per_line` words, zeroed.
int64_t docscan_stray_pixels(const uint32_t *src, int width, int height, int src_words_per_line, int reach,
                             uint32_t *isolated);

/// Fills the 1-bit image `dst` (the size of `src`) with the pixels of the 8-bit image `src` darker than
/// `threshold` (0 to 256) set, bit for bit what Leptonica's `pixThresholdToBinary` gives (the bits past
/// each row's end clear). Leptonica shifts and masks each pixel; here 32 pixels are compared at once
/// with AVX2 where the processor has it.
void docscan_threshold_to_binary(const uint32_t *src, int width, int height, int src_words_per_line, int threshold,
                                 uint32_t *dst, int dst_words_per_line);

/// Fills the 8-bit image `dst` (the size of `src`, zeroed) with `src` straightened by a sampled vertical
/// disparity, level for level what Leptonica's `dewarpaApplyDisparity` gives for a full-size model
/// (reduction 1, origin 0, 0; vertical disparity only): `sampled` (`sampled_width` x `sampled_height`
/// floats, one every `sampling` pixels) interpolated as `fpixScaleByInteger` does, extended to the page's
/// right and bottom as `fpixAddSlopeBorder` does for the model's `nx` x `ny` samples, and pixel (x, y)
/// taken from row y - disparity + 0.5 (truncated) of its column, or `fill` from outside the page.
/// Leptonica builds the full-size array of disparities first (two copies of 4 bytes a pixel: 60 MB for
/// a photo of a book page), here each row's disparities are found when the row is made. `scratch` holds
/// 3 x `width` floats. Returns 1, leaving `dst` as it was, when the samples do not reach over the
/// page (Leptonica fails then too) or are fewer than 2 either way; else 0.
int docscan_apply_vertical_disparity(const uint32_t *src, int width, int height, int src_words_per_line,
                                     const float *sampled, int sampled_width, int sampled_height, int sampled_words_per_line,
                                     int sampling, int nx, int ny, uint8_t fill, uint32_t *dst, int dst_words_per_line,
                                     float *scratch);

/// The autocorrelations of the steps between neighbouring pixels (into `step_scores`) and of the changes
/// between neighbouring steps (into `change_scores`) along rows (`across`) or columns, every `step`th
/// line, each line's mean taken out, at lags 0...`longest`, each over its value at 0 (all 0 when the
/// image is too short to measure); both from one read of each line. A smear of n pixels makes each step
/// of the print a run of n equal steps, whose two ends are the print's step and its opposite n pixels
/// on, so both dip at n; the changes' dip is narrower. `bytes` is scratch for a row's whole words,
/// `levels`, `steps` and `changes` for the longer side's pixels.
void docscan_step_autocorrelation(const uint32_t *src, int width, int height, int src_words_per_line, int across,
                                  int longest, int step, double *step_scores, double *change_scores, uint8_t *bytes,
                                  float *levels, double *steps, double *changes);

/// An 8-bit image with a smear of `length` pixels along its rows (`across`) or columns taken out, into
/// `dst`: each line deconvolved by `iterations` of Richardson–Lucy against a box `length` pixels long
/// (an even length's two ends counting half), lines' ends repeated; 32 lines at a time, with AVX2
/// where the processor has it (the same result either way). `scratch` holds
/// `docscan_deconvolve_smear_scratch` floats.
void docscan_deconvolve_smear(const uint32_t *src, int width, int height, int src_words_per_line, int length,
                              int iterations, int across, uint32_t *dst, int dst_words_per_line, float *scratch);

/// How many floats `docscan_deconvolve_smear`'s scratch holds for an image `width` x `height` and a smear
/// `length` long.
long docscan_deconvolve_smear_scratch(int width, int height, int length);

/// An 8-bit image blurred along its rows (`across`) or columns by `boxes` boxes one after another
/// (`lengths` long, each centred, an even length's two ends counting half) deblurred into `dst`: each line
/// deconvolved by `iterations` of Richardson–Lucy against those boxes, lines' ends repeated, 32 lines at a
/// time as `docscan_deconvolve_smear` (which is this with one box). Three boxes make a Gaussian.
/// `scratch` holds `docscan_deconvolve_boxes_scratch` floats.
void docscan_deconvolve_boxes(const uint32_t *src, int width, int height, int src_words_per_line, const int *lengths,
                              int boxes, int iterations, int across, uint32_t *dst, int dst_words_per_line,
                              float *scratch);

/// How many floats `docscan_deconvolve_boxes`'s scratch holds for an image `width` x `height` whose
/// longest box is `longest` long.
long docscan_deconvolve_boxes_scratch(int width, int height, int longest);

/// An 8-bit image with each column x moved down by `shifts[x]` pixels (up, when negative) into `dst`
/// (`width` x `dst_height`): dst(x, y) = src(x, y - shifts[x]), rows beyond the source's taken from
/// its first or last row. Nothing is resampled, so moving the columns back by the opposite shifts
/// gives the source again. `line` is scratch for a row of (`width` + 3) / 4 * 4 bytes.
void docscan_shear_columns(const uint32_t *src, int width, int height, int src_words_per_line, const int32_t *shifts,
                           uint32_t *dst, int dst_height, int dst_words_per_line, uint8_t *line);

/// Fills the 8-bit image `dst` with the black top-hat of the 8-bit image `src` (both `width` x `height`,
/// Leptonica's layout): each pixel's closing over the `size` x `size` square around it (the largest
/// level in that square, then the least of those; the square cut at the image's edges) less the
/// pixel. Each pass is van Herk's running extreme, a few comparisons a pixel whatever the size; the
/// columns' passes run over whole rows at a time. Leptonica's `pixTophat` took 17–24 ms of a
/// 1-megapixel page. `scratch` holds `docscan_black_tophat_scratch` bytes.
void docscan_black_tophat(const uint32_t *src, int width, int height, int src_words_per_line, int size,
                          uint32_t *dst, int dst_words_per_line, uint8_t *scratch);

/// How many bytes `docscan_black_tophat`'s scratch holds for an image `width` x `height`.
long docscan_black_tophat_scratch(int width, int height);

/// The contrast of the print in each `tile` x `tile` square of an 8-bit black top-hat image (each pixel:
/// how much darker it is than its neighbourhood's closing) in Leptonica's layout, row by row into
/// `contrast` (one float a tile): the 75th percentile of the tile's stroke pixels, those whose top-hat is
/// over `least` and over `over_median` times the tile's median (its paper's grain), or -1 when under
/// `share` of the tile's pixels are such (paper, grain, a stray stroke's end).
void docscan_tile_print_contrast(const uint32_t *tophat, int width, int height, int words_per_line, int tile,
                                 int least, float over_median, float share, float *contrast);

/// The level under which `share` of the pixels of each `tile` x `tile` square of an 8-bit image in
/// Leptonica's layout lie, row by row into `levels` (one float a tile).
void docscan_tile_levels(const uint32_t *data, int width, int height, int words_per_line, int tile, float share,
                         float *levels);

/// Fills the 8-bit image `dst` with `src` (both `width` x `height`, Leptonica's layout) darkened by its
/// black top-hat `tophat` times (gain - 1), the gain taken bilinearly between the centres of the
/// `columns` x `rows` tiles of side `tile` in `gains`: print made fainter in part of the page (a lamp's
/// glare) deepened back, while flat areas (paper, a shaded cell) are left as they are.
void docscan_deepen_print(const uint32_t *src, const uint32_t *tophat, int width, int height, int src_words_per_line,
                          int tophat_words_per_line, const float *gains, int columns, int rows, int tile,
                          uint32_t *dst, int dst_words_per_line, uint8_t *line);
#endif
