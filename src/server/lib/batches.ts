/**
 * Deletes in batches until one comes back short, so a large backlog goes in one call without one
 * long statement or transaction: `deleteBatch(limit)` removes at most `limit` rows and answers how
 * many it removed. Answers the total.
 */
export async function deleteInBatches(
  limit: number,
  deleteBatch: (limit: number) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deleteBatch(limit);
    total += n;
    if (n < limit) return total;
  }
}
