/**
 * Which replays a process plays (decision 0042): `FEED=betfair-replay:<file>[,score=<ccm file>]` or
 * `FEED=cricsheet:<file>`, and
 * with the demo the recorded NED v PNG match from fixtures/ beside the simulator, labelled a replay
 * with its date so no player takes it for a live event.
 */
import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { ReplayItem } from './replay-source.js';
import { loadReplay } from './replay-source.js';
import { FIXTURES_DIR } from './recorded-files.js';

export interface ReplaySpec {
  marketFile: string;
  scoreFile?: string;
}

export function replaySpecs(config: Config): ReplaySpec[] {
  const specs: ReplaySpec[] = [];
  if (config.FEED?.startsWith('betfair-replay:')) {
    const [market, score] = config.FEED.slice('betfair-replay:'.length).split(',score=');
    specs.push({ marketFile: market!, ...(score ? { scoreFile: score } : {}) });
  }
  if (config.demoReplay && specs.length === 0)
    specs.push({
      marketFile: join(FIXTURES_DIR, 'betfair/1.200806927.jsonl.gz'),
      scoreFile: join(FIXTURES_DIR, 'betfair/ccm-1.200806927.jsonl.gz'),
    });
  return specs;
}

/** `FEED=cricsheet:<file>`: the Cricsheet match file to replay ball by ball, if any. */
export function cricsheetFile(config: Config): string | null {
  return config.FEED?.startsWith('cricsheet:') ? config.FEED.slice('cricsheet:'.length) : null;
}

/** "(replay of 11 Jul 2022)": the market's scheduled start, else its first message's time, in UTC. */
export function replayLabel(items: readonly ReplayItem[]): string {
  const first = items.find((item) => 'market' in item && item.market.mc?.some((mc) => mc.marketDefinition));
  const definition =
    first && 'market' in first ? first.market.mc?.find((mc) => mc.marketDefinition)?.marketDefinition : undefined;
  const at = new Date(definition?.marketTime ?? items[0]?.pt ?? 0);
  const date = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `(replay of ${date})`;
}

export function loadReplaySpec(spec: ReplaySpec): ReplayItem[] {
  return loadReplay(spec.marketFile, spec.scoreFile);
}
