#ifndef TUDY_CEDITLINE_SHIM_H
#define TUDY_CEDITLINE_SHIM_H
// libedit's readline.h uses FILE without including stdio.h itself.
#include <stdio.h>
#include <editline/readline.h>
#endif
