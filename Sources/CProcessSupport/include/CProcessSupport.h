#ifndef DOCSCAN_PROCESS_SUPPORT_H
#define DOCSCAN_PROCESS_SUPPORT_H

/// Asks the kernel to kill this process when the thread that started it ends (prctl is variadic,
/// so Swift cannot call it directly). Returns 0, or -1 with errno set.
int docscan_die_with_parent(void);

/// pipe2(fds, O_CLOEXEC), which Glibc's Swift overlay does not export: both ends close-on-exec from
/// the start, so a child started at the same moment by another thread cannot inherit them.
int docscan_pipe_cloexec(int fds[2]);

#include <spawn.h>

/// posix_spawn_file_actions_addclosefrom_np(actions, lowest) (glibc 2.34), which Swift does not see:
/// a worker then holds no descriptor but its standard ones, whatever its parent inherited.
int docscan_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// malloc_trim(0) (malloc.h, which Swift's Glibc module leaves out): returns the heap a worker freed
/// after a page to the system. Returns 1 when memory was released.
int docscan_malloc_trim(void);

/// mallopt(M_MMAP_THRESHOLD, bytes): blocks of at least `bytes` get their own mapping, returned to the
/// system when freed, and glibc no longer raises the threshold as larger blocks are freed. Returns 1 on
/// success.
int docscan_malloc_mmap_threshold(int bytes);

/// memfd_create(name, MFD_CLOEXEC), which Swift's Glibc module does not export: an anonymous file in
/// memory that standard error can be pointed at. Returns the descriptor, or -1 with errno set.
int docscan_memory_file(const char *name);

#endif
