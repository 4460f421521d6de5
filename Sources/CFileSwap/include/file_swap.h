#ifndef BACKDROP_FILE_SWAP_H
#define BACKDROP_FILE_SWAP_H

/// Exchanges two existing paths in one atomic step (Linux renameat2 RENAME_EXCHANGE, macOS
/// renamex_np RENAME_SWAP), so that neither is ever missing. Returns 0, or -1 with errno set.
int backdrop_exchange_paths(const char *first, const char *second);

#endif
