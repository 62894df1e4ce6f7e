// The two parts of ftp-srv 4.6.3 that ftp-srv-fixes.ts replaces; the package declares only its
// public surface.

declare module 'ftp-srv/src/commands/registry.js' {
  interface CommandRegistration {
    directive: string;
    handler: (this: import('ftp-srv').FtpConnection, ctx: { command: { arg: string | null } }) => unknown;
    syntax: string;
    description: string;
    flags?: { no_auth?: boolean; feat?: string };
  }
  const registry: Record<string, CommandRegistration>;
  export default registry;
}

declare module 'ftp-srv/src/connector/passive.js' {
  class PassiveConnector {
    setupServer(): Promise<import('node:net').Server>;
  }
  export default PassiveConnector;
}
