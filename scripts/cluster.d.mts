/** Types of scripts/cluster.mjs for the e2e test that drives it. */
export interface ClusterProcess {
  name: string;
  port: number;
  url: string;
  output(): string;
  running(): boolean;
  start(): Promise<void>;
  /** SIGTERM and wait for the drain to end; the exit code. */
  stop(): Promise<number | null | 'timeout'>;
}
export interface Cluster {
  url: string;
  databaseUrl: string;
  redisUrl: string;
  processes: ClusterProcess[];
  stop(): Promise<void>;
}
export function haproxyConfig(options: {
  port: number;
  servers: { name: string; port: number }[];
  checkIntervalMs?: number;
}): string;
export function startCluster(options?: {
  processes?: number;
  port?: number;
  databaseUrl?: string;
  redisUrl?: string;
  drainDelayMs?: number;
  env?: Record<string, string>;
  log?: (line: string) => void;
}): Promise<Cluster>;
