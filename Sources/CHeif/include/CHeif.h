#ifndef DOCSCAN_CHEIF_H
#define DOCSCAN_CHEIF_H

// libheif's types, and the few of its functions docscan calls, each through a pointer that
// docscan_heif_load fills by opening libheif.so.1 the first time a HEIF file is met. Linked instead,
// libheif and its codecs (x265, libde265, aom, dav1d) were mapped and relocated into every docscan
// process, about 1.7 MB of resident memory each, for folders that hold no HEIC or AVIF at all.
#include <libheif/heif.h>

/// Opens libheif.so.1 and finds the functions below, once (later calls return the first answer).
/// Returns NULL when it could, else why it could not (dlerror's words; static storage).
const char *docscan_heif_load(void);

// libheif's functions of the same names without the `docscan_` prefix. Call docscan_heif_load first.
struct heif_context *docscan_heif_context_alloc(void);
void docscan_heif_context_free(struct heif_context *context);
struct heif_error docscan_heif_context_read_from_file(struct heif_context *context, const char *filename,
                                                      const struct heif_reading_options *options);
struct heif_error docscan_heif_context_get_primary_image_handle(struct heif_context *context,
                                                                struct heif_image_handle **handle);
void docscan_heif_image_handle_release(const struct heif_image_handle *handle);
int docscan_heif_image_handle_get_width(const struct heif_image_handle *handle);
int docscan_heif_image_handle_get_height(const struct heif_image_handle *handle);
struct heif_error docscan_heif_decode_image(const struct heif_image_handle *handle, struct heif_image **image,
                                            enum heif_colorspace colorspace, enum heif_chroma chroma,
                                            const struct heif_decoding_options *options);
void docscan_heif_image_release(const struct heif_image *image);
int docscan_heif_image_has_channel(const struct heif_image *image, enum heif_channel channel);
int docscan_heif_image_get_bits_per_pixel_range(const struct heif_image *image, enum heif_channel channel);
int docscan_heif_image_get_width(const struct heif_image *image, enum heif_channel channel);
int docscan_heif_image_get_height(const struct heif_image *image, enum heif_channel channel);
const uint8_t *docscan_heif_image_get_plane_readonly(const struct heif_image *image, enum heif_channel channel,
                                                     int *stride);

#endif
