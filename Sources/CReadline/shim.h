#ifndef CHAT_CREADLINE_SHIM_H
#define CHAT_CREADLINE_SHIM_H

// stdio.h first: readline's headers use FILE without including it.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// C stdout, the stream readline draws with: Swift 6 rejects the global `stdout` itself as
// shared mutable state.
static inline FILE *chat_stdout(void) { return stdout; }

// The columns a character takes, as readline counts them. glibc declares wcwidth only for
// X/Open builds, which the Glibc module is not.
#include <wchar.h>
extern int wcwidth(wchar_t character);
static inline int chat_wcwidth(unsigned int character) { return wcwidth((wchar_t)character); }

#endif
