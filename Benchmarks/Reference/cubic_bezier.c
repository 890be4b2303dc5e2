/*
 * The C yardstick for TransDBBench's cubic-bezier workload.
 *
 * cubic_bezier_progress() mirrors CubicBezierFunction.progress(at:) in
 * Sources/TransDB/Engine/Curves/CubicBezierFunction.swift line for line: the same early exits
 * (0, 1, tangent extrapolation outside [0, 1], the diagonal shortcut), the same initial guess
 * t = x, the same Newton step on a [lo, hi] bracket with bisection when the step leaves it, the
 * same stopping rule (zero residual, a step that lands on t, lo or hi, or 200 iterations) and the
 * same "best residual so far" answer, with the polynomial in the same Horner form. It is kept
 * identical so that the two programs do the same floating-point operations in the same order:
 * the checksum (the sum of every y, in evaluation order) must then agree to the last bit, which
 * shows that the timing compares equal work, and the ratio of the two rates measures only what
 * Swift costs over C. If the Swift solver changes, change this file with it.
 *
 * Workload (the same in Sources/TransDBBench/BezierWorkload.swift): the 8 curves of
 * reference/golden/bezier.json, each evaluated at 1,000,000 x values x_i = (i - 10000) / 980000
 * (so [-0.0102, 1.0102], 2% of them extrapolated, 0 and 1 exactly included), visited in a
 * splitmix64 Fisher-Yates order so that branch prediction cannot learn the sequence.
 *
 * Build: cc -O2 -ffp-contract=off cubic_bezier.c -o cubic_bezier -lm
 * (-ffp-contract=off: Swift never fuses a*b+c into an FMA; GCC would on arm64, changing bits.)
 * Usage: cubic_bezier [REPETITIONS]   prints the median rate and the checksum.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define POINTS 1000000
#define CURVES 8

typedef struct {
    double x1, y1, x2, y2;
} bezier;

/* reference/golden/bezier.json: linear, easeIn, easeOut, easeInEaseOut, default,
   easeInOutBack, sShapeInverse, smoothstepX. */
static const bezier curves[CURVES] = {
    {0.0, 0.0, 1.0, 1.0},     {0.42, 0.0, 1.0, 1.0},  {0.0, 0.0, 0.58, 1.0},
    {0.42, 0.0, 0.58, 1.0},   {0.25, 0.1, 0.25, 1.0}, {0.68, -0.55, 0.265, 1.55},
    {0.1, 0.9, 0.9, 0.1},     {0.0, 1.5, 1.0, -0.5},
};

/* One coordinate of the curve, 3p1·t(1−t)² + 3p2·t²(1−t) + t³, in Horner form. */
static inline double polynomial(double p1, double p2, double t) {
    double c = 3 * p1;
    double b = 3 * (p2 - p1) - c;
    double a = 1 - c - b;
    return ((a * t + b) * t + c) * t;
}

static inline double derivative(double p1, double p2, double t) {
    double c = 3 * p1;
    double b = 3 * (p2 - p1) - c;
    double a = 1 - c - b;
    return (3 * a * t + 2 * b) * t + c;
}

static double parameter_for_x(const bezier *f, double x) {
    if (isnan(x)) return NAN;
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    double lo = 0.0, hi = 1.0;
    double t = x;
    double best_t = t, best_residual = INFINITY;
    for (int i = 0; i < 200; i++) {
        double residual = polynomial(f->x1, f->x2, t) - x;
        if (fabs(residual) < best_residual) {
            best_t = t;
            best_residual = fabs(residual);
        }
        if (residual == 0) break;
        if (residual < 0) lo = t; else hi = t;
        double next = t - residual / derivative(f->x1, f->x2, t);
        if (!(next > lo && next < hi)) next = lo + (hi - lo) / 2;
        if (next == t || next == lo || next == hi) break;
        t = next;
    }
    return best_t;
}

/* The tangent at P0: towards P1, or P2 if P1 = P0, or P3 if both are; 0 = vertical (no slope). */
static int start_slope(const bezier *f, double *slope) {
    const double pts[3][2] = {{f->x1, f->y1}, {f->x2, f->y2}, {1, 1}};
    for (int i = 0; i < 3; i++) {
        double x = pts[i][0], y = pts[i][1];
        if (x != 0 || y != 0) {
            if (x > 0) { *slope = y / x; return 1; }
            return 0;
        }
    }
    return 0;
}

/* The tangent at P3: from P2, or P1 if P2 = P3, or P0 if both are. */
static int end_slope(const bezier *f, double *slope) {
    const double pts[3][2] = {{f->x2, f->y2}, {f->x1, f->y1}, {0, 0}};
    for (int i = 0; i < 3; i++) {
        double x = pts[i][0], y = pts[i][1];
        if (x != 1 || y != 1) {
            if (x < 1) { *slope = (1 - y) / (1 - x); return 1; }
            return 0;
        }
    }
    return 0;
}

static double cubic_bezier_progress(const bezier *f, double x) {
    double slope;
    if (x == 0) return 0;
    if (x == 1) return 1;
    if (x < 0) return start_slope(f, &slope) ? slope * x : 0;
    if (x > 1) return end_slope(f, &slope) ? 1 + slope * (x - 1) : 1;
    if (f->x1 == f->y1 && f->x2 == f->y2) return x;
    return polynomial(f->y1, f->y2, parameter_for_x(f, x));
}

/* splitmix64, as in BezierWorkload.swift: a deterministic shuffle both programs agree on. */
static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

volatile double sink; /* the optimizer cannot drop work whose result is stored here */

int main(int argc, char **argv) {
    int repetitions = argc > 1 ? atoi(argv[1]) : 7;
    if (repetitions < 1) repetitions = 1;
    double *xs = malloc(sizeof(double) * POINTS);
    double *rates = malloc(sizeof(double) * repetitions);
    if (!xs || !rates) return 1;
    for (int i = 0; i < POINTS; i++) xs[i] = (double)(i - 10000) / 980000.0;
    uint64_t state = 42;
    for (int i = POINTS - 1; i > 0; i--) {
        int j = (int)(splitmix64(&state) % (uint64_t)(i + 1));
        double swap = xs[i];
        xs[i] = xs[j];
        xs[j] = swap;
    }

    double checksum = 0;
    for (int r = -1; r < repetitions; r++) { /* r = -1: warm-up, not timed */
        double sum = 0;
        double start = now();
        for (int c = 0; c < CURVES; c++) {
            const bezier *f = &curves[c];
            for (int i = 0; i < POINTS; i++) sum += cubic_bezier_progress(f, xs[i]);
        }
        double elapsed = now() - start;
        sink = sum;
        if (r < 0) { checksum = sum; continue; }
        if (sum != checksum) { fprintf(stderr, "checksum changed between repetitions\n"); return 1; }
        rates[r] = (double)CURVES * POINTS / elapsed;
    }
    qsort(rates, repetitions, sizeof(double), compare);
    printf("bezier evals_per_s=%.6e checksum=%.17g evaluations=%d repetitions=%d\n", rates[repetitions / 2],
           checksum, CURVES * POINTS, repetitions);
    free(xs);
    free(rates);
    return 0;
}
