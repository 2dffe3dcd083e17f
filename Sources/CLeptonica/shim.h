#ifndef DOCSCAN_CLEPTONICA_SHIM_H
#define DOCSCAN_CLEPTONICA_SHIM_H
#include <leptonica/allheaders.h>

/// `pixDestroy` takes a `PIX **`; this wrapper lets Swift free a handle it owns in one call.
static inline void docscan_pix_destroy(PIX *pix) {
    PIX *p = pix;
    pixDestroy(&p);
}
#endif
