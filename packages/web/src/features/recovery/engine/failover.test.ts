import { describe, expect, it } from 'vitest';
import { failoverPhaseOutcome, runbookPhaseOutcome, stepTitle } from './failover';
import { initialState, type WizardState } from './state';
import { reduce, type WizardEvent } from './transitions';

const start = (): WizardState => ({
  ...initialState({ kind: 'client', clientId: 1 }),
  step: { name: 'typeRB' },
});
const run = (s: WizardState, ...events: WizardEvent[]) => events.reduce(reduce, s);
const selection = {
  appIds: [3],
  d2cSelected: false,
  vaultOnlySelected: false,
  systemIds: [11],
  services: ['vpn' as const],
};

describe('cloud virtual office transitions (recovery-flow 4 Failover)', () => {
  it('without a runbook, a test: type -> setup -> auto-stop -> createFailover', () => {
    let s = run(start(), { type: 'foBegin' });
    expect(s.step.name).toBe('setVirtualizationRunbook');
    s = run(s, { type: 'foNoRunbook' });
    expect(s.step.name).toBe('setVirtualizationType');
    s = run(s, { type: 'foChooseType', isTest: true });
    expect(s.step.name).toBe('setVirtualizationFailover');
    s = run(s, { type: 'foSetup', selection });
    expect(s.step.name).toBe('setVoVmsAutoStop');
    s = run(s, { type: 'foAutoStop', minutes: 120 });
    expect(s.step.name).toBe('createFailover');
    expect(s.data.fo).toMatchObject({ isTest: true, autoStopMinutes: 120, selection, runbook: null });
  });

  it('production skips auto-stop (spec 4 Auto-stop)', () => {
    const s = run(
      start(),
      { type: 'foBegin' },
      { type: 'foNoRunbook' },
      { type: 'foChooseType', isTest: false },
      { type: 'foSetup', selection },
    );
    expect(s.step.name).toBe('createFailover');
    expect(s.data.fo.autoStopMinutes).toBe(0);
    expect(run(s, { type: 'foAutoStop', minutes: 120 }).step.name).toBe('createFailover');
  });

  it('with a runbook: type -> warnings -> auto-stop (test) or start (production)', () => {
    const rb = run(
      start(),
      { type: 'foBegin' },
      { type: 'foUseRunbook', runbook: { id: 4, name: 'Office' }, password: 'pw' },
    );
    expect(rb.step.name).toBe('setRunbookVirtualizationType');
    const test = run(rb, { type: 'foChooseType', isTest: true });
    expect(test.step.name).toBe('startRunbookWarning');
    expect(run(test, { type: 'foCheckOk' }).step.name).toBe('setVoVmsAutoStop');
    expect(run(test, { type: 'foCheckOk' }, { type: 'foAutoStop', minutes: 0 }).step.name).toBe(
      'createRunbookFailover',
    );
    const prod = run(rb, { type: 'foChooseType', isTest: false }, { type: 'foCheckOk' });
    expect(prod.step.name).toBe('createRunbookFailover');
    expect(prod.data.fo.password).toBe('pw');
  });

  it('an empty selection does not move on', () => {
    const s = run(
      start(),
      { type: 'foBegin' },
      { type: 'foNoRunbook' },
      { type: 'foChooseType', isTest: true },
    );
    const empty = { ...selection, systemIds: [] };
    expect(run(s, { type: 'foSetup', selection: empty }).step.name).toBe('setVirtualizationFailover');
  });

  it('an office that runs replaces the step; a failure shows createFailoverFailed and back returns', () => {
    const begun = run(start(), { type: 'foBegin' });
    const exists = run(begun, { type: 'foOfficeExists' });
    expect(exists.step.name).toBe('showVOExist');
    expect(run(exists, { type: 'back' }).step.name).toBe('typeRB');
    const atCreate = run(
      begun,
      { type: 'foNoRunbook' },
      { type: 'foChooseType', isTest: false },
      { type: 'foSetup', selection },
    );
    const failed = run(atCreate, { type: 'foFailed', errors: ['No restore point'] });
    expect(failed.step.name).toBe('createFailoverFailed');
    expect(failed.data.fo.errors).toEqual(['No restore point']);
    expect(run(failed, { type: 'back' }).step.name).toBe('setVirtualizationFailover');
  });

  it('back from the type step keeps the earlier choices', () => {
    const s = run(start(), { type: 'foBegin' }, { type: 'foNoRunbook' }, { type: 'back' });
    expect(s.step.name).toBe('setVirtualizationRunbook');
  });
});

describe('status phases', () => {
  it('failover_status: new waits, started/finished succeed, failed/refused fail, unknown is an error', () => {
    expect(failoverPhaseOutcome('new')).toBe('wait');
    expect(failoverPhaseOutcome('started')).toBe('success');
    expect(failoverPhaseOutcome('finished')).toBe('success');
    expect(failoverPhaseOutcome('failed')).toBe('failed');
    expect(failoverPhaseOutcome('awaiting_approval')).toBe('approval');
    expect(failoverPhaseOutcome('refused')).toBe('failed');
    expect(failoverPhaseOutcome('exploded')).toBe('error');
  });
  it('runbook_failover_status: until vo_created or vo_error', () => {
    expect(runbookPhaseOutcome('vo_creating')).toBe('wait');
    expect(runbookPhaseOutcome('awaiting_approval')).toBe('approval');
    expect(runbookPhaseOutcome('vo_created')).toBe('success');
    expect(runbookPhaseOutcome('vo_error')).toBe('failed');
  });
});

describe('the header while a production office waits for approval (issue 16.4)', () => {
  const atCreate = () =>
    run(
      start(),
      { type: 'foBegin' },
      { type: 'foNoRunbook' },
      { type: 'foChooseType', isTest: false },
      { type: 'foSetup', selection },
    );

  it('says Waiting for approval on the start step, and the step title again afterwards', () => {
    const s = atCreate();
    expect(stepTitle(s)).toBe('The office network');
    const waiting = run(s, { type: 'foAwaitingApproval', waiting: true });
    expect(waiting.step).toBe(s.step);
    expect(waiting.history).toBe(s.history);
    expect(stepTitle(waiting)).toBe('Waiting for approval');
    expect(stepTitle(run(waiting, { type: 'foAwaitingApproval', waiting: false }))).toBe(
      'The office network',
    );
    // The same state when nothing changes (the step reports on every render).
    expect(run(waiting, { type: 'foAwaitingApproval', waiting: true })).toBe(waiting);
  });

  it('a refused start shows its own title, and the runbook start step waits the same way', () => {
    const waiting = run(atCreate(), { type: 'foAwaitingApproval', waiting: true });
    const failed = run(waiting, { type: 'foFailed', errors: ['Refused.'] });
    expect(stepTitle(failed)).toBe('The virtual office could not start');
    const rb = run(
      start(),
      { type: 'foBegin' },
      { type: 'foUseRunbook', runbook: { id: 4, name: 'Main' }, password: null },
      { type: 'foChooseType', isTest: false },
      { type: 'foCheckOk' },
      { type: 'foAwaitingApproval', waiting: true },
    );
    expect(rb.step.name).toBe('createRunbookFailover');
    expect(stepTitle(rb)).toBe('Waiting for approval');
  });
});
