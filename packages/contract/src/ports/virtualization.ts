import type { FabricProgress } from './common';

// Virtualization (inventory-reports-exports-security 4; recovery-flow 7 'Virtual machine and
// failover'): a system's virtual machine on its appliance or in a vault. Exporting a point as a
// VMDK, VHD or VHDX disk goes through FilesPort.exposeShare with a format.

export interface VirtualizationPort extends WizardVirtualization {
  /** Start, stop, resume or discard a system's virtual machine on its appliance or vault. */
  vmAction(req: VmActionRequest, progress: FabricProgress): Promise<VmActionOutcome>;
}

/** A virtual machine action of the inventory (inventory area). */
export interface VmActionRequest {
  systemId: number;
  systemName: string;
  action: 'start_vm' | 'stop_vm' | 'resume_vm' | 'discard_vm';
  /** Appliance id, or null for a VM that runs in a vault. */
  applianceId: number | null;
}

export interface VmActionOutcome {
  /** The VM's state afterwards; null once discarded. */
  status: 'Offline' | 'Running' | 'Stopped' | null;
  /** Whether the running VM may be stopped (a VM in a failover may not). */
  stoppable: boolean;
}

// --- Recovery wizard: virtualization on the first tool (recovery-flow 2, 3, 4, 7) ----------------

/** A system as the virtualization port needs it. */
export interface VmSubject {
  systemId: number;
  systemName: string;
  /** The appliance that would run or export it; null when none (cloud only). */
  applianceId: number | null;
  seed: number;
  osType: string;
  deviceType: string;
  /** The console's knowledge of the system's VM (inventory 3) and failover test (recovery-flow 2). */
  svaJobStatus: 'Offline' | 'Running' | 'Stopped' | null;
  failoverState: string | null;
  /**
   * The system's machine in a production virtual office the console runs (recovery-flow 4 'VM
   * state check before export': production, running or not); null when it is in none.
   */
  productionFailover: 'starting' | 'running' | null;
  /** A VM the console started on the appliance is a test VM. */
  localVmIsTest: boolean | null;
}

/** recovery-flow 7 virtualization_locations: which locations are offered, and dynamic disks. */
export interface VirtualizationLocations {
  cloud_vm: boolean;
  local_vm: boolean;
  vmdk_export: boolean;
  vhd_export: boolean;
  vhdx_export: boolean;
  support_dynamic: boolean;
}

/** recovery-flow 3 'virtualization' and 4 'VM state check before export'. */
export interface VirtualizedState {
  virtualized: boolean;
  production: boolean;
  running: boolean;
  bmr: boolean;
  transition: boolean;
  testfailover: boolean;
  vmdk_disabled: boolean;
}

/** recovery-flow 3 'Local VM capabilities'. */
export interface LocalVmCapabilities {
  vmSizes: number[];
  minVMMemMb: number;
  vmCpuRange: [number, number];
  vmCpuMin: number;
  warning: string;
}

/** recovery-flow 3 'VM config', without the VNC secret (handed to the appliance, never stored). */
export interface LocalVmStart {
  subject: VmSubject;
  restorePointId: number;
  vmSizeMb: number;
  vmCpus: number;
  useVNC: boolean;
  testIpAddress: string | null;
  useCurrentAddress: boolean;
  isTest: boolean;
  /** The appliance's host name, whose hypervisor serves the VM's console by VNC. */
  applianceName: string;
}

/** A started local VM: where a technician reaches it (recovery-flow 3 'VM config': testIpAddress, useVNC). */
export interface LocalVmStarted extends VmActionOutcome {
  /** The VM's network address: the test address, or the system's own with useCurrentAddress. */
  ipAddress: string | null;
  /** host:port of its console when VNC is on, else null. */
  vncAddress: string | null;
}

export interface DiskImageSpec {
  subject: VmSubject;
  format: 'VMDK' | 'VHD' | 'VHDX';
  restorePointTakenAt: number;
}

export interface DiskImage {
  fileName: string;
  /** The disk's virtual size (the system's disk). */
  sizeBytes: number;
  /** The sparse image file itself. */
  bytes: Uint8Array;
}

export interface WizardVirtualization {
  /** Locations for a system (or for the client/appliance when subject is null). */
  locations(applianceId: number | null, subject: VmSubject | null): Promise<VirtualizationLocations>;
  /** get_virtualized_state; FabricError APPLIANCE_OFFLINE when the appliance does not answer. */
  virtualizedState(subject: VmSubject): Promise<VirtualizedState>;
  /** ra_ajax/capabilities for a local VM; FabricError APPLIANCE_OFFLINE. */
  capabilities(subject: VmSubject): Promise<LocalVmCapabilities>;
  /** create_start_*: boot the local VM (inside an operation); APPLIANCE_OFFLINE, RP_IN_USE, TIMEOUT. */
  startLocalVm(req: LocalVmStart, progress: FabricProgress): Promise<LocalVmStarted>;
  /** The exported disk image of a point in a format (sparse, the system's disk size). */
  diskImage(req: DiskImageSpec): Promise<DiskImage>;
  /** The PNG console screen of a running VM (the inventory's virtualized row, issue 12.4). */
  consoleScreenshot(req: VmScreenshotRequest): Promise<Buffer>;
}

/** Which VM console to draw: the system, and the run (a local VM's id, 0 for another VM). */
export interface VmScreenshotRequest {
  systemId: number;
  seed: number;
  runId: number;
  hostname: string;
  osType: string;
  width: number;
  height: number;
}
