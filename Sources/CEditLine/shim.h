#ifndef TUDY_CEDITLINE_SHIM_H
#define TUDY_CEDITLINE_SHIM_H
// libedit's native (wide-character) interface. tudy does not use its readline layer: in
// libedit 3.1-20221030 (Debian 12) that layer keeps rl_line_buffer pointing into a UTF-8
// buffer that el_gets reallocates as a line grows, and writes a NUL through the stale pointer
// on every key, which corrupted the heap after a few hundred Korean syllables.
//
// el_set, el_get and history are variadic, which Swift cannot call: the wrappers below give
// each use tudy makes of them a fixed signature.
#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

/// Reads one character for libedit: 1 with *c set, 0 at the end of input.
typedef int (*tudy_getc_function)(EditLine *, wchar_t *);
/// A named editor command: returns one of libedit's CC_ codes.
typedef unsigned char (*tudy_editor_command)(EditLine *, int);
/// The prompt: a C string that lives until the next call.
typedef char *(*tudy_prompt_function)(EditLine *);

static inline int tudy_el_set_getc(EditLine *el, tudy_getc_function f) { return el_set(el, EL_GETCFN, f); }
static inline int tudy_el_set_prompt(EditLine *el, tudy_prompt_function f) { return el_set(el, EL_PROMPT, f); }
static inline int tudy_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int tudy_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
static inline int tudy_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int tudy_el_set_unbuffered(EditLine *el, int on) { return el_set(el, EL_UNBUFFERED, on); }
static inline int tudy_el_refresh(EditLine *el) { return el_set(el, EL_REFRESH); }
static inline int tudy_el_add_command(EditLine *el, const char *name, const char *help, tudy_editor_command f) {
    return el_set(el, EL_ADDFN, name, help, f);
}
static inline int tudy_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}

static inline int tudy_history_set_size(History *h, int size) { HistEvent ev; return history(h, &ev, H_SETSIZE, size); }
static inline int tudy_history_enter(History *h, const char *line) { HistEvent ev; return history(h, &ev, H_ENTER, line); }
static inline int tudy_history_load(History *h, const char *path) { HistEvent ev; return history(h, &ev, H_LOAD, path); }
static inline int tudy_history_save(History *h, const char *path) { HistEvent ev; return history(h, &ev, H_SAVE, path); }
/// Entries from the newest: H_FIRST, then H_NEXT until NULL.
static inline const char *tudy_history_step(History *h, int first) {
    HistEvent ev;
    return history(h, &ev, first ? H_FIRST : H_NEXT) == 0 ? ev.str : NULL;
}
#endif
