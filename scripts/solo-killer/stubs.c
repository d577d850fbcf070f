/*
 * Empty stand-ins for the front-end functions that Solo's game code refers to but a
 * command-line generator never calls (drawing, printing, colours), plus `fatal`, which
 * Solo's helpers call on an internal error. Benchmark-only, with harness.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include "puzzles.h"

void fatal(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "fatal error: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    exit(1);
}

void frontend_default_colour(frontend *fe, float *output)
{
    output[0] = output[1] = output[2] = 0.9F;
}

void draw_text(drawing *dr, int x, int y, int fonttype, int fontsize, int align, int colour,
               const char *text) {}
void draw_rect(drawing *dr, int x, int y, int w, int h, int colour) {}
void draw_line(drawing *dr, int x1, int y1, int x2, int y2, int colour) {}
void draw_polygon(drawing *dr, const int *coords, int npoints, int fillcolour,
                  int outlinecolour) {}
void draw_thick_polygon(drawing *dr, float thickness, int *coords, int npoints,
                        int fillcolour, int outlinecolour) {}
void clip(drawing *dr, int x, int y, int w, int h) {}
void unclip(drawing *dr) {}
void draw_update(drawing *dr, int x, int y, int w, int h) {}
int print_mono_colour(drawing *dr, int grey) { return 0; }
int print_grey_colour(drawing *dr, float grey) { return 0; }
void print_line_width(drawing *dr, int width) {}
void print_line_dotted(drawing *dr, bool dotted) {}
