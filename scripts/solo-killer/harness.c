/*
 * A command-line generator around Simon Tatham's Solo (solo.c of his puzzle collection, MIT
 * licence): the benchmark and fixture reference for killer Sudoku, and the source of the
 * X and jigsaw sets the solving benchmarks time.
 * Benchmark-only: never shipped, never built by `npm test`. build.sh compiles it against a
 * copy of Solo's source that it is given; no part of Solo is kept here.
 *
 *     solo-killer PARAMS KGRADE COUNT SEED
 *
 * PARAMS is a Solo params string (`3x3k`, `2x3k`, `3x3xk`, `9jk`, optionally with a
 * difficulty: `3x3kdu`); KGRADE is one of Solo's killer grades (ksingle, kminmax, ksums,
 * kintersect), which Solo's params string does not carry. For a puzzle without cages
 * (`3x3x`, `9j`, `3x3xdu`: the variant sets the solving benchmarks time) KGRADE is `-`.
 * Puzzle i (0-based) comes from
 * random_new(S, strlen(S)) where S is the decimal SEED + i, so one line can be made again
 * with COUNT 1 and its seed. Each puzzle is a line on stdout:
 *
 *     PARAMS<TAB>KGRADE<TAB>SEED<TAB>ID<TAB>SOLUTION
 *
 * ID is the game ID (`3x3k:...`), SOLUTION the grid row by row, one digit a cell. The time
 * taken goes to stderr as puzzles per second.
 *
 * Solo's params struct and difficulty names are private to solo.c, so this file includes
 * it whole (from the directory given to the compiler with -I) rather than linking it.
 *
 * Every array solo.c allocates is zeroed here. Its solver allocates the deduced cages of
 * the kintersect step with room for cr*cr of them and sets their count only in that
 * step, so at a lower killer grade (kminmax, ksums) the kminmax and ksums steps read
 * cr*cr cages of uninitialised memory and crash; zeroed, those cages are empty with no
 * sum, which both steps skip. (Solo's own front ends always grade killers at kintersect.)
 */
#include "puzzles.h"

#include <string.h>

static void *zeroed(size_t size)
{
    void *p = smalloc(size);
    memset(p, 0, size);
    return p;
}

#undef snewn
#define snewn(number, type) ((type *)zeroed((number) * sizeof(type)))

#include "solo.c"

#include <time.h>

static const char *const kgrades[] = {"ksingle", "kminmax", "ksums", "kintersect"};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    game_params *p;
    const char *err;
    char *params_text;
    int kgrade = -1, count, i;
    long seed;
    double start, took;

    if (argc != 5) {
        fprintf(stderr, "usage: %s PARAMS KGRADE COUNT SEED\n"
                "  KGRADE: ksingle, kminmax, ksums or kintersect; - without cages\n", argv[0]);
        return 2;
    }
    for (i = 0; i < 4; i++)
        if (!strcmp(argv[2], kgrades[i]))
            kgrade = i;
    if (kgrade < 0 && strcmp(argv[2], "-")) {
        fprintf(stderr, "unknown killer grade '%s': ksingle, kminmax, ksums or kintersect;"
                " - without cages\n", argv[2]);
        return 2;
    }
    count = atoi(argv[3]);
    seed = atol(argv[4]);
    if (count < 1) {
        fprintf(stderr, "COUNT must be at least 1, not '%s'\n", argv[3]);
        return 2;
    }

    p = default_params();
    decode_params(p, argv[1]);
    if (kgrade >= 0)
        p->kdiff = kgrade;
    err = validate_params(p, true);
    if (err) {
        fprintf(stderr, "bad params '%s': %s\n", argv[1], err);
        return 2;
    }
    if (!p->killer != (kgrade < 0)) {
        fprintf(stderr, "params '%s' %s\n", argv[1], p->killer
                ? "name killer cages: give a killer grade"
                : "name no killer cages (add k), so the killer grade must be -");
        return 2;
    }
    params_text = encode_params(p, false);

    start = now();
    for (i = 0; i < count; i++) {
        char seed_text[32], *aux = NULL, *desc;
        const char *s;
        random_state *rs;

        sprintf(seed_text, "%ld", seed + i);
        rs = random_new(seed_text, strlen(seed_text));
        desc = new_game_desc(p, rs, &aux, false);
        /* argv[2], checked above, is the grade's name or "-". */
        printf("%s\t%s\t%s\t%s:%s\t", argv[1], argv[2], seed_text, params_text, desc);
        /* aux is "S" then the digits separated by commas (9×9 and smaller: one digit each). */
        for (s = aux + 1; *s; s++)
            if (*s != ',')
                putchar(*s);
        putchar('\n');
        fflush(stdout);
        sfree(desc);
        sfree(aux);
        random_free(rs);
    }
    took = now() - start;
    fprintf(stderr, "%s %s: %d puzzles in %.3f s, %.2f puzzles/s\n", argv[1], argv[2], count,
            took, count / took);
    sfree(params_text);
    free_params(p);
    return 0;
}
