// The simulator's fault syntax, read where the ports are picked (the import boundary test keeps
// @lifeboat/fleet inside server/src/fabric): config.ts checks SIM_FAULTS with it at start.
export { parseFaults as checkSimFaults } from '@lifeboat/fleet';
