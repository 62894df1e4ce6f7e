import type { FAILOVER_SERVICES, FailoverPhase, RunbookStatus } from '@lifeboat/contract';
import type { WizardState } from './state';

type FailoverService = (typeof FAILOVER_SERVICES)[number];

import { STEP_TITLES, type StepName, type WizardStep } from './steps';

// The cloud virtual office's way through the wizard (spec: recovery-flow 2, 4 'Failover', 5):
//   typeRB (cloud virtual office) or locateVirtualization (cloud VM) -> setVirtualizationRunbook
//   with a runbook:    setRunbookVirtualizationType -> startRunbookWarning -> setVoVmsAutoStop (test) -> createRunbookFailover
//   without a runbook: setVirtualizationType -> setVirtualizationFailover -> setVoVmsAutoStop (test) -> createFailover
// An office that already runs shows showVOExist; a refused or failed start shows createFailoverFailed.
// Pure transitions, unit-tested in failover.test.ts.

export interface FoRunbook {
  id: number;
  name: string;
}

/** What setVirtualizationFailover chose (create_failover's app_ids, d2c/vault-only, systems, services). */
export interface FoSelection {
  appIds: number[];
  d2cSelected: boolean;
  vaultOnlySelected: boolean;
  systemIds: number[];
  services: FailoverService[];
}

export interface FoData {
  runbook: FoRunbook | null;
  /** The runbook's password, checked by verify_runbook_password and sent again with start. */
  password: string | null;
  isTest: boolean;
  selection: FoSelection | null;
  /** spec: recovery-flow 4 'Auto-stop', 0 is none; production never has one. */
  autoStopMinutes: number;
  /** The errors of a refused or failed start (createFailoverFailed lists them). */
  errors: string[];
  /** The started production office waits for a second person (issue 16.4): the header says so. */
  awaitingApproval: boolean;
}

export const initialFo = (): FoData => ({
  runbook: null,
  password: null,
  isTest: true,
  selection: null,
  autoStopMinutes: 0,
  errors: [],
  awaitingApproval: false,
});

export type FoEvent =
  /** The cloud virtual office (typeRB) or cloud VM (locateVirtualization) was chosen. */
  | { type: 'foBegin' }
  /** get_failover_status says an office already runs for this client. */
  | { type: 'foOfficeExists' }
  | { type: 'foUseRunbook'; runbook: FoRunbook; password: string | null }
  | { type: 'foNoRunbook' }
  | { type: 'foChooseType'; isTest: boolean }
  | { type: 'foSetup'; selection: FoSelection }
  /** startRunbookWarning confirmed (the check found no errors). */
  | { type: 'foCheckOk' }
  | { type: 'foAutoStop'; minutes: number }
  | { type: 'foFailed'; errors: string[] }
  /** The start step reports whether its office waits for approval; the step does not change. */
  | { type: 'foAwaitingApproval'; waiting: boolean };

const FO_EVENTS = new Set<string>([
  'foBegin',
  'foOfficeExists',
  'foUseRunbook',
  'foNoRunbook',
  'foChooseType',
  'foSetup',
  'foCheckOk',
  'foAutoStop',
  'foFailed',
  'foAwaitingApproval',
]);
export const isFoEvent = (e: { type: string }): e is FoEvent => FO_EVENTS.has(e.type);

/** The step that starts the office once everything is chosen. */
const createStep = (fo: FoData): StepName => (fo.runbook ? 'createRunbookFailover' : 'createFailover');

/** spec: recovery-flow 4 'Auto-stop': asked for test failovers only. */
const afterChoices = (fo: FoData): StepName => (fo.isTest ? 'setVoVmsAutoStop' : createStep(fo));

const step = (name: StepName): WizardStep => ({ name }) as WizardStep;

function go(state: WizardState, name: StepName, fo: Partial<FoData>): WizardState {
  return {
    ...state,
    step: step(name),
    history: [...state.history, state.step],
    direction: 'forward',
    data: { ...state.data, fo: { ...state.data.fo, ...fo } },
  };
}

/** Replace the current step (the office-exists and failed screens): back returns before it. */
function replace(state: WizardState, name: StepName, fo: Partial<FoData>): WizardState {
  return {
    ...state,
    step: step(name),
    direction: 'forward',
    data: { ...state.data, fo: { ...state.data.fo, ...fo } },
  };
}

export function foReduce(state: WizardState, e: FoEvent): WizardState {
  const fo = state.data.fo;
  switch (e.type) {
    case 'foBegin':
      return go(state, 'setVirtualizationRunbook', initialFo());
    case 'foOfficeExists':
      return replace(state, 'showVOExist', {});
    case 'foUseRunbook':
      // spec: recovery-flow 5, Start only with a chosen runbook row.
      return go(state, 'setRunbookVirtualizationType', { runbook: e.runbook, password: e.password });
    case 'foNoRunbook':
      return go(state, 'setVirtualizationType', { runbook: null, password: null });
    case 'foChooseType': {
      const patch = { isTest: e.isTest, autoStopMinutes: 0 };
      return go(state, fo.runbook ? 'startRunbookWarning' : 'setVirtualizationFailover', patch);
    }
    case 'foSetup':
      // At least one system to start.
      if (e.selection.systemIds.length === 0) return state;
      return go(state, afterChoices(fo), { selection: e.selection });
    case 'foCheckOk':
      return go(state, afterChoices(fo), {});
    case 'foAutoStop':
      if (!fo.isTest) return state;
      return go(state, createStep(fo), { autoStopMinutes: e.minutes });
    case 'foFailed':
      return replace(state, 'createFailoverFailed', { errors: e.errors, awaitingApproval: false });
    case 'foAwaitingApproval':
      if (fo.awaitingApproval === e.waiting) return state;
      return { ...state, data: { ...state.data, fo: { ...fo, awaitingApproval: e.waiting } } };
  }
}

/** The start steps' title while their production office waits for approval (issue 16.4). */
export const APPROVAL_WAIT_TITLE = 'Waiting for approval';

/** The title of the wizard's current step: STEP_TITLES, except a start step waiting for approval. */
export function stepTitle(state: WizardState): string {
  const name = state.step.name;
  if ((name === 'createFailover' || name === 'createRunbookFailover') && state.data.fo.awaitingApproval)
    return APPROVAL_WAIT_TITLE;
  return STEP_TITLES[name] ?? 'Recovery';
}

/**
 * spec: recovery-flow 4 'Failover': the phases of failover_status. new keeps polling, started
 * is success (close, go to the client details), failed the failed screen, anything else an
 * error. A production failover first waits for approval (issue 16.4); refused and expired end it.
 */
export type PhaseOutcome = 'approval' | 'wait' | 'success' | 'failed' | 'error';
export function failoverPhaseOutcome(phase: FailoverPhase | string): PhaseOutcome {
  switch (phase) {
    case 'awaiting_approval':
      return 'approval';
    case 'new':
      return 'wait';
    // finished: the office came up and has already ended (a short auto-stop); the client page shows it.
    case 'started':
    case 'finished':
      return 'success';
    case 'failed':
    case 'refused':
    case 'expired':
      return 'failed';
    default:
      return 'error';
  }
}

/** spec: recovery-flow 4: runbook_failover_status is polled until vo_created or vo_error. */
export function runbookPhaseOutcome(status: RunbookStatus): PhaseOutcome {
  switch (status) {
    case 'awaiting_approval':
      return 'approval';
    case 'vo_created':
      return 'success';
    case 'vo_error':
      return 'failed';
    default:
      return 'wait';
  }
}
