#ifndef TUDY_CMESSAGEDIGEST_SHIM_H
#define TUDY_CMESSAGEDIGEST_SHIM_H
#include <sys/types.h>
#include <sha2.h>
#endif
