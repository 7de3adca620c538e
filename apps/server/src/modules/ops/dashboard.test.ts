import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CASINO_WALLET_STATUSES, ERROR_CODES } from '@khel/contract';
import { createMetrics } from './metrics.js';

/**
 * Issue 29: the Grafana dashboard and the alert rules in ops/ query only what the server exports
 * (names, label names, and the label values that come from our catalogues), so a renamed metric
 * breaks this test, not an operator's night.
 */
const ROOT = resolve(import.meta.dirname, '../../../../..');
const dashboard = JSON.parse(readFileSync(resolve(ROOT, 'ops/grafana/khel-dashboard.json'), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const rules = parse(readFileSync(resolve(ROOT, 'ops/prometheus/alerts.yml'), 'utf8')) as {
  groups: { rules: { alert: string; expr: string }[] }[];
};

/** Every series name the registry exports, with the label names each carries (histograms expanded). */
async function exported(): Promise<Map<string, Set<string>>> {
  const metrics = createMetrics();
  const names = new Map<string, Set<string>>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    const labels = new Set((metric as unknown as { labelNames?: string[] }).labelNames ?? []);
    for (const entry of metric.values) for (const label of Object.keys(entry.labels)) labels.add(label);
    const suffixes = String(metric.type) === 'histogram' ? ['_bucket', '_sum', '_count'] : [''];
    for (const suffix of suffixes) names.set(`${metric.name}${suffix}`, labels);
  }
  const registry = metrics.registry as unknown as { _metrics: Record<string, { labelNames: string[] }> };
  for (const [name, metric] of Object.entries(registry._metrics)) {
    for (const suffix of ['', '_bucket', '_sum', '_count']) {
      const labels = names.get(`${name}${suffix}`);
      if (labels !== undefined) for (const label of metric.labelNames) labels.add(label);
    }
  }
  for (const labels of names.values()) labels.add('instance').add('job').add('le');
  return names;
}

/** Each metric a PromQL expression selects, with the label matchers written on it. */
function selections(expr: string): { name: string; matchers: { label: string; op: string; value: string }[] }[] {
  const found: { name: string; matchers: { label: string; op: string; value: string }[] }[] = [];
  for (const match of expr.matchAll(/\b(khel_[a-z0-9_]+)(\{([^}]*)\})?/g)) {
    const matchers = [...(match[3] ?? '').matchAll(/([a-z_]+)\s*(=~|!~|!=|=)\s*"([^"]*)"/g)].map((m) => ({
      label: m[1] as string,
      op: m[2] as string,
      value: m[3] as string,
    }));
    found.push({ name: match[1] as string, matchers });
  }
  return found;
}

/** Label values our catalogues fix: a matcher on them must name real codes. */
const KNOWN_VALUES: Record<string, Record<string, readonly string[]>> = {
  khel_bets_refused_total: { reason: ERROR_CODES },
  khel_http_refusals_total: { error: ERROR_CODES },
  khel_casino_callbacks_total: { status: CASINO_WALLET_STATUSES },
  khel_requests_pending: { kind: ['deposit', 'withdrawal'] },
  khel_db_pool_connections: { state: ['total', 'idle', 'waiting'] },
  khel_sms_total: { outcome: ['refused', 'sent', 'delivered', 'failed', 'voice'] },
};

const queries = [
  ...dashboard.panels.flatMap((panel) =>
    panel.targets.map((target) => ({ where: `panel "${panel.title}"`, expr: target.expr })),
  ),
  ...rules.groups.flatMap((group) => group.rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr }))),
];

describe('ops/grafana dashboard and ops/prometheus alert rules', () => {
  it('have queries at all: every figure of the issue has a panel', () => {
    const all = queries.map((query) => query.expr).join('\n');
    for (const name of [
      'khel_http_requests_total',
      'khel_http_request_duration_seconds_bucket',
      'khel_http_refusals_total',
      'khel_bets_placed_total',
      'khel_bets_matched_rupees_total',
      'khel_bets_refused_total',
      'khel_writer_batch_commands_bucket',
      'khel_writer_commit_seconds_bucket',
      'khel_wallet_postings',
      'khel_casino_callbacks_total',
      'khel_ws_clients',
      'khel_ws_messages_sent_total',
      'khel_feed_lag_seconds',
      'khel_requests_pending',
      'khel_process_nodejs_eventloop_lag_p99_seconds',
      'khel_db_pool_connections',
      'khel_sms_total',
    ])
      expect(all, name).toContain(name);
  });

  it('name only metrics, labels and catalogue values the server really exports', async () => {
    const names = await exported();
    const problems: string[] = [];
    for (const { where, expr } of queries) {
      for (const { name, matchers } of selections(expr)) {
        const labels = names.get(name);
        if (labels === undefined) {
          problems.push(`${where}: ${name} is not exported`);
          continue;
        }
        for (const matcher of matchers) {
          if (!labels.has(matcher.label)) problems.push(`${where}: ${name} has no label ${matcher.label}`);
          const known = KNOWN_VALUES[name]?.[matcher.label];
          if (known === undefined) continue;
          const values = matcher.op.endsWith('~') ? matcher.value.split('|') : [matcher.value];
          for (const value of values)
            if (!known.includes(value)) problems.push(`${where}: ${name}{${matcher.label}} has no value ${value}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
