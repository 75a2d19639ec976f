#ifndef CHAT_CREADLINE_SHIM_H
#define CHAT_CREADLINE_SHIM_H

// stdio.h first: readline's headers use FILE without including it.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

#endif
