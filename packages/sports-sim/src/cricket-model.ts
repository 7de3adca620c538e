/**
 * The T20 ball model and the exact tables derived from it. One ball's outcome depends only on how
 * many legal balls have been bowled and how many wickets have fallen (the phase of the innings and
 * the wickets in hand), never on the runs. That keeps the innings a small Markov chain, so the
 * expected runs to any over (fancy projections, FANCY-1) and the chance of a chase succeeding (fair
 * prices, PRICE-1) are computed exactly by dynamic programming from the same numbers the simulator
 * draws from: lines and prices are calibrated by construction, and the calibration tests check it.
 */

export const BALLS_PER_OVER = 6;
export const OVERS_PER_INNINGS = 20;
export const BALLS_PER_INNINGS = BALLS_PER_OVER * OVERS_PER_INNINGS;
export const WICKETS_PER_INNINGS = 10;

export type DeliveryKind = 'legal' | 'wide' | 'noBall';

/** One possible result of a delivery, with its probability. `runs` is everything added to the total. */
export interface DeliveryOutcome {
  probability: number;
  kind: DeliveryKind;
  runs: number;
  /** Runs off the bat (0 for a wide). */
  batRuns: number;
  wicket: boolean;
}

/** Chance a delivery is a wide / a no-ball (both re-bowled). About 4 wides and 0.6 no-balls an innings. */
const WIDE = 0.032;
const NO_BALL = 0.005;
/** Runs off the bat from a no-ball (a free swing): [runs, weight]. */
const NO_BALL_BAT: readonly (readonly [number, number])[] = [
  [0, 0.35],
  [1, 0.3],
  [2, 0.07],
  [4, 0.18],
  [6, 0.1],
];

/** Legal-ball outcome weights before phase and wicket adjustments (the dot ball takes the rest). */
const BASE = { one: 0.37, two: 0.068, three: 0.006, four: 0.118, six: 0.05, wicket: 0.05 };

type Phase = 'powerplay' | 'middle' | 'death';

/** Multipliers per phase of the innings: fielding restrictions, consolidation, slog. */
const PHASE: Record<Phase, { one: number; two: number; four: number; six: number; wicket: number }> = {
  powerplay: { one: 0.9, two: 0.9, four: 1.2, six: 0.75, wicket: 0.8 },
  middle: { one: 1.1, two: 1.1, four: 0.78, six: 0.85, wicket: 0.85 },
  death: { one: 0.95, two: 1.2, four: 1.25, six: 1.85, wicket: 1.75 },
};

export function phaseOf(legalBalls: number): Phase {
  const over = Math.floor(legalBalls / BALLS_PER_OVER);
  return over < 6 ? 'powerplay' : over < 15 ? 'middle' : 'death';
}

function buildOutcomes(legalBalls: number, wickets: number): DeliveryOutcome[] {
  const phase = PHASE[phaseOf(legalBalls)];
  // The tail bats worse: more wickets, fewer boundaries, once five are down.
  const tail = Math.max(0, wickets - 4);
  const wicketFactor = 1 + 0.13 * tail;
  const boundaryFactor = 1 - 0.06 * tail;
  const one = BASE.one * phase.one;
  const two = BASE.two * phase.two;
  const three = BASE.three;
  const four = BASE.four * phase.four * boundaryFactor;
  const six = BASE.six * phase.six * boundaryFactor;
  const wicket = BASE.wicket * phase.wicket * wicketFactor;
  const dot = 1 - (one + two + three + four + six + wicket);
  if (dot < 0.1) throw new Error(`ball model broken at ${legalBalls}/${wickets}: dot ${dot}`);
  const legal = 1 - WIDE - NO_BALL;
  const outcomes: DeliveryOutcome[] = [
    { probability: legal * dot, kind: 'legal', runs: 0, batRuns: 0, wicket: false },
    { probability: legal * one, kind: 'legal', runs: 1, batRuns: 1, wicket: false },
    { probability: legal * two, kind: 'legal', runs: 2, batRuns: 2, wicket: false },
    { probability: legal * three, kind: 'legal', runs: 3, batRuns: 3, wicket: false },
    { probability: legal * four, kind: 'legal', runs: 4, batRuns: 4, wicket: false },
    { probability: legal * six, kind: 'legal', runs: 6, batRuns: 6, wicket: false },
    { probability: legal * wicket, kind: 'legal', runs: 0, batRuns: 0, wicket: true },
    { probability: WIDE, kind: 'wide', runs: 1, batRuns: 0, wicket: false },
  ];
  for (const [bat, weight] of NO_BALL_BAT) {
    outcomes.push({ probability: NO_BALL * weight, kind: 'noBall', runs: 1 + bat, batRuns: bat, wicket: false });
  }
  return outcomes;
}

