// Types of scripts/production-start.mjs for the TypeScript tests that start the console.
import type { ChildProcess } from 'node:child_process';

export const REPO_ROOT: string;
export const START_SCRIPT: string;
export function ensureBuilt(): Promise<void>;
export function freePort(): Promise<number>;
export function runStartToEnd(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }>;

export interface ProductionServer {
  child: ChildProcess;
  baseUrl: string;
  ftpsPort: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startProduction(opts?: {
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}): Promise<ProductionServer>;
