#ifndef DOCSCAN_CHEIF_SHIM_H
#define DOCSCAN_CHEIF_SHIM_H
#include <libheif/heif.h>
#endif