const OUTCOMES: readonly (readonly DeliveryOutcome[])[] = (() => {
  const table: DeliveryOutcome[][] = [];
  for (let b = 0; b < BALLS_PER_INNINGS; b++) {
    for (let w = 0; w < WICKETS_PER_INNINGS; w++) table.push(buildOutcomes(b, w));
  }
  return table;
})();

/** The outcome distribution of the next delivery after `legalBalls` legal balls with `wickets` down. */
export function deliveryOutcomes(legalBalls: number, wickets: number): readonly DeliveryOutcome[] {
  const outcomes = OUTCOMES[legalBalls * WICKETS_PER_INNINGS + wickets];
  if (outcomes === undefined) throw new Error(`no delivery at ${legalBalls} balls, ${wickets} wickets`);
  return outcomes;
}

/** Probability of an extra (re-bowled delivery): the same at every state. */
const EXTRA_PROBABILITY = WIDE + NO_BALL;

const expectedRunsCache = new Map<number, Float64Array>();

/**
 * Expected runs still to come before the innings reaches `untilBalls` legal balls (or is all out),
 * from `legalBalls` bowled and `wickets` down: an exact expectation over the ball model (FANCY-1).
 */
export function expectedRunsUntil(legalBalls: number, wickets: number, untilBalls: number): number {
  if (legalBalls >= untilBalls || wickets >= WICKETS_PER_INNINGS) return 0;
  let table = expectedRunsCache.get(untilBalls);
  if (table === undefined) {
    table = new Float64Array((untilBalls + 1) * (WICKETS_PER_INNINGS + 1));
    const at = (b: number, w: number): number => b * (WICKETS_PER_INNINGS + 1) + w;
    for (let b = untilBalls - 1; b >= 0; b--) {
      for (let w = WICKETS_PER_INNINGS - 1; w >= 0; w--) {
        // E = Σ p·(runs + E(next)); extras come back to the same state, so solve E = x + pExtra·E.
        let sum = 0;
        for (const o of deliveryOutcomes(b, w)) {
          if (o.kind === 'legal') sum += o.probability * (o.runs + (table[at(b + 1, o.wicket ? w + 1 : w)] as number));
          else sum += o.probability * o.runs;
        }
        table[at(b, w)] = sum / (1 - EXTRA_PROBABILITY);
      }
    }
    expectedRunsCache.set(untilBalls, table);
  }
  return table[legalBalls * (WICKETS_PER_INNINGS + 1) + wickets] as number;
}

let nextWicketTable: Float64Array | null = null;

/**
 * Expected runs still to come before the next wicket falls (or the innings ends at 120 balls), from
 * `legalBalls` bowled and `wickets` down: the fall-of-wicket projection (FANCY-7). A wicket adds no
 * runs in the ball model, so the expectation stops at the wicket ball.
 */
export function expectedRunsToNextWicket(legalBalls: number, wickets: number): number {
  if (legalBalls >= BALLS_PER_INNINGS || wickets >= WICKETS_PER_INNINGS) return 0;
  if (nextWicketTable === null) {
    const table = new Float64Array((BALLS_PER_INNINGS + 1) * WICKETS_PER_INNINGS);
    for (let w = 0; w < WICKETS_PER_INNINGS; w++) {
      for (let b = BALLS_PER_INNINGS - 1; b >= 0; b--) {
        let sum = 0;
        for (const o of deliveryOutcomes(b, w)) {
          if (o.kind !== 'legal') sum += o.probability * o.runs;
          else if (!o.wicket) sum += o.probability * (o.runs + (table[(b + 1) * WICKETS_PER_INNINGS + w] as number));
        }
        table[b * WICKETS_PER_INNINGS + w] = sum / (1 - EXTRA_PROBABILITY);
      }
    }
    nextWicketTable = table;
  }
  return nextWicketTable[legalBalls * WICKETS_PER_INNINGS + wickets] as number;
}

