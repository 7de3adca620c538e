import type { Hub88Transaction } from '@khel/contract';
import { indiaMidnight } from '@khel/money';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import type { Hub88Client } from './hub88-client.js';
import type { Hub88Difference, Hub88Reconciliation } from './hub88-repository.js';
import { createHub88Repository } from './hub88-repository.js';
import { paiseToUnits } from './hub88-protocol.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Each side's window is widened by this much, so a call made at midnight on one side and answered after it on the other still pairs. */
const SLACK_MS = 10 * 60 * 1000;
const KIND_OF: Record<'debit' | 'credit' | 'rollback', Hub88Transaction['type']> = {
  debit: 'bet',
  credit: 'win',
  rollback: 'rollback',
};

/**
 * The daily reconciliation (decision 0046): for one India day, our wallet transactions with the
 * aggregator against its transactions report, paired by transaction_uuid. A transaction it counts as
 * successful that we never took, one we took that it declined, lost or still waits on, and any amount
 * or kind that differs, is a difference the casino desk shows.
 */
export async function reconcileHub88Day(
  deps: { db: Database; client: Hub88Client; providerId: number; clock: Clock },
  day: string,
): Promise<Hub88Reconciliation> {
  const from = indiaMidnight(day);
  const to = new Date(from.getTime() + DAY_MS);
  const inDay = (at: Date) => at >= from && at < to;
  const repository = createHub88Repository(deps.db);
  const theirs = new Map(
    (await deps.client.transactions(new Date(from.getTime() - SLACK_MS), new Date(to.getTime() + SLACK_MS))).map(
      (row) => [row.transaction_uuid, row],
    ),
  );
  const ours = new Map(
    (
      await repository.ourTransactions(
        deps.providerId,
        new Date(from.getTime() - SLACK_MS),
        new Date(to.getTime() + SLACK_MS),
      )
    ).map((row) => [row.transaction_id, row]),
  );
  // A bet the aggregator gave up on (its answer lost) and rolled back is settled on both sides.
  const returned = new Set(
    [...ours.values()].flatMap((row) =>
      row.kind === 'rollback' && row.debit_transaction_id !== null ? [row.debit_transaction_id] : [],
    ),
  );
  const differences: Hub88Difference[] = [];
  let matched = 0;
  let oursInDay = 0;
  for (const [id, our] of ours) {
    const their = theirs.get(id);
    if (!inDay(our.created_at) && (their === undefined || !inDay(new Date(their.created_at)))) continue;
    oursInDay += 1;
    if (their === undefined) {
      differences.push({
        kind: 'OURS_ONLY',
        transactionId: id,
        detail: `we took a ${KIND_OF[our.kind]} of ${our.amount_paise} paise the aggregator has no record of`,
      });
    } else if (their.type !== KIND_OF[our.kind]) {
      differences.push({
        kind: 'KIND_DIFFERS',
        transactionId: id,
        detail: `ours is a ${KIND_OF[our.kind]}, the aggregator's a ${their.type}`,
      });
    } else if (their.status === 'TS_DECLINED' && !(their.type === 'bet' && returned.has(id))) {
      differences.push({
        kind: 'AGGREGATOR_DECLINED',
        transactionId: id,
        detail: `we took this ${their.type}; the aggregator counts it as declined`,
      });
    } else if (their.status === 'TS_PENDING') {
      differences.push({
        kind: 'AGGREGATOR_PENDING',
        transactionId: id,
        detail: `we took this ${their.type}; the aggregator still waits for our answer`,
      });
    } else if (
      their.type !== 'rollback' &&
      their.amount !== paiseToUnits(our.amount_paise) &&
      !(their.type === 'bet' && our.amount_paise === 0)
    ) {
      differences.push({
        kind: 'AMOUNT_DIFFERS',
        transactionId: id,
        detail: `ours ${our.amount_paise} paise, the aggregator's ${their.amount / 1000} paise`,
      });
    } else {
      matched += 1;
    }
  }
  let theirsInDay = 0;
  for (const [id, their] of theirs) {
    if (
      !inDay(new Date(their.created_at)) &&
      !(ours.has(id) && inDay((ours.get(id) as { created_at: Date }).created_at))
    )
      continue;
    theirsInDay += 1;
    if (!ours.has(id) && their.status === 'TS_SUCCESS')
      differences.push({
        kind: 'AGGREGATOR_ONLY',
        transactionId: id,
        detail: `the aggregator counts a successful ${their.type} of ${their.amount / 1000} paise we have no record of`,
      });
  }
  const run: Hub88Reconciliation = {
    day,
    ranAt: deps.clock.now(),
    ours: oursInDay,
    theirs: theirsInDay,
    matched,
    differences,
  };
  await repository.saveReconciliation(run);
  return run;
}
