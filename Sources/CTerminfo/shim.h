#ifndef CHAT_CTERMINFO_SHIM_H
#define CHAT_CTERMINFO_SHIM_H

// ncurses' terminfo library (libtinfo, which readline loads too): what the terminal can do,
// never curses windows. term.h wants curses.h's types first; neither's macros reach Swift.
#include <curses.h>
#include <term.h>

// Loads the description of `term` (NULL: $TERM) without writing to any descriptor; 1 when
// found, 0 when missing or when the terminal is generic (dumb).
static inline int chat_setupterm(const char *term) {
  int error = 0;
  if (setupterm(term, -1, &error) != OK) return 0;
  return error == 1;
}

// A string capability, or NULL when absent or not a string (tigetstr's (char *)-1).
static inline const char *chat_tigetstr(const char *name) {
  char *value = tigetstr(name);
  return value == (char *)-1 ? NULL : value;
}

// A numeric capability, or -1 when absent.
static inline int chat_tigetnum(const char *name) { return tigetnum(name); }

// A capability with one or two parameters filled in (tiparm is variadic, which Swift cannot
// call).
static inline const char *chat_tiparm1(const char *capability, int first) {
  return tiparm(capability, first);
}
static inline const char *chat_tiparm2(const char *capability, int first, int second) {
  return tiparm(capability, first, second);
}

#endif
