#ifndef C_FAULT_SHIM_H
#define C_FAULT_SHIM_H

/// Test-only: loaded with LD_PRELOAD by the fault-injection tests, never
/// linked into taskboard. See faultshim.c for the environment it reads.
int faultshim_loaded(void);

#endif
