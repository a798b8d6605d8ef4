/*
 * The C side of the ncurses backend: the wide-character ncurses library
 * (libncursesw) and static inline wrappers for what Swift cannot import
 * (macros such as A_BOLD, KEY_F(n), getmaxyx and the mouse masks) or may not
 * touch under Swift 6 strict concurrency (the globals stdscr, COLORS,
 * COLOR_PAIRS, stdin, stdout).
 *
 * SwiftPM drops the -D flags from pkg-config, so the wide-character API is
 * switched on here, before curses.h is included.
 */
#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Hidden from Swift's Glibc module; declared here so the backend can ask
   what the C library (and so ncurses) thinks a character's width is. */
extern int wcwidth(wchar_t c);

/* Locale */

/* setlocale(LC_ALL, ""): must run before the screen is started. */
static inline const char *cnc_setlocale_from_environment(void) { return setlocale(LC_ALL, ""); }
/* The locale's character set, e.g. "UTF-8" or "ANSI_X3.4-1968". */
static inline const char *cnc_codeset(void) { return nl_langinfo(CODESET); }
/* Columns the C library gives a code point in the current locale; -1 when unprintable. */
static inline int cnc_wcwidth(wchar_t c) { return wcwidth(c); }

/* Screen */

/* newterm on the process's stdout/stdin with $TERM; NULL (no exit) when the terminal is unknown. */
static inline SCREEN *cnc_newterm(void) { return newterm(NULL, stdout, stdin); }
/* The standard screen of the current SCREEN. */
static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline void cnc_getmaxyx(const WINDOW *window, int *rows, int *columns) {
    int y, x;
    getmaxyx(window, y, x);
    *rows = y;
    *columns = x;
}

/* Attributes */

static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }

/* Colours */

static inline int cnc_colors(void) { return COLORS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }

/* A cell: up to CCHARW_MAX wide characters (one spacing, the rest combining), attributes and a colour pair. */
static inline int cnc_ccharw_max(void) { return CCHARW_MAX; }
static inline int cnc_setcchar(cchar_t *cell, const wchar_t *text, attr_t attributes, short pair) {
    return setcchar(cell, text, attributes, pair, NULL);
}

/* Keys */

static inline int cnc_key_f(int n) { return KEY_F(n); }

/* Mouse */

static inline mmask_t cnc_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cnc_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cnc_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cnc_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t cnc_button1_triple_clicked(void) { return BUTTON1_TRIPLE_CLICKED; }
static inline mmask_t cnc_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cnc_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t cnc_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }

#endif
