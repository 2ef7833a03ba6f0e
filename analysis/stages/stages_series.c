// SPDX-License-Identifier: GPL-2.0
/*
 * The raw series of the stage state machine (stages_internal.h): every
 * value recorded as one 32-bit word in chunks that never move, the rare
 * value too wide for a word kept aside, and the arena the chunks come
 * from.
 *
 * Memory is most of what recording costs. A 4 KiB page's first touch
 * costs about 10 us in a VM (page fault and zeroing; 27 MiB touched page
 * by page took 85 ms on the project's machine, 7 ms as 2 MiB pages), as
 * much as a few hundred events' decoding: so the words are 4 bytes, they
 * are never copied to grow, and the arena's slabs are 2 MiB, aligned and
 * marked MADV_HUGEPAGE, which the kernel honours where transparent huge
 * pages are enabled (always or madvise) and ignores otherwise.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "stages_internal.h"

#define STAGES_SLAB (2UL << 20)

/* @len bytes from @a, 4-byte aligned; NULL: no memory. */
static void *arena_take(struct series_arena *a, size_t len)
{
	void *p;

	if ((size_t)(a->end - a->at) < len) {
		if (stages_grow(&a->slab, &a->slabcap, a->nslabs + 1,
				sizeof(*a->slab)))
			return NULL;
		p = aligned_alloc(STAGES_SLAB, STAGES_SLAB);
		if (!p)
			return NULL;
		/* A hint: without transparent huge pages, small pages. */
		madvise(p, STAGES_SLAB, MADV_HUGEPAGE);
		a->slab[a->nslabs++] = p;
		a->at = p;
		a->end = a->at + STAGES_SLAB;
	}
	p = a->at;
	a->at += len;
	return p;
}

/**
 * stages_series_grow_slow - a new chunk for @s, whose last one is full
 * @a: the arena it comes from
 * @s: the series
 *
 * Return: 0, or -ENOMEM.
 */
int stages_series_grow_slow(struct series_arena *a, struct raw_series *s)
{
	size_t len = series_chunk_len(s->nchunks);
	uint32_t *c;

	if (stages_grow(&s->chunk, &s->chunkcap, s->nchunks + 1,
			sizeof(*s->chunk)))
		return -ENOMEM;
	c = arena_take(a, len * sizeof(*c));
	if (!c)
		return -ENOMEM;
	s->chunk[s->nchunks++] = c;
	s->at = c;
	s->end = c + len;
	return 0;
}

/**
 * stages_series_push_wide - stages_series_push() of a value or count too
 * wide for a word: kept aside, the word says where
 * @s: the series, room made for the word
 * @v: the value
 * @k: its interval count
 *
 * Return: 0, or -ENOMEM (@s is then as it was).
 */
int stages_series_push_wide(struct raw_series *s, uint64_t v, uint32_t k)
{
	if (s->nwide > SERIES_V_MASK ||
	    stages_grow(&s->wide, &s->widecap, s->nwide + 1,
			sizeof(*s->wide))) {
		s->n--;
		return -ENOMEM;
	}
	s->wide[s->nwide].v = v;
	s->wide[s->nwide].k = k;
	*s->at++ = SERIES_WIDE | (uint32_t)s->nwide++;
	return 0;
}

/**
 * stages_series_free - what @s holds besides its chunks, released
 * @s: the series, empty after
 *
 * The chunks are the arena's: stages_arena_free() releases them all.
 */
void stages_series_free(struct raw_series *s)
{
	free(s->chunk);
	free(s->wide);
	memset(s, 0, sizeof(*s));
}

/**
 * stages_arena_free - every chunk of every series, released
 * @a: the arena, empty after
 */
void stages_arena_free(struct series_arena *a)
{
	for (size_t i = 0; i < a->nslabs; i++)
		free(a->slab[i]);
	free(a->slab);
	memset(a, 0, sizeof(*a));
}
