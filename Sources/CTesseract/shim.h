#ifndef DOCSCAN_CTESSERACT_SHIM_H
#define DOCSCAN_CTESSERACT_SHIM_H
// Tesseract's C API; capi.h pulls in Leptonica's struct Pix by name only.
#include <tesseract/capi.h>
#endif
