import type { FabricProgress } from './common';

// Failover, runbooks and the virtual office (recovery-flow 7 'Virtual machine and failover',
// 'Runbooks'; 4 'Failover'). A failover boots a client's machines as a virtual office in the
// cloud or on an appliance, as a test or for production. The console keeps the failover row
// (the spec's failover_id) and runs this port from an operation; the phases the spec polls
// (new, started, finished, failed) are the operation's states, and a refusal is a FabricError.

/** A machine taken into a failover or runbook, at the restore point chosen for it. */
export interface FailoverMachine {
  systemId: number;
  systemName: string;
  osType: string;
  /** Appliance id, or null for a direct-to-cloud or vault-only system. */
  applianceId: number | null;
  /** null when the machine has no restore point to boot from. */
  restorePointId: number | null;
  /** Runbook group (1-based): groups boot in order (issue 16.3); absent is group 1. */
  group?: number;
  /** Seconds to wait before booting this machine (a runbook's delay). */
  delaySeconds?: number;
  /** The address a runbook gives it in the office network; absent or '' for the next free one. */
  ipAddress?: string;
}

/** What the office reports while it boots, so the console can show each system's state. */
export interface FailoverEvents {
  booting(systemId: number): Promise<void>;
  booted(vm: FailoverVm): Promise<void>;
}

/** The console screen of a system of a virtual office (client details, issue 16.3). */
export interface OfficeScreenshotRequest {
  failoverId: number;
  systemId: number;
  hostname: string;
  osType: string;
  width: number;
  height: number;
}

export interface FailoverRequest {
  /** The console's failover row. */
  failoverId: number;
  clientId: number;
  clientName: string;
  /** Test (isolated network, production untouched) or production. */
  type: 'test' | 'production';
  /** Where the virtual office runs (the spec's virtualization_type). */
  location: 'cloud' | 'appliance';
  /** The appliance that runs it; null in the cloud. */
  applianceId: number | null;
  machines: FailoverMachine[];
  /** Network of the virtual office (failover setup: gateway, netmask); null for the default. */
  gateway: string | null;
  netmask: string | null;
}

export interface FailoverVm {
  systemId: number;
  /** The machine's address inside the virtual office. */
  ipAddress: string;
  status: 'Running';
}

export interface FailoverOutcome {
  vms: FailoverVm[];
  /** Where people connect to the virtual office (VPN endpoint or appliance console). */
  officeAddress: string;
}

export interface RunbookRequest {
  runbookId: number;
  runbookName: string;
  clientId: number;
  voType: 'cloud' | 'appliance';
  applianceId: number | null;
  machines: FailoverMachine[];
  /** The console's failover row the runbook's office is (names its address); absent: the runbook's id. */
  failoverId?: number;
  /** The runbook's office network. */
  gateway?: string | null;
}

/** runbook/actions/check -> warnings, errors: errors keep the runbook from starting. */
export interface RunbookCheck {
  warnings: string[];
  errors: string[];
}

export interface FailoverPort {
  /**
   * Build the virtual office and boot its machines, reporting the phases as progress steps.
   * Throws FabricError APPLIANCE_OFFLINE, or FAILED with the message of the 'failed' phase.
   */
  startFailover(
    req: FailoverRequest,
    progress: FabricProgress,
    events?: FailoverEvents,
  ): Promise<FailoverOutcome>;
  /** Stop a failover and discard its machines (by the user or auto-stop); harmless when gone. */
  stopFailover(req: FailoverRequest, progress: FabricProgress): Promise<void>;
  /** What stands in the way of a runbook, checked before it starts. */
  checkRunbook(req: RunbookRequest): Promise<RunbookCheck>;
  /**
   * Start a runbook's virtual office; resolves at vo_created, throws FabricError FAILED at
   * vo_error (or when the check finds errors).
   */
  runRunbook(
    req: RunbookRequest,
    progress: FabricProgress,
    events?: FailoverEvents,
  ): Promise<FailoverOutcome>;
  /** The PNG console screen of a running system of an office. */
  officeScreenshot(req: OfficeScreenshotRequest): Promise<Buffer>;
}
