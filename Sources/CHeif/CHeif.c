#include "CHeif.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// One pointer per libheif function docscan calls, filled by load_library.
#define DOCSCAN_HEIF_FUNCTIONS(X)                                                                        \
    X(heif_context_alloc)                                                                               \
    X(heif_context_free)                                                                                \
    X(heif_context_read_from_file)                                                                      \
    X(heif_context_get_primary_image_handle)                                                            \
    X(heif_image_handle_release)                                                                        \
    X(heif_image_handle_get_width)                                                                      \
    X(heif_image_handle_get_height)                                                                     \
    X(heif_decode_image)                                                                                \
    X(heif_image_release)                                                                               \
    X(heif_image_has_channel)                                                                           \
    X(heif_image_get_bits_per_pixel_range)                                                              \
    X(heif_image_get_width)                                                                             \
    X(heif_image_get_height)                                                                            \
    X(heif_image_get_plane_readonly)

#define DOCSCAN_HEIF_POINTER(name) static __typeof__(&name) p_##name;
DOCSCAN_HEIF_FUNCTIONS(DOCSCAN_HEIF_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *problem;
static char problem_text[512];

static void load_library(void) {
    // The library is kept open for the process's life: its handles outlive any one file.
    void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(problem_text, sizeof problem_text, "%s", dlerror());
        problem = problem_text;
        return;
    }
#define DOCSCAN_HEIF_FIND(name)                                                                          \
    p_##name = (__typeof__(&name))dlsym(library, #name);                                                \
    if (!p_##name) {                                                                                    \
        snprintf(problem_text, sizeof problem_text, "libheif.so.1 has no %s", #name);                   \
        problem = problem_text;                                                                         \
        return;                                                                                         \
    }
    DOCSCAN_HEIF_FUNCTIONS(DOCSCAN_HEIF_FIND)
}

const char *docscan_heif_load(void) {
    pthread_once(&once, load_library);
    return problem;
}

struct heif_context *docscan_heif_context_alloc(void) { return p_heif_context_alloc(); }
void docscan_heif_context_free(struct heif_context *context) { p_heif_context_free(context); }
struct heif_error docscan_heif_context_read_from_file(struct heif_context *context, const char *filename,
                                                      const struct heif_reading_options *options) {
    return p_heif_context_read_from_file(context, filename, options);
}
struct heif_error docscan_heif_context_get_primary_image_handle(struct heif_context *context,
                                                                struct heif_image_handle **handle) {
    return p_heif_context_get_primary_image_handle(context, handle);
}
void docscan_heif_image_handle_release(const struct heif_image_handle *handle) { p_heif_image_handle_release(handle); }
int docscan_heif_image_handle_get_width(const struct heif_image_handle *handle) { return p_heif_image_handle_get_width(handle); }
int docscan_heif_image_handle_get_height(const struct heif_image_handle *handle) { return p_heif_image_handle_get_height(handle); }
struct heif_error docscan_heif_decode_image(const struct heif_image_handle *handle, struct heif_image **image,
                                            enum heif_colorspace colorspace, enum heif_chroma chroma,
                                            const struct heif_decoding_options *options) {
    return p_heif_decode_image(handle, image, colorspace, chroma, options);
}
void docscan_heif_image_release(const struct heif_image *image) { p_heif_image_release(image); }
int docscan_heif_image_has_channel(const struct heif_image *image, enum heif_channel channel) {
    return p_heif_image_has_channel(image, channel);
}
int docscan_heif_image_get_bits_per_pixel_range(const struct heif_image *image, enum heif_channel channel) {
    return p_heif_image_get_bits_per_pixel_range(image, channel);
}
int docscan_heif_image_get_width(const struct heif_image *image, enum heif_channel channel) {
    return p_heif_image_get_width(image, channel);
}
int docscan_heif_image_get_height(const struct heif_image *image, enum heif_channel channel) {
    return p_heif_image_get_height(image, channel);
}
const uint8_t *docscan_heif_image_get_plane_readonly(const struct heif_image *image, enum heif_channel channel,
                                                     int *stride) {
    return p_heif_image_get_plane_readonly(image, channel, stride);
}
