#ifndef DOCSCAN_CLIBPQ_SHIM_H
#define DOCSCAN_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
