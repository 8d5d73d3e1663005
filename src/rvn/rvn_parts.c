/*
 * rvn_parts.c - a trace checked by several decoders, one part of its
 * execution table each (rvn.h, Parts): what a part leaves, and the seam
 * between the parts before it and the next.
 *
 * Technique. A whole pass carries across a seam: the previous row's T
 * (the next row's start, which must be below its T), the interrupt at
 * that T which the next row needs when it runs the interrupt block (at
 * most one interrupt may lie between the two rows, and only there), the
 * block count (ids are checked against it), the leaves' depth, and the
 * pages entered. A part keeps the other side of each (rvn_execution.c),
 * and td_rvn_join() compares them; the counts add up, with the interrupt
 * of the seam, which neither part counted.
 */
#include "rvn_internal.h"

void td_rvn_part_of(const td_rvn_decoder *r, td_rvn_part *part)
{
    memset(part, 0, sizeof *part);
    part->counts = r->counts;
    part->first_transition = r->first_transition;
    part->first_block = r->first_block;
    part->max_block = r->max_block;
    part->tail[0] = r->tail[0];
    part->tail[1] = r->tail[1];
    part->leaf_depth = td_sqlite_cursor_leaf_depth(&r->main);
    part->pages = td_sqlite_cursor_pages(&r->main);
    part->page_count = r->db.header.page_count;
    part->interrupts = (r->present >> TD_RVN_INTERRUPTS) & 1u;
}

/* Whether the interrupts between whole's last row (T `last`) and next's
 * first are those a whole pass accepts; *seam is set when there is one. */
static bool seam_interrupts(const td_rvn_part *whole, const td_rvn_part *next,
                            uint64_t last, bool *seam)
{
    uint64_t first = next->first_transition;
    *seam = whole->tail[0] != 0 && whole->tail[0] - 1 < first;
    if (*seam)
        return whole->tail[0] - 1 == last && next->first_block == 1 &&
               (whole->tail[1] == 0 || whole->tail[1] - 1 >= first);
    return !(next->first_block == 1 && next->interrupts);
}

/* The b-tree's shape across the seam: leaves at one depth, no more pages
 * entered (the root once) than the file holds. */
static bool same_tree(const td_rvn_part *whole, const td_rvn_part *next)
{
    if (whole->leaf_depth != 0 && next->leaf_depth != 0 &&
        whole->leaf_depth != next->leaf_depth)
        return false;
    return (uint64_t)whole->pages + next->pages <=
           (uint64_t)whole->page_count + 1;
}

/* Whether whole's rows and next's follow each other as a whole pass
 * wants; *seam is set when an interrupt lies between them. */
static bool rows_follow(const td_rvn_part *whole, const td_rvn_part *next,
                        bool *seam)
{
    *seam = false;
    if (next->counts.executions == 0) /* only the last part of an empty
                                         table counts interrupts */
        return next->counts.interrupts == 0 ||
               whole->counts.executions == 0;
    return next->first_transition > whole->counts.last_transition &&
           next->max_block <= (int64_t)whole->counts.blocks &&
           seam_interrupts(whole, next, whole->counts.last_transition, seam);
}

bool td_rvn_join(td_rvn_part *whole, const td_rvn_part *next)
{
    bool seam;
    if (whole == NULL || next == NULL || !same_tree(whole, next) ||
        !rows_follow(whole, next, &seam))
        return false;
    if (whole->leaf_depth == 0)
        whole->leaf_depth = next->leaf_depth;
    whole->pages += next->pages - (next->pages > 0); /* the root again */
    whole->counts.interrupts += next->counts.interrupts + (seam ? 1u : 0u);
    if (next->counts.executions == 0)
        return true;
    whole->counts.executions += next->counts.executions;
    whole->counts.interrupt_executions += next->counts.interrupt_executions;
    whole->counts.last_transition = next->counts.last_transition;
    whole->tail[0] = next->tail[0];
    whole->tail[1] = next->tail[1];
    return true;
}