/** Chases longer than this are treated as hopeless (probability 0); no simulated total comes near. */
export const MAX_NEED = 420;

let reachTable: Float64Array | null = null;

/**
 * reach(b, w, need): the chance the batting side scores at least `need` more runs from `b` legal
 * balls bowled and `w` wickets down. Exact over the ball model (PRICE-1). Extras always add a run,
 * so filling `need` upwards lets a re-bowled delivery read the already-computed need − runs.
 */
function buildReachTable(): Float64Array {
  const W = WICKETS_PER_INNINGS;
  const stride = MAX_NEED + 1;
  const table = new Float64Array((BALLS_PER_INNINGS + 1) * W * stride);
  const at = (b: number, w: number, need: number): number => (b * W + w) * stride + need;
  const read = (b: number, w: number, need: number): number => {
    if (need <= 0) return 1;
    if (w >= W || b >= BALLS_PER_INNINGS) return 0;
    return table[at(b, w, Math.min(need, MAX_NEED))] as number;
  };
  for (let b = BALLS_PER_INNINGS - 1; b >= 0; b--) {
    for (let w = W - 1; w >= 0; w--) {
      const outcomes = deliveryOutcomes(b, w);
      table[at(b, w, 0)] = 1;
      for (let need = 1; need <= MAX_NEED; need++) {
        let p = 0;
        for (const o of outcomes) {
          if (o.kind === 'legal') p += o.probability * read(b + 1, o.wicket ? w + 1 : w, need - o.runs);
          else p += o.probability * (need - o.runs <= 0 ? 1 : (table[at(b, w, need - o.runs)] as number));
        }
        table[at(b, w, need)] = need === MAX_NEED ? 0 : p;
      }
    }
  }
  return table;
}

/** Chance of scoring at least `need` more runs from this point of an innings (1 when need ≤ 0). */
export function reachProbability(legalBalls: number, wickets: number, need: number): number {
  if (need <= 0) return 1;
  if (wickets >= WICKETS_PER_INNINGS || legalBalls >= BALLS_PER_INNINGS || need >= MAX_NEED) return 0;
  reachTable ??= buildReachTable();
  return reachTable[(legalBalls * WICKETS_PER_INNINGS + wickets) * (MAX_NEED + 1) + need] as number;
}

/**
 * Chance the side batting second wins from a chase state: it passes the target, or ties and wins
 * the super over (a coin flip, CRK-6). `need` = target − runs, so a tie is being one run short.
 */
export function chaseWinProbability(legalBalls: number, wickets: number, need: number): number {
  const win = reachProbability(legalBalls, wickets, need);
  const tieOrBetter = reachProbability(legalBalls, wickets, need - 1);
  return win + (tieOrBetter - win) / 2;
}

/**
 * Chance the side batting first wins, from a first-innings state with `runs` on the board:
 * Σ over the final total T of P(T) · P(the chase fails against T + 1). P(T) comes from differences
 * of the reach table (P(final ≥ runs + x) − P(final ≥ runs + x + 1)).
 */
export function firstInningsWinProbability(legalBalls: number, wickets: number, runs: number): number {
  let p = 0;
  for (let extra = 0; extra < MAX_NEED; extra++) {
    const atLeast = reachProbability(legalBalls, wickets, extra);
    const atLeastNext = reachProbability(legalBalls, wickets, extra + 1);
    const mass = atLeast - atLeastNext;
    if (mass > 0) p += mass * (1 - chaseWinProbability(0, 0, runs + extra + 1));
    if (atLeastNext < 1e-12) break;
  }
  return p;
}
