#define _GNU_SOURCE
#include "CProcessSupport.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

int docscan_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
}

int docscan_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int docscan_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

#include <malloc.h>

int docscan_malloc_trim(void) {
    return malloc_trim(0);
}

int docscan_malloc_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

int docscan_memory_file(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}
