#ifndef TUDY_CARGON2_SHIM_H
#define TUDY_CARGON2_SHIM_H
#include <argon2.h>
#endif
