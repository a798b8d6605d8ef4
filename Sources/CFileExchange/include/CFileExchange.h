#ifndef C_FILE_EXCHANGE_H
#define C_FILE_EXCHANGE_H

/// Swaps the names of two paths in one atomic step (Linux renameat2 with
/// RENAME_EXCHANGE): there is never a moment when either name is missing.
/// Returns 0, or -1 with errno set (ENOSYS or EINVAL where the system or
/// the filesystem cannot do it).
int cfe_exchange_paths(const char *first, const char *second);

#endif
