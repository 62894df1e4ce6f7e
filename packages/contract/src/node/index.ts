// Node-only helpers shared by server and fleet; kept out of the main entry so the web bundle never sees node:crypto.

export * from './disk-image';
export * from './password';
