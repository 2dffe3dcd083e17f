#ifndef DOCSCAN_CEXIF_SHIM_H
#define DOCSCAN_CEXIF_SHIM_H
#include <libexif/exif-data.h>

/// `ExifData.ifd` is a C array Swift sees as a tuple; this returns IFD 0, where Orientation lives.
static inline ExifContent *docscan_exif_ifd0(ExifData *data) {
    return data->ifd[EXIF_IFD_0];
}
#endif
