#ifndef DOCSCAN_LINE_IMAGES_H
#define DOCSCAN_LINE_IMAGES_H

/// Tesseract 5.3 (Debian bookworm's libtesseract) hands each line it reads to its network as a PNG file in
/// memory: `ImageData::SetPixInternal` writes the line's crop with Leptonica's `pixWriteMem(IFF_PNG)`, at
/// zlib's default level and with libpng's adaptive row filters, and reads it straight back. That
/// compression was 3.8% of an accurate English page's CPU (perf, eval/public) and costs more on grey
/// photos, for a file no one keeps. While on for the calling thread, the PNGs libpng writes there are
/// stored instead: zlib level 0 and no row filter (the same pixels, lossless either way; a 1600 x 2100
/// grey photo cut into lines wrote in 5 ms instead of 280, and read back in 4 ms instead of 31).
///
/// It works by defining libpng's `png_set_compression_level` in the executable, which the dynamic
/// linker then binds Leptonica's call to (an executable's symbols come first); it forwards to libpng's
/// own (`dlsym(RTLD_NEXT)`), with level 0 and no filter while on and the caller's level otherwise. Where
/// the binding does not happen (a program that links DocScanNative into a shared library), nothing
/// changes but the time: `docscan_stored_line_images` then stays 0.
void docscan_store_line_images(int on);

/// How many PNGs this process has written stored (see above), for the tests that check the binding holds.
long docscan_stored_line_images(void);

#endif
