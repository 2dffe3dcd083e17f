#define _GNU_SOURCE
#include "CLineImages.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

/// libpng's types and constant, declared here rather than from png.h: only the pointer is passed on.
typedef struct png_struct_def png_struct;
enum { PNG_FILTER_NONE = 0x08, PNG_FILTER_TYPE_BASE = 0 };

static _Thread_local int storing = 0;
static atomic_long stored = 0;

void docscan_store_line_images(int on) { storing = on != 0; }

long docscan_stored_line_images(void) { return atomic_load_explicit(&stored, memory_order_relaxed); }

void png_set_compression_level(png_struct *png, int level) {
    typedef void (*set_level_function)(png_struct *, int);
    typedef void (*set_filter_function)(png_struct *, int, int);
    static _Atomic(set_level_function) set_level = NULL;
    static _Atomic(set_filter_function) set_filter = NULL;
    set_level_function real = atomic_load_explicit(&set_level, memory_order_acquire);
    if (real == NULL) {
        // Both looked up before either is published, so a thread that sees the first sees the second.
        set_filter_function filter = (set_filter_function)dlsym(RTLD_NEXT, "png_set_filter");
        real = (set_level_function)dlsym(RTLD_NEXT, "png_set_compression_level");
        if (real == NULL) return;  // libpng's default level then stands
        atomic_store_explicit(&set_filter, filter, memory_order_release);
        atomic_store_explicit(&set_level, real, memory_order_release);
    }
    set_filter_function filter = atomic_load_explicit(&set_filter, memory_order_acquire);
    if (storing && filter != NULL) {
        real(png, 0);
        filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
        atomic_fetch_add_explicit(&stored, 1, memory_order_relaxed);
    } else {
        real(png, level);
    }
}
